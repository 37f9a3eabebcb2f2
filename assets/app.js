/* The page's thread: the DOM, timers and localStorage, and nothing of the game.
 *
 * Python (the engine, the bots, the session, the HTML) runs in a PyScript worker whose config is
 * ../pyscript.toml (it unpacks game.zip) and whose code is game/ui/worker.py. Each tap is sent as an intent; the worker
 * answers with a frame (JSON text, see game/ui/app.py): the HTML to show, the localStorage writes
 * to make, the timer to set. Only the worker's exposed functions are awaited and they return text,
 * so no SharedArrayBuffer and no cross-origin isolation headers are needed.
 *
 * Why plain JavaScript here and not MicroPython: the page's side holds no logic worth a second
 * interpreter, and a few kilobytes of script start at once, where MicroPython would add a wasm
 * download and its boot before the first tap could answer.
 */
const SCREEN = document.getElementById("screen");
const PREFIX = "aggravation."; // every key the game keeps in localStorage starts so
// Pyodide, started from its memory snapshot when this browser has one (python-boot.mjs).
const PYTHON_BOOT = new URL("./python-boot.mjs", import.meta.url).href;
const CONFIG = new URL("../pyscript.toml", import.meta.url).href;

performance.mark("aggravation-start");

let game = null; // the worker's exposed functions, once it has booted
let timer = null;
let chain = Promise.resolve(); // intents reach the worker one at a time, in tap order
const early = []; // [act, arg] tapped on the start screen before Python was ready

/* ------------------------------------------------------------------ loading progress */

// Each stage is a real event: app.js running, the worker created, Python ready in it, the game's
// modules imported (the worker says so), the first screen drawn.
const STAGES = ["Loading the page", "Downloading Python", "Loading the game", "Opening your table"];
let stage = 0;
let waiting = ""; // "Your Scout table opens …" once a level is tapped early

function progress(next) {
  stage = next;
  performance.mark(`aggravation-stage-${next}`); // bench/page.py and bench/load.py read the stages
  const line = document.getElementById("loading");
  const bar = document.getElementById("load-progress");
  const now = STAGES[stage];
  // "… (downloading Python…)": only the first letter is lowered, never the name.
  if (line) line.textContent = waiting ? `${waiting} (${now[0].toLowerCase()}${now.slice(1)}…)` : `${now}…`;
  if (bar) bar.value = stage + 1;
}

/* ------------------------------------------------------------------ storage */

function readStored() {
  const stored = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX)) stored[key] = localStorage.getItem(key);
    }
  } catch (error) {
    /* storage blocked (private mode, file://): play without it */
  }
  return stored;
}

const SLOT = "aggravation.save";
const HEARD = [SLOT, "aggravation.stats"]; // read again before each tap and timer: the slot, the statistics (counted once)
const known = {}; // each key's text as this page last wrote it or told the worker of it

/* The page's writes, in the worker's order. A refused write (full or blocked storage) is reported
 * back, so the game can say once that it cannot be saved; it plays on either way. */
function write(writes) {
  const refused = [];
  let news = "";
  for (const [key, text, before] of writes || []) {
    // The worker decided this write on what it believed the slot held (``before``). If the slot
    // holds anything else now (another tab wrote it, heard here or not yet, but not yet by the
    // worker), writing would put an older game over a newer one: a compare-and-set. Tell the
    // worker instead: it follows the other tab, or writes its own game again if it is further on.
    if (key === SLOT && (news = slotNews(before))) continue;
    try {
      if (text === null) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
      known[key] = text;
    } catch (error) {
      refused.push(key);
    }
  }
  if (refused.length) send(() => game.refused(JSON.stringify(refused)));
  if (news) send(() => game.stored(news));
}

/* The slot as JSON news when it no longer holds what the worker believed ('' when it does). */
function slotNews(before) {
  let now;
  try {
    now = localStorage.getItem(SLOT);
  } catch (error) {
    return ""; // blocked storage: the write below is refused and reported
  }
  if (now === (before ?? null)) return "";
  known[SLOT] = now;
  return JSON.stringify({ [SLOT]: now });
}

/* What another tab wrote to these keys since the worker last heard, as JSON ('' for nothing). */
function newsOf(keys) {
  const news = {};
  for (const key of keys) {
    let text;
    try {
      text = localStorage.getItem(key);
    } catch (error) {
      return "";
    }
    if (text !== (known[key] ?? null)) news[key] = known[key] = text;
  }
  return Object.keys(news).length ? JSON.stringify(news) : "";
}

