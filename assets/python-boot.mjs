/* Pyodide for the game's worker: the game's own cut of Python's library, a wait the page can
 * show moving, and a start from this browser's memory snapshot of Python when it has one.
 *
 * The library: Python starts with stdlib.zip (scripts/stdlib_zip.py), the part of the standard
 * library the game imports, as bytecode: a fifth of the bytes of Pyodide's whole library and no
 * compiling at start. A module it lacks is still found: _aggravation_rest (installed below)
 * fetches the whole library then. The development server answers stdlib.zip with the whole one.
 *
 * The archives (stdlib.zip and game.zip) are packed on the built site: a zip of stored members
 * gzipped as one stream (scripts/game_zip.py ``packed``), a tenth to a fifth fewer bytes than a zip
 * whose members are deflated one by one. Every fetch of either from this worker, whoever asks
 * (Pyodide for the library, PyScript for the game, the snapshot worker), is unwrapped here as it
 * arrives, with the browser's own DecompressionStream; a plain zip (the development server's, or a
 * host that undid the gzip itself) goes through as it is.
 *
 * The wait: on a start the long way, every file Python's start waits for is counted as its bytes
 * arrive and the count is posted on the "aggravation-download" channel, which the page's loading
 * bar follows (assets/page/boot.js); so is the moment Python has started (``{ started: true }``).
 * SIZES, written by scripts/build.py, gives each file's size (a host's gzip hides it:
 * Content-Length is then the compressed size); without it (development) a file's Content-Length
 * counts once it is known. The game's archive is fetched early and not counted (see
 * watchDownloads).
 *
 * The snapshot: most of a start is not downloading Pyodide but starting Python in it. Pyodide can
 * save its memory right after that start and begin from the copy, which skips it. The copy is this
 * browser's own, kept in Cache Storage under Pyodide's version: after a start the long way,
 * assets/python-snapshot.mjs, a short-lived worker the page starts once the game is up, calls
 * `makeSnapshot`. It is a second, throwaway interpreter because Pyodide's snapshot mode changes
 * how Python sees JavaScript's globals (a getter such as `js.performance.timeOrigin` fails in
 * it), and the game's own interpreter must be the same Python on every visit. (No copy is
 * shipped: at 6 MB it cost a first visit on a phone's network more time than it saved.)
 *
 * PyScript imports this module as the game's interpreter (assets/page/boot.js passes its URL as
 * `version`, pyscript.toml names it) and calls `loadPyodide` with its own options.
 *
 * A copy that cannot be read or used is dropped, and Python starts the long way. So does every
 * visit where Cache Storage is missing (a page not served over HTTPS or from localhost). Copies
 * are taken before any page code touches the interpreter, so they hold no JavaScript object of
 * one page's life; Python's `random` is seeded afresh after each start from a copy, and the game
 * seeds its own generators from the system, so no two visits share a shuffle. Local times stay
 * right (`time.localtime` asks JavaScript each time); only `time.tzname` is the copy's, which the
 * game never shows.
 */
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const STDLIB = new URL("../stdlib.zip", import.meta.url).href; // the game's cut (see above)
const WHOLE_STDLIB = `${INDEX_URL}python_stdlib.zip`; // Pyodide's, fetched only for a module missed
// sw.js keeps this cache across game updates (it clears the other "aggravation-" ones).
export const CACHE = "aggravation-python-snapshot";
// Not a file anywhere: the key the copy is kept under, one per Pyodide version.
const KEY = new URL(`./vendor/pyodide/memory-${version}.snapshot`, import.meta.url).href;
// Set while a start from a copy is under way, cleared once the game has drawn its first screen
// (game/ui/worker.py calls aggravationPythonBooted). Still set at the next start means the last
// one never got there, hung or crashed, so that copy is not trusted again.
const TRYING = `${KEY}?starting`;
const SIZE = "x-snapshot-bytes"; // a copy cut short (quota, a crash while writing) is not used
// The boot files' sizes in bytes, by file name: scripts/build.py writes them here.
const SIZES = {};
// Pyodide's package list, cut to its header (the game loads no package): scripts/build.py writes it
// here, which saves a first visit fetching the whole list (120 KB). In development Pyodide fetches it.
const LOCK = null;
const DOWNLOAD_CHANNEL = "aggravation-download"; // assets/page/boot.js listens on it

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

/* Python started from this browser's ``snapshot``, or null when it cannot be used (it is dropped). */
async function startFrom(cache, settings, snapshot) {
  try {
    await cache.put(TRYING, new Response(""));
    const pyodide = await load({ ...settings, _loadSnapshot: snapshot });
    pyodide.runPython("import random; random.seed()"); // the copy's seed is every visit's
    globalThis.aggravationPythonStart = "snapshot";
    globalThis.aggravationPythonBooted = () => quietly(cache.delete(TRYING));
    return pyodide;
  } catch (error) {
    console.warn("Python's saved start could not be used; starting afresh.", error);
    await forget(cache);
    return null;
  }
}

/* ------------------------------------------------------------------ a first visit's downloads */

/* On a start the long way, every response this worker fetches is counted as its body arrives,
 * as a share of the files' sizes: SIZES, else each response's Content-Length when it is the real
 * size (no Content-Encoding). The count is posted at most every DOWNLOAD_POST_MS, and once when
 * a file is in.
 * The game's archive is asked for as soon as Pyodide's wasm is in, not when PyScript asks for it
 * (once Python has started): it then downloads while Python starts, when the line is idle,
 * instead of after. PyScript's own request gets that response, and fetch is itself again. Its
 * bytes are not counted: this thread is busy starting Python while they arrive, so a count read
 * here would only come in once Python is up (the bar stood still at 83 % for the whole start on a
 * phone). The bar moves through the start on its own (boot.js). */
