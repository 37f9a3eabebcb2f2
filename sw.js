/* Aggravation's service worker: the game keeps working offline after one online visit.
 *
 * Why it sits at the site root and not in assets/: a worker controls only URLs under its own
 * folder (static hosts cannot send the Service-Worker-Allowed header that would widen that), and
 * it must control index.html, the rules pages (rules*.html) and print/. Every URL here is relative to the worker's
 * own location, so the site works at / and under a sub-path such as /aggravation/.
 *
 * The list of files to keep comes from sw-manifest.js, which `make dist` (scripts/build.py)
 * writes next to this file: two caches with two keys.
 *   runtime  the vendored PyScript + Pyodide (~11 MB), keyed by their versions
 *            (assets/vendor/versions.json): a game update never downloads the runtime again.
 *            Its "lazy" files (Pyodide's whole library, which the game fetches only for a module its
 *            own cut of it lacks) are not fetched ahead: they are kept the first time they are fetched.
 *   app      the game's own files, keyed by a content hash of those files; its "lazy" files, the
 *            message catalogs (with the page's words and start screen in each language), are kept
 *            the first time the page fetches one (only the language a player draws in: a first
 *            visit stays light), and so are the rules pages and cards of a language this browser
 *            does not read (those of one it reads are precached, its catalog too).
 * A new sw-manifest.js (any app file changed) makes the browser install a new worker; it waits
 * until the page's last tab reloads (or the player taps the "reload" notice), so a running page
 * never mixes files of two versions. The saved game lives in localStorage, which no cache
 * change touches.
 *
 * Fetch policy: only GET requests inside this worker's scope are answered; a cached file is
 * answered from the cache, anything else goes to the network untouched. Navigations are NOT
 * all routed to index.html: a folder URL maps to its own index.html (print/ → print/index.html).
 */
/* global AGGRAVATION_MANIFEST */
"use strict";

importScripts("sw-manifest.js");

const MANIFEST = self.AGGRAVATION_MANIFEST;
const PREFIX = "aggravation-";
const RUNTIME_CACHE = `${PREFIX}runtime-${MANIFEST.runtime.key}`;
const APP_CACHE = `${PREFIX}app-${MANIFEST.app.hash}`;
const OURS = [RUNTIME_CACHE, APP_CACHE];
// This browser's copy of Python's memory snapshot (assets/python-boot.mjs), keyed by Pyodide's
// version inside, and kept across updates like the saved game.
const KEPT = [...OURS, `${PREFIX}python-snapshot`];
const SCOPE = new URL("./", self.location).href;

const absolute = (path) => new URL(path, SCOPE).href;
const LAZY = new Set((MANIFEST.runtime.lazy || []).map(absolute));
// The message catalogs (locales/): only the language a player draws in is ever fetched, and kept
// then, with the app's files (a new catalog comes with a new app hash), so that language works offline.
const LAZY_APP = new Set((MANIFEST.app.lazy || []).map(absolute));
// A language's rules pages and cards (rules.es.html), its catalog and what the page shows in it before
// Python is up (locales/es/: LC_MESSAGES/game.mo, page.json, start.html, assets/app.js): precached where
// this browser reads that language, so an offline visit speaks it (the first visit fetched them before
// this worker was there); kept when first fetched anywhere else (they are among the app's lazy files).
const READS = new Set((self.navigator.languages || []).map((tag) => tag.slice(0, 2).toLowerCase()));
const PAGES = Object.entries(MANIFEST.app.pages || {}).filter(([lang]) => READS.has(lang)).flatMap(([, files]) => files);

/* Fetch every listed file that the cache lacks. `no-cache` revalidates with the server (a 304
 * costs a few hundred bytes), so a stale HTTP-cache copy is never stored under a new key. */
async function fill(cacheName, files) {
  const cache = await caches.open(cacheName);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const missing = files.map(absolute).filter((url) => !have.has(url));
  await Promise.all(
    missing.map(async (url) => {
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (!response.ok) throw new Error(`precache: ${response.status} for ${url}`);
      await cache.put(url, response.redirected ? await unredirected(response) : response);
    }),
  );
}

