"""scripts/serve.py: no-cache headers and the MIME types PyScript and Pyodide rely on."""

import http.server
import io
import threading
import urllib.request
import zipfile
from pathlib import Path

import pytest

from support import load_script

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("site")
    serve = load_script("serve")
    for name in ("a.mjs", "a.wasm", "a.webmanifest", "a.toml", "a.py", "index.html"):
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("v = 1\n")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), serve.make_handler(tmp_path, quiet=True))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    "name, mime",
    [
        ("a.mjs", "text/javascript"),
        ("a.wasm", "application/wasm"),
        ("a.webmanifest", "application/manifest+json"),
        ("a.toml", "application/toml"),
        ("index.html", "text/html"),
    ],
)
def test_mime_and_no_cache(served, name, mime):
    with urllib.request.urlopen(served + name) as response:
        assert response.headers["Content-Type"].split(";")[0] == mime
        assert response.headers["Cache-Control"] == "no-cache"


def test_game_zip_is_built_from_game_on_each_request(served):
    """A development checkout has no game.zip: the server packs game/ so an edit shows on reload."""
    def fetch() -> dict:
        with urllib.request.urlopen(served + "game.zip") as response:
            assert response.headers["Content-Type"] == "application/zip"
            archive = zipfile.ZipFile(io.BytesIO(response.read()))
            return {name: archive.read(name) for name in archive.namelist()}

    assert fetch() == {"game/__init__.py": b"v = 1\n"}
