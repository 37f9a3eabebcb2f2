"""Build dist/: exactly what a static host serves, ready to upload (`make dist`).

dist/ holds the site files (index.html, the rules pages, print/, pyscript.toml, game.zip — the game
package as one archive, scripts/game_zip.py — assets/ with the service worker's registration, manifest and icons, sw.js) and the
vendored runtime (assets/vendor/pyodide, assets/vendor/pyscript; assets/vendor/peerjs and
assets/vendor/qrcode for online tables only). No tests, no node_modules, no scripts, no axe-core nor virtual
screen reader (test tools). Every URL in the site is relative, so dist/ works at a
domain's root or under any sub-path (https://example.org/aggravation/).

Python's side is built here too: game.zip as bytecode (scripts/game_zip.py) and stdlib.zip, the
part of Python's library the game uses (scripts/stdlib_zip.py), both packed (a zip of stored members
gzipped as one stream, unwrapped by assets/python-boot.mjs as it arrives); the sizes of the files a first
visit's worker downloads are written into assets/python-boot.mjs, for the loading bar.

Two things happen only here, which is why the development checkout runs without a service
worker (see assets/sw-register.js):
  - sw-manifest.js is written beside sw.js: the runtime files with a key made of the vendored
    versions (assets/vendor/versions.json), and the app files with a hash of their contents.
    Any change to an app file changes the hash, hence sw-manifest.js, which browsers check for
    changes: that is how a deployed update is noticed.
  - assets/sw-register.js gets `BUILT = true`, so the built site registers the worker.

Checks before writing: pyscript.toml's [files] unpacks game.zip (the only way the page gets the
game's modules), and every relative src/href/url() in the shipped HTML and CSS points at
a shipped file (a missing file would only show up offline, as a broken page).

Usage:
  python scripts/build.py [--out DIR]     build (default dist/; DIR is replaced)
  python scripts/build.py --refresh DIR   rewrite DIR/sw-manifest.js after editing files in DIR
Standard library only.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
MANIFEST_NAME = "sw-manifest.js"
WORKER_NAME = "sw.js"
REGISTER = "assets/sw-register.js"
BUILT_OFF = "const BUILT = false;"
BUILT_ON = "const BUILT = true;"
# Site files copied as they are (folders recursively). The game modules ship inside game.zip.
# One a rulebook (scripts/rules_pages.py), and the same in each translated language (rules.es.html).
RULES_PAGES = tuple(sorted(path.name for path in ROOT.glob("rules*.html")))
SITE = ("index.html", *RULES_PAGES, "pyscript.toml", WORKER_NAME, "print", "assets")
RUNTIME_DIRS = ("assets/vendor/pyodide", "assets/vendor/pyscript", "assets/vendor/peerjs", "assets/vendor/qrcode")
SKIP_DIRS = {"__pycache__", "axe", "vsr"}  # axe-core, the virtual screen reader: accessibility tests only
TEST_TOOLS = ("axe-core", "@guidepup/virtual-screen-reader")  # vendored for tests, never shipped
VENDOR = "assets/vendor"
# Fetched only if the page imports a module stdlib.zip lacks (scripts/stdlib_rest.py): the service
# worker keeps it once fetched instead of downloading 2.5 MB ahead on every first visit. Likewise the
# online table's PeerJS client and QR-code maker: the page loads them only when an online table
# opens, so a game played alone never downloads them. Their versions are in versions.json, hence in
# the runtime cache's key: a new version of either is never answered from an old copy.
ONLINE_RUNTIME = ("assets/vendor/peerjs/peerjs.min.js", "assets/vendor/qrcode/qrcode.mjs")
LAZY_RUNTIME = ("assets/vendor/pyodide/python_stdlib.zip", *ONLINE_RUNTIME)
BOOT = "assets/python-boot.mjs"
SIZES_OFF = "const SIZES = {};"
LOCK_OFF = "const LOCK = null;"
LOCK_FILE = "assets/vendor/pyodide/pyodide-lock.json"
# What a first visit's worker fetches (assets/python-boot.mjs counts them for the loading bar).
BOOT_DOWNLOADS = ("assets/vendor/pyodide/pyodide.asm.wasm", "stdlib.zip", "game.zip")
HOST_FILES = (".nojekyll",)  # GitHub Pages: serve files as they are, no Jekyll pass
# The game's message catalogs, compiled from locales/*/LC_MESSAGES/*.po by scripts/catalogs.py (`make
# dist` runs it first): the worker fetches only the language it draws in (game/ui/worker.py), so the
# service worker keeps each the first time it is fetched rather than precaching every language. Each
# ships gzipped (a host sends a .mo as it is): a third of the bytes; game.i18n.from_mo unwraps it.
LOCALES = "locales"
LANGUAGES = ("es", "de", "fr")  # game.i18n.LANGUAGES but English, the source, which needs no catalog
CATALOG = "LC_MESSAGES/game.mo"  # the game's own words (game.i18n.GAME_DOMAIN), not the rules pages' prose
# What the page shows in a language before Python is up (assets/app.js): its own words (page.json,
# scripts/catalogs.py) and the start screen (start.html, scripts/shell.py). Precached where the
# browser reads that language, as its rules pages are (so an offline start speaks it), kept when
# first fetched anywhere else.
PAGE_FILES = ("page.json", "start.html")
# A language's files precached where the browser reads it: with those two, its catalog, so that an
# offline visit's screens speak it too (fetched before the service worker was there, on the first
# visit, it would never have been kept). The service worker installs once Python is up: none of it
# counts against a first visit's table.
READER_FILES = (CATALOG, *PAGE_FILES)
# A language's rules pages and print cards (rules.es.html, print/gallery.es.html): the service worker
# precaches them where the browser reads that language (navigator.languages), and keeps them when first
# opened anywhere else: a first visit fetches one language's pages, not four.
TRANSLATED_PAGE = re.compile(r"\.([a-z]{2})\.html$")


class BuildError(Exception):
    """Something the developer must fix before the site can ship."""


@functools.cache
def _load_script(name: str):
    spec = importlib.util.spec_from_file_location(f"aggravation_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_modules(root: Path = ROOT) -> list[str]:
    """The modules game.zip holds: every game/**/*.py."""
    return _load_script("game_zip").python_files(root)


def check_files_table(root: Path = ROOT) -> None:
    archive = _load_script("game_zip").ARCHIVE
    config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
    if config.get("files") != {archive: "./*"}:
        raise BuildError(f'pyscript.toml [files] must be exactly "{archive}" = "./*" (see scripts/game_zip.py)')


def wanted(rel: Path) -> bool:
    if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
        return False
    if rel.parts[:2] == ("assets", "vendor"):
        return rel.as_posix() == f"{VENDOR}/versions.json" or any(
            rel.as_posix().startswith(d + "/") for d in RUNTIME_DIRS
        )
    return True


def source_files(root: Path = ROOT) -> list[str]:
    """Repo-relative posix paths of every file dist/ gets."""
    if not (root / RUNTIME_DIRS[0] / "pyodide.mjs").is_file():
        raise BuildError("assets/vendor/ is missing: run `make setup-runtime` (npm ci + vendor.py)")
    files = set()
    for name in SITE:
        path = root / name
        if path.is_file():
            files.add(name)
        elif path.is_dir():
            files.update(
                p.relative_to(root).as_posix()
                for p in path.rglob("*")
                if p.is_file() and wanted(p.relative_to(root))
            )
        else:
            raise BuildError(f"{name} is missing")
    return sorted(files)


def runtime_key(site: Path) -> str:
    versions = json.loads((site / VENDOR / "versions.json").read_text(encoding="utf-8"))
    return "_".join(
        f"{name.strip('@').replace('/', '-')}-{versions[name]}" for name in sorted(versions) if name not in TEST_TOOLS
    )


def manifest(site: Path) -> dict:
    """What the service worker precaches, with the two cache keys (see sw.js)."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    runtime = [f for f in files if any(f.startswith(d + "/") for d in RUNTIME_DIRS) and f not in LAZY_RUNTIME]
    lazy = [f for f in files if f in LAZY_RUNTIME]
    missing = sorted(set(LAZY_RUNTIME) - set(lazy))
    if missing:  # else the page would find them missing only when it asks, online or offline
        raise BuildError(f"{', '.join(missing)} not in {site}: run `make setup-runtime` (npm ci + vendor.py)")
    skip = {WORKER_NAME, MANIFEST_NAME, f"{VENDOR}/versions.json", *HOST_FILES}
    catalogs = [f for f in files if f.startswith(LOCALES + "/")]
    app = [f for f in files if f not in skip and f not in runtime and f not in lazy and f not in catalogs]
    digest = hashlib.sha256()
    for name in app + catalogs:                 # a changed catalog is a new version too
        data = (site / name).read_bytes()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    pages: dict[str, list[str]] = {}
    for name in app:
        if found := TRANSLATED_PAGE.search(name):
            pages.setdefault(found[1], []).append(name)
    translated = [name for names in pages.values() for name in names]
    for name in catalogs:
        if (lang := name.split("/")[1]) in LANGUAGES and name in {f"{LOCALES}/{lang}/{file}" for file in READER_FILES}:
            pages.setdefault(lang, []).append(name)
    return {
        "runtime": {"key": runtime_key(site), "files": runtime, "lazy": lazy},
        "app": {"hash": digest.hexdigest()[:16], "files": [f for f in app if f not in translated],
                "lazy": catalogs + translated, "pages": pages},
    }


