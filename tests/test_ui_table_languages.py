"""The table screen in the pseudo-language (issue 43): every state of the table drawn with every
word of its own inside a ⟦…⟧ — the swap round, an offer on its clock, a turn to draw and to
discard, going down in each rulebook's frames, melds laid and a card that fits them, the story
strip and 📋, 💡, ⌨️ keys, ⚙️ over the table, the last deal's banner, a dead deal, a take back,
pass-and-play's table and an online guest's — and the counts said by ngettext.

Values the table shows as other parts of the game make them (a card's name, a contract, a meld's
reading, what a frame still needs) are stood aside below by the helper whose part converts them.
"""
from __future__ import annotations

import json
import random
import re

import pytest

from game.bots import make_bot
from game.i18n import GAME_DOMAIN, PSEUDO, SOURCE, install, mo_path, speaking
from game.rules import PRESETS
from game.state import Phase
from game.ui.app import App
from game.ui.dispatch import dispatch
from game.ui.screens.table import hand, hint, intents
from game.ui.screens.html import e as esc
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from game.ui.session import passing
from html_tree import parse
from support import ROOT
from scenario import table
from test_steal_offer import offered
from test_ui_languages import pseudo_app, words_outside
from test_ui_table_spec import pick, session_at

# Stood aside until their parts are converted (the lead removes each list once that part is merged):
ENGINE_MADE = (                                   # helper "engine": converted (merged); only punctuation left
    r"…",                                             # a meld read with a 🃏 the frame shortens: no word
)
SESSION_MADE = (                                  # helper "session": game/ui/session/*
    r"needs? [^⟦⟧]*|[^⟦⟧]*(?:more cards?|or a wild)[^⟦⟧]*",   # frames.frame_status's need; advice's still-needs
    r"💡 Your call, and yours to make\. .*",          # heeding: why a hint was advised, after another move
    r"(?:a set|a run|a pair|sets|runs|pairs)(?: or (?:a set|a run|a pair))*",   # frames.extra_kinds
)
STOOD_ASIDE = re.compile("|".join(f"(?:{p})" for p in ENGINE_MADE + SESSION_MADE))
# What a tap says back is the session's or the engine's words when they answer it (a refusal, "You laid
# off 5♥", "↶ Taken back: …"): said as plain English text until those parts are converted; the table's
# own answers are Messages. Such a text is stood aside when those parts' code words it.
ELSEWHERE = "".join(path.read_text() for folder in ("game", "game/ui/session") for path in (ROOT / folder).glob("*.py"))


def said_elsewhere(text) -> bool:
    """A plain text (not a Message) that the engine's or the session's code words: its first words are theirs."""
    lead = re.match(r"[^A-Za-z]*([A-Za-z][^\d{♣♦♥♠]{11,})", str(text)) if type(text) is str else None
    return lead is not None and lead.group(1)[:12] in ELSEWHERE


# A key's letter on the ⌨️ sheet is the key itself, the same in every language (words there are messages).
KEY_CAPS = re.compile(r"<dt>[A-Z?](?: · [A-Z])*</dt>")


def outside(html: str) -> list[str]:
    """The table's own words outside the catalogs (stand-asides and key caps left out)."""
    return [w for w in words_outside(KEY_CAPS.sub("", html)) if not STOOD_ASIDE.fullmatch(w)]


@pytest.fixture
def pseudo():
    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())
    with speaking(PSEUDO):
        yield


def drawn(s, what: str) -> str:
    """The table for ``s`` in the pseudo-language, checked: nothing of the table's own outside ⟦…⟧."""
    html = table_screen(table_model(s))
    if said_elsewhere(s.ui.message):
        html = html.replace(esc(s.ui.message), "")
    assert "⟦" in html, what
    assert not outside(html), f"{what}: words outside the catalogs: {outside(html)[:8]}"
    return html


HANDS = ["5H 9C", "KC 8C", "9D 5C"]


