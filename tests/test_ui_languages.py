"""The game's own words go through the catalogs (game/i18n.py): each screen drawn in the
pseudo-language shows no word outside a ⟦…⟧ (card glyphs, numbers, names and emoji aside), the
language is the one picked, then the browser's, then English, per drawn screen; a catalog that
cannot be had leaves English, never a broken screen.
"""
from __future__ import annotations

import json
import re

import pytest

from game.i18n import GAME_DOMAIN, PSEUDO, Message, _, install, mo_path, speaking
from game.ui.app import App

TAG = re.compile(r"<[^>]+>|&[a-z]+;|&#x?[0-9a-f]+;")
# What may stand outside a message: card glyphs and ranks, numbers, emoji, punctuation, the
# rulebooks', levels' and bots' names, the people's names the tests give, the language names.
NAMES = ("Aggravation", "Gallery", "Contract Rummy", "Rummy", "Contract", "Sprout", "Scout", "Ace",
         "English", "Español", "Deutsch", "Français", "Ana", "Ben", "Cy")
ALLOWED = re.compile(r"^(?:[\s\d♣♦♥♠🔒JQKA+\-–—·,.:;()/×%’'#?!=✓↻▶←→⬇∞]|[\U0001F000-\U0001FAFF\u2190-\u27BF\u2460-\u24FF\u2300-\u23FF\uFE0F\u20E3\u200d]"
                     r"|" + "|".join(NAMES) + r")*$")


def unwrapped(html: str) -> list[str]:
    """Visible text (and the words of aria-label, title, placeholder) outside every ⟦…⟧ that is
    not a glyph, a number or a name."""
    html = re.sub(r"<svg.*?</svg>|<!--.*?-->|<kbd>[^<]*</kbd>", " ", html, flags=re.S)
    said = re.findall(r'(?:aria-label|title|placeholder|alt|data-more)="([^"]*)"', html)
    outside = TAG.sub("\n", html) + "\n" + "\n".join(said)
    previous = ""
    while outside != previous:  # innermost message first: a message may hold another
        previous, outside = outside, re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)
    return [text.strip() for text in outside.splitlines() if not ALLOWED.match(text.strip())]


def pseudo_app(params: dict | None = None, stored: dict | None = None) -> App:
    return App(stored or {}, {"lang": PSEUDO, **(params or {})}, catalog=lambda lang: mo_path(lang, domain=GAME_DOMAIN).read_bytes())


def test_the_unwrapped_finder_sees_a_bare_word_and_a_bare_label():
    assert unwrapped('<p>⟦Draw⟧ 7♥ 🫳 <b>Scout 1</b></p><p>Discard</p>') == ["Discard"]
    assert unwrapped('<button aria-label="Close">⟦✕⟧</button>') == ["Close"]


def test_the_start_screen_and_settings_in_the_pseudo_language():
    app = pseudo_app()
    frame = app.boot()
    assert frame["lang"] == PSEUDO
    assert "⟦" in frame["html"]
    assert not unwrapped(frame["html"]), unwrapped(frame["html"])[:10]


# ------------------------------------------------------------ every screen converted, in the pseudo-language

from pathlib import Path  # noqa: E402

from game.i18n import LANGUAGES, SOURCE, Later, shown  # noqa: E402
from game.log import GameLog  # noqa: E402
from game.ui.dispatch import dispatch  # noqa: E402
from game.ui.screens import stats  # noqa: E402
from game.ui.screens.elsewhere import elsewhere, elsewhere_model  # noqa: E402
from game.ui.screens.library import intents as library  # noqa: E402
from game.ui.screens.library.markup import past_screen  # noqa: E402
from game.ui.screens.passplay.markup import pass_screen  # noqa: E402
from game.ui.screens.passplay.model import pass_model  # noqa: E402
from game.ui.screens.replay.markup import replay_screen  # noqa: E402
from game.ui.screens.replay.model import replay_model  # noqa: E402
from game.ui.screens.scores import markup as scores  # noqa: E402
from game.ui.screens.scores.model import summary  # noqa: E402
from game.ui.session.session import Session  # noqa: E402
from game.ui.store.saves import Record, Saves  # noqa: E402
from game.ui.store.settings import Settings  # noqa: E402
from support import MemoryStore  # noqa: E402

GOLDEN = Path(__file__).parent / "golden"


def words_outside(html: str) -> list[str]:
    return unwrapped(html)


@pytest.fixture
def pseudo():
    """Draw in the pseudo-language, its catalog installed as the worker installs one."""
    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())
    with speaking(PSEUDO):
        yield


