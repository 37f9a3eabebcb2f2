/* Python's start, and the page until it is up: the PyScript worker started (with Pyodide from its
 * memory snapshot when this browser has one), the loading line and its bar, the start screen that
 * already answers (a level waits for the game; a setting shows at once and is handed over), the
 * player's remembered settings shown on it, and index.html's specimen table laid out while the
 * worker downloads. Once the worker has drawn the first screen, it marks the page ready
 * (body[data-python], window.aggravationReady) and, after a start the long way, has a snapshot
 * made for the next visit. It touches the start screen, the loading line, the address's query and
 * the body's data-python* marks.
 */
import { SCREEN, chain, connect, game, send } from "./link.js";
import { apply } from "./drawing.js";
import { SLOT, known, readStored } from "./storage.js";
import { keepView, restoreView } from "./keeping.js";
import { N_, t } from "./words.js";

// Pyodide, started from its memory snapshot when this browser has one (python-boot.mjs).
const PYTHON_BOOT = new URL("../python-boot.mjs", import.meta.url).href;
const CONFIG = new URL("../../pyscript.toml", import.meta.url).href;

const early = []; // [act, arg] tapped on the start screen before Python was ready

/* ------------------------------------------------------------------ loading progress */

// Each stage is a real event: app.js running, the worker created, Python ready in it, the game's
// modules imported (the worker says so), the first screen drawn. The download is most of a first
// visit's wait: while it lasts the bar moves with its bytes (python-boot.mjs counts them on
// DOWNLOAD_CHANNEL and says when Python has started). The steps after it are Python's start in
// the worker (seconds on a phone, with nothing to count: the worker's thread is busy), the game's
// archive, its modules and the first screen: through each the bar creeps on towards the step's
// end at the pace a phone takes (a step's TAU: halfway then), never reaching it before the step
// is done, so a long start never looks stuck (it stood still at 83 % for the whole start before). Where the bar
// stands as each step begins is its share of a phone's first visit; the share beside the bar is
// the bar's own.
// Each step's line, alone and as it reads in brackets after the line of a level tapped early
// ("Your Ace table opens as soon as the game has loaded (starting the game…)").
const LOADING_PAGE = { words: N_("Loading the page…"), during: N_("loading the page") };
const STARTING = { words: N_("Starting the game…"), during: N_("starting the game") };
const STEPS = {
  page: { ...LOADING_PAGE, at: 2 },
  download: { words: N_("Downloading the game…"), during: N_("downloading the game"), at: 5 },
  python: { ...STARTING, at: 55, tau: 1500 },
  archive: { ...STARTING, at: 75, tau: 600 },
  modules: { ...STARTING, at: 83, tau: 700 },
  table: { words: N_("Opening your table…"), during: N_("opening your table"), at: 95, tau: 300 },
};
// The bar's name, in each language's static start screen (scripts/shell.py reads it from the catalogs).
N_("Loading the game");
const ORDER = Object.keys(STEPS);
const CREEP = 0.9; // the most of its step the bar creeps through before the step is done
const TICK_MS = 150;
const DOWNLOAD_CHANNEL = "aggravation-download";
let stage = 0;
let downloaded = 0; // the share of Python's files in, 0 to 1
let started = false; // Python is up in the worker
let step = "page";
let since = 0; // when the step began
let shown = 0; // where the bar stands: never backwards
let ticking = null;
let waiting = ""; // "Your Scout table opens …" once a level is tapped early

function stepNow() {
  if (stage === 0) return "page";
  if (stage === 1) return started ? "archive" : downloaded >= 1 ? "python" : "download";
  return stage === 2 ? "modules" : "table";
}

export function progress(next = stage) {
  if (next !== stage) performance.mark(`aggravation-stage-${next}`); // bench/page.py and bench/load.py read the stages
  stage = next;
  draw();
}

