/* The page's one line to the worker (game/ui/worker.py), and the #screen it draws into.
 *
 * Why a module of its own: every other part of the page asks the worker something (a tap, a write
 * refused, another tab's news, a file's text), and all of them go through ONE queue, so the worker
 * hears them in the order they happened. This module holds the worker's exposed functions once it
 * has booted, that queue, #screen's aria-busy while questions are out, and the notice shown when
 * the worker fails. It imports no other module of the page but words.js (the notice's words): how a frame is drawn is handed to it
 * once, as drawing.js loads (drawWith), so nothing here has to know the storage, the view or the
 * flights, and no two modules import each other.
 */
import { around, t } from "./words.js";

export const SCREEN = document.getElementById("screen");

export let game = null; // the worker's exposed functions, once it has booted
export let chain = Promise.resolve(); // intents reach the worker one at a time, in tap order
let draw = null; // drawing.js's apply: draws a frame's text, true if it was one

/* The worker is up (boot.js): from now on taps and timers go to it. */
export function connect(functions) {
  game = functions;
}

/* How each answer is drawn: drawing.js hands its apply over once, as it loads. */
export function drawWith(apply) {
  draw = apply;
}

/* Ask the worker one thing (after whatever is already on its way) and draw its answer. A tap's
 * time from the click to the next frame after the redraw is kept as an "aggravation-tap" measure
 * (bench/page.py reads them). */
let inFlight = 0; // #screen is aria-busy while the worker has questions to answer

export function send(ask, tappedAt = null) {
  inFlight += 1;
  SCREEN.setAttribute("aria-busy", "true");
  chain = chain
    .then(ask)
    .then(draw)
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
export function snag() {
  if (document.getElementById("snag")) return;
  const notice = document.createElement("div");
  notice.id = "snag";
  notice.className = "snag";
  notice.setAttribute("role", "alert");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("reload to carry on");
  button.addEventListener("click", () => location.reload());
  // Translators: {reload} is a button, "reload to carry on".
  notice.append(...around("Something went wrong and the table stopped. Your game is saved — {reload}", "reload", button));
  document.body.append(notice);
}
