"""Copy the browser runtime the page needs from node_modules into assets/vendor/.

The app never loads anything from a CDN: PyScript, Pyodide, axe-core and a virtual screen reader (the
last two for tests) come from npm (pinned in
package.json, locked in package-lock.json) and are served from our own origin, and so do the online
table's PeerJS client and QR-code maker (the page loads those two only when an online table opens). assets/vendor/ is
git-ignored and rebuilt by `make setup`; this script is idempotent and only copies what changed,
so it is cheap to run on every `make play` / `make test`.

Usage: python scripts/vendor.py [--check]
  --check  copy nothing; exit 1 if assets/vendor/ is missing or out of date.

Standard library only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "assets" / "vendor"

# Exactly the files Pyodide fetches at boot (measured: see shared/RUNTIME-NOTES.md and
# tests/browser/test_boot.py). Without `packages = [...]` nothing else is requested.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


@dataclass(frozen=True)
class Bundle:
    """One vendored npm package: where it comes from and which files go where."""

    package: str
    dest: str
    files: tuple[str, ...] | None = None  # explicit names inside `source`, or None for a glob
    source: str = ""  # folder inside the package
    patterns: tuple[str, ...] = ()  # globs used when `files` is None


BUNDLES = (
    Bundle("pyodide", "pyodide", files=PYODIDE_FILES),
    # PyScript loads its chunks lazily by relative URL (core-*.js, toml-*.js, plugins...):
    # ship every .js/.css in dist/, never the source maps (3.6 MB of the 4.8 MB).
    Bundle("@pyscript/core", "pyscript", source="dist", patterns=("*.js", "*.css")),
    Bundle("axe-core", "axe", files=("axe.min.js",)),
    # Tests only, as axe-core: a virtual screen reader (its one-file browser build, an ES module)
    # that a test plays a whole deal by ear with (tests/browser/test_by_ear.py). Never shipped.
    Bundle("@guidepup/virtual-screen-reader", "vsr", source="lib/esm", files=("index.browser.js",)),
    # Online tables only, loaded by the page when one opens: PeerJS's client (a classic script that
    # sets window.peerjs) and the QR-code maker (an ES module). `peer`, the signalling server, runs
    # from node_modules (`make relay`) and is not vendored.
    Bundle("peerjs", "peerjs", source="dist", files=("peerjs.min.js",)),
    Bundle("qrcode-generator", "qrcode", source="dist", files=("qrcode.mjs",)),
)


class VendorError(Exception):
    """Something the developer must fix (usually: run `npm ci`)."""


def pinned_versions() -> dict[str, str]:
    """Exact versions required by package.json."""
    deps = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    return {name: spec for name, spec in deps.items()}


def installed_version(package: str) -> str:
    meta = NODE_MODULES / package / "package.json"
    if not meta.is_file():
        raise VendorError(f"{package} is not installed in node_modules/: run `npm ci`")
    return json.loads(meta.read_text(encoding="utf-8"))["version"]


def source_files(bundle: Bundle) -> list[Path]:
    base = NODE_MODULES / bundle.package / bundle.source
    if bundle.files is not None:
        paths = [base / name for name in bundle.files]
        missing = [p.name for p in paths if not p.is_file()]
        if missing:
            raise VendorError(f"{bundle.package} lacks {', '.join(missing)}: run `npm ci`")
        return paths
    paths = sorted({p for pattern in bundle.patterns for p in base.glob(pattern) if p.is_file()})
    if not paths:
        raise VendorError(f"{bundle.package}: nothing matches {bundle.patterns} in {base}")
    return paths


def up_to_date(src: Path, dst: Path) -> bool:
    """Same size and mtime: copy2 keeps the mtime, so this is a cheap, reliable test."""
    if not dst.is_file():
        return False
    s, d = src.stat(), dst.stat()
    return s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime)


def sync_bundle(bundle: Bundle, check: bool) -> list[str]:
    """Make VENDOR/bundle.dest hold exactly the bundle's files. Returns what changed."""
    dest = VENDOR / bundle.dest
    wanted = {p.name: p for p in source_files(bundle)}
    changes = []
    for name, src in wanted.items():
        dst = dest / name
        if not up_to_date(src, dst):
            changes.append(f"copy {bundle.dest}/{name}")
            if not check:
                dest.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)
    if dest.is_dir():
        for stale in sorted(dest.iterdir()):
            if stale.name not in wanted:
                changes.append(f"remove {bundle.dest}/{stale.name}")
                if not check:
                    shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    return changes


def sync_versions(versions: dict[str, str], check: bool) -> list[str]:
    path = VENDOR / "versions.json"
    text = json.dumps(versions, indent=2, sort_keys=True) + "\n"
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return []
    if not check:
        VENDOR.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return ["write versions.json"]


def vendor(check: bool = False) -> list[str]:
    pins = pinned_versions()
    versions = {}
    for bundle in BUNDLES:
        have = installed_version(bundle.package)
        want = pins.get(bundle.package)
        if have != want:
            raise VendorError(
                f"{bundle.package}: node_modules has {have}, package.json pins {want}: run `npm ci`"
            )
        versions[bundle.package] = have
    changes = []
    for bundle in BUNDLES:
        changes += sync_bundle(bundle, check)
    changes += sync_versions(versions, check)
    return changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report only; exit 1 if stale")
    args = parser.parse_args(argv)
    try:
        changes = vendor(check=args.check)
    except VendorError as err:
        print(f"vendor: {err}", file=sys.stderr)
        return 2
    if args.check:
        for change in changes:
            print(f"vendor: out of date: {change}")
        return 1 if changes else 0
    copied = sum(c.startswith("copy") for c in changes)
    print(f"vendor: assets/vendor up to date ({copied} file(s) copied, {len(changes)} change(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