function gameKeys() {
  const keys = new Set(Object.keys(known));
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX)) keys.add(key);
    }
  } catch (error) {
    /* blocked storage: nothing to hear */
  }
  return [...keys];
}

/* Another tab wrote (the browser says so only to the OTHER tabs), or this page comes back from the
 * background or the back/forward cache having missed that: the worker follows or asks. Before each
 * tap and timer the slot is looked at too, in case the event is still on its way. */
function hear(keys) {
  if (!game) return;
  const news = newsOf(keys);
  if (news) send(() => game.stored(news));
}
addEventListener("storage", (event) => {
  if (event.key === null) hear(gameKeys());
  else if (event.key.startsWith(PREFIX)) hear([event.key]);
});
addEventListener("pageshow", () => hear(gameKeys()));
document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && hear(gameKeys()));

/* Text offered as a file the player can keep or send (made here: a worker cannot start a download). */
function offerFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/* The save that could not be loaded, as a file. */
async function downloadUnreadable() {
  const text = JSON.parse(await game.unreadable());
  if (text !== null) offerFile("aggravation-unreadable-save.json", text);
}

/* ------------------------------------------------------------------ past games (game/ui/library.py)
 *
 * 🔗 Share: the control's data-arg is the query that starts the deal; the address is made here (the
 * worker does not know where the page lives), copied where the browser allows (it needs the tap, so
 * it is tried at once), and handed to the worker, which shows it in a selectable field either way.
 * 📂 Import: the chosen file's text goes to the worker as it is, read no further than the longest
 * text it could accept (data-limit characters, 4 bytes each at most): it says what is wrong. */
const KEPT = "aggravation.games";

function shareDeal(target) {
  const url = new URL(target.dataset.arg || "", location.href).href;
  let copying;
  try {
    copying = navigator.clipboard.writeText(url);
  } catch (error) {
    copying = Promise.reject(error);
  }
  const copied = copying.then(() => "copied", () => "shown");
  send(async () => game.intent("share", `${await copied} ${url}`, newsOf([SLOT]))).then(() => {
    const field = SCREEN.querySelector("input[data-share]");
    if (field) field.focus({ preventScroll: true }); // selected and scrolled into sight (focusin below)
  });
}

async function importFile(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  const limit = Number(input.dataset.limit) || 400000;
  const text = await file.slice(0, limit * 4 + 4).text();
  input.value = "";
  send(() => game.intent("import", text, newsOf([SLOT, KEPT])));
}

SCREEN.addEventListener("change", (event) => {
  if (game && event.target.matches("input[data-import]")) importFile(event.target);
  // A person's name for pass-and-play, kept by the worker. The screen is not redrawn: the player
  // may already be typing in the next field (on a phone a redraw would close the keyboard).
  if (game && event.target.matches("input[data-name]")) {
    const said = `${event.target.dataset.name}|${event.target.value}`;
    send(async () => {
      const frame = JSON.parse((await game.intent("name", said, newsOf(HEARD))) || "null");
      if (frame) write(frame.writes);
      return "null";
    });
  }
});
SCREEN.addEventListener("focusin", (event) => {
  if (!event.target.matches("input[data-share]")) return;
  event.target.select();
  event.target.scrollIntoView({ block: "nearest" }); // the link, just shown, in sight (the replay's body scrolls)
});

/* The static start screen shows the player's remembered settings before Python is up (the worker
 * draws the same once it is). Unreadable settings are left to the worker, which ignores them. */
function showStoredSettings(stored) {
  let settings;
  try {
    settings = JSON.parse(stored["aggravation.settings"] || "{}");
  } catch (error) {
    return;
  }
  const chosen = [["steal", settings.steal], ["speed", settings.speed], ["rulebook", settings.rulebook], ["people", settings.people]];
  for (const [preset, players] of Object.entries(settings.players || {})) chosen.push(["players", `${preset}:${players}`]);
  for (const [name, value] of chosen) {
    const chip = SCREEN.querySelector(`[data-act=set][data-arg="${name}=${CSS.escape(String(value))}"]`);
    if (chip) earlyTap(chip, false);
  }
  const house = Array.isArray(settings.house) ? settings.house : [];
  for (const chip of SCREEN.querySelectorAll("[data-act=house]")) {
    if (house.includes(chip.dataset.arg) !== (chip.getAttribute("aria-pressed") === "true")) earlyTap(chip, false);
  }
}

/* ------------------------------------------------------------------ drawing a frame */

/* What the player had in hand on the screen before a redraw: the focused control (by its
 * data-act and data-arg, or the details it folds: data-fold), the details opened, and how far each
 * scrolling part ([data-scroll]: the felt, the log) was scrolled. A redraw replaces the HTML, so
 * all three are put back afterwards; nothing ever scrolls the page or moves the focus by itself. */
