"""The game package as ONE archive, game.zip, which PyScript unpacks into Pyodide's filesystem.

pyscript.toml's [files] names only `"game.zip" = "./*"`: PyScript fetches it once and unpacks it
into Pyodide's working directory (on sys.path), so `import game` works. One request instead of
one per module: ~35 fetches cost 45-70 ms of every boot (more through the service worker), and
unpacking the archive costs a few ms (bench.load).

Nobody writes game.zip by hand and git does not hold it:
  - `make play` / the browser tests: scripts/serve.py builds it from game/ on each request, so an
    edited .py shows on a plain reload;
  - `make dist`: scripts/build.py writes it into dist/.
The bytes depend only on the files' paths and contents (fixed timestamps, sorted entries), so the
service worker's content hash changes only when the game does.

Usage: python scripts/game_zip.py [OUT]   write the archive (default: print what it holds)
Standard library only.
"""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = "game.zip"
PACKAGE = "game"
STAMP = (2020, 1, 1, 0, 0, 0)  # zip's earliest sensible date; any fixed value keeps the bytes stable


def python_files(root: Path = ROOT) -> list[str]:
    """Every game/**/*.py as a posix path relative to `root`, sorted: what the archive holds."""
    return sorted(
        p.relative_to(root).as_posix()
        for p in (root / PACKAGE).rglob("*.py")
        if "__pycache__" not in p.parts and p.is_file()
    )


def archive_bytes(root: Path = ROOT, bytecode: bool = False) -> bytes:
    """The archive; with ``bytecode`` it also holds Pyodide-compiled __pycache__ files."""
    entries = {name: (root / name).read_bytes() for name in python_files(root)}
    if bytecode:
        entries.update(compiled(root, entries))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def compiled(root: Path, sources: dict[str, bytes]) -> dict[str, bytes]:
    """Bytecode for ``sources`` from the vendored Pyodide under Node (scripts/compile_pyc.mjs).

    Saves the page compiling the game at every boot. It needs Node and node_modules; the
    deploy build has both (make dist runs npm ci first).
    """
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "sources.json"
        listing.write_text(json.dumps({name: data.decode("utf-8") for name, data in sources.items()}))
        run = subprocess.run(
            ["node", str(root / "scripts" / "compile_pyc.mjs"), str(listing)],
            cwd=root, capture_output=True, text=True, check=False,
        )
    if run.returncode != 0:
        raise RuntimeError(f"compiling the game to bytecode failed: {run.stderr.strip()[-500:]}")
    result = json.loads(run.stdout)
    return {name: base64.b64decode(data) for name, data in result["files"].items()}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        Path(args[0]).write_bytes(archive_bytes())
        print(f"game_zip: wrote {args[0]}")
    else:
        print("\n".join(python_files()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