def write_sw_manifest(site: Path) -> dict:
    data = manifest(site)
    text = (
        "// Generated by scripts/build.py: the files sw.js precaches and their cache keys.\n"
        f"self.AGGRAVATION_MANIFEST = {json.dumps(data, indent=1)};\n"
    )
    (site / MANIFEST_NAME).write_text(text, encoding="utf-8")
    return data


REF = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']([^"']+)["'])|(?:url\(\s*["']?([^"')]+)["']?\s*\))""", re.I)


def broken_references(site: Path) -> list[str]:
    """Relative src/href/url() in the site's own HTML and CSS that name no shipped file."""
    problems = []
    for page in sorted(site.rglob("*")):
        if page.suffix not in (".html", ".css") or page.relative_to(site).as_posix().startswith(VENDOR):
            continue
        for match in REF.finditer(page.read_text(encoding="utf-8")):
            ref = match.group(1) or match.group(2)
            parts = urlsplit(ref)
            if parts.scheme or parts.netloc or not parts.path or ref.startswith(("#", "/")):
                if ref.startswith("/") and not ref.startswith("//"):
                    problems.append(f"{page.relative_to(site)}: {ref} is root-absolute (breaks under a sub-path)")
                continue
            # a language's start screen (locales/es/start.html) is drawn into index.html: its links are index.html's
            base = site if page.relative_to(site).parts[0] == LOCALES else page.parent
            target = (base / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or site.resolve() not in target.parents:
                problems.append(f"{page.relative_to(site)}: {ref} is not in the build")
    return problems


def build(out: Path = DIST, root: Path = ROOT) -> dict:
    check_files_table(root)
    files = source_files(root)
    if out.exists():
        if out.resolve() in (root.resolve(), *root.resolve().parents):
            raise BuildError(f"refusing to replace {out}: it holds the repository")
        if any(out.iterdir()) and not (out / MANIFEST_NAME).is_file():
            raise BuildError(f"refusing to replace {out}: not empty and not an earlier build")
        shutil.rmtree(out)
    for name in files:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, out / name)
    for name in HOST_FILES:
        (out / name).write_text("", encoding="utf-8")
    game_zip = _load_script("game_zip")
    (out / game_zip.ARCHIVE).write_bytes(game_zip.archive_bytes(root, bytecode=True, part="game", pack=True))
    (out / game_zip.ONLINE_ARCHIVE).write_bytes(game_zip.archive_bytes(root, bytecode=True, part="online"))
    stdlib_zip = _load_script("stdlib_zip")
    (out / stdlib_zip.ARCHIVE).write_bytes(stdlib_zip.archive_bytes(root, pack=True))
    for lang in LANGUAGES:
        compiled = root / LOCALES / lang / CATALOG
        if not compiled.is_file():
            raise BuildError(f"{compiled.relative_to(root)} is missing: run python scripts/catalogs.py")
        (out / LOCALES / lang / CATALOG).parent.mkdir(parents=True, exist_ok=True)
        # gzipped (game.i18n.from_mo unwraps it): no host compresses a .mo for us
        (out / LOCALES / lang / CATALOG).write_bytes(game_zip.gzipped(compiled.read_bytes()))
    for lang in LANGUAGES:
        for name in PAGE_FILES:
            written = root / LOCALES / lang / name
            if not written.is_file():
                raise BuildError(f"{written.relative_to(root)} is missing: run python scripts/catalogs.py")
            shutil.copy2(written, out / LOCALES / lang / name)
    write_boot_constants(out)
    register = out / REGISTER
    text = register.read_text(encoding="utf-8")
    if BUILT_OFF not in text:
        raise BuildError(f"{REGISTER} lacks `{BUILT_OFF}`: cannot switch the service worker on")
    register.write_text(text.replace(BUILT_OFF, BUILT_ON, 1), encoding="utf-8")
    write_preloads(out)
    minify(out)
    problems = broken_references(out)
    if problems:
        raise BuildError("broken references:\n  " + "\n  ".join(problems))
    return write_sw_manifest(out)


