/* The wire both sides of an online table share (PeerJS data channels): the relay where peers find
 * each other, PeerJS itself (loaded once, on demand), the status line at the top of the page, and
 * the deflating of the host's texts. The host's side is hosting.js, a guest's guest.js; a game
 * alone never loads any of the three.
 */

export const RETRY_MS = 2500; // a server that failed, or a code taken: tried again after this

/* ------------------------------------------------------------------ the relay */

/* Where peers find each other (a PeerJS server) and the ICE servers that get them connected:
 * assets/online.json (edit it on your host: README, "Online tables"), or ?relay=URL for a test
 * (a local server: peers on one machine or network, no ICE servers). */
let options = null;
export async function relay() {
  if (options) return options;
  const given = new URLSearchParams(location.search).get("relay");
  if (given) {
    const url = new URL(given);
    options = { host: url.hostname, port: Number(url.port || (url.protocol === "https:" ? 443 : 80)), path: url.pathname,
      secure: url.protocol === "https:", config: { iceServers: [] } };
  } else {
    const set = await fetch(new URL("../online.json", import.meta.url)).then((r) => r.json()).catch(() => ({}));
    options = { host: set.host || "0.peerjs.com", port: set.port || 443, path: set.path || "/", secure: set.secure !== false };
    if (Array.isArray(set.iceServers)) options.config = { iceServers: set.iceServers };
  }
  options.debug = 0;
  return options;
}

let loading = null;
export function peerjs() {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("../vendor/peerjs/peerjs.min.js", import.meta.url).href;
    script.onload = () => resolve(window.peerjs.Peer);
    script.onerror = () => { loading = null; reject(new Error("PeerJS did not load")); };
    document.head.append(script);
  });
  return loading;
}

/* One line at the top of the page, outside #screen (a redraw keeps it): how the line stands. */
export function status(text, tone = "info") {
  let line = document.getElementById("online-status");
  if (!text) return void line?.remove();
  if (!line) {
    line = document.createElement("p");
    line.id = "online-status";
    line.setAttribute("role", "status");
    document.body.append(line);
  }
  line.textContent = text;
  line.dataset.tone = tone;
}

/* The host's texts travel deflated: a table's HTML is 7–15 KB, a fifth of that packed, and a phone
 * on a mobile network gets a screen after every move of a game. */
export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Response(stream).arrayBuffer();
}

export async function unpack(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}