/* The line and the bar as things stand; while a step creeps, again in TICK_MS. */
function draw() {
  const now = stepNow();
  if (now !== step) (step = now), (since = performance.now());
  const { words, during, at, tau } = STEPS[step];
  const end = STEPS[ORDER[ORDER.indexOf(step) + 1]]?.at ?? 100;
  const spent = performance.now() - since;
  // Half of the way in TAU, two thirds in twice that, and on, ever slower but never still.
  const share = step === "download" ? downloaded : tau ? (CREEP * spent) / (spent + tau) : 0;
  shown = Math.max(shown, at + share * (end - at));
  const line = document.getElementById("loading");
  const bar = document.getElementById("load-progress");
  const amount = document.getElementById("load-amount");
  // Translators: a level tapped before the game was loaded, then the step the loading is at, e.g.
  // "Your Ace table opens as soon as the game has loaded (starting the game…)".
  const text = waiting ? t("{waiting} ({step}…)", { waiting, step: t(during) }) : t(words);
  if (line && line.textContent !== text) line.textContent = text;
  if (bar) bar.value = shown;
  if (amount) amount.textContent = stage > 0 ? `${Math.floor(shown)} %` : "";
  if (tau && bar && ticking === null) ticking = setTimeout(() => ((ticking = null), draw()), TICK_MS);
}

/* The worker's download, as python-boot.mjs counts it: the bar follows it while Python downloads. */
function followDownload() {
  const channel = new BroadcastChannel(DOWNLOAD_CHANNEL);
  channel.onmessage = ({ data }) => {
    if (data && data.started) started = true;
    else if (!data || !(data.size > 0)) return;
    else downloaded = Math.max(downloaded, Math.min(1, data.got / data.size)); // never backwards
    if (stage === 1) progress(stage);
  };
  return channel;
}

/* The suits' colours the player picked (game.css), on whatever shows before Python: a kept table. */
export function showSuitColours(stored) {
  try {
    if (JSON.parse(stored["aggravation.settings"] || "{}")?.deck === "four") document.body.dataset.deck = "four";
  } catch (error) {
    // unreadable settings: the worker ignores them too
  }
}

/* The static start screen shows the player's remembered settings before Python is up (the worker
 * draws the same once it is). Unreadable settings are left to the worker, which ignores them. */
export function showStoredSettings(stored) {
  let settings;
  try {
    settings = JSON.parse(stored["aggravation.settings"] || "{}");
  } catch (error) {
    return;
  }
  const chosen = [["steal", settings.steal], ["ask", settings.ask], ["speed", settings.speed], ["rulebook", settings.rulebook],
    ["hint", settings.hint], ["deck", settings.deck]];
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

/* ------------------------------------------------------------------ taps before Python is ready */

/* Before Python is ready the start screen still answers: a level (or 👥 Pass and play, whose setup
 * Python draws) waits for the game, a setting or house-rule switch shows at once and is handed
 * over when the worker is up. */
// What opens once the game has loaded, by the act tapped before (a level names its own table).
const OPENS = {
  learn: N_("Your guided first deal opens as soon as the game has loaded"),
  "people-setup": N_("Pass and play opens as soon as the game has loaded"),
  stats: N_("Your statistics open as soon as the game has loaded"),
  past: N_("Your past games open as soon as the game has loaded"),
  online: N_("Your online table opens as soon as the game has loaded"),
};
const NEW_GAMES = ["learn", "level", "people-setup", "online"];

export function earlyTap(button, remember = true) {
  const act = button.dataset.act;
  const arg = button.dataset.arg || "";
  if (button.closest(".table-screen[data-kept]")) {
    if (!keptTap(act)) return;
  } else if (act === "set") {
    const group = button.closest("[role=group]");
    for (const chip of group ? group.querySelectorAll("[data-act=set]") : []) chip.setAttribute("aria-pressed", String(chip === button));
  } else if (act === "house") {
    const on = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(on));
    const tick = button.querySelector(".tick");
    if (tick) tick.textContent = on ? "✓" : "";
  } else if (act === "level" || Object.hasOwn(OPENS, act)) {
    const name = act === "level" && button.querySelector(".level-name");
    const level = name ? name.textContent.replace(/^\S+\s/, "") : "";
    // Translators: {level} is a level's name as the start screen shows it (Sprout, Scout, Ace).
    waiting = act === "level" ? t("Your {level} table opens as soon as the game has loaded", { level }) : t(OPENS[act]);
    progress(stage);
    if (NEW_GAMES.includes(act)) chosen(button);
    const line = document.querySelector(".loading");
    line?.classList.add("waiting"); // in sight: game.css
    if (line) clearOf(line, button);
  } else {
    return; // links and anything else work as they are
  }
  if (remember) early.push([act, arg]);
}

