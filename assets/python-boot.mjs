/* Pyodide for the game's worker, started from a memory snapshot of an earlier start.
 *
 * Why: most of a warm boot is not downloading or compiling Pyodide but starting Python inside it
 * (about 1.5 s of 2 s in a worker here). Pyodide can save its memory right after that start and
 * begin from the copy the next time, which skips it. The copy is made in this browser from the
 * very files it runs, and kept in Cache Storage under Pyodide's version; nothing extra is
 * downloaded, so a first visit costs what it did.
 *
 * Two users of this module:
 *   - PyScript imports it as the game's interpreter (assets/app.js passes its URL as `version`,
 *     pyscript.toml names it) and calls `loadPyodide` with its own options.
 *   - assets/python-snapshot.mjs, a short-lived worker the page starts once the game is up after a
 *     start without a copy, calls `makeSnapshot`. It is a second, throwaway interpreter because
 *     Pyodide's snapshot mode changes how Python sees JavaScript's globals (a getter such as
 *     `js.performance.timeOrigin` fails in it), and the game's own interpreter must be the same
 *     Python on every visit.
 *
 * A copy that cannot be read or used is dropped, and Python starts the long way. Where Cache
 * Storage is missing (a page not served over HTTPS or from localhost) or refuses (storage full,
 * private mode), every visit takes the long way. The copy is taken before any page code touches
 * the interpreter, so it holds no JavaScript object of one page's life, and Python seeds `random`
 * from the system when a generator is made, so no two visits share a shuffle.
 */
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// sw.js keeps this cache across game updates (it clears the other "aggravation-" ones).
export const CACHE = "aggravation-python-snapshot";
// Not a file anywhere: the key the copy is kept under, one per Pyodide version.
const KEY = new URL(`./vendor/pyodide/memory-${version}.snapshot`, import.meta.url).href;
// Set while a start from the copy is under way, cleared once the game has drawn its first screen
// (game/ui/worker.py calls aggravationPythonBooted). Still set at the next start means the last
// one never got there, hung or crashed, so the copy is not trusted again.
const TRYING = `${KEY}?starting`;
const SIZE = "x-snapshot-bytes"; // a copy cut short (quota, a crash while writing) is not used

const store = () => (typeof caches === "undefined" ? null : caches.open(CACHE).catch(() => null));
const quietly = (promise) => promise.catch(() => undefined);

async function saved(cache) {
  try {
    const [hit, tried] = await Promise.all([cache.match(KEY), cache.match(TRYING)]);
    if (hit && !tried) {
      const bytes = await hit.arrayBuffer();
      if (String(bytes.byteLength) === hit.headers.get(SIZE)) return bytes;
    }
  } catch {
    /* unreadable: start the long way and write a new one */
  }
  await forget(cache);
  return null;
}

async function forget(cache) {
  await Promise.all([quietly(cache.delete(KEY)), quietly(cache.delete(TRYING))]);
}

/* Keep this version's copy and drop any other version's. */
async function keep(cache, snapshot) {
  try {
    for (const request of await cache.keys()) if (request.url !== KEY) await cache.delete(request);
    const headers = { "content-type": "application/octet-stream", [SIZE]: String(snapshot.byteLength) };
    await cache.put(KEY, new Response(snapshot, { headers }));
    return true;
  } catch {
    return false; // storage refused: the next visit takes the long way, and makes one again
  }
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  globalThis.aggravationPythonStart = "fresh"; // game/ui/worker.py tells the page
  const cache = await store();
  const snapshot = cache && (await saved(cache));
  if (snapshot) {
    try {
      await cache.put(TRYING, new Response(""));
      const pyodide = await load({ ...settings, _loadSnapshot: snapshot });
      globalThis.aggravationPythonStart = "snapshot";
      globalThis.aggravationPythonBooted = () => quietly(cache.delete(TRYING));
      return pyodide;
    } catch (error) {
      console.warn("Python's saved start could not be used; starting afresh.", error);
      await forget(cache);
    }
  }
  return load(settings);
}

/* Start Python once more, in snapshot mode, and keep its memory for the next visits. */
export async function makeSnapshot() {
  const cache = await store();
  if (!cache) return "no storage";
  const pyodide = await load({ indexURL: INDEX_URL, _makeSnapshot: true });
  return (await keep(cache, pyodide.makeMemorySnapshot())) ? "kept" : "refused";
}
