"""pyscript.toml must ship every engine module into Pyodide, or `import game` breaks in the page.

The page gets the game package as ONE archive, game.zip (scripts/game_zip.py): pyscript.toml's
[files] unpacks it into Pyodide's working directory."""

import ast
import io
import tomllib
import zipfile
from pathlib import Path

from support import load_script

ROOT = Path(__file__).resolve().parent.parent


game_zip = load_script("game_zip")


def config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as handle:
        return tomllib.load(handle)


def game_modules() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "game").rglob("*.py")
        if "__pycache__" not in p.parts
    }


def test_files_unpacks_the_game_archive_into_the_working_directory():
    assert config().get("files") == {game_zip.ARCHIVE: "./*"}


def test_archive_holds_every_game_module_but_the_command_lines_at_its_repo_path():
    archive = zipfile.ZipFile(io.BytesIO(game_zip.archive_bytes(ROOT)))
    assert set(archive.namelist()) == game_modules() - set(game_zip.COMMAND_LINE)
    assert set(game_zip.COMMAND_LINE) <= game_modules()
    assert archive.read("game/ui/worker.py") == (ROOT / "game/ui/worker.py").read_bytes()


def test_no_module_the_page_gets_imports_the_command_line():
    """The archive leaves the command line out (game_zip.COMMAND_LINE): nothing shipped may need it."""
    left_out = {name[:-3].replace("/", ".").removesuffix(".__main__") for name in game_zip.COMMAND_LINE}
    left_out |= {"game.__main__"}
    for name in game_zip.python_files(ROOT):
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        package = name[:-3].replace("/", ".").rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                targets = {base} | {f"{base}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                targets = {alias.name for alias in node.names}
            else:
                continue
            assert not targets & left_out, f"{name}:{node.lineno} imports the command line ({targets & left_out})"


def test_archive_bytes_depend_only_on_the_files(tmp_path):
    (tmp_path / "game" / "ui").mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (tmp_path / "game" / "ui" / "a.py").write_text("x = 1\n")
    first = game_zip.archive_bytes(tmp_path)
    (tmp_path / "game" / "ui" / "a.py").touch()
    assert game_zip.archive_bytes(tmp_path) == first
    (tmp_path / "game" / "ui" / "a.py").write_text("x = 2\n")
    assert game_zip.archive_bytes(tmp_path) != first


def test_runtime_is_local():
    """The interpreter is the game's own boot module, which imports the vendored Pyodide only."""
    cfg = config()
    assert cfg["interpreter"] == "assets/python-boot.mjs"
    boot = (ROOT / cfg["interpreter"]).read_text(encoding="utf-8")
    imports = [line.split(" from ")[1] for line in boot.splitlines() if line.startswith("import ")]
    assert imports == ['"./vendor/pyodide/pyodide.mjs";']
    assert "packages" not in cfg, "packages = [...] pulls micropip from a CDN"
