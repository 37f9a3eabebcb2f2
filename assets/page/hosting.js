/* The host's side of an online table (guests: guest.js; the wire both share: wire.js).
 *
 * Loaded only when a page hosts: drawing.js imports it when a frame speaks of a room, and boot.js
 * at once when the page's store says this device hosts an open table (reopen: a reload, or the
 * tab closed and the site opened again).
 *
 * The host's browser is the table: its worker runs the game and draws every guest's screen from
 * that seat's own view (game/ui/online/host.py). This module only carries text: each guest's
 * message to the worker (game.guest) with the id given to its connection, and the worker's texts
 * to each connection (a frame's "peers").
 *
 * A returning host is back at once: its room is kept by its worker beside the save, so the page
 * reads it from the store and opens the room on the relay before Python is in; the guests' lines
 * come back while Python loads, and what they say waits for the worker. The relay knows the room's
 * code by a token of the host's own, kept on this device: a page that comes back takes the code
 * back at once, even while the relay still holds the line of the page before (a tab the phone
 * killed, a network gone), instead of being told the code is taken until the relay notices.
 */
import { SCREEN, game, send } from "./link.js";
import { HEARD, newsOf } from "./storage.js";
import { RETRY_MS, pack, peerjs, relay, status } from "./wire.js";
import { t } from "./words.js";

const MAX_CHARS = 4096; // a guest message longer than this is no tap: the line is closed
// A line's budget: RATE messages a second, bursts of BURST (taps, keys and reactions stay far
// below). Past it the line is closed before its messages reach the worker, and its peer is not
// heard again for IGNORED_MS: a flood costs the table nothing.
const RATE = 20;
const BURST = 40;
const IGNORED_MS = 60_000;
// The host's token at the relay, with the code it is for: never sent to a guest, so no one else
// can take the room's code. Outside the game's own keys (storage.js's PREFIX): the worker never
// reads it.
const RELAY_TOKEN = "aggravation-host.relay";

let peer = null; // the host's Peer, open under the room's code
let room = null;
const lines = new Map(); // connection id -> DataConnection
let lineCount = 0;
let recheck = null;
let told = []; // what guests said before the worker was up: told it once it is (host's first frame)

/* The page's store says this device hosts an open table: open it now, before Python is in (boot.js).
 * The worker's first frame says whether it stands (host() below keeps it or closes it). */
export function reopen(code) {
  if (!room) openRoom(code);
}

/* Every frame of a page that hosts (drawing.js): the room to keep open or close, the texts to
 * send, the lines to close, and the lobby's link to draw. */
export function host(frame) {
  for (const hand of told.splice(0)) hand(); // the worker is up: what waited is told, in order
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

/* Tell the worker, or once it is up if it is not yet (a guest back before the host's Python). */
function tell(ask) {
  if (game && !told.length) send(ask);
  else told.push(() => send(ask));
}

/* Packing is asynchronous, so each line keeps its own queue: its texts leave in the order the
 * worker wrote them. */
const outgoing = new Map(); // connection id -> the promise of its last send
function sendPacked(id, text) {
  const line = lines.get(id);
  if (!line) return;
  const before = outgoing.get(id) || Promise.resolve();
  outgoing.set(id, before.then(() => pack(text)).then((bytes) => line.open && line.send(bytes)).catch((error) => {
    console.error("A guest's screen could not be sent:", error);
  }));
}

/* This device's token for the room ``code`` at the relay (a new one for a new room). */
function relayToken(code) {
  try {
    const kept = JSON.parse(localStorage.getItem(RELAY_TOKEN) || "null");
    if (kept?.room === code && /^[0-9a-f]{32}$/.test(kept.token)) return kept.token;
  } catch (error) {
    /* unreadable: a new one */
  }
  const token = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  try {
    localStorage.setItem(RELAY_TOKEN, JSON.stringify({ room: code, token }));
  } catch (error) {
    /* blocked storage: this visit hosts; a return waits until the relay lets the code go */
  }
  return token;
}

async function openRoom(code) {
  closeRoom();
  room = code;
  status(t("🌐 Opening the table…"));
  let Peer;
  try {
    Peer = await peerjs();
  } catch (error) {
    return void status(t("🌐 The online table could not load. Check the connection and reload."), "error");
  }
  const options = await relay();
  if (room !== code) return;
  peer = new Peer(code, { ...options, token: relayToken(code) });
  peer.on("open", () => status(""));
  peer.on("connection", hear);
  const mine = peer;
  // The server only introduces peers: losing it loses no guest's line, so the Peer reconnects as it
  // is (the lines stay); only a Peer destroyed, or a code the server holds for another device,
  // starts over.
  const later = () => setTimeout(() => {
    if (peer !== mine || room !== code) return;
    if (mine.destroyed) openRoom(code);
    else if (mine.disconnected) mine.reconnect();
  }, RETRY_MS);
  mine.on("disconnected", () => {
    status(t("🌐 Lost the online server: trying again…"), "error");
    later();
  });
  mine.on("error", (error) => {
    if (error.type === "peer-unavailable") return; // a guest gone: its line says so
    if (error.type === "unavailable-id") {
      status(t("🌐 Reopening the table…"));
      mine.destroy();
    } else {
      status(t("🌐 Can’t reach the online server: trying again…"), "error");
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
  told = [];
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
    tell(() => game.guest(id, data, newsOf(HEARD)));
  });
  const gone = () => {
    if (lines.get(id) !== line) return;
    lines.delete(id);
    outgoing.delete(id);
    tell(() => game.left(id, newsOf(HEARD)));
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

function joinLink(code) {
  const url = new URL(location.pathname, location.origin);
  url.searchParams.set("join", code);
  const given = new URLSearchParams(location.search).get("relay");
  if (given) url.searchParams.set("relay", given);
  return url.href;
}

/* The lobby's link, its copy button and QR code: only the page knows its own address. */
async function drawLink() {
  const box = SCREEN.querySelector("[data-join-code]");
  if (!box || box.dataset.drawn) return;
  box.dataset.drawn = "1";
  const link = joinLink(box.dataset.joinCode);
  const field = document.createElement("input");
  Object.assign(field, { type: "text", readOnly: true, value: link, className: "join-link" });
  field.setAttribute("aria-label", t("The table's link"));
  field.addEventListener("focus", () => field.select());
  const copy = document.createElement("button");
  Object.assign(copy, { type: "button", className: "btn", textContent: navigator.share ? t("📤 Share the link") : t("📋 Copy the link") });
  copy.addEventListener("click", async () => {
    try {
      // Translators: the text the phone's share sheet sends with the table's link.
      if (navigator.share) await navigator.share({ title: "Aggravation", text: t("Join my table"), url: link });
      else await navigator.clipboard.writeText(link), (copy.textContent = t("Copied ✓"));
    } catch (error) {
      field.focus();
    }
  });
  const qr = document.createElement("div");
  qr.className = "join-qr";
  qr.setAttribute("role", "img");
  qr.setAttribute("aria-label", t("QR code of the table's link"));
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