def over(name: str = "game_101_3p.json") -> Session:
    """A session at a golden game's end, the game counted in the statistics and kept in past games."""
    log = GameLog.from_json((GOLDEN / name).read_text())
    store = MemoryStore()
    Saves(store).keep(Record("g1", "sprout", log.to_json(), len(log.actions), over=True), "finished", at=1764590400)
    s = Session(store, Settings(steal="off", speed="instant"))
    s.log, s.state, s.ui.screen = log, log.replay(), "table"
    return s


def clean(html: str, what: str) -> None:
    assert "⟦" in html, what
    assert not words_outside(html), f"{what}: words outside the catalogs: {words_outside(html)[:8]}"


def test_statistics_past_games_and_their_replay_in_the_pseudo_language(pseudo):
    s = over()
    stats.open_stats(s, "")
    clean(stats.stats_screen(stats.stats_model(s)), "statistics, none yet")
    stats.count_finished(s, set())
    clean(stats.stats_screen(stats.stats_model(s)), "statistics")
    stats.ask_reset(s, "")
    clean(stats.stats_screen(stats.stats_model(s)), "statistics, reset asked")
    s.ui.stats = ""
    library.open_list(s, "")
    clean(past_screen(s), "past games")
    library.open_game(s, "g1")
    clean(past_screen(s), "a past game's replay")


def test_a_replay_and_the_end_of_a_deal_and_of_the_game_in_the_pseudo_language(pseudo):
    s = over("game_202_4p.json")
    v = s.state.view(0)
    names = [p.name for p in v.players]
    for stage in ("play", "hands", "scores"):
        s.ui.ending = stage if stage != "scores" else ""
        m = summary(s, v, names)
        clean(scores.summary(m), f"the game over, {stage}")
    clean(scores.deal_scores(dict(m, game_over=False)), "a deal's scores")
    assert dispatch(s, "replay")
    for _step in range(6):
        clean(replay_screen(replay_model(s)), f"the replay at move {s.ui.replay.at}")
        dispatch(s, "replay-go", "forward")
    dispatch(s, "replay-go", "end")
    clean(replay_screen(replay_model(s)), "the replay at the game's end")


def test_pass_and_play_the_other_tab_and_the_lobby_in_the_pseudo_language(pseudo):
    app = pseudo_app({"seed": "4", "level": "sprout", "people": "3", "speed": "0"}, {
        "aggravation.settings": '{"names": ["Ana", "Ben", "Cy"]}'})
    app.boot()
    s = app.session
    m = pass_model(s, s.state.view(s.seat))
    if m is None:                                   # the first person holds the device: pass it on
        s.ui.veiled = True
        m = pass_model(s, s.state.view(s.seat))
    assert m is not None
    clean(pass_screen(m), "pass-and-play's hand-over")
    s.ui.elsewhere = "same"
    clean(elsewhere(elsewhere_model(s)), "another tab moved on")

    host = pseudo_app({"speed": "0"})
    host.boot()
    frame = host.intent("online")
    clean(frame["html"], "the host's lobby")


def test_the_start_screens_questions_and_pass_and_play_setup_in_the_pseudo_language():
    app = pseudo_app({"seed": "3", "level": "scout", "speed": "0"})
    app.boot()
    app.intent("menu")
    clean(app.intent("level", "ace")["html"], "leave this game for another?")
    app.intent("keep")
    frame = app.intent("people-setup")
    clean(frame["html"], "pass-and-play's setup")


# ------------------------------------------------------------ words kept for later; the language per screen


def test_a_kept_message_is_english_as_text_and_said_in_the_language_drawn_in(pseudo):
    m = Message("This game moved on in another tab: this is where it stands now.")
    assert m == "This game moved on in another tab: this is where it stands now."
    assert shown(m) == "⟦This game moved on in another tab: this is where it stands now.⟧"
    told = Message("Exported: {file}", file="game.json")
    assert str(told) == "Exported: game.json" and shown(told) == "⟦Exported: game.json⟧"
    later = Later(lambda: _("Back"))
    assert later == "Back" or later == "⟦Back⟧"   # made under this language: its words now
    assert shown(later) == "⟦Back⟧"
    with speaking(SOURCE):
        assert shown(told) == "Exported: game.json" and shown(later) == "Back"


def test_the_language_is_the_addresss_then_the_setting_then_the_browsers_then_english():
    catalogs = lambda lang: mo_path(lang, domain=GAME_DOMAIN).read_bytes()  # noqa: E731
    assert App({}, {}, ["pt-BR", "fr-CA"], catalogs).boot()["lang"] == "fr"
    assert App({}, {}, ["pt-BR"], catalogs).boot()["lang"] == SOURCE
    stored = {"aggravation.settings": '{"lang": "de"}'}
    assert App(stored, {}, ["fr"], catalogs).boot()["lang"] == "de"
    assert App(stored, {"lang": "es"}, ["fr"], catalogs).boot()["lang"] == "es"
    app = App(stored, {"lang": "es"}, ["fr"], catalogs)
    app.boot()
    assert app.intent("set", "lang=fr")["lang"] == "fr"          # picked in ⚙️: kept, over the address
    assert json.loads(app.store.values["aggravation.settings"])["lang"] == "fr"


