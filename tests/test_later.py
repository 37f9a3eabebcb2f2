"""The online table's code ships apart (online.zip) and is fetched only when first imported
(game/ui/later.py): a game alone runs from game.zip without it; opening a table fetches it once.

Each case runs in a fresh interpreter over the two archives unpacked as the page has them (the
built game.zip in a folder on sys.path), so nothing of this checkout's game/ is importable there.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import zipfile
from io import BytesIO

from support import load_script

game_zip = load_script("game_zip")


def run(tmp_path, body: str) -> dict:
    """``body`` run in a fresh Python whose only game is game.zip's part unpacked in tmp_path; it
    prints one JSON line."""
    zipfile.ZipFile(BytesIO(game_zip.archive_bytes(part="game"))).extractall(tmp_path / "site")
    (tmp_path / "online.zip").write_bytes(game_zip.archive_bytes(part="online"))
    code = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(tmp_path / "site")!r})
        fetched = []
        def fetch(url):
            fetched.append(url)
            return open({str(tmp_path / "online.zip")!r}, "rb").read()
    """) + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_built_game_zip_holds_none_of_the_online_code():
    names = zipfile.ZipFile(BytesIO(game_zip.archive_bytes(part="game"))).namelist()
    later = zipfile.ZipFile(BytesIO(game_zip.archive_bytes(part="online"))).namelist()
    assert later and not set(names) & set(later)
    assert {"game/ui/online/host.py", "game/ui/store/room.py", "game/ui/session/online.py"} <= set(later)
    assert "game/ui/later.py" in names


def test_a_game_alone_plays_without_ever_fetching_the_online_code(tmp_path):
    out = run(tmp_path, """
        from game.ui import later
        sys.meta_path.append(later.OnlineCode("online.zip", root=sys.path[0], fetch=fetch))
        from game.ui.app import App
        app = App({}, {"seed": "7", "level": "scout", "speed": "0"})
        app.boot()
        for act in ("sort", "draw", "scores", "settings", "settings", "menu", "resume"):
            app.intent(act)
        for _ in range(30):
            app.tick(app.session.token())
        loaded = sorted(name for name in sys.modules if later.later(name))
        print(json.dumps({"fetched": fetched, "loaded": loaded, "moves": len(app.session.log.actions)}))
    """)
    assert out["fetched"] == [] and out["loaded"] == [] and out["moves"] > 0


def test_opening_a_table_fetches_the_online_code_once(tmp_path):
    out = run(tmp_path, """
        from game.ui import later
        sys.meta_path.append(later.OnlineCode("online.zip", root=sys.path[0], fetch=fetch))
        from game.ui.app import App
        app = App({}, {"speed": "0"})
        app.boot()
        frame = app.intent("online")
        hello = json.dumps({"t": "hello", "token": "a" * 32, "name": "Ben"})
        sent = app.guest("c1", hello)["peers"]
        start = app.intent("online-start")
        print(json.dumps({"fetched": fetched, "screen": frame["screen"], "code": frame["online"]["code"][:12],
                          "sent": [json.loads(text)["t"] for _, text in sent], "people": app.session.people}))
    """)
    assert out == {"fetched": ["online.zip"], "screen": "online", "code": "aggravation-",
                   "sent": ["frame"], "people": 2}


def test_a_host_back_at_its_table_fetches_the_code_at_boot(tmp_path):
    out = run(tmp_path, """
        from game.ui import later
        sys.meta_path.append(later.OnlineCode("online.zip", root=sys.path[0], fetch=fetch))
        from game.ui.app import App
        app = App({}, {"speed": "0"})
        app.boot()
        app.intent("online")
        app.guest("c1", json.dumps({"t": "hello", "token": "b" * 32, "name": "Cy"}))
        app.intent("online-start")
        again = App(dict(app.store.values), {"speed": "0"})
        frame = again.boot()
        print(json.dumps({"fetched": len(fetched), "online": bool(frame.get("online")), "people": again.session.people}))
    """)
    assert out == {"fetched": 1, "online": True, "people": 2}


def test_no_connection_when_opening_a_table_is_said_and_the_next_tap_tries_again(tmp_path):
    out = run(tmp_path, """
        from game.ui import later
        tries = []
        def offline_once(url):
            tries.append(url)
            if len(tries) == 1:
                raise ImportError("the online table's code could not be fetched (0)")
            return fetch(url)
        sys.meta_path.append(later.OnlineCode("online.zip", root=sys.path[0], fetch=offline_once))
        from game.ui.app import App
        app = App({}, {"speed": "0"})
        app.boot()
        first = app.intent("online")
        second = app.intent("online")
        print(json.dumps({"tries": len(tries), "first": first["screen"], "said": app.session.ui.alert,
                          "second": second["screen"], "first_html": "could not load" in first["html"]}))
    """)
    assert out["tries"] == 2 and out["first"] == "start" and out["first_html"] and out["second"] == "online"