function focusedControl() {
  const active = document.activeElement;
  if (!active || !SCREEN.contains(active)) return null;
  if (active.dataset.act) return [active.dataset.act, active.dataset.arg || ""];
  const fold = active.matches("summary") && active.closest("details[data-fold]");
  return fold ? ["fold", fold.dataset.fold] : null;
}

function keepView() {
  const scrolled = {};
  for (const part of SCREEN.querySelectorAll("[data-scroll]")) scrolled[part.dataset.scroll] = part.scrollTop;
  const open = [...SCREEN.querySelectorAll("details[data-fold][open]")].map((details) => details.dataset.fold);
  return { focus: focusedControl(), scrolled, open };
}

function restoreView({ focus, scrolled, open }) {
  for (const fold of open) {
    const details = SCREEN.querySelector(`details[data-fold="${CSS.escape(fold)}"]`);
    if (details) details.open = true;
  }
  for (const part of SCREEN.querySelectorAll("[data-scroll]")) {
    if (part.dataset.scroll in scrolled) part.scrollTop = scrolled[part.dataset.scroll];
  }
  refocus(focus);
}

function refocus(focus) {
  let target = SCREEN.querySelector("[data-autofocus]");
  const dialog = target && target.closest("[data-dialog]");
  if (dialog && focus && focus[0] !== "fold") {
    // A control of the same dialog keeps the focus through its own redraw (a claim toggled).
    const [act, arg] = focus;
    const same = dialog.querySelector(arg ? `[data-act="${CSS.escape(act)}"][data-arg="${CSS.escape(arg)}"]` : `[data-act="${CSS.escape(act)}"]`);
    if (same) target = same;
  }
  if (!target && focus) {
    const [act, arg] = focus;
    if (act === "fold") {
      target = SCREEN.querySelector(`details[data-fold="${CSS.escape(arg)}"] > summary`);
    } else {
      const selector = arg ? `[data-act="${CSS.escape(act)}"][data-arg="${CSS.escape(arg)}"]` : `[data-act="${CSS.escape(act)}"]`;
      target = SCREEN.querySelector(selector);
      if (!target || target.disabled) target = SCREEN.querySelector(".actions button:not([disabled]), .hand .card");
    }
  }
  // preventScroll: a redraw during the bots' turns must not move the page under the player.
  if (target) target.focus({ preventScroll: true });
}

function schedule(next) {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (!next) return;
  const [delay, token] = next;
  timer = setTimeout(() => {
    timer = null;
    send(() => game.tick(token, newsOf(HEARD)));
  }, delay);
}

function apply(text) {
  const frame = JSON.parse(text);
  if (!frame) return false;
  write(frame.writes);
  const view = keepView();
  const places = notePlaces();
  SCREEN.innerHTML = frame.html;
  restoreView(view);
  moveCards(places); // after the frame is in: the flights never hold the redraw back
  document.body.dataset.screen = frame.screen;
  if (frame.forget_params) forgetDealParams();
  if (frame.download) offerFile(...frame.download);
  const deal = SCREEN.querySelector('.replay-deals [aria-pressed="true"]');
  if (deal) deal.parentElement.scrollLeft = Math.max(0, deal.offsetLeft - deal.parentElement.offsetLeft - 8); // the deal shown, in sight
  schedule(frame.timer);
  return true;
}

/* ------------------------------------------------------------------ cards on the move
 *
 * A redraw replaces #screen's HTML, so a card that changed place would jump. Before the new HTML
 * goes in, each card's place on the screen is noted (by its data-key, unique in the shoe); once
 * it is in, a card found in another zone flies there from where it was (FLIP: it is drawn at
 * its new place at once and only a transform carries it, so nothing else moves). A card that
 * was not on the screen comes from where the frame says: the stock for a card in your hand, the
 * seat of the bot that just moved (data-just-seat, data-just-kind from the view model) for one it
 * put on the pile or the table. A card a bot took away flies from the pile to its seat. Under
 * prefers-reduced-motion nothing is noted and nothing flies: the frame is simply drawn. */
const FLIGHT_MS = 220; // every travel, deal included, is one flight of at most 250 ms
const DEAL_SPAN_MS = 260; // a new hand's cards leave the stock one after another within this
const STILL = matchMedia("(prefers-reduced-motion: reduce)");
const ZONED = ["hand", "frames", "extra", "pile-fan", "table", "discard"].map((zone) => `[data-zone="${zone}"] [data-key]`).join(", ");
const TAKEN = new Set(["took", "stole", "bought", "swapped"]); // a bot's move that takes the pile's top card
const FROM_STOCK = new Set(["drew", "stole", "bought"]); // a bot's move that takes from the stock (a steal's penalty card, a buy's fee)

