/* A guest at someone's online table (the address said ?join=CODE): this page runs no Python. It
 * draws the frames the host's page sends (drawing.js, as its own) and sends its taps and keys as
 * messages (game/ui/online/protocol.py says which). Loaded only by app.js for ?join=.
 *
 * Before a name is asked, the page asks the table what it is ("look"): whose, which rules and
 * bots, how many seats are taken; once the game is on, the seats by name, so a friend on a new
 * device asks for theirs and the host decides.
 *
 * Nothing lost: a guest keeps its token (its only key to its seat) in localStorage and says hello
 * again whenever the line comes back (a reload, a locked phone, the network); while the host is
 * away the page says so and keeps trying. A returning host's page opens its room before its Python
 * is in (hosting.js), so the guest keeps a call waiting at the relay all the while the host is
 * away: the relay hands it over the moment the host's page is back. The wire both sides share is
 * wire.js.
 */
import { SCREEN, connect, send } from "./link.js";
import { ownMute } from "./drawing.js";
import { RETRY_MS, peerjs, relay, status, unpack } from "./wire.js";
import { N_, language, ngettext, t } from "./words.js";

const GUEST_KEY = "aggravation.guest"; // {room, token, name}: this device's seat at a table
const DEVICE_KEY = "aggravation.device"; // this browser's own id, the same in all its tabs
const LOOK_MS = 6000; // no word from the table this long: the name is asked all the same

let line = null; // the guest's line to the host
let guestPeer = null;
let me = null; // {room, token, name, seat?}: seat set while asking for one from a new device
let mode = "hello"; // what the line says when it opens: "look", "hello" or "ask"
let over = false; // refused, closed or left: no more tries
let paused = false; // the seat is open on another page: no tries until "Play here" (or the host moves it back)
let seated = false; // this device has sat at this table (a kept token, or a frame this visit)
let retry = null;
let lookTimer = null;

/* Ask the table what it is, then its name (once: a device that sat at this table before goes
 * straight back to its seat), then sit down. */
export async function join(code) {
  document.body.dataset.guest = "1";
  if (stored("aggravation.settings")?.deck === "four") document.body.dataset.deck = "four"; // this device's own choice
  document.getElementById("loading")?.remove();
  connect(GUEST_GAME);
  const kept = stored(GUEST_KEY);
  const name = typeof kept?.name === "string" ? kept.name.trim().slice(0, 16) : ""; // whatever the store held
  if (kept?.room === code && /^[0-9a-f]{32}$/.test(kept.token) && name) {
    me = { room: code, token: kept.token, name };
    seated = true;
    return void sitDown();
  }
  me = { room: code, token: newToken(), name };
  mode = "look";
  page(t("🌐 Join the table"), t("Finding the table…"));
  lookTimer = setTimeout(() => askName(null), LOOK_MS);
  dial();
}

function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch (error) {
    return null;
  }
}

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/* The languages this person reads, most wanted first: the address's ?lang=, the one picked in ⚙️ on
 * this device, then the browser's. The host draws this guest's screens in the first the game has
 * (game/ui/online/host.py); this page's own words are in the first of them (words.js). */
function languages() {
  const picked = stored("aggravation.settings")?.lang;
  const asked = new URLSearchParams(location.search).get("lang");
  const here = asked && asked === language() ? [asked] : []; // a language the game has
  return [...here, picked, ...(navigator.languages || [])].filter((lang) => /^[A-Za-z0-9-]{1,20}$/.test(lang || "")).join(",").slice(0, 100);
}

function device() {
  let id = stored(DEVICE_KEY);
  if (typeof id !== "string" || !/^[0-9a-f]{32}$/.test(id)) {
    id = newToken();
    try {
      localStorage.setItem(DEVICE_KEY, JSON.stringify(id));
    } catch (error) {
      /* blocked storage: a device of this visit only */
    }
  }
  return id;
}

/* A page of the join's own (no table yet): a heading, a lead line, and what follows. */
function page(title, lead, ...more) {
  document.body.dataset.screen = "join";
  const main = document.createElement("main");
  main.className = "lobby";
  main.dataset.screen = "join";
  const h1 = document.createElement("h1");
  h1.textContent = title;
  const p = document.createElement("p");
  p.className = "lead";
  p.textContent = lead;
  main.append(h1, p, ...more);
  SCREEN.replaceChildren(main);
  return main;
}

