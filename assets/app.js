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
 *
 * This file only wires the page's modules (assets/page/, plain ES modules, no build step; index.html
 * preloads them all, so they come in one round of requests). Each imports only those below it:
 *   link.js      the one queue to the worker, #screen, the notice when the worker fails
 *   storage.js   localStorage: the worker's writes, and what another tab wrote
 *   files.js     a game exported or imported as a file, a deal's address shared
 *   keeping.js   the focus, open details and scroll kept through a redraw
 *   motion.js    cards flying to their new places
 *   drawing.js   a frame drawn: the HTML, the writes, the timer (around keeping and motion)
 *   words.js     the page's own words in the player's language (imports none of the others)
 *   boot.js      the worker started, the loading line, the start screen answering until it is up
 *   input.js     taps, keys, drags and touch, each sent to the worker as an intent
 *   wire.js      an online table's wire (PeerJS, the relay), loaded only when one is opened or joined:
 *   hosting.js     the host's side (drawing.js and boot.js load it), and
 *   guest.js       a guest's page at someone's table (loaded here for ?join=): no Python
 */
import { SCREEN, game, snag } from "./page/link.js";
import { readStored } from "./page/storage.js";
import { boot, progress, reopenRoom, showKeptTable, showStoredSettings, showSuitColours } from "./page/boot.js";
import { language, startScreen, t, wording } from "./page/words.js";
import "./page/input.js";

performance.mark("aggravation-start");

const lang = language();
// Another language than English: index.html's start screen is English, so #screen stays unseen until
// the page's words in that language are in (and, for the start screen, that language's own start
// screen, scripts/shell.py), swapped in before anything on it answers a tap. A few kilobytes, kept
// by the service worker; not in within WORDS_MS (a slow network), the page goes on in English, as
// before, until Python draws its own screens.
const WORDS_MS = 2500;
const inTime = (promise, otherwise) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, WORDS_MS, otherwise))]);
if (lang !== "en") SCREEN.style.visibility = "hidden";
const joining = new URLSearchParams(location.search).get("join");
if (joining) {
  // ?join=CODE: a guest at someone's online table. No Python here: the host's page draws the table.
  Promise.all([import("./page/guest.js"), inTime(wording(lang), false)]).then(([guest, worded]) => {
    if (worded) document.documentElement.lang = lang; // the join page's words; the host's frames then say theirs
    guest.join(joining);
  }).catch((error) => {
    console.error("The online table could not load:", error);
    snag();
  }).finally(() => (SCREEN.style.visibility = ""));
} else if (lang === "en") {
  showStored();
  start();
} else {
  startIn(lang);
}

/* Python's downloads start at once; the start screen is swapped for the language's own, unless
 * Python has drawn first. */
function startIn(lang) {
  const words = inTime(Promise.all([wording(lang), startScreen(lang)]), [false, null]);
  start();
  words.then(([, html]) => {
    if (!game) {
      const screen = SCREEN.querySelector("main.start");
      if (html && screen) {
        screen.outerHTML = html;
        document.documentElement.lang = lang;
      }
      showStored();
      progress(); // the loading line, in the page's words
    }
    SCREEN.style.visibility = "";
  });
}

/* Back from 📜 Rules (or a reload, or a host back at its online table) to a game in progress: its
 * table at once, until Python redraws it; else the start screen with the player's settings. */
function showStored() {
  const stored = readStored();
  showSuitColours(stored);
  if (!showKeptTable(stored)) showStoredSettings(stored);
  reopenRoom(stored); // an online table this device hosts: its guests come back while Python loads
}

function start() {
  progress(0);
  boot().catch((error) => {
  console.error("The game could not start:", error);
  const line = document.getElementById("loading");
  if (line) line.textContent = t("The game could not start. Reload the page to try again.");
    snag();
  });
}
