"""The game package as ONE archive, game.zip, which PyScript unpacks into Pyodide's filesystem.

pyscript.toml's [files] names only `"game.zip" = "./*"`: PyScript fetches it once and unpacks it
into Pyodide's working directory (on sys.path), so `import game` works. One request instead of
one per module: ~35 fetches cost 45-70 ms of every boot (more through the service worker), and
unpacking the archive costs a few ms (bench.load).

It holds what the page imports: every module but the command line's (COMMAND_LINE), which a
page never runs. Nobody writes game.zip by hand and git does not hold it:
  - `make play` / the browser tests: scripts/serve.py builds it from game/ on each request, as
    source, so an edited .py shows on a plain reload;
  - `make dist`: scripts/build.py writes it into dist/ as bytecode only, one copy of each module
    (a .pyc where its .py would be, which Python imports without the source): the page skips
    compiling the game, and a first visit downloads it once, not twice. The built file is *packed*
    (``packed``): a zip of stored members, gzipped as one stream, which assets/python-boot.mjs
    unwraps as it arrives (PyScript then unpacks a plain zip, as in development).
The bytes depend only on the files' paths and contents (fixed timestamps, sorted entries), so the
service worker's content hash changes only when the game does.

Usage: python scripts/game_zip.py [OUT]   write the archive (default: print what it holds)
Standard library only (the ``deflate`` package, when installed, packs a few KB smaller: ``gzipped``).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = "game.zip"
PACKAGE = "game"
STAMP = (2020, 1, 1, 0, 0, 0)  # zip's earliest sensible date; any fixed value keeps the bytes stable
# The command line (python -m game): never imported by the page, so never shipped to it.
COMMAND_LINE = ("game/__main__.py", "game/cli.py", "game/sim.py")
# An online table's code: the built site ships it apart, as online.zip, fetched by the page only
# when a table is opened (game/ui/later.py lists the same modules and fetches it).
ONLINE_ARCHIVE = "online.zip"
ONLINE = ("game/ui/online/", "game/ui/screens/online/", "game/ui/session/online.py", "game/ui/store/room.py")


def online(name: str) -> bool:
    """Whether the file ``name`` (game/….py or .pyc) ships in online.zip."""
    source = name.removesuffix("c")                   # a module's .pyc is named as its .py
    return any(source.startswith(part) if part.endswith("/") else source == part for part in ONLINE)


def python_files(root: Path = ROOT) -> list[str]:
    """Every game/**/*.py the page may import, as a posix path relative to `root`, sorted."""
    return sorted(
        name
        for p in (root / PACKAGE).rglob("*.py")
        if "__pycache__" not in p.parts and p.is_file()
        and (name := p.relative_to(root).as_posix()) not in COMMAND_LINE
    )


def module_names(root: Path = ROOT) -> list[str]:
    """The importable names of python_files(): game/ui/app.py → game.ui.app."""
    return [name[:-3].replace("/", ".").removesuffix(".__init__") for name in python_files(root)]


def zip_bytes(entries: dict[str, bytes], deflated: bool = True) -> bytes:
    """An archive of ``entries`` whose bytes depend only on the names and contents: each member
    deflated, or stored as it is (``deflated=False``, for ``packed``)."""
    method = zipfile.ZIP_DEFLATED if deflated else zipfile.ZIP_STORED
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method, compresslevel=9 if deflated else None) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


# A gzip stream starts with these two bytes; a zip with "PK".
GZIP_MAGIC = b"\x1f\x8b"


def packed(entries: dict[str, bytes]) -> bytes:
    """The built site's form of an archive a first visit downloads (game.zip, stdlib.zip): a zip of
    STORED members, gzipped as one stream (level 9, no name or time, so the bytes are stable).

    Why: a zip deflates each member on its own, so what modules share (the names every .pyc
    repeats, the library's common words) is paid for in each; one stream over them all finds it
    once. game.zip is about a fifth smaller this way and stdlib.zip a tenth (scripts/build.py's
    sizes), and no host compresses a .zip for us (bench.network sends it as it is, as hosts do).
    The page unwraps it with the browser's own DecompressionStream as it arrives
    (assets/python-boot.mjs), so Pyodide and PyScript still get a plain zip; a host that sends
    the file with ``Content-Encoding: gzip`` (Apache does for .gz names) hands it over unwrapped
    already, which the page sees by its first bytes."""
    return gzipped(zip_bytes(entries, deflated=False))


def gzipped(data: bytes) -> bytes:
    """``data`` as a gzip stream with no name or time: libdeflate's strongest level (the ``deflate``
    package, requirements.txt: 3 % smaller than zlib's level 9 in a second or two), else zlib's."""
    try:
        import deflate
    except ImportError:  # the same format, some KB larger
        return gzip.compress(data, compresslevel=9, mtime=0)
    return deflate.gzip_compress(data, 12)


def unpacked(data: bytes) -> bytes:
    """The zip inside a ``packed`` archive (a plain zip is returned as it is)."""
    return gzip.decompress(data) if data[:2] == GZIP_MAGIC else data


def open_archive(path: Path) -> zipfile.ZipFile:
    """A built archive (``packed`` or plain) opened for reading: its members, as Python sees them."""
    return zipfile.ZipFile(io.BytesIO(unpacked(Path(path).read_bytes())))


def sources(root: Path = ROOT) -> dict[str, bytes]:
    return {name: (root / name).read_bytes() for name in python_files(root)}


def archive_bytes(root: Path = ROOT, bytecode: bool = False, part: str = "all", pack: bool = False) -> bytes:
    """The archive: the sources, or with ``bytecode`` a .pyc in place of each .py. ``part``: "all"
    (the development server's game.zip), "game" (the built game.zip: all but ONLINE) or "online".
    ``pack``: the built site's ``packed`` form (game.zip; online.zip stays a plain zip, which
    game/ui/later.py opens with Python's zipfile)."""
    files = compiled(root, sources(root)) if bytecode else sources(root)   # one Node run for both parts
    entries = {name: data for name, data in files.items() if part == "all" or online(name) == (part == "online")}
    return packed(entries) if pack else zip_bytes(entries)


def compiled(root: Path, sources: dict[str, bytes]) -> dict[str, bytes]:
    """Bytecode for ``sources`` from the vendored Pyodide under Node (scripts/compile_pyc.mjs),
    each named as its source with .pyc for .py.

    Saves the page compiling the game at every boot. It needs Node and node_modules; the
    deploy build has both (make dist runs npm ci first).
    """
    request = {name: data.decode("utf-8") for name, data in sources.items()}
    result = run_node(root, "compile_pyc.mjs", request, "compiling the game to bytecode")
    return {name: base64.b64decode(data) for name, data in result["files"].items()}


_ANSWERS: dict[str, dict] = {}  # a Node script's answer, by script and request: one run a process
# A folder where the answers are also kept for other processes (the test suite's workers: one set
# by tests/conftest.py for the session, each answer made by the first to ask, under a lock). Unset
# (make dist), every process runs its own. The key holds the request, sources and all.
SHARED_ANSWERS = "AGGRAVATION_NODE_ANSWERS"


def run_node(root: Path, script: str, request: dict, doing: str) -> dict:
    """The JSON answer of ``node scripts/SCRIPT REQUEST.json`` (the vendored Pyodide's work for the
    build). Kept for the process, and in SHARED_ANSWERS' folder when set: the tests build the site
    many times from the same sources."""
    text = json.dumps(request, sort_keys=True)
    key = hashlib.sha256(f"{root}\0{script}\0{text}".encode()).hexdigest()
    if key not in _ANSWERS:
        shared = os.environ.get(SHARED_ANSWERS)
        _ANSWERS[key] = _shared_answer(Path(shared), key, lambda: _node(root, script, text, doing)) \
            if shared else _node(root, script, text, doing)
    return _ANSWERS[key]


def _node(root: Path, script: str, text: str, doing: str) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "request.json"
        listing.write_text(text, encoding="utf-8")
        run = subprocess.run(["node", str(root / "scripts" / script), str(listing)],
                             cwd=root, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"{doing} failed: {run.stderr.strip()[-800:]}")
    return json.loads(run.stdout)


def _shared_answer(folder: Path, key: str, make) -> dict:
    """The answer kept in ``folder`` under ``key``, made (by ``make``) by whichever process asks
    first while the others wait on its lock."""
    import fcntl   # POSIX: only the test suite sets SHARED_ANSWERS

    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / f"{key}.json"
    with open(folder / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.is_file():
            return json.loads(kept.read_text(encoding="utf-8"))
        answer = make()
        part = kept.with_suffix(".part")
        part.write_text(json.dumps(answer), encoding="utf-8")
        os.replace(part, kept)
        return answer


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
