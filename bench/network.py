"""Bytes and time to the table over a slow link, the game against bare Pyodide: ``python -m bench.network``.

It builds the site as deployed (bench.load.build_site: scripts/build.py plus the bare Pyodide
page beside it) and serves it through ONE throttled link that every request shares: the page,
PyScript's worker, the service worker. Throttling in the browser (CDP's
``Network.emulateNetworkConditions``) does not reach a page's workers, so it would flatter a game
that loads in one; here the server is the bottleneck (ThrottledHost):

  - every response (headers and body) leaves through one shared link of the given bandwidth, in
    16 KB chunks, so two parallel downloads each get half of it;
  - every request waits the link's latency before its first byte (one round trip, no more: no TCP
    or TLS handshakes are modelled);
  - it speaks HTTP/1, so Chromium opens at most 6 connections to it and queues further requests
    itself, as it would at an HTTP/1.1 host (an HTTP/2 CDN would take them all at once);
  - text, JS, JSON, TOML, .py and .wasm go gzip-encoded (level 6) to a browser that accepts it, as
    a CDN would send them; .zip, .gz and images go as they are.

Each run is a *cold* first visit in a fresh browser profile, alternating the bare page and the
game (``?speed=0``; bench.load's PROBE taps 🌱 Sprout as soon as Python is ready and marks the
table when the hand's cards are on it). Per page and link it reports:

  bytes    the bytes the server had sent (headers and encoded bodies, on the link's clock) by the
           moment the table appeared: everything the first playable table waited for, plus
           whatever else shared the link until then (the service worker registers when Python is
           ready, so the first files of its precache can fall in); the rest of the precache,
           after the table, is not counted. 1 MB = 10^6 bytes.
  time     the table's mark, from navigation start (median over --runs).

For the game it also lists the files that took the most bytes before the table (``--top``), and
the bytes of the message catalog (locales/<lang>/LC_MESSAGES/game.mo) among them: the worker fetches
the catalog of the language it draws in, so ``--lang es`` (the browser's language Spanish) measures
a Spanish first visit; English, the source language, fetches none. Target (issue 43): a language's
catalog adds ≤ 30 KB compressed to the first visit.

Targets (issue 32), at a good 4G link (9 Mbit/s, 40 ms a request): the game sends ≤ 5 MB before
its first playable table, and its table comes in ≤ 0.75 × the bare page's time. The slow-4g link
(1.6 Mbit/s, 150 ms, Lighthouse's mobile throttling) is measured and its ratio shown, not a target.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import statistics
import sys
import tempfile
import threading
import time
from http import HTTPStatus
from pathlib import Path
from urllib.parse import unquote, urlsplit

from bench.load import SUBPATH, _load_script, build_site, fresh_page

CHUNK = 16 * 1024  # bytes a response sends at once: the link's unit of sharing
GZIP_LEVEL = 6  # what a typical CDN uses
GZIP_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".toml", ".wasm", ".webmanifest",
                           ".svg", ".txt", ".py"})
# name: (Mbit/s, ms a request, what it stands for)
LINKS = {
    "4g": (9.0, 40, "a good 4G"),
    "slow-4g": (1.6, 150, "Lighthouse's mobile throttling"),
}
TARGET_LINK = "4g"
BYTES_TARGET = 5e6  # bytes sent before the first playable table
TIME_RATIO = 0.75  # game's table / bare page's boot, at TARGET_LINK
TIMEOUT_MS = 300_000  # a cold load of 13 MB at 1.6 Mbit/s takes about 70 s
PAGES = (("bare Pyodide", "bench-bare.html"), ("game", "?speed=0"))
TOP_FILES = 8
CATALOGS = "locales/"  # the message catalogs' folder (scripts/build.py LOCALES)
CATALOG_TARGET = 30e3  # bytes a language's catalog may add to the first visit (issue 43)


class Link:
    """One link shared by every response: a token bucket with no burst. Each chunk books the next
    free stretch of the link's time and is written when that stretch ends, so concurrent responses
    take turns chunk by chunk and share the bandwidth evenly. Every chunk written is logged with
    the time it left (time.monotonic) and the URL path it belongs to."""

    def __init__(self, mbit: float) -> None:
        self.rate = mbit * 1e6 / 8  # bytes a second
        self.free_at = 0.0
        self.lock = threading.Lock()
        self.log: list[tuple[float, str, int]] = []

    def send(self, out, data: bytes, name: str) -> None:
        for start in range(0, len(data), CHUNK):
            piece = data[start:start + CHUNK]
            with self.lock:
                self.free_at = end = max(time.monotonic(), self.free_at) + len(piece) / self.rate
            time.sleep(max(0.0, end - time.monotonic()))
            out.write(piece)
            with self.lock:
                self.log.append((time.monotonic(), name, len(piece)))


@functools.lru_cache(maxsize=None)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's gzip encoding, made once (keyed by its path, time and size) and kept in memory."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=GZIP_LEVEL, mtime=0)


def _accepts_gzip(header: str) -> bool:
    return any(token.split(";")[0].strip().lower() == "gzip" for token in header.split(","))


class ThrottledHandler(_load_script("serve").SiteHandler):
    """scripts/serve.py's handler behind a ThrottledHost's link, gzip-encoding text-like files."""

    quiet = True
    host: ThrottledHost  # set on the subclass each host makes

    def do_GET(self) -> None:
        time.sleep(self.host.latency)
        with self.host.in_flight():
            super().do_GET()

    def do_HEAD(self) -> None:
        time.sleep(self.host.latency)
        with self.host.in_flight():
            super().do_HEAD()

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urlsplit(self.path).path.endswith("/"):
            path = path / "index.html"
        self.vary = path.suffix in GZIP_SUFFIXES
        if not (self.vary and path.is_file() and _accepts_gzip(self.headers.get("Accept-Encoding", ""))):
            return super().send_head()
        stat = path.stat()
        if self._unchanged_since(stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = _gzipped(str(path), stat.st_mtime_ns, stat.st_size)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return io.BytesIO(body)

    def _unchanged_since(self, mtime: float) -> bool:
        """If-Modified-Since as SimpleHTTPRequestHandler reads it: a service worker's precache
        revalidates what the page already fetched, and must get its 304 here too."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def end_headers(self) -> None:
        if getattr(self, "vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def flush_headers(self) -> None:
        if getattr(self, "_headers_buffer", None):
            data, self._headers_buffer = b"".join(self._headers_buffer), []
            self.host.link.send(self.wfile, data, self._name())

    def copyfile(self, source, outputfile) -> None:
        while chunk := source.read(CHUNK):
            self.host.link.send(outputfile, chunk, self._name())

    def _name(self) -> str:
        return unquote(urlsplit(self.path).path)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a closed browser drops its downloads
            super().handle_error(request, client_address)


class ThrottledHost:
    """Serves the folder ``root`` on a free local port through one Link of ``mbit`` Mbit/s, each
    request delayed ``latency_ms`` before its first byte, and keeps a log of the bytes it sent."""

    def __init__(self, root: Path, mbit: float, latency_ms: float) -> None:
        self.root = Path(root)
        self.link = Link(mbit)
        self.latency = latency_ms / 1000
        self.active = 0
        self.lock = threading.Lock()
        handler = type("BoundThrottledHandler", (ThrottledHandler,), {"host": self})
        self.server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(self.root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    @contextlib.contextmanager
    def in_flight(self):
        with self.lock:
            self.active += 1
        try:
            yield
        finally:
            with self.lock:
                self.active -= 1

    def precompress(self) -> None:
        """Encode every text-like file now, so that no request waits for its compression."""
        for path in self.root.rglob("*"):
            if path.suffix in GZIP_SUFFIXES and path.is_file():
                stat = path.stat()
                _gzipped(str(path), stat.st_mtime_ns, stat.st_size)

    def reset(self, wait_s: float = 10.0) -> None:
        """Wait until no response is in flight (a closed browser's downloads break off within a
        chunk), then start a new log."""
        end = time.monotonic() + wait_s
        while self.active and time.monotonic() < end:
            time.sleep(0.05)
        with self.link.lock:
            self.link.log.clear()

    def sent(self, until: float = float("inf")) -> dict[str, int]:
        """Bytes sent since the last reset, by URL path, counting chunks that left by ``until``."""
        by_path: dict[str, int] = {}
        with self.link.lock:
            for moment, name, size in self.link.log:
                if moment <= until:
                    by_path[name] = by_path.get(name, 0) + size
        return by_path

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def cold_load(playwright, host: ThrottledHost, path: str, lang: str | None = None) -> dict:
    """One first visit in a fresh profile: the table's time (s from navigation start) and the
    bytes sent by then, by file. The table's moment on the server's clock is the page's mark
    carried over by its age, read halfway through the call that reads it."""
    host.reset()
    with fresh_page(playwright, lang) as page:
        page.goto(host.url + SUBPATH + "/" + path, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("window.__bench && window.__bench.table", timeout=TIMEOUT_MS, polling=50)
        before = time.monotonic()
        table, age = page.evaluate("[window.__bench.table, performance.now() - window.__bench.table]")
        table_at = (before + time.monotonic()) / 2 - age / 1000
    files = host.sent(until=table_at)
    return {"table": table / 1000, "bytes": sum(files.values()), "files": files}


def top_files(loads: list[dict], site: Path, top: int = TOP_FILES) -> list[str]:
    """The files with the most bytes before the table (median over the loads), with their sizes on disk."""
    names = {name for load in loads for name in load["files"]}
    sent = {name: statistics.median(load["files"].get(name, 0) for load in loads) for name in names}
    lines = []
    for name in sorted(sent, key=sent.get, reverse=True)[:top]:
        file = site.parent / name.lstrip("/")
        size = f"{file.stat().st_size / 1e3:.1f} KB on disk" if file.is_file() else "not a file"
        lines.append(f"    {sent[name] / 1e3:8.1f} KB  {name.removeprefix('/' + SUBPATH + '/')} ({size})")
    return lines


def catalog_bytes(loads: list[dict]) -> float:
    """The bytes the message catalogs took before the table (median over the loads)."""
    prefix = f"/{SUBPATH}/{CATALOGS}"
    return statistics.median(sum(size for name, size in load["files"].items() if name.startswith(prefix))
                             for load in loads)


def link_label(name: str) -> str:
    mbit, latency, _ = LINKS[name]
    return f"{name} ({mbit:g} Mbit/s, {latency} ms)"


def report(results: dict, runs: int, site: Path, top: int = TOP_FILES, lang: str | None = None) -> bool:
    print(f"\nmedians of {runs} cold run(s), the browser's language {lang or 'as the machine has it'}; MB = 10^6 bytes sent before the table; s from navigation start")
    print(f"{'link':<28} {'page':<13} {'MB':>6} {'table s':>8} {'game/bare':>10}")
    for name, pages in results.items():
        bare, game = (statistics.median(r["table"] for r in pages[label]) for label, _ in PAGES)
        for label, _ in PAGES:
            rows = pages[label]
            ratio = f" {game / bare:10.2f}" if label == "game" else ""
            print(f"{link_label(name):<28} {label:<13} {statistics.median(r['bytes'] for r in rows) / 1e6:6.2f} "
                  f"{statistics.median(r['table'] for r in rows):8.1f}{ratio}")
    ok = True
    print()
    for name, pages in results.items():
        game_bytes = statistics.median(r["bytes"] for r in pages["game"])
        ratio = (statistics.median(r["table"] for r in pages["game"])
                 / statistics.median(r["table"] for r in pages["bare Pyodide"]))
        ok &= game_bytes <= BYTES_TARGET
        print(f"{name}: game bytes before the table {game_bytes / 1e6:.2f} MB = {game_bytes:,.0f} bytes "
              f"(target ≤ {BYTES_TARGET / 1e6:g} MB) {'ok' if game_bytes <= BYTES_TARGET else 'MISSED'}")
        catalogs = catalog_bytes(pages["game"])
        ok &= catalogs <= CATALOG_TARGET
        print(f"{name}: the message catalog's bytes before the table {catalogs / 1e3:.1f} KB "
              f"(target ≤ {CATALOG_TARGET / 1e3:g} KB) {'ok' if catalogs <= CATALOG_TARGET else 'MISSED'}")
        if name == TARGET_LINK:
            ok &= ratio <= TIME_RATIO
            print(f"{name}: game table / bare boot = {ratio:.2f} (target ≤ {TIME_RATIO}) "
                  f"{'ok' if ratio <= TIME_RATIO else 'MISSED'}")
        else:
            print(f"{name}: game table / bare boot = {ratio:.2f} (not a target)")
    for name, pages in results.items():
        print(f"\nthe game's largest files before the table, {link_label(name)}:")
        print("\n".join(top_files(pages["game"], site, top)))
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each page per link (default 3)")
    parser.add_argument("--links", nargs="+", choices=list(LINKS), default=list(LINKS),
                        help="which links to measure (default: all): " + "; ".join(
                            f"{name} = {mbit:g} Mbit/s, {ms} ms a request, {what}" for name, (mbit, ms, what) in LINKS.items()))
    parser.add_argument("--lang", help="the browser's language for every load, e.g. es (default: the machine's); "
                        "the game draws in it and fetches its message catalog")
    parser.add_argument("--top", type=int, default=TOP_FILES,
                        help=f"how many of the game's largest files to list (default {TOP_FILES})")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[dict]]] = {}
    with tempfile.TemporaryDirectory(prefix="aggravation-bench-") as tmp, sync_playwright() as p:
        site = build_site(Path(tmp))
        with fresh_page(p, args.lang) as page:  # the browser's own start, off the first run's clock
            page.goto("about:blank")
        for name in args.links:
            mbit, latency, _ = LINKS[name]
            host = ThrottledHost(Path(tmp), mbit, latency)
            host.precompress()
            results[name] = {label: [] for label, _ in PAGES}
            try:
                for run in range(args.runs):
                    for label, path in PAGES:
                        results[name][label].append(cold_load(p, host, path, args.lang))
                    print(f"{name} run {run + 1}/{args.runs}: " + ", ".join(
                        f"{label} {results[name][label][-1]['bytes'] / 1e6:.2f} MB "
                        f"{results[name][label][-1]['table']:.1f} s" for label, _ in PAGES), flush=True)
            finally:
                host.stop()
        ok = report(results, args.runs, site, args.top, args.lang)
    return 1 if args.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
