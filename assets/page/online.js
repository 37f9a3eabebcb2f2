/* A guest at an online table: the wire from a guest's page to the host's (PeerJS data channels).
 * The host's side is hosting.js; the wire both share, wire.js.
 *
 * Loaded only when the address says ?join= (app.js), so the game alone never fetches it or PeerJS.
 *
 * The host's browser is the table: its worker runs the game and draws every guest's screen from
 * that seat's own view (game/ui/online/host.py). A guest's page runs no Python: it draws the frames
 * it is sent with the page's own drawing (drawing.js), and sends its taps and keys as messages, so
 * it shows the same table, flights and all, at once, without the game's download.
 *
 * Nothing lost: a guest keeps its token (its only key to its seat) in localStorage and says hello
 * again whenever the line comes back (a reload, a locked phone, the network); while the host is
 * away the guest's page says so and keeps trying. A returning host's page opens its room before
 * its Python is in (hosting.js), so the guest keeps a call waiting at the relay all the while the
 * host is away: the relay hands it over the moment the host's page is back.
 */
import { SCREEN, connect, send } from "./link.js";
import { RETRY_MS, peerjs, relay, status, unpack } from "./wire.js";

const GUEST_KEY = "aggravation.guest"; // {room, token, name}: this device's seat at a table

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

// While the host is away the guest's call waits at the relay, which hands it to the host's page the
// moment it opens the room again, and drops it after a few seconds (PeerJS's server: 5 s) with
// "peer-unavailable": then the guest calls again at once (CALL_AGAIN_MS), so a call is nearly
// always waiting. After a line closes, the first call waits AWAY_MS: long enough for the relay to
// hear that the host's old page went, so the call is not handed to a page that is gone. A call
// the host never answered in UNANSWERED_MS (handed to such a page after all) is made again.
const CALL_AGAIN_MS = 250;
const AWAY_MS = 800;
const UNANSWERED_MS = 8000;
const BACK = "⏳ The table’s host is back: their table is opening…";

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
    opened.on("error", (error) => opened === guestPeer && (error.type === "peer-unavailable" ? again(away(), false, CALL_AGAIN_MS)
      : again("🌐 Can’t reach the online server: trying again…", true)));
    opened.on("disconnected", () => opened === guestPeer && again("🌐 Lost the online server: trying again…", true));
  }
  const next = guestPeer.connect(me.room, { reliable: true, serialization: "raw" });
  line = next;
  setTimeout(() => {
    if (line === next && !next.open && next.peerConnection?.signalingState !== "stable") again(away(), false, 0);
  }, UNANSWERED_MS);
  next.on("open", () => {
    if (line !== next) return void next.close(); // a call given up on: only the line of now says hello
    next.send(JSON.stringify({ t: "hello", token: me.token, name: me.name }));
    if (document.body.dataset.away) status(BACK); // its screen follows as soon as the host's game is in
    // A host whose phone sleeps or whose network drops says nothing: the connection's own checks
    // notice within seconds ("disconnected"), long before the line would time out.
    next.peerConnection?.addEventListener("iceconnectionstatechange", () => {
      const now = next.peerConnection?.iceConnectionState;
      if (line !== next) return;
      if (now === "disconnected") cutOff(away());
      if (now === "failed" || now === "closed") again(away(), false, AWAY_MS);
      if (now === "connected" || now === "completed") status(document.body.dataset.away ? BACK : ""); // its screen follows
    });
  });
  let arrived = Promise.resolve(); // unpacked in turn: screens are drawn in the order they were sent
  next.on("data", (data) => {
    arrived = arrived.then(() => (typeof data === "string" ? data : unpack(data)))
      .then((text) => line === next && heard(text))
      .catch((error) => console.error("A screen from the table could not be read:", error));
  });
  next.on("close", () => line === next && again(away(), false, AWAY_MS));
}

/* The line is lost (or the call was not taken): say why, and call again ``after`` ms (``fresh``:
 * with a new Peer of this page's own, the old one's server line being lost). */
function again(text, fresh = false, after = RETRY_MS) {
  if (over || paused) return;
  const old = line;
  line = null;
  old?.close(); // a call still waiting at the relay is given up: the next one replaces it
  if (fresh) {
    guestPeer?.destroy();
    guestPeer = null;
  }
  cutOff(text);
  clearTimeout(retry);
  retry = setTimeout(dial, after);
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

// A tab closing says goodbye on its line, so the host hears it at once; back from the
// back/forward cache, the line is dialled again.
addEventListener("pagehide", () => guestPeer?.destroy());
addEventListener("pageshow", (event) => event.persisted && me && !over && dial());