def test_the_swap_round_and_a_turn_to_draw_in_the_pseudo_language(pseudo):
    s = session_at(table(HANDS, stock="3S", pile="QH", phase=Phase.SWAP, turn=0, dealer=2))
    assert 'class="banner"' in drawn(s, "the swap round")
    pick(s, "5H")
    assert "⟦🔄 Swap 5♥ for Q♥? 5♥ goes face up, for Scout 1 to take next⟧" in drawn(s, "the swap round, a card picked")
    s = session_at(table(HANDS, stock="3S", pile="QH", phase=Phase.SWAP, turn=1, dealer=0))
    drawn(s, "the swap round, another deciding")
    s = session_at(table(HANDS, stock="3S 4S", pile="QH", phase=Phase.DRAW, turn=0))
    assert "⟦Your turn: draw from the stock or take Q♥⟧" in drawn(s, "your turn to draw")
    dispatch(s, "keys")
    assert 'data-dialog="keys"' in drawn(s, "the keys sheet")
    dispatch(s, "keys")
    dispatch(s, "settings")
    drawn(s, "⚙️ over the table")
    dispatch(s, "settings")
    dispatch(s, "hint")
    assert "data-hint" in drawn(s, "💡 a hint asked")
    s = session_at(table(HANDS, stock="3S 4S", pile="JD QH", phase=Phase.DRAW, turn=0, top_buried=True))
    drawn(s, "a buried discard")
    dispatch(s, "take")                                   # refused: said, in the language drawn in
    drawn(s, "a refused take")


def test_an_offer_on_its_clock_and_its_answers_in_the_pseudo_language(pseudo):
    s = offered()
    html = drawn(s, "an offer to steal")
    assert 'class="timer"' in html and "⟦🫳 Steal 7♥⟧" in html
    dispatch(s, "discard")                                # a tap that cannot act: it says why
    drawn(s, "a tap refused during an offer")
    dispatch(s, "steal")
    drawn(s, "an offer claimed")
    s = offered(down=(0,))
    drawn(s, "no offer: the player is down")


@pytest.mark.parametrize("preset", ["aggravation", "gallery", "contract"])
def test_going_down_in_each_rulebooks_frames_in_the_pseudo_language(pseudo, preset):
    rules = PRESETS[preset]
    hand = {"aggravation": "5H 5D 5S 9C 9D 9S KH 2C", "gallery": "5H 5D 5S 5C 5H 9C 9D KH",
            "contract": "5H 5D 5S 9C 9D 9S KH 4C"}[preset]
    round_ = 8 if preset == "gallery" else 1              # Gallery's 8th: a set of 5 and a pair
    s = session_at(table([hand, "KC 8C 7D", "9H 5C 6D"], stock="3S 4S", pile="QH", phase=Phase.PLAY, turn=0,
                         rules=rules, rounds=[round_, 1, 1]), preset=preset)
    assert 'data-act="discard"' in drawn(s, f"{preset}: your turn to discard")
    pick(s, hand.split()[-1])
    drawn(s, f"{preset}: a card picked to discard")
    dispatch(s, "godown")
    html = drawn(s, f"{preset}: the frames open")
    assert 'data-zone="frames"' in html, s.ui.message
    pick(s, "5H")
    drawn(s, f"{preset}: a frame part filled")
    dispatch(s, "fill")
    drawn(s, f"{preset}: the frames filled")
    dispatch(s, "lay")
    drawn(s, f"{preset}: gone down")


def test_melds_laid_a_card_that_fits_and_gallerys_further_meld_and_pile_in_the_pseudo_language(pseudo):
    melds = [(0, "set", "KC KD KS"), (1, "run", "5H 6H 7H"), (2, "set", "9C 9D 9S")]
    s = session_at(table(["8H 4H QC QD QS 2C", "KH 8C", "JD 5C"], stock="3S 4S", pile="QH", phase=Phase.PLAY, turn=0,
                         down=[0, 1, 2], melds=melds))
    assert 'class="owner-melds' in drawn(s, "melds on the table")
    pick(s, "8H")
    assert 'class="slot' in drawn(s, "a card that fits a run")
    pick(s, "2C")                                         # a wild: both ends of the run
    drawn(s, "a wild that fits either end")
    dispatch(s, "meld", "0")
    drawn(s, "a lay off, said")
    gallery = PRESETS["gallery"]
    s = session_at(table(["QC QD QS 4H", "KH 8C", "JD 5C"], stock="3S 4S", pile="QH", phase=Phase.PLAY, turn=0,
                         down=[0], melds=[(0, "set", "KC KD")], rules=gallery), preset="gallery")
    dispatch(s, "another")
    pick(s, "QC")
    assert 'data-zone="extra"' in drawn(s, "Gallery's further meld")
    s = session_at(table(["QC QD 4H", "KH 8C", "JD 5C"], stock="3S 4S", pile="5D 6S QH", phase=Phase.DRAW, turn=0,
                         rules=gallery), preset="gallery")
    dispatch(s, "pile")
    assert 'data-zone="pile-fan"' in drawn(s, "the pile fanned out")