/* The line, stuck to the top or the foot of a phone's window, may now cover the button just tapped
 * (📊 at the foot of the start screen): the page moves just enough for both to show. */
function clearOf(line, button) {
  const a = line.getBoundingClientRect(), b = button.getBoundingClientRect();
  if (a.bottom <= b.top || b.bottom <= a.top) return;
  window.scrollBy(0, a.top < innerHeight / 2 ? b.top - a.bottom - 8 : b.bottom - a.top + 8);
}

/* The last of the new games tapped (a level, 👥 Pass and play, 🎓 the guided deal) is the one
 * that opens: its card shows pressed, and the others' taps are dropped. */
function chosen(button) {
  for (const other of SCREEN.querySelectorAll('[data-act="level"], [data-act="people-setup"], [data-act="online"]')) other.setAttribute("aria-pressed", String(other === button));
  forget(...NEW_GAMES);
}

/* ------------------------------------------------------------------ the table kept for a return */

/* 📜 Rules is a page of its own: coming back (its "Back to the game", the browser's back, a reload)
 * loads this page afresh, and Python takes a second or more to draw the table again. So the table
 * as last drawn is kept in this tab's sessionStorage when the page goes, and shown at once when it
 * comes back to the same game at the same move, inert, with "One moment…", until Python draws it.
 * Only a table that is safe to show again is kept: the saved game's own, at its saved move, and in
 * pass-and-play only with every hand hidden (whoever holds the phone on the return may not be the
 * person who looked at the rules).
 *
 * The host of an online table is back at once too, from a reload or from the tab closed and the
 * site opened again (a new tab: no sessionStorage): its table is also kept in localStorage while
 * its room is open (HOST_TABLE), and shown with "Reopening your table…" if the room kept beside
 * the save is still that game's. It is the host's own screen (no hand veiled: each person looks at
 * their own device). Its taps are kept and acted on once Python is in (the table is the saved
 * game's at its saved move, so a tap means there what it means here), and hosting.js opens the
 * room on the relay meanwhile, so the guests come back while Python loads. */
const KEPT_TABLE = "aggravation.table";
const ROOM = "aggravation.room"; // the online room this device hosts, kept by the worker (game/ui/store/room.py)
const HOST_TABLE = "aggravation-host.table"; // outside the game's keys (storage.js's PREFIX): the worker never reads it
const ROOM_CODE = /^aggravation-[0-9a-f]{24}$/;

function savedGame(text) {
  try {
    const record = JSON.parse(text || "null");
    return record && typeof record.game === "string" ? record : null;
  } catch (error) {
    return null;
  }
}

/* The online room this device hosts, {code, game}, if the worker will open it again: one waiting
 * to start, or one whose game is the saved game in progress (game/ui/session/online.py adopt). */
function hostedRoom(text, record) {
  let room;
  try {
    room = JSON.parse(text || "null");
  } catch (error) {
    return null;
  }
  if (!room || !ROOM_CODE.test(room.code) || typeof room.game !== "string") return null;
  return !room.game || (record && !record.over && record.game === room.game) ? room : null;
}

function safeToKeep(table, record, online) {
  if (!table || !record || record.over || Number(table.dataset.token) !== record.moves) return false;
  if ((record.people || 1) === 1 || online) return true;
  return !!table.querySelector('[data-zone="hand"].veiled') && !table.querySelector('[data-zone="hand"] [data-card], .frames [data-card]');
}