const DOWNLOAD_POST_MS = 100;
const WASM = "pyodide.asm.wasm";
const GAME = new URL("../game.zip", import.meta.url).href; // pyscript.toml's [files]
const GAME_FILE = "game.zip"; // its name in SIZES: not counted (see watchDownloads)

/* ------------------------------------------------------------------ packed archives */

const PACKED = new Set([STDLIB, GAME]); // what the build packs (see the top of this file)
const network = globalThis.fetch.bind(globalThis);
let fetching = network; // what a request goes through first: watchDownloads counts a first visit's

globalThis.fetch = (resource, options) => {
  const url = new URL(resource instanceof Request ? resource.url : String(resource), location.href).href;
  const answer = fetching(resource, options);
  return PACKED.has(url) ? answer.then(unwrapped) : answer;
};

/* The response with a packed archive's zip for its body, unwrapped as the bytes come in; a body
 * that does not start as gzip does (a plain zip) goes through unchanged. */
async function unwrapped(response) {
  if (!response.ok || !response.body) return response;
  const reader = response.body.getReader();
  const head = [];
  for (let size = 0; size < 2; ) {
    const part = await reader.read();
    if (part.done) break;
    head.push(part.value);
    size += part.value.byteLength;
  }
  const start = new Uint8Array(head.flatMap((part) => [...part.subarray(0, 2)]).slice(0, 2));
  const body = new ReadableStream({
    start(controller) {
      for (const part of head) controller.enqueue(part);
    },
    async pull(controller) {
      const part = await reader.read();
      if (part.done) controller.close();
      else controller.enqueue(part.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const gzipped = start[0] === 0x1f && start[1] === 0x8b;
  const { status, statusText } = response;
  const headers = { "content-type": "application/zip" };
  return new Response(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body, { status, statusText, headers });
}

/* ------------------------------------------------------------------ counting */

function watchDownloads() {
  const channel = new BroadcastChannel(DOWNLOAD_CHANNEL);
  const files = new Map(); // name → { got, size }
  let posted = 0;
  const post = (force) => {
    if (!force && performance.now() - posted < DOWNLOAD_POST_MS) return;
    posted = performance.now();
    let got = 0;
    let size = 0;
    for (const file of files.values()) if (file.size) (got += Math.min(file.got, file.size)), (size += file.size);
    for (const [name, bytes] of Object.entries(SIZES)) if (!files.has(name) && name !== GAME_FILE) size += bytes;
    channel.postMessage({ got, size });
  };
  let game = null; // the archive's response, once asked for
  const fetchGame = () => (game ??= network(GAME));
  /* The response as it came (its URL kept: the browser caches the wasm's compiled code under
   * it), its bytes counted on a copy read alongside. */
  function counted(response) {
    if (!response.body || !response.ok) return response;
    const name = new URL(response.url, location.href).pathname.split("/").pop();
    const plain = !response.headers.get("content-encoding");
    const file = { got: 0, size: SIZES[name] || (plain && Number(response.headers.get("content-length"))) || 0 };
    files.set(name, file);
    const copy = response.clone().body.getReader();
    (async () => {
      try {
        for (let part = await copy.read(); !part.done; part = await copy.read()) {
          file.got += part.value.byteLength;
          post(false);
        }
      } catch {
        /* the download broke off: Pyodide's own read of it says so */
      }
      post(true);
      if (name === WASM) fetchGame();
    })();
    return response;
  }
  fetching = (resource, options) => {
    const url = resource instanceof Request ? resource.url : String(resource);
    if (new URL(url, location.href).href === GAME) {
      fetching = network; // the last of the boot's downloads: nothing more to count
      return fetchGame();
    }
    return network(resource, options).then(counted);
  };
}

/* ------------------------------------------------------------------ the start */

/* Where Pyodide finds its files and the game's library, and the package list when the build gave it. */
const runtime = () => ({ indexURL: INDEX_URL, stdLibURL: STDLIB, ...(LOCK ? { lockFileContents: LOCK } : {}) });

/* The rest of the library, should the game import a module stdlib.zip lacks (see above). The
 * whole library (the development server's stdlib.zip) has no _aggravation_rest: nothing to do. */
function backUpTheLibrary(pyodide) {
  pyodide.runPython(`
try:
    import _aggravation_rest
except ImportError:
    pass
else:
    _aggravation_rest.install(${JSON.stringify(WHOLE_STDLIB)})
`);
  return pyodide;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, ...runtime() };
  globalThis.aggravationPythonStart = "fresh"; // game/ui/worker.py tells the page
  const cache = await store();
  if (cache) {
    const own = await saved(cache);
    if (own.tried) {
      await forget(cache); // the last start from it never reached the first screen: not trusted now
    } else if (own.bytes) {
      const pyodide = await startFrom(cache, settings, own.bytes);
      if (pyodide) return backUpTheLibrary(started(pyodide));
    }
  }
  watchDownloads();
  return backUpTheLibrary(started(await load(settings)));
}

/* The page's bar is told Python is up (the game's archive and modules come next). */
function started(pyodide) {
  const channel = new BroadcastChannel(DOWNLOAD_CHANNEL);
  channel.postMessage({ started: true });
  channel.close();
  return pyodide;
}

/* Start Python once more, in snapshot mode, and keep its memory for the next visits. */
export async function makeSnapshot() {
  const cache = await store();
  if (!cache) return "no storage";
  const pyodide = await load({ ...runtime(), _makeSnapshot: true });
  return (await keep(cache, pyodide.makeMemorySnapshot())) ? "kept" : "refused";
}