def test_the_last_deal_a_dead_deal_and_a_take_back_in_the_pseudo_language(pseudo):
    last = PRESETS["aggravation"].rounds
    hands = ["5H 6H 7H QS", "KC KD", "2C 3C"]
    for down in ([1], [0, 1], [0]):
        s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rounds=[last, last, 3], down=down))
        assert "last-deal" in drawn(s, f"the last deal, {down} down")
    rules = PRESETS["contract"]
    s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rules=rules, rounds=[rules.rounds] * 3),
                   preset="contract")
    assert "last-deal" in drawn(s, "Contract Rummy's last contract")
    dead = session_at(table(hands=["5H 6H", "KC", "9D"], stock="", pile="6D", phase=Phase.DRAW, turn=0))
    dead.state.rebuilds = 2
    dispatch(dead, "draw")
    drawn(dead, "a dead deal")
    s = session_at(table(HANDS, stock="3S 4S", pile="QH", phase=Phase.DRAW, turn=0), bots="sprout")
    dispatch(s, "take")
    assert 'data-act="takeback"' in drawn(s, "a step to take back")
    dispatch(s, "takeback")
    drawn(s, "a step taken back")


# Every tap of the table (intents.py, hand.py, hint.py), with an argument each can act on.
TAPS = [(act, {"meld": "0", "frame": "0", "reading": "0", "wild": "0:0", "end": "low", "dig": "0", "shift": "1",
               "step": "1", "nth": "1", "place": "5H/1:0", "move": "5H/1:", "drop": "5H/1|stock|"}.get(act, ""))
        for act in (*intents.NEEDS_GAME, *hand.NEEDS_GAME, *hint.INTENTS)]
TABLES = {   # (hands, phase, whose turn, who is down, melds on the table, ...)
    "another's turn": dict(phase=Phase.DRAW, turn=1),
    "your turn to draw": dict(phase=Phase.DRAW, turn=0),
    "your turn to play": dict(phase=Phase.PLAY, turn=0),
    "your turn, down": dict(phase=Phase.PLAY, turn=0, down=[0, 1], melds=[(1, "run", "6H 7H 8H")]),
    "the swap round": dict(phase=Phase.SWAP, turn=0),
    "an offer open": None,                                  # test_steal_offer's: Ace 1's 7♥ on offer
}


@pytest.mark.parametrize("where", TABLES)
def test_what_every_tap_says_back_is_kept_in_english_and_drawn_in_the_pseudo_language(where):
    """Taps act outside any language (as the worker's intents do): what they say back is kept as
    words to translate where shown, so the table drawn next reads ⟦…⟧, never English."""
    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())
    said = set()
    for act, arg in TAPS:
        s = offered() if TABLES[where] is None else session_at(table(
            ["5H 5D 5S 9C 9D 9S KH QC", "KC 8C 7D", "9H 5C 6D"], stock="3S 4S", pile="2D QH", **TABLES[where]), bots="sprout")
        if act in ("place", "reading", "frame"):
            dispatch(s, "godown")
        dispatch(s, act, arg)
        said.add(s.ui.message)
        with speaking(PSEUDO):
            drawn(s, f"{where}, after {act} {arg}")
    assert len(said) > 3, said


# ------------------------------------------------------------ whole deals, pass-and-play, an online guest

# What a tour of whole deals must have drawn, by a mark of each in the table's HTML.
SEEN = {"the story strip": 'class="story"', "📋 every move": 'data-dialog="history"', "a bot's discard": "just",
        "an earlier line in 📋": "more in 📋", "a deal's end": 'data-zone="summary"'}


def tour(app: App, deals: int, seed: int) -> set[str]:
    """Whole deals played in the pseudo-language (each person as a Scout bot, 📋 and 💡 asked on
    their turns), every frame checked; the marks of SEEN the frames showed."""
    s, brain, rng, ended, seen = app.session, make_bot("scout"), random.Random(seed), 0, set()

    def look(frame) -> None:
        if frame is None:
            return
        html = frame["html"]
        assert not outside(html), f"{s.state.phase}: words outside the catalogs: {outside(html)[:8]}"
        seen.update(what for what, mark in SEEN.items() if mark in html)

    look(app.frame())
    for _step in range(4000):
        if ended == deals or s.state.is_over and not s.ui.ending:
            return seen
        if passing.pass_to(s) is not None:
            look(app.intent("show"))
        elif passing.asked(s) is not None:
            look(app.intent("steal" if rng.random() < 0.5 else "pass"))
        elif s.state.current_player is None:
            ended += 1
            while s.pending() is not None:
                look(app.tick(s.token()))
            if s.ui.ending:
                look(app.intent("scores"))
            look(app.intent("next"))
        elif s.pending() is not None:
            look(app.tick(s.token()))
        else:
            seat = s.state.current_player
            if s.my_turn():
                for act in ("history", "history-close", "hint"):
                    look(app.intent(act))
            assert s._play(brain.choose(s.state.view(seat), s.state.legal_actions(), rng)), s.ui.message
            look(app.frame())
    raise AssertionError("no end to the deals")