/* Where a card lies: its zone, and which meld or frame of it. */
function zoneOf(card) {
  const holder = card.closest("[data-meld], [data-frame]");
  const zone = card.closest("[data-zone]").dataset.zone;
  return holder ? `${zone}:${holder.dataset.meld ?? holder.dataset.frame}` : zone;
}

function rectOf(selector) {
  const element = SCREEN.querySelector(selector);
  const rect = element && element.getBoundingClientRect();
  return rect && rect.width ? rect : null;
}

/* The screen's cards before a redraw: key → {rect, zone, element}; null when motion is off. */
function notePlaces() {
  if (STILL.matches) return null;
  if (!SCREEN.querySelector(".table-screen")) return { cards: new Map(), table: false, fresh: false };
  const cards = new Map();
  for (const element of SCREEN.querySelectorAll(ZONED)) {
    cards.set(element.dataset.key, { rect: element.getBoundingClientRect(), zone: zoneOf(element), element });
  }
  const fresh = SCREEN.querySelector(".table-screen").dataset.fresh === "true";
  return { cards, table: true, fresh, stock: rectOf('[data-zone="stock"]') };
}

/* The transform that puts a box of ``to`` over ``from``, centre on centre, scaled evenly. */
function offset(from, to) {
  const scale = Math.min(2, Math.max(0.3, Math.min(from.width / to.width, from.height / to.height)));
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(${scale.toFixed(3)})`;
}

/* Fly each card (already at its new place) from where it was: ``trips`` holds [card, from, delay,
 * fade]. Every card's new place is read before the first flight starts, so the page lays out
 * once, not once per card. On its way a card is drawn above the others; the end keyframe leaves
 * the transform to the stylesheet (a picked card stays raised). */
function fly(trips) {
  const placed = trips.filter(([, from]) => from)
    .map(([card, from, delay = 0, fade = false]) => [card, from, card.getBoundingClientRect(), delay, fade]);
  for (const [card, from, to, delay, fade] of placed) {
    if (!to.width) continue;
    const start = { transform: offset(from, to), zIndex: 5, offset: 0 };
    if (fade) start.opacity = 0.4;
    // In flight a card is drawn over its neighbours: a tap there meant the card the player aimed at.
    card.classList.add("in-flight");
    const flight = card.animate([start, { zIndex: 5, offset: 1 }], {
      duration: FLIGHT_MS, delay, fill: "backwards", easing: "cubic-bezier(.2, .7, .3, 1)",
    });
    const land = () => card.classList.remove("in-flight");
    flight.finished.then(land, land);
  }
}

/* A card that leaves the screen for a bot's hand: a stand-in, drawn where ``from`` was, flies
 * into the seat and fades there. It carries none of the card's hooks and goes when it lands. */
function flyAway(look, from, to) {
  const stand = look ? look.cloneNode(true) : document.createElement("span");
  for (const name of [...stand.attributes].map((attribute) => attribute.name)) {
    if (name.startsWith("data-") || name === "id" || name === "role" || name === "aria-label") stand.removeAttribute(name);
  }
  stand.classList.add("flight");
  if (!look) stand.classList.add("flight-back");
  stand.setAttribute("aria-hidden", "true");
  Object.assign(stand.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
  const zone = SCREEN.querySelector('[data-zone="discard"]');
  if (!zone) return;
  zone.append(stand);
  const scale = Math.min(1, to.height / from.height);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const flight = stand.animate(
    [{ transform: "none", opacity: 1 }, { transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(${scale.toFixed(3)})`, opacity: 0.2 }],
    { duration: FLIGHT_MS, easing: "cubic-bezier(.4, 0, .6, 1)" },
  );
  flight.finished.then(() => stand.remove(), () => stand.remove());
}