function keepTable() {
  if (!game) return; // Python never drew here: what was kept before still stands
  try {
    const table = SCREEN.querySelector(".table-screen");
    const record = savedGame(localStorage.getItem(SLOT));
    const room = hostedRoom(localStorage.getItem(ROOM), record);
    const online = room && room.game ? room.code : "";
    if (!safeToKeep(table, record, online)) {
      sessionStorage.removeItem(KEPT_TABLE);
      return void localStorage.removeItem(HOST_TABLE);
    }
    const kept = JSON.stringify({ game: record.game, moves: record.moves, room: online, html: SCREEN.innerHTML, view: keepView() });
    sessionStorage.setItem(KEPT_TABLE, kept);
    if (online) localStorage.setItem(HOST_TABLE, kept);
    else localStorage.removeItem(HOST_TABLE);
  } catch (error) {
    /* storage blocked or full: the return shows the start screen until Python is up, as before */
  }
}
addEventListener("pagehide", keepTable);
// A phone may close a tab in the background without a pagehide: its table is kept when it is hidden.
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && keepTable());

function readKept(storage, key) {
  try {
    return JSON.parse(storage.getItem(key) || "null");
  } catch (error) {
    return null;
  }
}

/* The kept table, shown at once if it is still the saved game's table; true if it was. Never for
 * an address that starts a game (?seed=, ?level=, ?learn). Nothing of a moment is shown again (a
 * claim's draining bar, a message, a picked card, the lesson's tip): Python redraws those. */
export function showKeptTable(stored) {
  if (namesADeal()) return false;
  const record = savedGame(stored[SLOT]);
  const room = hostedRoom(stored[ROOM], record);
  const fits = (kept) => !!kept && !!record && !record.over && kept.game === record.game && kept.moves === record.moves
    && (!kept.room || (kept.room === room?.code && room.game === record.game));
  let kept = readKept(sessionStorage, KEPT_TABLE);
  if (!fits(kept) && room?.game) kept = readKept(localStorage, HOST_TABLE);
  if (!fits(kept)) return false;
  const copy = document.createElement("template");
  copy.innerHTML = kept.html;
  const table = copy.content.querySelector(".table-screen");
  if (!safeToKeep(table, record, kept.room)) return false;
  for (const gone of copy.content.querySelectorAll(".timer, .message, .coach, .flights")) gone.remove(); // .flights: motion.js
  for (const card of copy.content.querySelectorAll(".selected, .in-flight")) card.classList.remove("selected", "in-flight");
  table.inert = !kept.room; // the host's table keeps its taps for Python (earlyTap)
  table.dataset.kept = "true";
  const wait = document.createElement("p");
  wait.className = "waking";
  wait.setAttribute("role", "status");
  wait.textContent = kept.room ? t("Reopening your table…") : t("One moment…");
  SCREEN.replaceChildren(copy.content, wait);
  restoreView({ focus: null, scrolled: {}, open: [], ...(kept.view || {}) });
  document.body.dataset.screen = "table";
  performance.mark("aggravation-kept-table");
  return true;
}

/* A tap on the host's kept table: kept for Python, and the table says so. False for the acts the
 * page does itself (a file, the deal's address, the past games): they wait for the live table. */
function keptTap(act) {
  if (["download", "share", "past"].includes(act)) return false;
  const wait = SCREEN.querySelector(".waking");
  if (wait) wait.textContent = t("Reopening your table… your tap follows");
  document.body.dataset.waiting = "1"; // game.css: the table shows a tap is on its way
  return true;
}

/* An online room this device hosts, opened on the relay now, before Python is in, so the guests
 * come back while it loads (hosting.js); the worker's first frame keeps it or closes it. */
let hosting = null;
export function reopenRoom(stored) {
  const room = !namesADeal() && hostedRoom(stored[ROOM], savedGame(stored[SLOT]));
  if (room) hosting = import("./hosting.js").then((module) => (module.reopen(room.code), module));
}

function namesADeal() {
  const query = new URLSearchParams(location.search);
  return ["seed", "level", "learn"].some((key) => query.has(key));
}

/* Early taps of these acts are dropped: a later choice of new game replaces an earlier one. */
function forget(...acts) {
  for (let i = early.length - 1; i >= 0; i--) if (acts.includes(early[i][0])) early.splice(i, 1);
}

