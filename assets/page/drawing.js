/* Drawing the worker's frame: the one place #screen's HTML is replaced. A frame (JSON text, see
 * game/ui/app.py) carries the HTML, the localStorage writes to make, the timer to set, and at times
 * a file to offer or the deal's address to forget. apply does them in that order, around the
 * view keeping (keeping.js) and the flights (motion.js), and sets the worker's timer; it hands
 * itself to link.js, which draws every answer of the queue with it.
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
  const sheet = !!SCREEN.querySelector(".sheet");
  SCREEN.innerHTML = frame.html;
  restoreView(view);
  followSheet(sheet);
  moveCards(places); // after the frame is in: the flights never hold the redraw back
  document.body.dataset.screen = frame.screen;
  if (frame.forget_params) forgetDealParams();
  if (frame.download) offerFile(...frame.download);
  const deal = SCREEN.querySelector('.replay-deals [aria-pressed="true"]');
  if (deal) deal.parentElement.scrollLeft = Math.max(0, deal.offsetLeft - deal.parentElement.offsetLeft - 8); // the deal shown, in sight
  schedule(frame.timer);
  carryOnline(frame);
  return true;
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
  const sheet = SCREEN.querySelector(".sheet");
  if (sheet && !before) sheet.classList.add("rise");
  if (sheet && !history.state?.sheet) history.pushState({ ...history.state, sheet: true }, "");
  else if (!sheet && history.state?.sheet) history.back();
}

addEventListener("popstate", () => {
  if (SCREEN.querySelector(".sheet") && game) send(() => game.intent("history-close", "", newsOf(HEARD)));
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