/* After a redraw: fly every card that changed place (see above). */
function moveCards(before) {
  const screen = SCREEN.querySelector(".table-screen");
  if (!before || !screen) return;
  const { justSeat: seat, justKind: kind = "" } = screen.dataset;
  const seatRect = seat === undefined ? null : rectOf(`.opponents [data-seat="${CSS.escape(seat)}"]`);
  const stock = before.stock || rectOf('[data-zone="stock"]');
  const now = [...SCREEN.querySelectorAll(ZONED)].map((element) => [element, zoneOf(element)]);
  const seen = new Set(now.map(([element]) => element.dataset.key));
  if (screen.dataset.fresh === "true" && !before.fresh) { // a new deal (its cards may have lain on the last one's table)
    return fly(deal(now.filter(([, zone]) => zone === "hand").map(([element]) => element), stock));
  }
  const trips = [];
  for (const [element, zone] of now) {
    const old = before.cards.get(element.dataset.key);
    if (old) {
      if (old.zone !== zone) trips.push([element, old.rect]);
    } else if (zone === "hand" || zone.startsWith("frames")) {
      if (before.table) trips.push([element, stock]); // drawn, or a steal's penalty card
    } else if (seatRect && element.closest(".just")) {
      trips.push([element, seatRect, 0, true]); // a bot's discard, lay-down or lay-off
    }
  }
  fly(trips);
  if (!seatRect) return;
  for (const [key, old] of before.cards) {
    if (seen.has(key)) continue;
    const taken = old.zone === "discard" ? TAKEN.has(kind) : old.zone.startsWith("table") && kind === "swapped_wild";
    if (taken) flyAway(old.element, old.rect, seatRect);
  }
  if (FROM_STOCK.has(kind) && stock) flyAway(null, stock, seatRect);
}

/* A new deal's trips: the hand's cards leave the stock one after another, each flight FLIGHT_MS long. */
function deal(cards, stock) {
  const step = cards.length > 1 ? Math.min(30, DEAL_SPAN_MS / (cards.length - 1)) : 0;
  return cards.map((card, index) => [card, stock, Math.round(index * step)]);
}

/* Ask the worker one thing (after whatever is already on its way) and draw its answer. A tap's
 * time from the click to the next frame after the redraw is kept as an "aggravation-tap" measure
 * (bench/page.py reads them). */
let inFlight = 0; // #screen is aria-busy while the worker has questions to answer

function send(ask, tappedAt = null) {
  inFlight += 1;
  SCREEN.setAttribute("aria-busy", "true");
  chain = chain
    .then(ask)
    .then(apply)
    .then((drawn) => {
      if (drawn && tappedAt !== null) {
        requestAnimationFrame(() => performance.measure("aggravation-tap", { start: tappedAt, end: performance.now() }));
      }
    })
    .catch((error) => {
      console.error("The game could not answer:", error);
      snag();
    })
    .finally(() => {
      inFlight -= 1;
      if (!inFlight) SCREEN.removeAttribute("aria-busy");
    });
  return chain;
}

/* The worker failed to answer: say so plainly and offer the one thing that helps. Every move
 * the game accepted is already saved, so a reload resumes where the table was. */
function snag() {
  if (document.getElementById("snag")) return;
  const notice = document.createElement("div");
  notice.id = "snag";
  notice.className = "snag";
  notice.setAttribute("role", "alert");
  notice.append("Something went wrong and the table stopped. Your game is saved — ");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "reload to carry on";
  button.addEventListener("click", () => location.reload());
  notice.append(button);
  document.body.append(notice);
}

/* ------------------------------------------------------------------ the address */

function urlParams() {
  const params = {};
  for (const [key, value] of new URLSearchParams(location.search)) if (value) params[key] = value;
  return params;
}

/* Drop ?seed=, ?level=, ?house=, ?rules=, ?players=, ?people= and ?learn=, so a reload resumes the game instead of restarting it. */
function forgetDealParams() {
  const query = new URLSearchParams(location.search);
  for (const key of ["seed", "level", "house", "rules", "players", "people", "learn"]) query.delete(key);
  const rest = query.toString();
  history.replaceState(null, "", location.pathname + (rest ? "?" + rest : ""));
}

/* ------------------------------------------------------------------ taps and keys */

/* Before Python is ready the start screen still answers: a level waits for the game, a
 * setting or house-rule switch shows at once and is handed over when the worker is up. */
function earlyTap(button, remember = true) {
  const act = button.dataset.act;
  const arg = button.dataset.arg || "";
  if (act === "learn") {
    waiting = "Your guided first deal opens as soon as the game has loaded";
    progress(stage);
  } else if (act === "level") {
    const name = button.querySelector(".level-name");
    waiting = `Your ${name ? name.textContent.replace(/^\S+\s/, "") : ""} table opens as soon as the game has loaded`;
    progress(stage);
    for (const other of SCREEN.querySelectorAll('[data-act="level"]')) other.setAttribute("aria-pressed", String(other === button));
    for (let i = early.length - 1; i >= 0; i--) if (early[i][0] === "level") early.splice(i, 1);
  } else if (act === "set") {
    const group = button.closest("[role=group]");
    for (const chip of group ? group.querySelectorAll("[data-act=set]") : []) chip.setAttribute("aria-pressed", String(chip === button));
  } else if (act === "house") {
    const on = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(on));
    const tick = button.querySelector(".tick");
    if (tick) tick.textContent = on ? "✓" : "";
  } else if (act === "stats") {
    waiting = "Your statistics open as soon as the game has loaded";
    progress(stage);
  } else if (act === "past") {
    waiting = "Your past games open as soon as the game has loaded";
    progress(stage);
  } else {
    return; // links and anything else work as they are
  }
  if (remember) early.push([act, arg]);
}

