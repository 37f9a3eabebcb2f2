/* Drawing the worker's frame: the one place #screen's HTML is replaced. A frame (JSON text, see
 * game/ui/app.py) carries the HTML, the localStorage writes to make, the timer to set, and at times
 * a file to offer or the deal's address to forget. apply does them in that order, around the
 * view keeping (keeping.js) and the flights (motion.js), sets the worker's timer and sounds the
 * frame's cues; it hands itself to link.js, which draws every answer of the queue with it.
 */
import { SCREEN, drawWith, game, send } from "./link.js";
import { HEARD, newsOf, write } from "./storage.js";
import { offerFile } from "./files.js";
import { keepView, restoreView } from "./keeping.js";
import { moveCards, notePlaces } from "./motion.js";

let timer = null;
let due = null; // [token, when the timer set for it fires]

/* The worker's timer for this moment (``[delay, token]``). One already set for the same moment
 * that fires no later is kept: a frame that changed nothing (a tap refused, a guest's screen
 * redrawn at an online table) never puts a bot's move or an offer's end off. */
function schedule(next) {
  if (next && timer !== null && due[0] === next[1] && due[1] <= performance.now() + next[0]) return;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (!next) return;
  const [delay, token] = next;
  due = [token, performance.now() + delay];
  timer = setTimeout(() => {
    timer = null;
    send(() => game.tick(token, newsOf(HEARD)));
  }, delay);
}

export function apply(text) {
  const frame = JSON.parse(text);
  if (!frame) return false;
  if (!("html" in frame)) { // an online table's messages alone: the table is as it was
    carryOnline(frame);
    return true;
  }
  write(frame.writes);
  const view = keepView();
  const places = notePlaces();
  const sheet = !!SCREEN.querySelector(".bottom-sheet");
  SCREEN.innerHTML = frame.html;
  restoreView(view);
  followSheet(sheet);
  moveCards(places); // after the frame is in: the flights never hold the redraw back
  document.body.dataset.screen = frame.screen;
  if (frame.deck) document.body.dataset.deck = frame.deck; // the suits' colours (game.css); a guest keeps its own
  if (frame.lang) document.documentElement.lang = frame.lang; // the language the worker drew in (game/i18n.py)
  if (frame.forget_params) forgetDealParams();
  if (frame.download) offerFile(...frame.download);
  const deal = SCREEN.querySelector('.replay-deals [aria-pressed="true"]');
  if (deal) deal.parentElement.scrollLeft = Math.max(0, deal.offsetLeft - deal.parentElement.offsetLeft - 8); // the deal shown, in sight
  schedule(frame.timer);
  if (byKeys && frame.cues?.includes("turn")) focusHand();
  ownMute(frame.sound === "mute");
  sound(frame);
  if (frame.narrate) narrate(frame.narrate);
  carryOnline(frame);
  return true;
}

/* A player at the keyboard (a screen reader's user among them) finds their turn in their hand:
 * the focus goes to its first card as the turn comes. A finger or a mouse keeps its own place. */
let byKeys = false;
document.addEventListener("keydown", (event) => {
  if (!["Shift", "Control", "Alt", "Meta"].includes(event.key)) byKeys = true;
}, { capture: true });
document.addEventListener("pointerdown", () => { byKeys = false; }, { capture: true });

function focusHand() {
  const first = SCREEN.querySelector('[data-zone="hand"] [data-card]:not([disabled])');
  if (first && !SCREEN.querySelector("[data-dialog]")) first.focus();
}

/* The frame's moves and question in words (game/ui/narration.py), in the live region that stays
 * while #screen is redrawn (index.html): a screen reader says each once, politely. */
function narrate(text) {
  const region = document.getElementById("narration");
  if (region) region.textContent = text;
}

/* ------------------------------------------------------------------ sound and touch
 * The frame's cues (game/ui/cues.py) as short tones made here with Web Audio: no file is fetched
 * for them. Browsers let a page sound only after a tap, so the audio context is made at the
 * player's first tap or key and nothing plays before it; a buzz, likewise, only after one. Each
 * tone: [frequency Hz, start s, length s, wave]. */