/* ------------------------------------------------------------------ boot */

/* Python's big files, asked for by this page at once on a first visit: the worker would ask for
 * them only after a chain of small scripts (PyScript, the worker, Pyodide's loader), about a second
 * of a phone's network spent idle. Its own requests then find them in the browser's HTTP cache.
 * Their bodies are read as blobs, which the browser fills off this thread: read here as a stream,
 * the 9.6 MB wasm cost this thread one task of 50-70 ms as it came in (bench.page).
 * A later visit is served by the service worker, or starts from the snapshot of Python this browser
 * keeps (python-boot.mjs's cache, whose name is repeated here: importing that module would load
 * Pyodide's loader on this thread): asking early would only make the worker wait for the cache. */
const FIRST_DOWNLOADS = ["../vendor/pyodide/pyodide.asm.wasm", "../../stdlib.zip", "../vendor/pyodide/pyodide.asm.mjs"];
const SNAPSHOT_CACHE = "aggravation-python-snapshot";
async function startDownloads() {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
  if (typeof caches !== "undefined" && (await caches.has(SNAPSHOT_CACHE).catch(() => false))) return;
  for (const path of FIRST_DOWNLOADS) {
    fetch(new URL(path, import.meta.url))
      .then((response) => response.blob()) // the bytes go to the HTTP cache and a blob, never through this thread
      .catch(() => {}); // the worker's own request will say what is wrong
  }
}

export async function boot() {
  startDownloads();
  const download = followDownload();
  progress(1);
  const { PyWorker } = await import("../vendor/pyscript/core.js");
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
  download.close();
  URL.revokeObjectURL(file);
  progress(3);
  const stored = readStored();
  Object.assign(known, stored);
  const request = {
    stored, params: urlParams(), later: new URL("online.zip", location.href).href, // game/ui/later.py
    languages: [...(navigator.languages || [navigator.language || ""])], // the first the game has (game/i18n.py)
    catalogs: new URL("locales/", location.href).href, // only the language drawn in is fetched (worker.py)
  };
  const frame = await worker.sync.boot(JSON.stringify(request));
  connect(worker.sync);
  apply(frame);
  // Taps made while Python loaded, in order: the switches first (a house rule applies to the game
  // a level starts), then the new game (a level, 🎓 the guided deal), whose table opens whatever the
  // store held (a save set aside is said there), or the game in progress is asked about first.
  const opens = ([act]) => act === "level" || act === "learn";
  for (const [act, arg] of early.filter((tap) => !opens(tap))) send(() => game.intent(act, arg, ""));
  const [chosenGame] = early.filter(opens).slice(-1);
  if (chosenGame) send(() => game.early(...chosenGame));
  // A room opened early that the worker did not open again (its game gone): closed.
  if (hosting && !("online" in JSON.parse(frame))) hosting.then((module) => module.host({}));
  await chain;
  delete document.body.dataset.waiting; // the kept table's taps are answered
  const { python: version, start } = JSON.parse(frame);
  document.body.dataset.pythonVersion = version;
  document.body.dataset.pythonStart = start; // "snapshot" or "fresh" (python-boot.mjs)
  if (start === "fresh" && window.aggravationSnapshots !== false) setTimeout(makeSnapshot, SNAPSHOT_AFTER_MS);
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
 * later, not at once: the table is up and answering before a second Python takes a processor.
 * The browser tests set window.aggravationSnapshots = false before the page runs, but for those of
 * the snapshot itself (tests/browser/conftest.py): each copy costs them that second start. */
const SNAPSHOT_AFTER_MS = 3000;
function makeSnapshot() {
  performance.mark("aggravation-snapshot-start"); // bench/page.py reads it
  const maker = new Worker(new URL("../python-snapshot.mjs", import.meta.url), { type: "module" });
  maker.onmessage = maker.onerror = () => {
    performance.mark("aggravation-snapshot-end");
    maker.terminate();
  };
}

/* ------------------------------------------------------------------ the address */

function urlParams() {
  const params = {};
  for (const [key, value] of new URLSearchParams(location.search)) if (value) params[key] = value;
  return params;
}