/* The same control, though a redraw may have put a new element in the old one's place. */
function sameControl(a, b) {
  return a === b || (a.dataset.act === b.dataset.act && (a.dataset.arg || "") === (b.dataset.arg || ""));
}

/* A tap on a control (a button or a card, each with data-act): the worker says what it does now. */
function tap(target, timeStamp) {
  if (!game) return earlyTap(target);
  if (target.dataset.act === "download") return void downloadUnreadable();
  if (target.dataset.act === "share") return void shareDeal(target);
  if (target.dataset.act === "past") return void send(() => game.intent("past", "", newsOf([SLOT, KEPT])), timeStamp);
  send(() => game.intent(target.dataset.act, target.dataset.arg || "", newsOf(HEARD)), timeStamp);
}

SCREEN.addEventListener("click", (event) => {
  const target = event.target.closest("[data-act]");
  if (!target || target.disabled) return;
  if (touched && event.timeStamp - touched.at < TOUCH_CLICK_MS && (event.pointerType === "touch" || sameControl(touched.target, target))) {
    touched = null; // the click the browser made of a touch tap already acted on (the redraw may have replaced its element)
    return;
  }
  tap(target, event.timeStamp);
});

/* Keys: each a shortcut for a tap, sent as the same intent (game/ui/intents.py says what each does
 * now and why it cannot act). Never while typing in a field, nor with Ctrl, Alt or Meta held; Shift
 * only with the arrows (it moves the picked card along the hand). The list is in rules.html. */
const KEYS = {
  d: ["stock"], t: ["take"], x: ["discard"], s: ["steal"], p: ["pass"], g: ["godown"], f: ["fill"],
  l: ["lay"], m: ["layoff"], a: ["layoff-all"], o: ["sort"], n: ["onward"], ArrowLeft: ["step", "-1"], ArrowRight: ["step", "1"],
};

function keyIntent(event) {
  if (/^[1-9]$/.test(event.key)) return ["nth", event.key];
  if (event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
    return ["shift", event.key === "ArrowLeft" ? "-1" : "1"];
  }
  if (event.shiftKey) return null;
  if (event.key === "Enter") return isControl(document.activeElement) ? null : ["discard"];
  return KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key] || null;
}

function isControl(element) {
  return !!element && element !== document.body && !!element.closest("button, a, input, select, textarea, [contenteditable]");
}

/* Tab stays inside a modal dialog (the pass screen, the claims, a question): the table behind it
 * is not for now, and on the pass screen not for these eyes. */
function trapTab(event) {
  const dialog = SCREEN.querySelector('[aria-modal="true"]');
  if (!dialog) return false;
  const stops = [...dialog.querySelectorAll("button:not([disabled]), a[href], input")];
  if (!stops.length) return false;
  const at = stops.indexOf(document.activeElement);
  const next = at < 0 ? (event.shiftKey ? stops.length - 1 : 0) : (at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length;
  event.preventDefault();
  stops[next].focus();
  return true;
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey && trapTab(event)) return;
  if (!game) return;
  if (event.key === "Escape") return void send(() => game.escape());
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
  if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) return;
  if (!["table", "past"].includes(document.body.dataset.screen) || SCREEN.querySelector("[data-dialog]")) return;
  const intent = keyIntent(event);
  if (!intent) return;
  event.preventDefault();
  const [act, arg = ""] = intent;
  send(() => game.intent(act, arg, newsOf(HEARD)), event.timeStamp);
});

/* ------------------------------------------------------------------ dragging a card
 *
 * A card of the hand (or of a going-down frame) dragged onto the pile, a meld, a frame or another
 * place in the hand: pointer events, so mouse, pen and touch alike. Below DRAG_PX of movement it is
 * a tap and the click goes through as ever. A drop is ONE intent, "drop" with "key|act|arg", that
 * Python plays as the tap-tap would (pick the card, tap the target): the rules stay in Python. */