def test_whole_deals_of_each_rulebook_and_pass_and_play_in_the_pseudo_language():
    seen = set()
    for params in ({"rules": "aggravation", "level": "scout", "seed": "4"}, {"rules": "gallery", "level": "ace", "seed": "5"},
                   {"rules": "contract", "level": "scout", "seed": "6"}):
        app = pseudo_app(dict(params, speed="0"))
        app.boot()
        seen |= tour(app, 1, int(params["seed"]))
    assert seen == set(SEEN), set(SEEN) - seen
    app = pseudo_app({"seed": "7", "level": "sprout", "people": "2", "speed": "0", "house": "wild_swap,ace_wrap"},
                     {"aggravation.settings": '{"names": ["Ana", "Ben"]}'})
    app.boot()
    tour(app, 1, 7)


def test_an_online_guests_table_in_the_pseudo_language(monkeypatch):
    import game.i18n as i18n

    monkeypatch.setattr(i18n, "_catalogs", {SOURCE: i18n.ENGLISH})
    pseudo_bytes = mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes()
    app = App({}, {"speed": "0"}, ["en-US"], lambda lang: pseudo_bytes)     # the guest's 'es' reads ⟦…⟧ here
    app.boot()
    app.intent("online")
    app.guest("c1", json.dumps({"t": "hello", "token": "a" * 32, "name": "Ana", "lang": "es"}))
    frame = app.intent("online-start")
    guest = json.loads(dict(frame["peers"])["c1"])
    assert guest["lang"] == "es" and 'data-screen="table"' in guest["html"]
    assert not outside(guest["html"]), outside(guest["html"])[:8]
    assert "⟦" not in frame["html"]                                          # the host's own table: English


# ------------------------------------------------------------ counts, in English


def test_the_tables_counts_say_one_card_and_two_cards():
    s = session_at(table(["5H", "KC 8C", "9D"], stock="3S", pile="QH 4D", phase=Phase.DRAW, turn=0))
    root = parse(table_screen(table_model(s)))
    assert root.find(data_zone="hand").attrs["aria-label"] == "Your hand: 1 card"
    assert [o.find(class_="more").text.split("🂠 ")[1].split(" ")[:2] for o in root.find_all(class_="opp")] == [
        ["2", "cards"], ["1", "card"]]
    assert root.find(data_zone="stock").attrs["aria-label"] == "Stock: 1 card"
    gallery = session_at(table(["5H", "KC 8C", "9D"], stock="3S", pile="JC QH 4D", phase=Phase.DRAW, turn=0,
                               rules=PRESETS["gallery"]), preset="gallery")
    dispatch(gallery, "pile")
    takes = [c["take"] for c in table_model(gallery)["dig"]["cards"]]
    assert takes == ["Take J♣ and the 2 cards above it", "Take Q♥ and the card above it", "Take 4♦"]


def test_a_language_with_three_plural_forms_counts_the_hand_its_own_way(monkeypatch):
    """ngettext, not an English "s": a tiny Polish catalog (1 karta, 3 karty, 5 kart) says each form."""
    from io import BytesIO

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    import game.i18n as i18n

    monkeypatch.setattr(i18n, "_catalogs", {SOURCE: i18n.ENGLISH})
    catalog = Catalog(locale="pl")
    catalog.add(("Your hand: {n} card", "Your hand: {n} cards"),
                ("Ręka: {n} karta", "Ręka: {n} karty", "Ręka: {n} kart"))
    data = BytesIO()
    write_mo(data, catalog)
    assert install("pl", data.getvalue())
    said = []
    for hand in ("5H", "5H 6H 7H", "5H 6H 7H 8H 9H"):
        s = session_at(table([hand, "KC 8C", "9D"], stock="3S", pile="QH", phase=Phase.DRAW, turn=0))
        with speaking("pl"):
            said.append(parse(table_screen(table_model(s))).find(data_zone="hand").attrs["aria-label"])
    assert said == ["Ręka: 1 karta", "Ręka: 3 karty", "Ręka: 5 kart"]
