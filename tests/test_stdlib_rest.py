"""scripts/stdlib_rest.py: a module missing from the game's cut of Python's library is still
imported, by fetching the whole library once; a module the whole library lacks costs nothing."""
from __future__ import annotations

import importlib
import sys
import zipfile

import pytest

from support import load_script

rest = load_script("stdlib_rest")


def write_zip(path, members: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)


@pytest.fixture
def library(tmp_path):
    """A cut library on sys.path (``kept`` and package ``pkg`` without ``pkg.extra``), the whole one
    to fetch, and the finder installed; everything put back afterwards."""
    whole = {"kept.py": "X = 1\n", "left.py": "Y = 2\n", "pkg/__init__.py": "", "pkg/extra.py": "Z = 3\n"}
    cut = tmp_path / "cut.zip"
    write_zip(cut, {"kept.py": "X = 1\n", "pkg/__init__.py": "",
                    rest.NAMES: "kept\nleft\npkg\npkg.extra\n"})
    write_zip(tmp_path / "whole.zip", whole)
    fetched, reported = [], []

    def fetch(url):
        fetched.append(url)
        return (tmp_path / "whole.zip").read_bytes()

    finder = rest.RestOfTheLibrary(str(cut), "https://host/python_stdlib.zip", fetch=fetch, report=reported.append)
    sys.path.insert(0, str(cut))
    sys.meta_path.append(finder)
    yield fetched, reported
    sys.meta_path.remove(finder)
    sys.path.remove(str(cut))
    for name in ("kept", "left", "pkg", "pkg.extra"):
        sys.modules.pop(name, None)
    importlib.invalidate_caches()


def test_a_module_left_out_is_fetched_with_the_whole_library_once(library):
    fetched, reported = library
    assert importlib.import_module("kept").X == 1 and fetched == []
    assert importlib.import_module("left").Y == 2
    assert importlib.import_module("pkg.extra").Z == 3, "a package's __path__ sees the whole library too"
    assert fetched == ["https://host/python_stdlib.zip"] and reported == ["left"]


def test_a_module_the_whole_library_lacks_fails_as_before_without_a_fetch(library):
    fetched, reported = library
    importlib.import_module("pkg")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("no_such_module")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("pkg.nothing")
    assert fetched == [] and reported == []
