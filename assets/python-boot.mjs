/* Pyodide for the game's worker, started from a memory snapshot of Python's start.
 *
 * Why: most of a boot is not downloading or compiling Pyodide but starting Python inside it
 * (about 1.6 s of 2.5 s in a worker here, several seconds on a phone). Pyodide can save its memory
 * right after that start and begin from the copy, which skips it. Two copies, tried in turn:
 *   - this browser's own, kept in Cache Storage under Pyodide's version (see below);
 *   - the shipped one, python-VERSION.snapshot.gz beside Pyodide's files: made once per Pyodide
 *     version by scripts/vendor.py, under Node, from the same vendored Pyodide, with nothing
 *     imported. It holds no JavaScript object (Pyodide's list of them is empty), so it is the
 *     same start in any browser. It costs a first visit about 6 MB more and saves it starting
 *     Python; the service worker keeps it with the rest of the runtime.
 * The browser's own copy is the shipped one, unpacked and kept once the game has drawn its first
 * screen. After a start the long way (no shipped copy, or it failed) it is made instead:
 * assets/python-snapshot.mjs, a short-lived worker the page starts once the game is up, calls
 * `makeSnapshot`. It is a second, throwaway interpreter because Pyodide's snapshot mode changes
 * how Python sees JavaScript's globals (a getter such as `js.performance.timeOrigin` fails in
 * it), and the game's own interpreter must be the same Python on every visit.
 *
 * PyScript imports this module as the game's interpreter (assets/page/boot.js passes its URL as
 * `version`, pyscript.toml names it) and calls `loadPyodide` with its own options.
 *
 * A copy that cannot be read or used is dropped (the shipped one: not tried again), and Python
 * starts the long way. So does every visit where Cache Storage is missing (a page not served over
 * HTTPS or from localhost) or where DecompressionStream is (an old browser). Copies are taken
 * before any page code touches the interpreter, so they hold no JavaScript object of one page's
 * life; Python's `random` is seeded afresh after each start from a copy, and the game seeds its
 * own generators from the system, so no two visits share a shuffle. Local times stay right
 * (`time.localtime` asks JavaScript each time); only `time.tzname` is the copy's, which the game
 * never shows.
 */
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// sw.js keeps this cache across game updates (it clears the other "aggravation-" ones).
export const CACHE = "aggravation-python-snapshot";
// Not a file anywhere: the key the copy is kept under, one per Pyodide version.
const KEY = new URL(`./vendor/pyodide/memory-${version}.snapshot`, import.meta.url).href;
// The shipped copy (scripts/vendor.py names it alike).
const SHIPPED = new URL(`./vendor/pyodide/python-${version}.snapshot.gz`, import.meta.url).href;
// Set while a start from a copy is under way, cleared once the game has drawn its first screen
// (game/ui/worker.py calls aggravationPythonBooted). Still set at the next start means the last
// one never got there, hung or crashed, so that copy is not trusted again.
const TRYING = `${KEY}?starting`;
// Set when the shipped copy failed in this browser: it is not fetched again (until Pyodide changes).
const SHIPPED_FAILED = `${KEY}?shipped-failed`;
const SIZE = "x-snapshot-bytes"; // a copy cut short (quota, a crash while writing) is not used
const KEEP_AFTER_MS = 3000; // after the first screen, before the shipped start is kept (see startFrom)

const store = () => (typeof caches === "undefined" ? null : caches.open(CACHE).catch(() => null));
const quietly = (promise) => promise.catch(() => undefined);

/* ``{ bytes }``: this browser's own copy; ``{ tried }``: the last start from a copy never finished. */
async function saved(cache) {
  try {
    const [hit, tried] = await Promise.all([cache.match(KEY), cache.match(TRYING)]);
    if (tried) return { tried: true };
    if (!hit) return {};
    const bytes = await hit.arrayBuffer();
    if (String(bytes.byteLength) === hit.headers.get(SIZE)) return { bytes };
  } catch {
    /* unreadable: drop it below */
  }
  await forget(cache);
  return {};
}

async function forget(cache) {
  await Promise.all([quietly(cache.delete(KEY)), quietly(cache.delete(TRYING))]);
}

/* The shipped copy, unpacked; throws if it is missing, cut short or damaged (gzip's own check).
 * Downloaded whole before unpacking: a damaged copy then ends its own request cleanly. A host
 * that sends a .gz file with "Content-Encoding: gzip" has the browser unpack it already. */
async function shipped() {
  const response = await fetch(SHIPPED);
  if (!response.ok) throw new Error(`${response.status} for ${SHIPPED}`);
  const packed = await response.blob();
  const [first, second] = new Uint8Array(await packed.slice(0, 2).arrayBuffer());
  if (first !== 0x1f || second !== 0x8b) return packed.arrayBuffer(); // not gzip: unpacked on the way
  return new Response(packed.stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

/* Keep this version's copy and drop any other version's (and their marks). */
async function keep(cache, snapshot) {
  try {
    for (const request of await cache.keys()) if (!request.url.startsWith(KEY)) await cache.delete(request);
    const headers = { "content-type": "application/octet-stream", [SIZE]: String(snapshot.byteLength) };
    await cache.put(KEY, new Response(snapshot, { headers }));
    return true;
  } catch {
    return false; // storage refused: the next visit takes the long way, and makes one again
  }
}

/* Python started from ``snapshot``, or null when that copy cannot be used (this browser's own
 * copy is then dropped; the caller marks a shipped one). */
async function startFrom(cache, settings, snapshot, start) {
  try {
    await cache.put(TRYING, new Response(""));
    const pyodide = await load({ ...settings, _loadSnapshot: snapshot });
    pyodide.runPython("import random; random.seed()"); // the copy's seed is every visit's
    globalThis.aggravationPythonStart = start;
    globalThis.aggravationPythonBooted = () => {
      quietly(cache.delete(TRYING));
      // Kept unpacked in this browser: the next visits skip fetching and unpacking it. A little
      // later, not at once: writing 31 MB would take a processor from the first table's drawing.
      if (start === "shipped") setTimeout(() => keep(cache, snapshot), KEEP_AFTER_MS);
    };
    return pyodide;
  } catch (error) {
    console.warn(`Python's saved start (${start}) could not be used; starting afresh.`, error);
    await forget(cache);
    return null;
  }
}

/* The shipped copy failed in this browser: do not fetch it again. */
const never = (cache) => quietly(cache.put(SHIPPED_FAILED, new Response("")));

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  globalThis.aggravationPythonStart = "fresh"; // game/ui/worker.py tells the page
  const cache = await store();
  if (cache) {
    const own = await saved(cache);
    if (own.tried) {
      // The last start from a copy never reached the first screen: neither copy is trusted now.
      await Promise.all([forget(cache), never(cache)]);
    } else if (own.bytes) {
      const pyodide = await startFrom(cache, settings, own.bytes, "snapshot");
      if (pyodide) return pyodide;
    } else if (!(await quietly(cache.match(SHIPPED_FAILED)))) {
      const bytes = await shipped().catch((error) => {
        console.warn("Python's shipped start could not be read; starting afresh.", error);
        return null;
      });
      const pyodide = bytes && (await startFrom(cache, settings, bytes, "shipped"));
      if (pyodide) return pyodide;
      await never(cache);
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
