/* Online tables: the wire between the host's page and its guests' (PeerJS data channels).
 *
 * Loaded only when an online table is opened (drawing.js imports it when a frame speaks of one;
 * app.js when the address says ?join=), so the game alone never fetches it or PeerJS.
 *
 * The host's browser is the table: its worker runs the game and draws every guest's screen from
 * that seat's own view (game/ui/online/host.py). This module only carries text: each guest's
 * message to the worker (game.guest) with the id given to its connection, and the worker's texts
 * to each connection (a frame's "peers"). A guest's page runs no Python: it draws the frames it
 * is sent with the page's own drawing (drawing.js), and sends its taps and keys as messages, so
 * it shows the same table, flights and all, at once, without the game's download.
 *
 * A guest's side is guest.js (it uses the relay, PeerJS and the status line from here). The host's
 * room is kept by its worker beside the save: a reloaded host opens it again under the same code.
 */
import { SCREEN, connect, game, send } from "./link.js";
import { HEARD, newsOf } from "./storage.js";

const MAX_CHARS = 4096; // a guest message longer than this is no tap: the line is closed
// A line's budget: RATE messages a second, bursts of BURST (taps, keys and reactions stay far
// below). Past it the line is closed before its messages reach the worker, and its peer is not
// heard again for IGNORED_MS: a flood costs the table nothing.
const RATE = 20;
const BURST = 40;
const IGNORED_MS = 60_000;
export const RETRY_MS = 2500;

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

function joinLink(code) {
  const url = new URL(location.pathname, location.origin);
  url.searchParams.set("join", code);
  const given = new URLSearchParams(location.search).get("relay");
  if (given) url.searchParams.set("relay", given);
  return url.href;
}

/* ================================================================== the host */

let peer = null; // the host's Peer, open under the room's code
let room = null;
const lines = new Map(); // connection id -> DataConnection
let lineCount = 0;
let recheck = null;

/* Every frame of a page that hosts (drawing.js): the room to keep open or close, the texts to
 * send, the lines to close, and the lobby's link to draw. */
export function host(frame) {
  for (const [id, text] of frame.peers || []) sendPacked(id, text);
  for (const id of frame.drop || []) {
    const line = lines.get(id);
    const sent = outgoing.get(id) || Promise.resolve();
    lines.delete(id);
    outgoing.delete(id);
    if (line) sent.then(() => setTimeout(() => line.close(), 400)); // after its last text has gone
  }
  for (const why of frame.refusals || []) console.warn("A guest's message was refused:", why);
  clearTimeout(recheck);
  if (frame.online?.recheck) recheck = setTimeout(() => send(() => game.recheck()), frame.online.recheck);
  if (frame.online && frame.online.code !== room) openRoom(frame.online.code);
  if (!frame.online && room) closeRoom();
  drawLink();
}

/* The host's texts travel deflated: a table's HTML is 7–15 KB, a fifth of that packed, and a phone
 * on a mobile network gets a screen after every move of a game. Packing is asynchronous, so each
 * line keeps its own queue: its texts leave in the order the worker wrote them. */
const outgoing = new Map(); // connection id -> the promise of its last send
function sendPacked(id, text) {
  const line = lines.get(id);
  if (!line) return;
  const before = outgoing.get(id) || Promise.resolve();
  outgoing.set(id, before.then(() => pack(text)).then((bytes) => line.open && line.send(bytes)).catch((error) => {
    console.error("A guest's screen could not be sent:", error);
  }));
}

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Response(stream).arrayBuffer();
}