const DRAG_PX = 8;
let drag = null; // {source, key, x, y, id, ghost}

const DRAG_STYLE = `
[data-zone="hand"] [data-card], [data-zone="frames"] [data-card] { touch-action: none; -webkit-user-select: none; user-select: none; }
.drag-ghost { position: fixed; left: 0; top: 0; z-index: 1000; pointer-events: none; margin: 0;
  opacity: .9; box-shadow: 0 8px 20px rgba(0,0,0,.45); transform-origin: center; }
.drag-source { opacity: .35; }
.drop-target { outline: 3px dashed #7cc4ff; outline-offset: 2px; }`;
document.head.append(Object.assign(document.createElement("style"), { textContent: DRAG_STYLE }));

function dropTarget(x, y) {
  const under = document.elementFromPoint(x, y);
  if (!under || !SCREEN.contains(under)) return null;
  const wild = under.closest('[data-act="wild"]');
  if (wild) return { element: wild, act: "wild", arg: wild.dataset.arg || "" };
  const meld = under.closest("[data-meld]");
  if (meld) return { element: meld.closest(".meld") || meld, act: "meld", arg: meld.dataset.meld };
  const frame = under.closest("[data-frame]");
  if (frame) return { element: frame, act: "frame", arg: frame.dataset.frame };
  const pile = under.closest('[data-act="discard-pile"], [data-zone="discard"]');
  if (pile) return { element: pile, act: "discard-pile", arg: "" };
  const stock = under.closest('[data-act="stock"]');
  if (stock) return { element: stock, act: "stock", arg: "" };
  const hand = under.closest('[data-zone="hand"]');
  if (hand) {
    const card = under.closest("[data-key]");
    return { element: card || hand, act: "card", arg: card ? card.dataset.key : "" };
  }
  return null;
}

function mark(target) {
  for (const old of SCREEN.querySelectorAll(".drop-target")) old.classList.remove("drop-target");
  if (target && target.element.dataset.key !== drag.key) target.element.classList.add("drop-target");
}

function moveGhost(x, y) {
  drag.ghost.style.transform = `translate(${x - drag.dx}px, ${y - drag.dy}px) rotate(-4deg)`;
}

function startDrag() {
  const box = drag.source.getBoundingClientRect();
  const ghost = drag.source.cloneNode(true);
  ghost.removeAttribute("data-act");
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.add("drag-ghost");
  Object.assign(ghost.style, { width: `${box.width}px`, height: `${box.height}px` });
  drag.dx = drag.x - box.left;
  drag.dy = drag.y - box.top;
  drag.ghost = ghost;
  document.body.append(ghost);
  drag.source.classList.add("drag-source");
}

function endDrag() {
  if (!drag) return;
  if (drag.ghost) drag.ghost.remove();
  drag.source.classList.remove("drag-source");
  for (const old of SCREEN.querySelectorAll(".drop-target")) old.classList.remove("drop-target");
  drag = null;
}

SCREEN.addEventListener("pointerdown", (event) => {
  if (!game || drag || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
  const source = event.target.closest('[data-zone="hand"] [data-card], [data-zone="frames"] [data-card]');
  if (!source || source.disabled) return;
  drag = { source, key: source.dataset.key, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
});

addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_PX) return;
    startDrag();
  }
  event.preventDefault();
  moveGhost(event.clientX, event.clientY);
  mark(dropTarget(event.clientX, event.clientY));
});

addEventListener("pointerup", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  const dragged = drag.ghost !== null;
  const key = drag.key;
  const target = dragged ? dropTarget(event.clientX, event.clientY) : null;
  endDrag();
  if (!dragged) return; // a tap: its click acts (a finger's, its pointerup: see below)
  swallowClick();
  if (target && !(target.act === "card" && target.arg === key)) {
    send(() => game.intent("drop", `${key}|${target.act}|${target.arg}`, newsOf(HEARD)), event.timeStamp);
  }
});
addEventListener("pointercancel", endDrag);

/* The click a mouse sends after a drag ends on the card it started on is not a tap. */
function swallowClick() {
  const swallow = (event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => removeEventListener("click", swallow, { capture: true }), 0);
}

/* A finger's tap on a control acts when the finger lifts, not on the click the browser makes of it:
 * Chrome makes no click of a tap that follows the end of a drag within a few hundred ms (seen in
 * tests/browser/test_gestures_touch.py: a tap 0.1 s after a touch drag lost its click 3 times in 5).
 * The click that may still come is then not a second tap. A press that moves DRAG_PX or more is a
 * drag (or a scroll: the browser cancels the pointer), never a tap. */
