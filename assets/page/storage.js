/* localStorage, and the rule that two tabs of the game never put an older game over a newer one.
 *
 * The worker decides what is kept; the page's thread is the only one that can reach localStorage,
 * so this module reads the game's keys for the boot, makes the worker's writes (the saved game's
 * slot as a compare-and-set), and tells the worker what another tab wrote (the storage event, a
 * return from the background or the back/forward cache). It touches localStorage and listens to
 * the window's storage and pageshow events and the document's visibilitychange; never #screen.
 */
import { game, send } from "./link.js";

const PREFIX = "aggravation."; // every key the game keeps in localStorage starts so

export function readStored() {
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

export const SLOT = "aggravation.save";
export const HEARD = [SLOT, "aggravation.stats"]; // read again before each tap and timer: the slot, the statistics (counted once)
export const known = {}; // each key's text as this page last wrote it or told the worker of it

/* The page's writes, in the worker's order. A refused write (full or blocked storage) is reported
 * back, so the game can say once that it cannot be saved; it plays on either way. */
export function write(writes) {
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
export function newsOf(keys) {
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
