"""Serve the site locally: a static file server for development and browser tests.

Every response carries `Cache-Control: no-cache` so an edited .py file is never stale, and the
MIME types PyScript/Pyodide need are set explicitly (Python's table lacks some of them, and a
wrong type for .mjs or .wasm breaks module loading or streaming compilation).

game.zip (the game package as one archive, see scripts/game_zip.py) is built from game/ on each
request when the served folder has a game/ package and no game.zip file: a development checkout
needs no build step, and an edited .py shows on a plain reload. Likewise stdlib.zip, the game's
cut of Python's library (scripts/stdlib_zip.py), is answered with Pyodide's whole library when the
folder has no such file. A built site (dist/) has both of its own.

Usage: python scripts/serve.py [PORT] [--root DIR] [--host HOST]
Standard library only. tests/browser/conftest.py imports `make_handler` from here.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PORT = 8000

EXTRA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".json": "application/json",
    ".zip": "application/zip",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}


def _load_game_zip():
    spec = importlib.util.spec_from_file_location("aggravation_game_zip", Path(__file__).with_name("game_zip.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


game_zip = _load_game_zip()
STDLIB = "stdlib.zip"  # scripts/stdlib_zip.py
WHOLE_STDLIB = "assets/vendor/pyodide/python_stdlib.zip"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with no-cache headers, our MIME types and quiet logging."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}
    quiet = False
    stdlib: bytes | None = None     # stdlib.zip's answer in place of the whole library (make_handler)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        """Answer game.zip and stdlib.zip when the folder has no such file (see the module doc)."""
        path = Path(self.translate_path(self.path))
        whole = path.parent / WHOLE_STDLIB
        if path.name == STDLIB and not path.exists() and self.stdlib is not None:
            data = self.stdlib
        elif path.name == STDLIB and not path.exists() and whole.is_file():
            data = whole.read_bytes()
        elif path.name == game_zip.ARCHIVE and not path.exists() and (path.parent / game_zip.PACKAGE).is_dir():
            data = game_zip.archive_bytes(path.parent)
        else:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.extensions_map[".zip"])
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


def make_handler(root: Path | str = ROOT, quiet: bool = False, stdlib: bytes | None = None):
    """A handler class bound to `root`, for http.server.ThreadingHTTPServer. ``stdlib``: the bytes
    to answer stdlib.zip with instead of the whole library. The browser tests pass the build's cut
    (scripts/stdlib_zip.py): as bytecode it spares each of their hundreds of boots compiling
    Python's modules, about 1.5 s of a processor each."""
    handler = type("BoundSiteHandler", (SiteHandler,), {"quiet": quiet, "stdlib": stdlib})
    return functools.partial(handler, directory=str(root))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Aggravation site locally.")
    parser.add_argument("port", nargs="?", type=int, default=DEFAULT_PORT)
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve (repo root)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if not (root / "index.html").is_file():
        print(f"serve: warning: no index.html in {root}", file=sys.stderr)
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    try:
        server = http.server.ThreadingHTTPServer((args.host, args.port), make_handler(root, args.quiet))
    except OSError as err:
        print(f"serve: cannot listen on {args.host}:{args.port}: {err}", file=sys.stderr)
        return 1
    print(f"Aggravation is served at http://{args.host}:{args.port}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve: stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