export async function unpack(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

async function openRoom(code) {
  closeRoom();
  room = code;
  status("🌐 Opening the table…");
  let Peer;
  try {
    Peer = await peerjs();
  } catch (error) {
    return void status("🌐 The online table could not load. Check the connection and reload.", "error");
  }
  if (room !== code) return;
  peer = new Peer(code, await relay());
  peer.on("open", () => status(""));
  peer.on("connection", hear);
  const mine = peer;
  // The server only introduces peers: losing it loses no guest's line, so the Peer reconnects as it
  // is (the lines stay); only a Peer destroyed, or a code the server still holds for the page
  // before (a reload), starts over.
  const later = () => setTimeout(() => {
    if (peer !== mine || room !== code) return;
    if (mine.destroyed) openRoom(code);
    else if (mine.disconnected) mine.reconnect();
  }, RETRY_MS);
  mine.on("disconnected", () => {
    status("🌐 Lost the online server: trying again…", "error");
    later();
  });
  mine.on("error", (error) => {
    if (error.type === "peer-unavailable") return; // a guest gone: its line says so
    if (error.type === "unavailable-id") {
      status("🌐 Reopening the table…");
      mine.destroy();
    } else {
      status("🌐 Can’t reach the online server: trying again…", "error");
    }
    later();
  });
}

// A tab closing says goodbye on its lines, so the other side hears it at once (a tab that just
// vanishes is heard of only when the connection's checks miss it).
addEventListener("pagehide", () => peer?.destroy());
addEventListener("pageshow", (event) => { // back from the back/forward cache: open the lines again
  if (event.persisted && room) openRoom(room);
});

function closeRoom() {
  room = null;
  for (const line of lines.values()) line.close();
  lines.clear();
  peer?.destroy();
  peer = null;
  status("");
}

/* A guest's line: each message to the worker, the close too; over-long ones, or more than the
 * line's budget, close the line (and a flood's peer is ignored a while). */
const ignored = new Map(); // peer id -> until when its lines are closed unheard
function hear(line) {
  if ((ignored.get(line.peer) || 0) > Date.now()) return void line.close();
  const id = `c${++lineCount}`;
  lines.set(id, line);
  let budget = BURST;
  let counted = performance.now();
  let shut = false;
  line.on("data", (data) => {
    if (shut) return;
    const now = performance.now();
    budget = Math.min(BURST, budget + ((now - counted) * RATE) / 1000) - 1;
    counted = now;
    if (budget < 0) ignored.set(line.peer, Date.now() + IGNORED_MS);
    if (budget < 0 || typeof data !== "string" || data.length > MAX_CHARS) {
      shut = true;
      return void line.close();
    }
    send(() => game.guest(id, data, newsOf(HEARD)));
  });
  const gone = () => {
    if (lines.get(id) !== line) return;
    lines.delete(id);
    outgoing.delete(id);
    send(() => game.left(id, newsOf(HEARD)));
  };
  line.on("close", gone);
  line.on("error", gone);
  // A guest's phone asleep or off the network says nothing: the connection's own checks notice it
  // within seconds; the line is closed (the seat is away) and the guest's page dials again.
  line.on("open", () => line.peerConnection?.addEventListener("iceconnectionstatechange", () => {
    if (["disconnected", "failed", "closed"].includes(line.peerConnection?.iceConnectionState)) {
      gone();
      line.close();
    }
  }));
}

/* The lobby's link, its copy button and QR code: only the page knows its own address. */
async function drawLink() {
  const box = SCREEN.querySelector("[data-join-code]");
  if (!box || box.dataset.drawn) return;
  box.dataset.drawn = "1";
  const link = joinLink(box.dataset.joinCode);
  const field = document.createElement("input");
  Object.assign(field, { type: "text", readOnly: true, value: link, className: "join-link" });
  field.setAttribute("aria-label", "The table's link");
  field.addEventListener("focus", () => field.select());
  const copy = document.createElement("button");
  Object.assign(copy, { type: "button", className: "btn", textContent: navigator.share ? "📤 Share the link" : "📋 Copy the link" });
  copy.addEventListener("click", async () => {
    try {
      if (navigator.share) await navigator.share({ title: "Aggravation", text: "Join my table", url: link });
      else await navigator.clipboard.writeText(link), (copy.textContent = "Copied ✓");
    } catch (error) {
      field.focus();
    }
  });
  const qr = document.createElement("div");
  qr.className = "join-qr";
  qr.setAttribute("role", "img");
  qr.setAttribute("aria-label", "QR code of the table's link");
  box.replaceChildren(field, copy, qr);
  try {
    const { default: qrcode } = await import("../vendor/qrcode/qrcode.mjs");
    const code = qrcode(0, "M");
    code.addData(link);
    code.make();
    qr.innerHTML = code.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
  } catch (error) {
    qr.remove(); // the link is enough
  }
}