/* Hosts that prettify URLs (print/index.html → print/) answer with a redirect; a redirected
 * response may not answer a navigation, so keep a plain copy of it. */
async function unredirected(response) {
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

self.addEventListener("install", (event) => {
  // A failed download fails the install: the browser keeps the current worker and retries later.
  event.waitUntil(
    Promise.all([fill(RUNTIME_CACHE, MANIFEST.runtime.files), fill(APP_CACHE, [...MANIFEST.app.files, ...PAGES])]),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && !KEPT.includes(name))
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim(); // the very first visit becomes offline-ready without a reload
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate-update") self.skipWaiting();
});

/* A folder URL stands for its index.html; queries (?seed=…, ?speed=…) never change a file. */
function cacheKey(url) {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
}

/* The two caches, opened once per worker start rather than once per request: a boot makes ~40
 * requests, and each caches.open() is a round trip to the browser's cache backend. */
const opened = new Map();
function open(name) {
  if (!opened.has(name)) opened.set(name, caches.open(name));
  return opened.get(name);
}

async function fromCache(url) {
  const key = cacheKey(url);
  for (const name of OURS) {
    const hit = await (await open(name)).match(key);
    if (hit) return hit;
  }
  return null;
}

/* A reload of the only open tab while a new version waits: the new version should serve that load,
 * every file of it. It cannot from inside this answer: a worker takes over only once the old one
 * has no event in hand, and this navigation is one. So the answer is a short page that has asked
 * for the hand-over and loads the page again once the new worker is in charge (HANDOVER_PAGE).
 * Should the new worker not take over in time, the next load gets this version and the page offers
 * the update again, rather than a page that never comes. */
const HANDOVER_LIMIT_MS = 5000;
const askedAt = new WeakMap(); // waiting worker → when a load first asked it to take over

async function handOverIfWaiting() {
  const waiting = self.registration.waiting;
  if (!waiting) return false;
  const tabs = await self.clients.matchAll({ type: "window" });
  if (tabs.length > 1) return false;
  const asked = askedAt.get(waiting);
  if (asked !== undefined && Date.now() - asked > HANDOVER_LIMIT_MS) return false;
  if (asked === undefined) askedAt.set(waiting, Date.now());
  waiting.postMessage({ type: "activate-update" });
  return true;
}

const HANDOVER_PAGE = `<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="theme-color" content="#0f5132"><title>Aggravation — updating</title>
<body style="margin:0;min-height:100vh;display:grid;place-items:center;background:#0f5132;color:#fff;font:1.1rem system-ui,sans-serif">
<p role="status">Updating Aggravation…</p>
<script>
(() => {
  let reloading = false;
  const again = () => reloading || ((reloading = true), location.reload());
  navigator.serviceWorker.addEventListener("controllerchange", again);
  setTimeout(again, ${HANDOVER_LIMIT_MS});
  (async function watch() {
    const registration = await navigator.serviceWorker.getRegistration();
    const taken = registration && !registration.waiting && registration.active?.state === "activated";
    if (taken) again(); else setTimeout(watch, 50);
  })();
})();
</script>`;

async function respond(request, event) {
  if (request.mode === "navigate" && (await handOverIfWaiting())) {
    return new Response(HANDOVER_PAGE, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const cached = await fromCache(request.url);
  if (cached) return cached;
  const response = await fetch(request);
  const kept = LAZY.has(cacheKey(request.url)) ? RUNTIME_CACHE : LAZY_APP.has(cacheKey(request.url)) ? APP_CACHE : null;
  if (response.ok && kept) {
    const copy = response.clone();
    const keeping = open(kept).then((cache) => cache.put(cacheKey(request.url), copy));
    event.waitUntil(keeping.catch(() => {})); // kept for offline visits; a refusal costs nothing now
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(respond(request, event));
});
