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
 * Nothing lost: a guest keeps its token (its only key to its seat) in localStorage and says hello
 * again whenever the line comes back (a reload, a locked phone, the network); while the host is
 * away the guest's page says so and keeps trying. The host's room is kept by its worker beside
 * the save: a reloaded host opens it again under the same code.
 */
import { SCREEN, connect, game, send } from "./link.js";
import { HEARD, newsOf } from "./storage.js";

const GUEST_KEY = "aggravation.guest"; // {room, token, name}: this device's seat at a table
const MAX_CHARS = 4096; // a guest message longer than this is no tap: the line is closed
// A line's budget: RATE messages a second, bursts of BURST (taps, keys and reactions stay far
// below). Past it the line is closed before its messages reach the worker, and its peer is not
// heard again for IGNORED_MS: a flood costs the table nothing.
const RATE = 20;
const BURST = 40;
const IGNORED_MS = 60_000;
const RETRY_MS = 2500;

/* ------------------------------------------------------------------ the relay */

/* Where peers find each other (a PeerJS server) and the ICE servers that get them connected:
 * assets/online.json (edit it on your host: README, "Online tables"), or ?relay=URL for a test
 * (a local server: peers on one machine or network, no ICE servers). */
let options = null;
async function relay() {
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
function peerjs() {
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
function status(text, tone = "info") {
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

async function unpack(bytes) {
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
addEventListener("pagehide", () => {
  peer?.destroy();
  guestPeer?.destroy();
});
addEventListener("pageshow", (event) => { // back from the back/forward cache: open the lines again
  if (!event.persisted) return;
  if (room) openRoom(room);
  if (me && !over) dial();
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

/* ================================================================== a guest */

let line = null; // the guest's line to the host
let guestPeer = null;
let me = null; // {room, token, name}
let over = false; // refused or closed: no more tries
let paused = false; // the seat is open on another page: no tries until "Play here"
let seated = false; // this device has sat at this table (a kept token, or a frame this visit)
let retry = null;

/* The address said ?join=CODE: this page is a guest's, no Python. Ask its name (once: a device
 * that sat at this table before goes straight back to its seat), then sit down. */
export async function join(code) {
  document.body.dataset.guest = "1";
  document.getElementById("loading")?.remove();
  connect(GUEST_GAME);
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(GUEST_KEY) || "null");
  } catch (error) {
    kept = null;
  }
  const name = typeof kept?.name === "string" ? kept.name.trim().slice(0, 16) : ""; // whatever the store held
  if (kept?.room === code && /^[0-9a-f]{32}$/.test(kept.token) && name) {
    me = { room: code, token: kept.token, name };
    seated = true;
    return void sitDown();
  }
  me = { room: code, token: newToken(), name };
  askName();
}

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function askName() {
  document.body.dataset.screen = "join";
  SCREEN.innerHTML = `<main class="lobby" data-screen="join"><h1>🌐 Join the table</h1>
    <p class="lead">You are invited to a game of contract rummy. Your name at the table:</p>
    <form class="join-form" novalidate><input type="text" name="name" maxlength="16" autocomplete="nickname"
      aria-label="Your name" placeholder="Your name"><button type="submit" class="btn primary">Sit down</button></form>
    <p class="hint" role="alert"></p></main>`;
  const form = SCREEN.querySelector("form");
  form.name.value = me.name;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    me.name = form.name.value.trim().slice(0, 16);
    if (!me.name) {
      SCREEN.querySelector(".join-form + .hint").textContent = "Type your name first: it is how the others see you.";
      return form.name.focus();
    }
    keep();
    sitDown();
  });
  form.name.focus();
}

function keep() {
  try {
    localStorage.setItem(GUEST_KEY, JSON.stringify(me));
  } catch (error) {
    /* blocked storage: this visit still plays, a reload asks the name again */
  }
}

function sitDown() {
  if (!SCREEN.querySelector("[data-screen='table'], [data-screen='lobby']")) {
    SCREEN.innerHTML = '<main class="lobby" data-screen="join"><h1>🌐 Joining the table…</h1></main>';
  }
  status("🌐 Connecting to the table…");
  dial();
}

let dialing = false;
async function dial() {
  clearTimeout(retry);
  if (over || paused || dialing) return;
  dialing = true;
  try {
    await ring();
  } catch (error) {
    guestPeer?.destroy();
    guestPeer = null;
    again("🌐 Can’t reach the online server: trying again…");
  } finally {
    dialing = false;
  }
}

const AWAY = "⏳ The table’s host is away: the game waits for them to come back…";
// A link whose table was never reached (closed, old, mistyped): not "away", and nothing to wait on
// but this page keeps trying, in case the host is just opening it.
const NOWHERE = "🌐 No table is open at this link: it may have closed. Ask the host for a new link.";
const away = () => (seated ? AWAY : NOWHERE);

/* A Peer of this page's own (on the server), then a line to the host's. */
async function ring() {
  const Peer = await peerjs();
  if (!guestPeer || guestPeer.destroyed || guestPeer.disconnected) {
    guestPeer?.destroy();
    const opened = new Peer(await relay());
    guestPeer = opened;
    await new Promise((resolve, reject) => {
      opened.once("open", resolve);
      opened.once("error", reject);
    });
    opened.on("error", (error) => opened === guestPeer && again(error.type === "peer-unavailable" ? away()
      : "🌐 Can’t reach the online server: trying again…", error.type !== "peer-unavailable"));
    opened.on("disconnected", () => opened === guestPeer && again("🌐 Lost the online server: trying again…", true));
  }
  const next = guestPeer.connect(me.room, { reliable: true, serialization: "raw" });
  line = next;
  next.on("open", () => {
    next.send(JSON.stringify({ t: "hello", token: me.token, name: me.name }));
    // A host whose phone sleeps or whose network drops says nothing: the connection's own checks
    // notice within seconds ("disconnected"), long before the line would time out.
    next.peerConnection?.addEventListener("iceconnectionstatechange", () => {
      const now = next.peerConnection?.iceConnectionState;
      if (line !== next) return;
      if (now === "disconnected") cutOff(away());
      if (now === "failed" || now === "closed") again(away());
      if (now === "connected" || now === "completed") status("");
    });
  });
  let arrived = Promise.resolve(); // unpacked in turn: screens are drawn in the order they were sent
  next.on("data", (data) => {
    arrived = arrived.then(() => (typeof data === "string" ? data : unpack(data)))
      .then((text) => line === next && heard(text))
      .catch((error) => console.error("A screen from the table could not be read:", error));
  });
  next.on("close", () => line === next && again(away()));
}

function again(text, fresh = false) {
  if (over || paused) return;
  line = null;
  if (fresh) {
    guestPeer?.destroy();
    guestPeer = null;
  }
  cutOff(text);
  clearTimeout(retry);
  retry = setTimeout(dial, RETRY_MS);
}

/* No line to the table: say why, and the table on show goes still (game.css dims it and takes no
 * taps), so no tap seems to act while none can reach the host. */
function cutOff(text) {
  status(text, "error");
  document.body.dataset.away = "1";
  delete document.body.dataset.waiting;
}

function heard(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch (error) {
    return;
  }
  if (message.t === "frame") {
    status("");
    seated = true;
    delete document.body.dataset.waiting;
    delete document.body.dataset.away;
    const frame = { html: message.html, screen: message.screen === "lobby" ? "lobby" : "table", writes: [], timer: null };
    send(() => JSON.stringify(frame));
  } else if (message.t === "moved") {
    // The seat is open on another page of this device (or another device): stop here, say so, and
    // offer to take it back (no two pages trying in turn for ever).
    line = null;
    clearTimeout(retry);
    paused = true;
    status(`${message.why} `, "error");
    const back = document.createElement("button");
    Object.assign(back, { type: "button", className: "chip", textContent: "Play here" });
    back.addEventListener("click", () => {
      paused = false;
      dial();
    });
    document.getElementById("online-status").append(back);
  } else if (message.t === "refused" || message.t === "closed") {
    over = true;
    status("");
    try {
      localStorage.removeItem(GUEST_KEY);
    } catch (error) {
      /* nothing kept */
    }
    const title = message.t === "closed" ? "The table is closed" : "You can’t sit at this table";
    const p = document.createElement("p");
    p.className = "lead";
    p.textContent = message.why;
    SCREEN.innerHTML = `<main class="lobby" data-screen="join"><h1>🌐 ${title}</h1></main>`;
    SCREEN.firstElementChild.append(p);
    const home = document.createElement("a");
    Object.assign(home, { href: location.pathname, className: "btn primary", textContent: "Play on this device" });
    SCREEN.firstElementChild.append(home);
    document.body.dataset.screen = "join";
  }
}

/* What the page's taps and keys call (input.js, through link.js): each goes to the host as a
 * message, and the host's next frame is the answer; nothing is drawn before it. */
function tell(message) {
  if (!line || !line.open) {
    cutOff(seated ? AWAY : NOWHERE); // the tap is not sent: the table is still until the line is back
    dial();
    return null;
  }
  document.body.dataset.waiting = "1"; // game.css: the table shows the tap is on its way
  line.send(JSON.stringify(message));
  return null;
}
const GUEST_GAME = {
  intent: (act, arg) => tell({ t: "tap", act, arg: arg || "" }),
  escape: () => tell({ t: "escape" }),
  early: () => null, tick: () => null, stored: () => null, refused: () => null, unreadable: () => null,
};

// A phone back from its lock screen, or the network back: the line is tried at once.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && me && !over && !(line && line.open)) dial();
});
addEventListener("online", () => me && !over && !(line && line.open) && dial());