/* "Ann's table · Aggravation · 🧭 Scout bots · 2 of 4 seats taken" (a look's answer). */
function describe(info) {
  const parts = [info.rulebook, info.bots];
  // Translators: the last of a table's details on a join page, after its rules and bots, joined by " · ":
  // "Aggravation · 🧭 Scout bots · the game has started" (or "· 2 of 4 seats taken").
  parts.push(info.started ? t("the game has started")
    : ngettext("{taken} of {n} seat taken", "{taken} of {n} seats taken", Number(info.seats), { taken: info.taken }));
  return parts.join(" · ");
}

function askName(info) {
  clearTimeout(lookTimer);
  if (seated || over || mode === "ask" || (!info && SCREEN.querySelector(".join-form"))) return;
  const title = info ? hostsTable(info) : t("🌐 Join the table");
  const lead = info ? describe(info) : t("You are invited to a game of contract rummy.");
  const form = document.createElement("form");
  form.className = "join-form";
  form.noValidate = true;
  form.innerHTML = `<label for="join-name"></label><input type="text" id="join-name" name="name"
    maxlength="16" autocomplete="nickname"><button type="submit" class="btn primary"></button>`;
  form.querySelector("label").textContent = t("Your name at the table");
  form.querySelector("input").placeholder = t("Your name");
  // Translators: the button that takes a seat at the online table, once a name is typed.
  form.querySelector("button").textContent = t("Sit down");
  const hint = Object.assign(document.createElement("p"), { className: "hint" });
  hint.setAttribute("role", "alert");
  const typed = SCREEN.querySelector(".join-form input")?.value; // the table answered while a name was typed
  page(title, lead, form, hint);
  form.name.value = typed ?? me.name;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    me.name = form.name.value.trim().slice(0, 16);
    if (!me.name) {
      hint.textContent = t("Type your name first: it is how the others see you.");
      return form.name.focus();
    }
    keep();
    mode = "hello";
    sitDown();
  });
  form.name.focus();
}

/* The game is on and this device has no seat: the seats by name, each "I'm Ben, on a new device". */
function askSeat(info) {
  clearTimeout(lookTimer);
  const list = document.createElement("div");
  list.className = "lobby-buttons seat-asks";
  for (const person of info.people) {
    const ask = Object.assign(document.createElement("button"), { type: "button", className: "btn",
      textContent: t("I’m {name}, on a new device", { name: person.name }) });
    ask.addEventListener("click", () => {
      me = { ...me, name: person.name, seat: person.seat };
      mode = "ask";
      page(hostsTable(info), t("Asked {host} to give you {name}’s seat here. Waiting for their answer…", { host: info.host, name: person.name }));
      speak();
    });
    list.append(ask);
  }
  const note = Object.assign(document.createElement("p"), { className: "hint",
    textContent: t("Your seat stays as it was: {host} is asked, and your other device is told.", { host: info.host }) });
  // Translators: {table} describes the table: its rules, its bots and whether its game has started.
  page(hostsTable(info), t("{table}. Which seat is yours?", { table: describe(info) }), list, note);
}

// Translators: {host} is the name of the person whose online table it is.
const hostsTable = (info) => t("🌐 {host}’s table", { host: info.host });

function keep() {
  try {
    localStorage.setItem(GUEST_KEY, JSON.stringify({ room: me.room, token: me.token, name: me.name }));
  } catch (error) {
    /* blocked storage: this visit still plays, a reload asks the name again */
  }
}

function forget() {
  try {
    localStorage.removeItem(GUEST_KEY);
  } catch (error) {
    /* nothing kept */
  }
}

function sitDown() {
  if (!SCREEN.querySelector("[data-screen='table'], [data-screen='lobby']")) page(t("🌐 Joining the table…"), "");
  status(t("🌐 Connecting to the table…"));
  if (line && line.open) speak();
  else dial();
}

/* What the line says when it opens (or now, if it is open): per ``mode``. */
function speak() {
  if (!line || !line.open) return void dial();
  if (mode === "look") line.send(JSON.stringify({ t: "look", lang: languages() }));
  else if (mode === "ask") line.send(JSON.stringify({ t: "ask", seat: String(me.seat), token: me.token, name: me.name, device: device(), lang: languages() }));
  else line.send(JSON.stringify({ t: "hello", token: me.token, name: me.name, device: device(), lang: languages() }));
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
    again(t(UNREACHABLE));
  } finally {
    dialing = false;
  }
}