def test_only_the_language_drawn_in_is_fetched_and_a_bad_catalog_leaves_english(monkeypatch):
    import game.i18n as i18n

    monkeypatch.setattr(i18n, "_catalogs", {SOURCE: i18n.ENGLISH})   # a fresh worker: no catalog yet
    asked = []

    def fetch(lang):
        asked.append(lang)
        return b"not a catalog"

    app = App({}, {}, ["es"], fetch)
    frame = app.boot()
    assert frame["lang"] == SOURCE and "Bot speed" in frame["html"]      # English, no crash
    app.intent("settings")
    assert asked == ["es"]                                                # asked once, not at every frame
    assert App({}, {}, ["en-GB"], fetch).boot()["lang"] == SOURCE and asked == ["es"]  # English fetches nothing
    assert not install("xx", None) and not install("xx", b"\xde\x12\x04\x95")


def test_each_guest_screen_is_drawn_in_the_language_of_its_own_drawing():
    """speaking() is per drawn screen: two screens drawn one inside the other keep their own words."""
    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())
    with speaking(PSEUDO):
        assert _("Back") == "⟦Back⟧"
        with speaking(SOURCE):
            assert _("Back") == "Back"
        assert _("Back") == "⟦Back⟧"
    assert _("Back") == "Back"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != SOURCE])
def test_each_languages_game_catalog_holds_every_message_the_game_uses(lang):
    """Every message of game/ (the template's) is in the language's catalog, so the worker's
    game.mo can carry its translation once written (an untranslated one reads English)."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent.parent / "scripts"))
    import catalogs

    catalog = catalogs.read(catalogs.po_path(lang), lang)
    used = [m.id for m in catalogs.read(catalogs.TEMPLATE)
            if m.id and any(where.startswith("game/") for where, _line in m.locations)]
    assert len(used) > 150
    assert [m for m in used if catalog.get(m) is None] == []


def test_the_site_ships_a_catalog_for_each_language_the_game_offers():
    from support import load_script

    build = load_script("build")
    assert set(build.LANGUAGES) == set(LANGUAGES) - {SOURCE}


def test_an_online_guest_sees_the_table_in_its_own_language_while_the_host_reads_english(monkeypatch):
    """Issue 43, 4: the host's worker draws each guest's screen inside speaking(that guest's language)."""
    import game.i18n as i18n

    monkeypatch.setattr(i18n, "_catalogs", {SOURCE: i18n.ENGLISH})
    pseudo_bytes = mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes()
    asked = []
    app = App({}, {"speed": "0"}, ["en-US"], lambda lang: asked.append(lang) or pseudo_bytes)  # 'es' reads ⟦…⟧ here
    app.boot()
    app.intent("online")
    hello = {"t": "hello", "token": "a" * 32, "name": "Ana", "lang": "pt-BR,es-MX,en"}
    frame = app.guest("c1", json.dumps(hello))
    guest = json.loads(dict(frame["peers"])["c1"])
    assert guest["lang"] == "es" and "⟦" in guest["html"] and not words_outside(guest["html"])
    assert frame["lang"] == SOURCE and "⟦" not in frame["html"]           # the host's own screen: English
    assert asked == ["es"]
    frame = app.guest("c2", json.dumps({"t": "hello", "token": "b" * 32, "name": "Ben"}))   # no language said
    assert json.loads(dict(frame["peers"])["c2"])["lang"] == SOURCE
    refused = app.guest("c3", json.dumps(dict(hello, token="c" * 32, lang="<script>")))
    assert any("language" in why for why in refused["refusals"])


def test_a_stranger_looking_at_the_table_reads_the_hosts_default_name_in_its_own_language(monkeypatch):
    """The join page's data is sent as JSON: the host's "Player 1" is said before it goes, in the stranger's language."""
    import game.i18n as i18n

    monkeypatch.setattr(i18n, "_catalogs", {SOURCE: i18n.ENGLISH})
    pseudo_bytes = mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes()
    app = App({}, {"speed": "0"}, ["en-US"], lambda lang: pseudo_bytes)   # 'es' reads ⟦…⟧ here
    app.boot()
    app.intent("online")
    frame = app.guest("c9", json.dumps({"t": "look", "lang": "es"}))
    told = json.loads(dict(frame["peers"])["c9"])
    assert told["host"] == "⟦Player 1⟧", told
