"""stdlib.zip: the part of Python's standard library the page uses, as bytecode, for `make dist`.

Pyodide's own python_stdlib.zip holds the whole library as source: 2.5 MB that no host can
compress further (its members are deflated already), of which the game imports about a sixth,
and Python compiles each module it imports at every start (most of a first start's time). The
page starts Python with this file instead (assets/python-boot.mjs passes it as ``stdLibURL``):
  - the modules Python's own start imports, the game's modules import (found by importing them,
    scripts/stdlib_compile.mjs) and EXTRA names;
  - compiled by the vendored Pyodide, without docstrings or column positions;
  - on the built site, packed: stored members gzipped as one stream (scripts/game_zip.py ``packed``),
    which assets/python-boot.mjs unwraps as it arrives;
  - ``_aggravation_rest`` (scripts/stdlib_rest.py) and the list of every module the whole
    library holds: should the page import a module left out, it fetches the whole library once
    and goes on (the browser test on the built site checks that it never has to).

The development server (scripts/serve.py) answers stdlib.zip with the whole library as shipped,
so `make play` needs no build; scripts/build.py writes this file into dist/.

Usage: python scripts/stdlib_zip.py [OUT]   write the archive (default: list what it holds)
Standard library only (and Node with node_modules, as scripts/game_zip.py's bytecode).
"""

from __future__ import annotations

import base64
import importlib.util
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = "stdlib.zip"
REST = "_aggravation_rest"  # the fallback module's name in the archive
# Imported in the page but not by importing the game's modules: PyScript's own Python in the
# worker, and imports made inside functions. Found by the browser test on the built site
# (tests/browser/built/), which fails naming any module the page had to fetch.
EXTRA: tuple[str, ...] = (
    "encodings.cp437",  # zipfile reads game.zip's names with it when PyScript unpacks the archive
)


def _load_game_zip():
    spec = importlib.util.spec_from_file_location("aggravation_game_zip", Path(__file__).with_name("game_zip.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


game_zip = _load_game_zip()  # loaded once: its Node runs are kept for the process


def compiled(root: Path = ROOT) -> dict:
    """What scripts/stdlib_compile.mjs finds and compiles: {"files": {member: bytes}, "names": [...]}."""
    sources = {name: data.decode("utf-8") for name, data in game_zip.sources(root).items()}
    sources[f"{REST}.py"] = (root / "scripts" / "stdlib_rest.py").read_text(encoding="utf-8")
    request = {
        "sources": sources,
        "modules": [*game_zip.module_names(root), REST],
        "extra": list(EXTRA),
    }
    result = game_zip.run_node(root, "stdlib_compile.mjs", request, "finding the standard library the game uses")
    files = {name: base64.b64decode(data) for name, data in result["files"].items()}
    return {"files": files, "names": result["names"]}


def archive_bytes(root: Path = ROOT, pack: bool = False) -> bytes:
    """The archive as a plain zip (the development server's answer in the browser tests), or with
    ``pack`` in the built site's packed form (scripts/game_zip.py ``packed``)."""
    found = compiled(root)
    entries = dict(found["files"])
    entries[f"{REST}.py"] = (root / "scripts" / "stdlib_rest.py").read_bytes()
    entries[f"{REST}.txt"] = "\n".join(found["names"]).encode("utf-8")
    return game_zip.packed(entries) if pack else game_zip.zip_bytes(entries)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    data = archive_bytes()
    if args:
        Path(args[0]).write_bytes(data)
        print(f"stdlib_zip: wrote {args[0]} ({len(data) / 1e3:.0f} KB)")
    else:
        import io

        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            print("\n".join(archive.namelist()))
        print(f"{len(data) / 1e3:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
