"""The code keeps its shape: no import circles in ``game/``, and no big modules.

Imports run one way (a facade above what it calls), so any module can be read
knowing only what is below it; a circle means two modules that cannot be
understood, tested or loaded apart. Every import statement counts, lazy ones
inside functions and ``if TYPE_CHECKING`` ones too: a lazy import hides a
circle, it does not break it. Small modules are easy to find your way in
(DESIGN.md asks for 50–300 lines); the limits here are the ceiling.
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator, Mapping, Optional

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
ASSETS = ROOT / "assets"
MODULE_LINES = 450   # the most lines one module of game/ may have
SCRIPT_LINES = 500   # the most lines one script of assets/ may have (assets/vendor/ is not ours)
SCRIPT_ENDINGS = (".js", ".mjs", ".cjs")

Graph = Mapping[str, Mapping[str, str]]  # module → {module it imports: where ("game/x.py:12")}


# ---------------------------------------------------------------- reading the imports


def python_files(package: Path) -> list[Path]:
    return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)


def module_name(path: Path, root: Path) -> str:
    """``game/ui/app.py`` → ``game.ui.app``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(importer: str, is_package: bool, level: int, module: Optional[str]) -> str:
    """The absolute name behind ``from <level dots><module> import …`` in ``importer``."""
    if level == 0:
        return module or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def imported_names(tree: ast.AST, importer: str, is_package: bool) -> Iterator[tuple[str, list[str], int]]:
    """Every import statement anywhere in the tree: (module, names taken from it, line)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(importer, is_package, node.level, node.module)
            yield module, [alias.name for alias in node.names], node.lineno


def _targets(module: str, names: list[str], known: set[str]) -> set[str]:
    """The modules of ``known`` that an import of ``names`` from ``module`` runs."""
    found = set()
    for name in names:
        if f"{module}.{name}" in known:  # from package import submodule
            found.add(f"{module}.{name}")
        elif module in known:            # from module import a name (a package: its __init__)
            found.add(module)
    if not names and module in known:    # import game.x
        found.add(module)
    return found


def _with_packages(target: str, importer: str, known: set[str]) -> set[str]:
    """``target`` and the packages Python loads on the way to it.

    Importing ``game.bots.levels`` from ``game.sim`` runs ``game/bots/__init__.py``
    first; a module inside ``game.bots`` has that package loaded already, so its
    own packages are no edge.
    """
    parts = target.split(".")
    packages = {".".join(parts[:n]) for n in range(1, len(parts))}
    own = {importer} | {importer.rsplit(".", n)[0] for n in range(1, importer.count(".") + 1)}
    return {target} | {p for p in packages if p in known and p not in own}


def import_graph(package: Path) -> dict[str, dict[str, str]]:
    """Module → the package's modules it imports, each with the first place it does."""
    root = package.parent
    files = {module_name(path, root): path for path in python_files(package)}
    known = set(files)
    graph: dict[str, dict[str, str]] = {name: {} for name in files}
    for importer, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for module, names, line in imported_names(tree, importer, is_package):
            for target in _targets(module, names, known):
                for reached in _with_packages(target, importer, known):
                    if reached != importer:
                        where = f"{path.relative_to(root).as_posix()}:{line}"
                        graph[importer].setdefault(reached, where)
    return graph


# ---------------------------------------------------------------- finding circles


def _components(graph: Graph) -> list[list[str]]:
    """Strongly connected components (Tarjan), iteratively, so depth is no limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(sorted(component))
    return found


def _shortest_cycle(graph: Graph, start: str, within: set[str]) -> list[str]:
    """The shortest path from ``start`` back to itself inside ``within`` (breadth first)."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return path[::-1] + [start]
                if nxt in within and nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    return []


def find_cycles(graph: Graph) -> list[list[str]]:
    """One circle per tangle of modules, as a path that ends where it starts: [a, b, a]."""
    cycles = []
    for component in sorted(_components(graph)):
        first = component[0]
        if len(component) > 1 or first in graph.get(first, ()):
            cycles.append(_shortest_cycle(graph, first, set(component)))
    return cycles


def describe(cycle: list[str], graph: Graph) -> str:
    """``a → b → a``, the import statement behind each arrow, and who else is tangled in."""
    lines = [" → ".join(cycle)]
    for here, there in zip(cycle, cycle[1:]):
        lines.append(f"    {graph[here][there]}: {here} imports {there}")
    tangle = next((c for c in _components(graph) if cycle[0] in c), [])
    others = [module for module in tangle if module not in cycle]
    if others:
        lines.append(f"    (in the same tangle: {', '.join(others)})")
    return "\n".join(lines)


def too_long(paths: list[Path], limit: int) -> list[str]:
    lines = []
    for path in paths:
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > limit:
            lines.append(f"{path.relative_to(ROOT).as_posix()}: {count} lines (limit {limit})")
    return lines


# ---------------------------------------------------------------- the rules


def test_game_has_no_import_circle():
    """No module of game/ imports, however lazily, a module that imports it back."""
    graph = import_graph(GAME)
    cycles = find_cycles(graph)
    if cycles:
        pytest.fail(
            f"{len(cycles)} import circle(s) in game/; make imports run one way "
            "(a facade above what it calls, shared data in a module below both):\n"
            + "\n".join(describe(cycle, graph) for cycle in cycles),
            pytrace=False,
        )


