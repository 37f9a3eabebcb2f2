/* Registers the offline service worker (../sw.js) soon after Python has booted, and tells the player
 * when a new version is ready.
 *
 * Only a built site registers it: `make dist` (scripts/build.py) turns BUILT on in its copy of
 * this file and writes the precache list (sw-manifest.js) beside sw.js. A development checkout
 * served by `make play` runs without a worker, so an edited .py shows on a plain reload; it also
 * removes a worker left on this origin by an earlier look at a built site. `?nosw` does the same
 * on a built site (an escape hatch when debugging a deployment).
 *
 * Why after boot: registering installs the worker, which downloads every runtime file; started
 * while Pyodide is still loading, the two downloads race and the runtime comes down twice.
 * After boot the worker's requests are answered by the HTTP cache (or a cheap 304).
 */
(() => {
  "use strict";

  const BUILT = false; // scripts/build.py sets this to true in dist/
  const WORKER = new URL("../sw.js", document.currentScript.src);
  const NOTICE_ID = "update-notice";
  // The page's words in the player's language (the module app.js has loaded already).
  const WORDS = new URL("page/words.js", document.currentScript.src).href;
  // Register even if the page never says Python is ready, but only long after a first table on a
  // slow phone network (30 s at 1.6 Mbit/s): earlier, the install's downloads would share the line
  // with the game's own and slow them.
  const FALLBACK_MS = 120000;

  if (!("serviceWorker" in navigator)) return;
  // A guest at someone's online table (?join=): its page runs no Python and needs the network to
  // play, so it does not download the game's 11 MB runtime for later. A worker this device already
  // has (the game played here before) is left as it is.
  if (new URLSearchParams(location.search).has("join")) return;

  const wanted = BUILT && !new URLSearchParams(location.search).has("nosw");
  if (!wanted) {
    navigator.serviceWorker
      .getRegistrations()
      .then((all) => all.forEach((registration) => registration.unregister()))
      .catch(() => {});
    return;
  }

  /* Python is ready when assets/page/boot.js marks the page (body[data-python]) once the worker's
   * first screen is drawn. */
  function whenPythonReady() {
    return new Promise((resolve) => {
      const marked = () => document.body && document.body.hasAttribute("data-python");
      if (marked()) return resolve();
      const observer = new MutationObserver(() => marked() && done());
      const timer = setTimeout(() => done(), FALLBACK_MS);
      function done() {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
      observer.observe(document.documentElement, {
        attributes: true,
        subtree: true,
        attributeFilter: ["data-python"],
      });
    });
  }

  async function showNotice(registration) {
    const { around, t } = await import(WORDS);
    if (document.getElementById(NOTICE_ID)) return;
    const notice = document.createElement("div");
    notice.id = NOTICE_ID;
    notice.setAttribute("role", "status");
    notice.style.cssText =
      "position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:1000;" +
      "background:#1f3d2b;color:#fff;padding:.6rem 1rem;border-radius:.6rem;" +
      "box-shadow:0 .2rem .8rem rgba(0,0,0,.35);font:inherit;max-width:90vw";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t("reload");
    button.style.cssText = "font:inherit;text-decoration:underline;background:none;border:0;color:inherit;cursor:pointer;padding:0";
    button.addEventListener("click", () => activate(registration));
    // Translators: {reload} is a button, "reload", that loads the new version.
    notice.append(...around("A new version is ready — {reload}", "reload", button));
    document.body.append(notice);
  }

  /* The player asked for the new version: let the waiting worker take over, then reload. The
   * saved game is in localStorage and resumes on the new version. */
  function activate(registration) {
    const waiting = registration.waiting;
    if (!waiting) return location.reload();
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    waiting.postMessage({ type: "activate-update" });
  }

  function watch(registration) {
    const offer = () => {
      // Only an update needs announcing: on the first visit there is no controller yet.
      if (registration.waiting && navigator.serviceWorker.controller) showNotice(registration);
    };
    offer();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (worker) worker.addEventListener("statechange", offer);
    });
  }

  // A moment after Python is ready: by then the first table is drawn. On a first visit the
  // worker's install copies ~14 MB into its caches, which slowed that table by ~140 ms (bench.load).
  const SETTLE_MS = 2000;
  const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

  whenPythonReady()
    .then(settle)
    .then(() => navigator.serviceWorker.register(WORKER.href, { scope: new URL("./", WORKER).href }))
    .then((registration) => {
      watch(registration);
      // register() with an unchanged URL does not look for a new version: ask explicitly.
      return registration.update().catch(() => {}); // offline: nothing to check, no harm
    })
    .catch((error) => console.warn("Offline play is unavailable:", error));
})();