const AWAY = N_("⏳ The table’s host is away: the game waits for them to come back…");
const UNREACHABLE = N_("🌐 Can’t reach the online server: trying again…");
// A link whose table was never reached (closed, old, mistyped): not "away", and nothing to wait on
// but this page keeps trying, in case the host is just opening it.
const NOWHERE = N_("🌐 No table is open at this link: it may have closed. Ask the host for a new link.");
const away = () => t(seated ? AWAY : NOWHERE);

// While the host is away the guest's call waits at the relay, which hands it to the host's page the
// moment it opens the room again, and drops it after a few seconds (PeerJS's server: 5 s) with
// "peer-unavailable": then the guest calls again at once (CALL_AGAIN_MS), so a call is nearly
// always waiting. After a line closes, the first call waits AWAY_MS: long enough for the relay to
// hear that the host's old page went, so the call is not handed to a page that is gone. A call
// the host never answered in UNANSWERED_MS (handed to such a page after all) is made again.
const CALL_AGAIN_MS = 250;
const AWAY_MS = 800;
const UNANSWERED_MS = 8000;
const BACK = N_("⏳ The table’s host is back: their table is opening…");

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
      : again(t(UNREACHABLE), true)));
    opened.on("disconnected", () => opened === guestPeer && again(t("🌐 Lost the online server: trying again…"), true));
  }
  const next = guestPeer.connect(me.room, { reliable: true, serialization: "raw" });
  line = next;
  setTimeout(() => {
    if (line === next && !next.open) again(away(), false, 0); // (a line the host closed unopened says nothing)
  }, UNANSWERED_MS);
  next.on("open", () => {
    if (line !== next) return void next.close(); // a call given up on: only the line of now speaks
    speak();
    if (document.body.dataset.away) status(t(BACK)); // its screen follows as soon as the host's game is in
    // A host whose phone sleeps or whose network drops says nothing: the connection's own checks
    // notice within seconds ("disconnected"), long before the line would time out.
    next.peerConnection?.addEventListener("iceconnectionstatechange", () => {
      const now = next.peerConnection?.iceConnectionState;
      if (line !== next) return;
      if (now === "disconnected") cutOff(away());
      if (now === "failed" || now === "closed") again(away(), false, AWAY_MS);
      if (now === "connected" || now === "completed") status(document.body.dataset.away ? t(BACK) : ""); // its screen follows
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
  if (mode === "look") askName(null); // no table to ask: the name is asked all the same (it keeps trying)
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
    if (mode !== "hello") keep(); // a seat given to this device: its token is the seat's now
    mode = "hello";
    seated = true;
    paused = false; // the host moved the seat back here
    delete document.body.dataset.waiting;
    delete document.body.dataset.away;
    const frame = { html: message.html, screen: message.screen === "lobby" ? "lobby" : "table", writes: [], timer: null, lang: message.lang,
      ...heardOnce(message), ...ownSound() };
    send(() => JSON.stringify(frame));
  } else if (message.t === "table" && mode === "look") {
    if (message.started && Array.isArray(message.people) && message.people.length) askSeat(message);
    else askName(message);
  } else if (message.t === "moved") {
    movedAway(message.why);
  } else if (["refused", "closed", "left"].includes(message.t)) {
    ended(message);
  }
}

/* The host's frame carries the last moment heard at this seat, numbered (game/ui/cues.py
 * for_guest): sounded and told the first time its number comes. The first frame of a visit (a
 * reload, a line back) is a catch-up, as a reload is on the host's own page: silent. */
let heardAt = null;
function heardOnce(message) {
  const at = Number(message.at) || 0;
  const fresh = heardAt !== null && at > heardAt;
  heardAt = Math.max(heardAt ?? 0, at);
  if (!fresh || !Array.isArray(message.cues)) return { cues: [] };
  return { cues: message.cues.map(String), narrate: String(message.narrate || "") };
}

/* The sound of this device's own settings (⚙️ on this browser's own games, or the table's 🔊): read
 * once, as this page runs no worker that could change them; the 🔊 here changes them in place. */
function ownSettings() {
  const settings = stored("aggravation.settings");
  return settings && typeof settings === "object" && !Array.isArray(settings) ? settings : {};
}
const own = ownSettings();

function ownSound() {
  return { sound: own.mute === "on" ? "mute" : String(own.sound || "mid"), buzz: own.buzz !== "off" };
}

/* The guest's 🔊: this device's mute, kept with its own settings (the host never hears of it). */
function toggleMute() {
  own.mute = own.mute === "on" ? "off" : "on";
  try { // onto the settings as stored now: another tab of this browser may have changed them
    localStorage.setItem("aggravation.settings", JSON.stringify({ ...ownSettings(), mute: own.mute }));
  } catch (error) {
    // storage full or refused: the chip still mutes this visit
  }
  ownMute(own.mute === "on");
  return null;
}

/* The seat is open on another page of this device (or another device): stop here, say so, and
 * offer to take it back (no two pages trying in turn for ever). The line stays open: the host may
 * move the seat back here. */
function movedAway(why) {
  clearTimeout(retry);
  paused = true;
  status(`${why} `, "error");
  // Translators: a button: take the seat back to this page (it was opened on another page or device).
  const back = Object.assign(document.createElement("button"), { type: "button", className: "chip", textContent: t("Play here") });
  back.addEventListener("click", () => {
    paused = false;
    sitDown();
  });
  document.getElementById("online-status").append(back);
}

const ENDED = { closed: N_("🌐 The table is closed"), refused: N_("🌐 You can’t sit at this table"), left: N_("🌐 You left the table") };

function ended(message) {
  over = true;
  clearTimeout(lookTimer);
  status("");
  forget();
  const home = Object.assign(document.createElement("a"), { href: location.pathname, className: "btn primary",
    textContent: t("Play on this device") });
  page(t(ENDED[message.t]), String(message.why || ""), home);
}

/* 🚪 Leave: asked first (a bot plays the seat from then on, and there is no way back to it). */
function confirmLeave() {
  const dialog = document.createElement("dialog");
  dialog.className = "dialog leave-dialog";
  dialog.setAttribute("aria-labelledby", "leave-title");
  const what = SCREEN.querySelector("[data-screen='lobby']") ? t("Your seat is freed for someone else.")
    : t("A bot plays your seat for the rest of the game, and this device can’t come back to it.");
  dialog.innerHTML = `<h2 id="leave-title"></h2><p></p><div class="lobby-buttons"><button type="button"
    class="btn" value="stay" autofocus></button><button type="button" class="btn danger" value="leave"></button></div>`;
  dialog.querySelector("h2").textContent = t("Leave the table?");
  dialog.querySelector("p").textContent = what;
  // Translators: a button of "Leave the table?": stay at the table.
  dialog.querySelector("[value=stay]").textContent = t("Stay");
  dialog.querySelector("[value=leave]").textContent = t("🚪 Leave");
  dialog.addEventListener("click", (event) => {
    const choice = event.target.closest("button")?.value;
    if (!choice) return;
    dialog.close();
    if (choice === "leave") tell({ t: "leave" });
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return null;
}

/* What the page's taps and keys call (input.js, through link.js): each goes to the host as a
 * message, and the host's next frame is the answer; nothing is drawn before it. */
function tell(message) {
  if (!line || !line.open) {
    cutOff(away()); // the tap is not sent: the table is still until the line is back
    dial();
    return null;
  }
  document.body.dataset.waiting = "1"; // game.css: the table shows the tap is on its way
  line.send(JSON.stringify(message));
  return null;
}
const GUEST_GAME = {
  intent: (act, arg) => (act === "leave" ? confirmLeave() : act === "guest-mute" ? toggleMute()
    : tell({ t: "tap", act, arg: arg || "" })) ?? null,
  escape: () => tell({ t: "escape" }),
  early: () => null, tick: () => null, stored: () => null, refused: () => null, unreadable: () => null,
};

// A tab closing says goodbye on its line, so the host hears it at once.
addEventListener("pagehide", () => guestPeer?.destroy());
addEventListener("pageshow", (event) => event.persisted && me && !over && dial()); // back from the bfcache
// A phone back from its lock screen, or the network back: the line is tried at once.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && me && !over && !(line && line.open)) dial();
});
addEventListener("online", () => me && !over && !(line && line.open) && dial());