def test_game_modules_are_small():
    """Every module of game/ has at most MODULE_LINES lines: split it by what it holds."""
    big = too_long(python_files(GAME), MODULE_LINES)
    if big:
        pytest.fail("modules of game/ too long to find your way in:\n" + "\n".join(big), pytrace=False)


def test_asset_scripts_are_small():
    """Every script of ours under assets/ (not assets/vendor/) has at most SCRIPT_LINES lines."""
    scripts = sorted(
        p for p in ASSETS.rglob("*")
        if p.suffix in SCRIPT_ENDINGS and p.is_file() and "vendor" not in p.relative_to(ASSETS).parts[:1]
    )
    assert scripts, "no scripts found under assets/: is the path right?"
    big = too_long(scripts, SCRIPT_LINES)
    if big:
        pytest.fail("scripts of assets/ too long to find your way in:\n" + "\n".join(big), pytrace=False)


# The UI's layers, top to bottom (game/ui/__init__.py says what each holds): a module imports its
# own layer and the layers below, never one above. Everything of game/ outside game/ui is the engine.
LAYERS = (
    ("the page layer", ("game.ui.app", "game.ui.dispatch", "game.ui.worker", "game.ui.online", "game.ui.later",
                        "game.ui.cues", "game.ui.narration")),
    ("the screens", ("game.ui.screens",)),
    ("the session", ("game.ui.session",)),
    ("the store", ("game.ui.store",)),
    ("the UI's shared words", ("game.ui.words", "game.ui.glyphs", "game.ui.standings")),
    ("the engine", ("game",)),   # with game/ui/__init__.py, which imports nothing: a new UI module
)                                # left out of LAYERS counts as engine, and its first import fails here


def layer_of(module: str) -> int:
    """The index in LAYERS of ``module``'s layer: the longest prefix that names it wins."""
    best = max(((len(prefix), n) for n, (_, prefixes) in enumerate(LAYERS) for prefix in prefixes
                if module == prefix or module.startswith(prefix + ".")), default=None)
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[1]


def upward_imports(graph: Graph) -> list[str]:
    """Each import that reaches a layer above its importer's, as 'a (layer) → b (layer) at file:line'."""
    found = []
    for importer, targets in sorted(graph.items()):
        for target, where in sorted(targets.items()):
            if layer_of(target) < layer_of(importer):
                found.append(f"{importer} ({LAYERS[layer_of(importer)][0]}) → {target} "
                             f"({LAYERS[layer_of(target)][0]}) at {where}")
    return found


def test_imports_run_down_the_layers():
    """page layer → screens → session → store → shared words → engine, never back up."""
    upward = upward_imports(import_graph(GAME))
    if upward:
        pytest.fail("imports that run up the layers:\n" + "\n".join(upward), pytrace=False)


def test_the_layer_check_sees_an_import_up():
    graph = {"game.ui.session.moves": {"game.ui.screens.table.model": "game/ui/session/moves.py:3"},
             "game.ui.screens.table.model": {"game.ui.session.moves": "x:1", "game.rules": "x:2"}, "game.rules": {}}
    assert upward_imports(graph) == ["game.ui.session.moves (the session) → game.ui.screens.table.model "
                                     "(the screens) at game/ui/session/moves.py:3"]
    assert layer_of("game.ui.words") > layer_of("game.ui.store.kept") and layer_of("game.bots.levels") == 5


# ---------------------------------------------------------------- the checks can fail


def test_cycle_finder_finds_a_planted_circle():
    """A circle hidden behind an acyclic part is found, named from its first module, and only it."""
    graph = {
        "entry": {"a": "x:1", "solo": "x:2"},
        "a": {"b": "a:1"},
        "b": {"c": "b:1", "solo": "b:2"},
        "c": {"a": "c:1"},
        "solo": {"self": "s:1"},
        "self": {"self": "self:1"},
    }
    assert find_cycles(graph) == [["a", "b", "c", "a"], ["self", "self"]]
    assert describe(["a", "b", "c", "a"], graph).splitlines()[0] == "a → b → c → a"
    assert find_cycles({"a": {"b": ""}, "b": {"c": ""}, "c": {}}) == []


def test_import_reader_sees_every_kind_of_import(tmp_path):
    """Lazy, TYPE_CHECKING, relative, absolute and ``from . import module`` imports all count."""
    pkg = tmp_path / "game"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "low.py": "X = 1\n",
        "lazy.py": "def f():\n    from .top import go\n",
        "typed.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import game.low\n",
        "top.py": "import json\nfrom . import lazy, low\nfrom .sub import helper\ndef go(): pass\n",
        "sub/__init__.py": "from .helper import H\n",
        "sub/helper.py": "from ..low import X\nfrom game import typed\nH = 1\n",
        "sub/user.py": "from game.sub import H\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    graph = {module: set(targets) for module, targets in import_graph(pkg).items()}
    assert graph == {
        "game": set(),
        "game.low": set(),
        "game.lazy": {"game.top"},
        "game.typed": {"game.low"},
        "game.top": {"game.lazy", "game.low", "game.sub", "game.sub.helper"},
        "game.sub": {"game.sub.helper"},
        "game.sub.helper": {"game.low", "game.typed"},
        "game.sub.user": {"game.sub"},
    }
    assert find_cycles(graph) == [["game.lazy", "game.top", "game.lazy"]]