const TOUCH_CLICK_MS = 1000;
let pressed = null; // {target, x, y, id}: a finger down on a control
let touched = null; // {target, at}: a touch tap acted on at its pointerup

SCREEN.addEventListener("pointerdown", (event) => {
  const target = event.pointerType === "touch" && event.isPrimary && event.target.closest("[data-act]");
  pressed = target ? { target, x: event.clientX, y: event.clientY, id: event.pointerId } : null;
});
addEventListener("pointermove", (event) => {
  if (pressed && event.pointerId === pressed.id && Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) >= DRAG_PX) pressed = null;
});
addEventListener("pointercancel", () => (pressed = null));
addEventListener("pointerup", (event) => {
  if (!pressed || event.pointerId !== pressed.id) return;
  const { target } = pressed;
  pressed = null;
  if (target.disabled || !target.isConnected || event.target.closest("[data-act]") !== target) return;
  touched = { target, at: event.timeStamp };
  tap(target, event.timeStamp);
});

/* ------------------------------------------------------------------ boot */

async function boot() {
  progress(1);
  const { PyWorker } = await import("./vendor/pyscript/core.js");
  // The worker reports its stages on a channel of this page's own (a worker cannot reach the
  // page's thread otherwise without SharedArrayBuffer); its two lines of code name the channel.
  const channel = new BroadcastChannel("aggravation-boot-" + Math.random().toString(36).slice(2));
  channel.onmessage = ({ data }) => progress(data);
  const code = `import game.ui.worker\ngame.ui.worker.start(${JSON.stringify(channel.name)})\n`;
  const file = URL.createObjectURL(new Blob([code], { type: "text/x-python" }));
  const starting = PyWorker(file, { config: CONFIG, version: PYTHON_BOOT });
  setTimeout(layOutSpecimen); // while the worker fetches: the quiet part of the loading
  const worker = await starting;
  channel.close();
  URL.revokeObjectURL(file);
  progress(3);
  const stored = readStored();
  Object.assign(known, stored);
  const request = { stored, params: urlParams() };
  const frame = await worker.sync.boot(JSON.stringify(request));
  game = worker.sync;
  apply(frame);
  // Taps made while Python loaded, in order: the switches first (a house rule applies to the game
  // a level starts), then the level, which the game starts or asks about if one is in progress.
  const levels = early.filter(([act]) => act === "level");
  for (const [act, arg] of early.filter(([act]) => act !== "level")) send(() => game.intent(act, arg, ""));
  if (levels.length) send(() => game.early(levels[levels.length - 1][1]));
  await chain;
  const { python: version, start } = JSON.parse(frame);
  document.body.dataset.pythonVersion = version;
  document.body.dataset.pythonStart = start; // "snapshot", "shipped" or "fresh" (python-boot.mjs)
  if (start === "fresh") setTimeout(makeSnapshot, SNAPSHOT_AFTER_MS);
  document.body.dataset.python = "ready";
  window.aggravationReady = true;
  performance.mark("aggravation-ready"); // bench/page.py reads it
}

/* index.html's specimen table (scripts/shell.py says why), laid out where no one sees it, a part
 * more in each task so that no task holds the page long; each time taken out again in the same
 * task, so nothing else ever finds it in the page. */
function layOutSpecimen() {
  const specimen = document.getElementById("table-specimen");
  if (!specimen) return;
  specimen.remove();
  const table = specimen.content.firstElementChild;
  const parts = [...table.children];
  table.replaceChildren();
  const holder = document.createElement("div");
  holder.className = "specimen";
  holder.inert = true;
  holder.append(table);
  const layOutNext = () => {
    if (!parts.length) return;
    table.append(parts.shift());
    document.body.append(holder);
    holder.getBoundingClientRect(); // lays the page out now
    holder.remove();
    setTimeout(layOutNext);
  };
  layOutNext();
}

/* After a start the long way, a throwaway worker starts Python once more in snapshot mode and
 * keeps its memory, so the next visit starts in a fraction of the time (python-boot.mjs). A little
 * later, not at once: the table is up and answering before a second Python takes a processor. */
const SNAPSHOT_AFTER_MS = 3000;
function makeSnapshot() {
  const maker = new Worker(new URL("./python-snapshot.mjs", import.meta.url), { type: "module" });
  maker.onmessage = maker.onerror = () => maker.terminate();
}

showStoredSettings(readStored());
progress(0);
boot().catch((error) => {
  console.error("The game could not start:", error);
  const line = document.getElementById("loading");
  if (line) line.textContent = "The game could not start. Reload the page to try again.";
  snag();
});
