"""pyscript.toml must ship every engine module into Pyodide, or `import game` breaks in the page."""

import importlib.util
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIX = "run `python scripts/sync_files.py`"


def load_sync_files():
    spec = importlib.util.spec_from_file_location("sync_files", ROOT / "scripts" / "sync_files.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as handle:
        return tomllib.load(handle)


def game_modules() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "game").rglob("*.py")
        if "__pycache__" not in p.parts
    }


def test_every_game_module_is_in_files():
    missing = game_modules() - set(config().get("files", {}))
    assert not missing, f"pyscript.toml [files] lacks {sorted(missing)}: {FIX}"


def test_files_entries_exist_and_keep_their_paths():
    files = config().get("files", {})
    stale = sorted(url for url in files if not (ROOT / url).is_file())
    assert not stale, f"pyscript.toml [files] lists missing files {stale} (a 404 at boot): {FIX}"
    moved = {url: dest for url, dest in files.items() if url != dest}
    assert not moved, f"[files] must keep repo paths in Pyodide's filesystem: {moved}"


def test_runtime_is_local():
    cfg = config()
    assert cfg["interpreter"] == "assets/vendor/pyodide/pyodide.mjs"
    assert "packages" not in cfg, "packages = [...] pulls micropip from a CDN"


def test_sync_rewrites_only_the_files_table():
    sync = load_sync_files()
    before = 'interpreter = "x.mjs"\n\n[files]\n"old.py" = "old.py"\n\n# later\n[js_modules.main]\n"a" = "b"\n'
    after = sync.rewrite(before, ["game/a.py", "game/b.py"])
    assert after.startswith('interpreter = "x.mjs"\n\n[files]\n')
    assert '"game/a.py" = "game/a.py"\n"game/b.py" = "game/b.py"\n' in after
    assert '"old.py"' not in after
    assert after.endswith('\n# later\n[js_modules.main]\n"a" = "b"\n')
    assert tomllib.loads(after)["files"] == {"game/a.py": "game/a.py", "game/b.py": "game/b.py"}
    assert sync.rewrite(after, ["game/a.py", "game/b.py"]) == after
    appended = sync.rewrite('interpreter = "x.mjs"\n', ["game/a.py"])
    assert tomllib.loads(appended)["files"] == {"game/a.py": "game/a.py"}