def write_boot_constants(site: Path) -> None:
    """Tell python-boot.mjs the sizes of what a first visit downloads (its loading bar's total) and
    Pyodide's package list cut to its header (the game loads no package: no need to fetch it)."""
    boot = site / BOOT
    text = boot.read_text(encoding="utf-8")
    for constant in (SIZES_OFF, LOCK_OFF):
        if constant not in text:
            raise BuildError(f"{BOOT} lacks `{constant}`: the build cannot fill it in")
    sizes = {Path(name).name: (site / name).stat().st_size for name in BOOT_DOWNLOADS}
    lock = {"info": json.loads((site / LOCK_FILE).read_text(encoding="utf-8"))["info"], "packages": {}}
    text = text.replace(SIZES_OFF, f"const SIZES = {json.dumps(sizes)};", 1)
    boot.write_text(text.replace(LOCK_OFF, f"const LOCK = {json.dumps(lock)};", 1), encoding="utf-8")


# What the page's thread loads one after another at boot: assets/page/boot.js imports core.js,
# which imports its chunk and plugin chunks. Named in index.html from the start, the browser
# fetches them all at once instead of one link of the chain at a time (the page's own modules,
# assets/page/, are named there by hand). Pyodide's own files are not preloaded: the worker
# fetches them, and a page's preload is not a worker's cache.
BOOT_CHUNKS = ("core", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")
PRELOAD_MARK = "<!-- boot preloads: written here by scripts/build.py -->"


def boot_chunks(site: Path) -> list[str]:
    """The hashed file of each boot chunk, as core.js and its chunk import them."""
    folder = site / "assets/vendor/pyscript"
    text = "".join((folder / name).read_text(encoding="utf-8") for name in ["core.js"] + [
        p.name for p in folder.glob("core-*.js")])
    found = []
    for chunk in BOOT_CHUNKS:
        names = sorted(set(re.findall(rf'"\./({re.escape(chunk)}-[A-Za-z0-9_]{{6,}}\.js)"', text)))
        if len(names) != 1:
            raise BuildError(f"PyScript's boot chunk {chunk!r} is not one file ({names}): update BOOT_CHUNKS")
        found.append(f"assets/vendor/pyscript/{names[0]}")
    return found


def write_preloads(site: Path) -> None:
    """Put the page's boot chain in index.html's head."""
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if PRELOAD_MARK not in html:
        raise BuildError(f"index.html lacks {PRELOAD_MARK!r}")
    links = [f'<link rel="modulepreload" href="{href}">' for href in ["assets/vendor/pyscript/core.js", *boot_chunks(site)]]
    page.write_text(html.replace(PRELOAD_MARK, "\n  ".join(links)), encoding="utf-8")


# The site's own scripts and styles are minified in dist/ by esbuild (pinned in package.json), after
# the build has written its constants into them; the repository keeps them readable. About a third
# fewer bytes of them reach a first visit, even gzipped (bench.network). Left as they are: the vendored
# runtime (minified by its makers), sw.js, sw-manifest.js and assets/sw-register.js (the service worker
# and its registration, a few KB fetched once Python is up, kept readable for whoever debugs an offline
# visit, and with the switch the build turns on in plain sight), and the HTML pages.
MINIFIED = (".js", ".mjs", ".css")
NOT_MINIFIED = (WORKER_NAME, MANIFEST_NAME, REGISTER)
ESBUILD = "node_modules/.bin/esbuild"


def minified_files(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*") if p.suffix in MINIFIED and p.is_file()
                  and not p.relative_to(site).as_posix().startswith(VENDOR + "/")
                  and p.relative_to(site).as_posix() not in NOT_MINIFIED)


def minify(site: Path, root: Path = ROOT) -> None:
    """Minify minified_files(site) in place: whitespace, syntax and local names (never a global or an
    export), UTF-8 kept as it is (the cards' suits and the buttons' emoji stay one character)."""
    tool = root / ESBUILD
    if not tool.is_file():
        raise BuildError(f"{ESBUILD} is missing: run `npm ci` (make setup-runtime)")
    for path in minified_files(site):
        run = subprocess.run([str(tool), str(path), "--minify", "--charset=utf8", "--log-level=warning",
                              f"--outfile={path}", "--allow-overwrite"], capture_output=True, text=True, check=False)
        if run.returncode != 0 or run.stderr.strip():
            raise BuildError(f"minifying {path.relative_to(site)}: {(run.stderr or run.stdout).strip()[-600:]}")


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into dist/.")
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (replaced)")
    parser.add_argument("--refresh", type=Path, metavar="DIR", help="only rewrite DIR/sw-manifest.js")
    args = parser.parse_args(argv)
    try:
        if args.refresh:
            data = write_sw_manifest(args.refresh)
            out = args.refresh
        else:
            data = build(args.out.resolve())
            out = args.out
    except BuildError as err:
        print(f"build: {err}", file=sys.stderr)
        return 1
    print(
        f"build: {out} holds {len(data['app']['files'])} app file(s) (hash {data['app']['hash']}) and "
        f"{len(data['runtime']['files'])} runtime file(s) ({data['runtime']['key']}), "
        f"{size(out) / 1e6:.1f} MB: upload the folder's contents to any static host"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
