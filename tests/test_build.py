"""scripts/build.py: dist/ holds only what a static host serves, and the service worker's
precache list and keys follow the files (the browser side is tests/browser/test_offline.py)."""

from __future__ import annotations

import io
import json
import re
import shutil
import struct
import zipfile
from pathlib import Path

import pytest

from support import load_script

ROOT = Path(__file__).resolve().parent.parent


build = load_script("build")
game_zip = load_script("game_zip")
_pages = load_script("rules_pages")
# Every language the rules pages are written in (a language joins once its catalog is complete),
# with its rules page and card for each rulebook: a player offline reads them in their language.
TRANSLATED_RULES = {_pages.localized(page, lang) for lang in _pages.languages() for page in _pages.PAGE.values()}
TRANSLATED_CARDS = {_pages.localized(card, lang) for lang in _pages.languages() for card in _pages.CARD.values()}


def manifest_of(site: Path) -> dict:
    text = (site / "sw-manifest.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"= (\{.*\});", text, re.S).group(1))


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    if not (ROOT / "assets/vendor/pyodide/pyodide.mjs").is_file():
        pytest.skip("assets/vendor/ missing: make setup")
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


def test_dist_holds_the_site_and_runtime_only(dist):
    top = {p.name for p in dist.iterdir()}
    assert top == {"index.html", *TRANSLATED_RULES, "pyscript.toml",
                   "sw.js", "sw-manifest.js", "print", "assets", "game.zip", "online.zip", "stdlib.zip", ".nojekyll",
                   "locales"}
    assert not (dist / "assets/vendor/axe").exists()
    assert not (dist / "assets/vendor/vsr").exists()           # the virtual screen reader: tests only
    assert not list(dist.rglob("__pycache__")) and not list(dist.rglob("*.map"))
    assert (dist / "assets/vendor/pyodide/pyodide.asm.wasm").is_file()
    assert not list(dist.rglob("*.snapshot.gz")), "no memory snapshot is shipped"
    # each module once, as bytecode made by the page's own Python, so boots skip compiling
    shipped = sorted(game_zip.open_archive(dist / "game.zip").namelist())
    later = sorted(zipfile.ZipFile(dist / "online.zip").namelist())     # an online table's code, apart
    assert later and sorted(shipped + later) == sorted(name[:-3] + ".pyc" for name in build.game_modules())
    assert all(name.startswith(("game/ui/online/", "game/ui/screens/online/", "game/ui/session/online",
                                "game/ui/store/room")) for name in later)
    header = game_zip.open_archive(dist / "game.zip").read("game/ui/app.pyc")[:16]
    assert struct.unpack("<I", header[4:8])[0] == 0b01, "an unchecked-hash .pyc, trusted without its source"


def test_the_games_bytecode_drops_function_annotations_but_keeps_class_fields():
    """scripts/pyc.mjs: a game module's functions ship without their annotations (3.14 compiles each
    into a function of its own, which the game never calls), while a class's annotations, which
    dataclasses and NamedTuples read, stay."""
    source = (b"from dataclasses import dataclass\n"
              b"def deal(hand: 'ZebraHand', *rest: 'QuaggaRest', **more: 'OkapiMore') -> 'GnuResult':\n"
              b"    inner = lambda: 1\n    return inner\n"
              b"@dataclass\nclass Seat:\n    name: 'TapirField'\n"
              b"    def move(self, card: 'IbexCard') -> 'YakMove':\n        return card\n")
    pyc = game_zip.compiled(ROOT, {"game/probe.py": source})["game/probe.pyc"]
    for gone in (b"ZebraHand", b"QuaggaRest", b"OkapiMore", b"GnuResult", b"IbexCard", b"YakMove"):
        assert gone not in pyc, gone
    assert b"TapirField" in pyc


def test_each_language_ships_its_compiled_catalog_kept_only_once_fetched(dist):
    """The worker fetches one language's catalog (game/ui/worker.py): every translated language's .mo
    ships, none is precached for every browser (a first visit stays light): sw.js keeps the one fetched,
    and precaches those of the languages the browser reads (sw.js PAGES). Beside it the page's words and
    start screen in that language (scripts/catalogs.py, scripts/shell.py)."""
    from game.i18n import LANGUAGES, SOURCE, from_mo

    shipped = sorted(p.relative_to(dist).as_posix() for p in (dist / "locales").rglob("*.mo"))
    assert shipped == sorted(f"locales/{lang}/LC_MESSAGES/game.mo" for lang in LANGUAGES if lang != SOURCE)
    page = sorted(p.relative_to(dist).as_posix() for p in (dist / "locales").rglob("*") if p.is_file() and p.suffix != ".mo")
    assert page == sorted(f"locales/{lang}/{name}" for lang in LANGUAGES if lang != SOURCE for name in build.PAGE_FILES)
    for name in shipped:
        data = (dist / name).read_bytes()
        assert from_mo(data).info()["language"] == name.split("/")[1]
        # gzipped, as no host compresses a .mo file: the bytes a first visit in that language adds
        assert data[:2] == game_zip.GZIP_MAGIC and len(data) < (ROOT / name).stat().st_size
    data = build.manifest(dist)
    assert sorted(f for f in data["app"]["lazy"] if f.startswith("locales/")) == sorted(shipped + page)
    assert not set(shipped) & set(data["app"]["files"]) and not any("qps" in f for f in data["app"]["files"])


def test_the_game_gets_a_cut_of_pythons_library_as_bytecode_with_its_fallback(dist):
    """stdlib.zip (scripts/stdlib_zip.py): the modules the game's import closure needs, compiled,
    and the fallback that fetches the whole library for anything else."""
    stdlib = game_zip.open_archive(dist / "stdlib.zip")
    names = set(stdlib.namelist())
    whole = zipfile.ZipFile(dist / "assets/vendor/pyodide/python_stdlib.zip")
    assert {"json/__init__.pyc", "dataclasses.pyc", "random.pyc", "encodings/utf_8.pyc", "asyncio/__init__.pyc",
            "encodings/cp437.pyc"} <= names
    assert {"_aggravation_rest.py", "_aggravation_rest.txt"} <= names
    assert not names & {"unittest/__init__.pyc", "email/__init__.pyc", "tkinter/__init__.pyc", "encodings/cp1252.pyc"}
    assert all(name.endswith(".pyc") for name in names - {"_aggravation_rest.py", "_aggravation_rest.txt"})
    assert {name[:-1] for name in names if name.endswith(".pyc")} <= set(whole.namelist())
    listed = set(stdlib.read("_aggravation_rest.txt").decode().split())
    assert {"email.utils", "json", "encodings.cp1252", "xml.dom.minidom"} <= listed
    assert (dist / "stdlib.zip").stat().st_size < (dist / "assets/vendor/pyodide/python_stdlib.zip").stat().st_size / 2


def test_a_first_visits_archives_are_packed_as_one_gzip_stream_each(dist):
    """game.zip and stdlib.zip ship packed (scripts/game_zip.py ``packed``): stored members in one
    gzip stream, smaller than the same members deflated one by one, with the same contents; the
    page unwraps them (assets/python-boot.mjs). online.zip, which Python opens itself, stays a zip."""
    for name in ("game.zip", "stdlib.zip"):
        data = (dist / name).read_bytes()
        assert data[:2] == game_zip.GZIP_MAGIC, f"{name} is not packed"
        inner = zipfile.ZipFile(io.BytesIO(game_zip.unpacked(data)))
        assert {info.compress_type for info in inner.infolist()} == {zipfile.ZIP_STORED}
        members = {info.filename: inner.read(info) for info in inner.infolist()}
        deflated = game_zip.zip_bytes(members)
        assert len(data) < 0.93 * len(deflated), f"{name}: {len(data)} bytes packed, {len(deflated)} deflated"
    assert (dist / "online.zip").read_bytes()[:2] == b"PK"
    boot = (dist / build.BOOT).read_text(encoding="utf-8")
    assert 'new DecompressionStream("gzip")' in boot


def test_the_sites_own_scripts_and_styles_ship_minified_and_stay_readable_in_the_repo(dist):
    """esbuild (scripts/build.py ``minify``): each of the site's own scripts and styles ships smaller
    than its readable source, its non-ASCII characters as they are (not as \\u escapes); the vendored
    runtime, the service worker and its registration ship as they are written."""
    files = {p.relative_to(dist).as_posix(): p for p in build.minified_files(dist)}
    assert {"assets/app.js", "assets/page/boot.js", "assets/python-boot.mjs", "assets/css/game.css",
            "assets/rules.css"} <= set(files)
    assert not [name for name in files if name.startswith(build.VENDOR) or name in build.NOT_MINIFIED]
    for name, path in files.items():
        source, shipped = (ROOT / name).read_text(encoding="utf-8"), path.read_text(encoding="utf-8")
        assert len(shipped) < 0.9 * len(source), name
        assert shipped.count("\\u") <= source.count("\\u"), f"{name}: characters escaped"
        assert {c for c in shipped if ord(c) > 127} <= {c for c in source if ord(c) > 127}, name
    assert (dist / build.WORKER_NAME).read_bytes() == (ROOT / build.WORKER_NAME).read_bytes()
    boot = files["assets/python-boot.mjs"].read_text(encoding="utf-8")
    assert all(name in boot for name in ("loadPyodide", "makeSnapshot", "version"))  # its exports keep their names


def test_only_the_build_switches_the_worker_on(dist):
    assert build.BUILT_OFF in (ROOT / build.REGISTER).read_text(encoding="utf-8")
    text = (dist / build.REGISTER).read_text(encoding="utf-8")
    assert build.BUILT_ON in text and build.BUILT_OFF not in text


def test_precache_list_names_every_served_file_once(dist):
    data = manifest_of(dist)
    versions = json.loads((ROOT / "assets/vendor/versions.json").read_text(encoding="utf-8"))
    assert data["runtime"]["key"] == (
        f"pyscript-core-{versions['@pyscript/core']}_peerjs-{versions['peerjs']}_pyodide-{versions['pyodide']}"
        f"_qrcode-generator-{versions['qrcode-generator']}"
    )
    listed = data["runtime"]["files"] + data["app"]["files"] + data["runtime"]["lazy"] + data["app"]["lazy"]
    # Pyodide's whole library is kept only once fetched (a module missing from stdlib.zip), and so
    # is the online table's client (test_the_online_tables_client_is_shipped_but_never_precached)
    assert data["runtime"]["lazy"] == ["assets/vendor/peerjs/peerjs.min.js", "assets/vendor/pyodide/python_stdlib.zip",
                                       "assets/vendor/qrcode/qrcode.mjs"]
    assert "stdlib.zip" in data["app"]["files"]
    assert len(listed) == len(set(listed))
    for name in listed:
        assert (dist / name).is_file(), name
    served = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert served - set(listed) == {"sw.js", "sw-manifest.js", ".nojekyll", "assets/vendor/versions.json"}
    assert "index.html" in data["app"]["files"] and "print/index.html" in data["app"]["files"]
    # every rulebook's rules page and printable card is kept for offline play
    english = {name for name in build.RULES_PAGES if not build.TRANSLATED_PAGE.search(name)}
    assert {*english, "print/gallery.html", "print/contract.html", "print/card.css",
            "assets/rules.css"} <= set(data["app"]["files"])
    # and so is each language's (rules.es.html, print/gallery.es.html): precached where the browser reads
    # that language, kept when first opened anywhere else (sw.js PAGES, LAZY_APP)
    translated = {name for name in {*TRANSLATED_RULES, *TRANSLATED_CARDS} if build.TRANSLATED_PAGE.search(name)}
    assert translated and translated <= set(data["app"]["lazy"]) and not translated & set(data["app"]["files"])
    # with that language's catalog and what the page shows in it before Python is up (its words, its start screen)
    starts = {f"locales/{lang}/{name}" for lang in build.LANGUAGES for name in build.READER_FILES}
    assert sorted(n for names in data["app"]["pages"].values() for n in names) == sorted(translated | starts)
    assert all(name.endswith(f".{lang}.html") or name.startswith(f"locales/{lang}/")
               for lang, names in data["app"]["pages"].items() for name in names)


def test_the_online_tables_client_is_shipped_but_never_precached(dist):
    """PeerJS's client and the QR-code maker are loaded by the page only when an online table opens:
    shipped, kept by the service worker once fetched (lazy), never downloaded ahead by a first visit."""
    data = manifest_of(dist)
    online = ["assets/vendor/peerjs/peerjs.min.js", "assets/vendor/qrcode/qrcode.mjs"]
    assert list(build.ONLINE_RUNTIME) == online
    for name in online:
        assert (dist / name).read_bytes() == (ROOT / name).read_bytes(), name
        assert name in data["runtime"]["lazy"]
        assert name not in data["runtime"]["files"] and name not in data["app"]["files"]
    assert b"window.peerjs" in (dist / online[0]).read_bytes()  # the classic script the page loads
    assert b"export default qrcode" in (dist / online[1]).read_bytes()
    # only the two files the page loads: no source maps, no other builds of either package
    assert sorted(p.name for p in (dist / "assets/vendor/peerjs").iterdir()) == ["peerjs.min.js"]
    assert sorted(p.name for p in (dist / "assets/vendor/qrcode").iterdir()) == ["qrcode.mjs"]
    # nothing of ours names them up front, so a game played alone never fetches them
    html = (dist / "index.html").read_text(encoding="utf-8")
    assert "peerjs" not in html and "qrcode" not in html


def test_a_build_without_the_online_client_is_refused(dist, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    (site / "assets/vendor/qrcode/qrcode.mjs").unlink()
    with pytest.raises(build.BuildError, match="qrcode.mjs"):
        build.write_sw_manifest(site)


def test_app_hash_follows_app_files_and_runtime_key_does_not(dist, tmp_path):
    before = manifest_of(dist)
    target = dist / "rules.html"
    original = target.read_bytes()
    try:
        target.write_bytes(original + b"\n<!-- v2 -->\n")
        after = build.write_sw_manifest(dist)
    finally:
        target.write_bytes(original)
        build.write_sw_manifest(dist)
    assert after["app"]["hash"] != before["app"]["hash"]
    assert after["runtime"] == before["runtime"]
    assert manifest_of(dist) == before  # same files, same hash: the build is reproducible


def test_broken_and_root_absolute_references_are_refused(tmp_path):
    (tmp_path / "a.html").write_text('<img src="missing.png"><a href="/abs.html">x</a>'
                                     '<a href="https://example.org/">ok</a><a href="#top">ok</a>', encoding="utf-8")
    (tmp_path / "s.css").write_text("body { background: url('data:image/png;base64,AA') }", encoding="utf-8")
    problems = build.broken_references(tmp_path)
    assert len(problems) == 2 and "missing.png" in problems[0] and "root-absolute" in problems[1]


def test_refuses_to_replace_a_folder_it_did_not_build(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(build.BuildError):
        build.build(tmp_path)
    assert (tmp_path / "precious.txt").is_file()


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_manifest_icons_exist_at_their_stated_sizes():
    manifest_dir = ROOT / "assets"
    manifest = json.loads((manifest_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "../" and manifest["scope"] == "../"  # relative: works under a sub-path
    purposes = set()
    for icon in manifest["icons"]:
        path = manifest_dir / icon["src"]
        assert path.is_file(), icon["src"]
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            w, h = map(int, icon["sizes"].split("x"))
            assert png_size(path) == (w, h)
    assert {"any", "maskable"} <= purposes
    assert {192, 512} <= {png_size(p)[0] for p in (manifest_dir / "icons").glob("*.png")}


def test_the_built_page_names_its_boot_chain_up_front(dist):
    """PyScript's core loads its chunks in a chain on the page's thread; the built page lists every
    link so all start at once. Pyodide's files are the worker's: a page preload would not serve it."""
    html = (dist / "index.html").read_text(encoding="utf-8")
    assert build.PRELOAD_MARK not in html and build.PRELOAD_MARK in (ROOT / "index.html").read_text()
    hrefs = re.findall(r'<link rel="(?:module)?preload"[^>]* href="([^"]+)"', html)
    assert "assets/vendor/pyscript/core.js" in hrefs
    assert any(h.startswith("assets/vendor/pyscript/core-") for h in hrefs)
    assert not any("/pyodide/" in h or h == "game.zip" for h in hrefs)
    assert all((dist / h).is_file() for h in hrefs)


def test_the_page_names_every_module_of_its_thread_up_front(dist):
    """assets/app.js imports the modules of assets/page/, and they import each other: named in
    index.html from the start, all are fetched at once, not one import after another; each is
    shipped and precached for offline play."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    hrefs = set(re.findall(r'<link rel="modulepreload" href="(assets/page/[^"]+)"', html))
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets/page").glob("*.js")}
    assert modules and hrefs == modules - set(ON_DEMAND)
    assert modules <= set(manifest_of(dist)["app"]["files"])


# An online table's wire: imported only when one is opened (the host's side, hosting.js) or joined (a
# guest's, guest.js); wire.js is what both share.
ON_DEMAND = {"assets/page/guest.js": ["app.js"], "assets/page/hosting.js": ["boot.js", "drawing.js"],
             "assets/page/wire.js": []}


@pytest.mark.parametrize("module", sorted(ON_DEMAND))
def test_the_online_wire_is_loaded_only_when_a_table_is_opened(module):
    """No module of the page's thread imports the online wire up front (a game played alone never
    fetches it or PeerJS): only import() calls, in app.js (?join=), drawing.js (a frame of a hosted
    table) and boot.js (the store says this device hosts an open table); the wire's own modules
    import each other."""
    name = module.rsplit("/", 1)[1].replace(".", r"\.")
    static = re.compile(rf'^import[^;]*["\']\./(?:page/)?{name}["\']', re.M)
    dynamic = re.compile(rf'import\(["\']\./(?:page/)?{name}["\']\)')
    wire = {p.rsplit("/", 1)[1] for p in ON_DEMAND}
    scripts = [ROOT / "assets/app.js", *(ROOT / "assets/page").glob("*.js")]
    assert not [p.name for p in scripts if p.name not in wire and static.search(p.read_text(encoding="utf-8"))]
    assert sorted(p.name for p in scripts if dynamic.search(p.read_text(encoding="utf-8"))) == ON_DEMAND[module]