const TONES = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.16]],
  draw: [[520, 0, 0.05, "triangle"]],
  discard: [[330, 0, 0.08, "triangle"]],
  offer: [[784, 0, 0.07], [784, 0.12, 0.07]],
  claim: [[440, 0, 0.08, "square"], [330, 0.09, 0.14, "square"]],
  down: [[523, 0, 0.1], [659, 0.08, 0.1], [784, 0.16, 0.2]],
  out: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.1], [1047, 0.3, 0.32]],
  end: [[392, 0, 0.16], [523, 0.18, 0.3]],
};
const BUZZ = { turn: [40], offer: [30, 60, 30] }; // ms: the moments that ask something of the player
const VOLUMES = { low: 0.25, mid: 0.55, high: 1.0 }; // ⚙️ Sound's levels (game/ui/store/settings.py SOUND_LABELS)
let audio = null;

let waking = false;

/* Made when the page is next idle, not in the tap's own task: an audio device can take a while to
 * open, and the tap's answer must not wait for it (a browser allows it once the page was tapped;
 * one that made it suspended is resumed by the next tap). */
function wake() {
  if (audio?.state === "suspended") audio.resume();
  if (audio || waking || !window.AudioContext) return;
  waking = true;
  (window.requestIdleCallback || setTimeout)(() => { audio = new AudioContext(); });
}
for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, wake, { capture: true, passive: true });

/* An online guest's 🔊 chip shows this device's own mute (guest.js keeps it; the host cannot know). */
export function ownMute(muted) {
  const chip = SCREEN.querySelector('[data-act="guest-mute"]');
  if (!chip) return;
  chip.textContent = muted ? "🔇" : "🔊";
  chip.setAttribute("aria-pressed", String(muted));
}

function sound(frame) {
  const cues = frame.cues || [];
  if (!cues.length) return;
  const buzz = cues.find((cue) => cue in BUZZ);
  if (frame.buzz && buzz && navigator.userActivation?.hasBeenActive) navigator.vibrate?.(BUZZ[buzz]);
  const volume = VOLUMES[frame.sound] ?? 0;
  if (!audio || !(volume > 0)) return;
  let at = audio.currentTime + 0.01;
  for (const cue of cues.slice(-3)) { // a frame shows one move, at times a move and its end
    for (const [hz, start, length, wave] of TONES[cue] || []) tone(hz, at + start, length, wave, volume);
    at += 0.14;
  }
  performance.mark("aggravation-sound", { detail: cues }); // what was heard (tests read it)
}

function tone(hz, at, length, wave = "sine", volume = 1) {
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = wave;
  osc.frequency.value = hz;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.2 * volume, at + 0.01); // soft: no click at the start
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/* A frame of a page that hosts an online table: its guests' screens go out (hosting.js, loaded only then). */
export function carryOnline(frame) {
  if ("online" in frame) import("./hosting.js").then((hosting) => hosting.host(frame));
}

/* ------------------------------------------------------------------ the 📋 sheet of moves
 *
 * The sheet slides up when it opens, not at each redraw while it is open (the bots play on under
 * it). While it is open the address has an entry of its own, so a phone's back button closes it
 * as it closes any sheet; closed by ✕, a tap beside it or Escape, that entry goes again. */
function followSheet(before) {
  const sheet = SCREEN.querySelector(".bottom-sheet");
  if (sheet && !before) sheet.classList.add("rise");
  if (sheet && !history.state?.sheet) history.pushState({ ...history.state, sheet: true }, "");
  else if (!sheet && history.state?.sheet) history.back();
}

addEventListener("popstate", () => {
  if (SCREEN.querySelector(".bottom-sheet") && game) send(() => game.escape()); // the sheet on show, whichever
});

/* ------------------------------------------------------------------ the address */

/* Drop ?seed=, ?level=, ?house=, ?rules=, ?players=, ?people=, ?learn=, ?deal= and ?moves=, so a reload resumes the game instead of restarting it. */
function forgetDealParams() {
  const query = new URLSearchParams(location.search);
  for (const key of ["seed", "level", "house", "rules", "players", "people", "learn", "deal", "moves"]) query.delete(key);
  const rest = query.toString();
  history.replaceState(null, "", location.pathname + (rest ? "?" + rest : ""));
}

drawWith(apply);
