"""The engine's words through the catalogs (game/card_names.py, game/i18n.py): a card's name is
written whole by each language, its article and word order included; counted words take each
language's plural forms; every reason the engine refuses a move with is a Message (English as its
text, said in the language a screen is drawn in).
"""
from __future__ import annotations

import ast
import copy
import io
import pickle
import random
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game.actions import Discard, Draw, GoDown, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard
from game.card_names import card_name, stands_for
from game.cards import Card, and_list
from game.i18n import GAME_DOMAIN, PSEUDO, Counted, Message, _, install, mo_path, shown, speaking
from game.rules import PRESETS
from game.state import IllegalAction, Phase, new_game
from game.ui.words import claim_words, listed, plural, seat_name

ROOT = Path(__file__).resolve().parent.parent

# Tiny catalogs as a Spanish, a German and a French translator could write them: each rank its own
# article and word order, the suit a value in the form the names need.
SPANISH = {"the queen of {suit}": "la reina de {suit}", "the king of {suit}": "el rey de {suit}",
           "queen of {suit}": "reina de {suit}", "hearts": "corazones", "spades": "picas", "a five": "un cinco",
           "{who} discarded {0}": "{who} descartó {0}", "You discarded {0}": "Descartaste {0}", "{items} and {last}": "{items} y {last}",
           "a set of {size}": "un trío de {size}", "a run of {size}": "una escalera de {size}",
           "two sets of {size}": "dos tríos de {size}", "Steal": "Robar", "You": "Tú",
           "Player {n}": "Jugador {n}", "{n} card": ("{n} carta", "{n} cartas")}
GERMAN = {"the seven of {suit}": "die {suit}-Sieben", "seven of {suit}": "{suit}-Sieben", "hearts": "Herz",
          "{who} drew from the stock": "{who}: vom Talon gezogen", "drew": "gezogen",
          "{who} discarded {0}": "{who}: {0} abgeworfen",
          "the king of {suit}": "der {suit}-König", "spades": "Pik", "{n} card": ("{n} Karte", "{n} Karten")}
FRENCH = {"the queen of {suit}": "la dame de {suit}", "the seven of {suit}": "le sept de {suit}",
          "hearts": "cœur", "spades": "pique", "joker": "joker", "a joker": "un joker",
          "Keep at least {n} card to discard": ("Gardez au moins {n} carte à défausser",
                                                "Gardez au moins {n} cartes à défausser")}
# Polish-like counting (three forms) shows a Counted message takes the language's own rule.
THREE_FORMS = {"{n} card": ("{n} karta", "{n} karty", "{n} kart")}
RULES = {"x-es": "nplurals=2; plural=(n != 1);", "x-de": "nplurals=2; plural=(n != 1);",
         "x-fr": "nplurals=2; plural=(n > 1);",
         "x-pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"}


def tiny_catalog(lang: str, words: dict) -> None:
    catalog = Catalog(locale="en", domain="game")
    catalog.mime_headers = [("Content-Type", "text/plain; charset=utf-8"), ("Plural-Forms", RULES[lang])]
    plurals = {"{n} card": "{n} cards", "Keep at least {n} card to discard": "Keep at least {n} cards to discard"}
    for msgid, text in words.items():
        catalog.add((msgid, plurals[msgid]) if isinstance(text, tuple) else msgid, text)
    out = io.BytesIO()
    write_mo(out, catalog)
    assert install(lang, out.getvalue())


@pytest.fixture(scope="module", autouse=True)
def catalogs():
    for lang, words in (("x-es", SPANISH), ("x-de", GERMAN), ("x-fr", FRENCH), ("x-pl", THREE_FORMS)):
        tiny_catalog(lang, words)
    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())


def said(lang: str, text) -> str:
    with speaking(lang):
        return shown(text)


# ------------------------------------------------------------ cards' names


def test_a_cards_name_is_english_as_text_and_each_languages_own_words_where_shown():
    queen, king, seven = Card.parse("QH"), Card.parse("KS"), Card.parse("7H")
    assert queen.name == "queen of hearts" and isinstance(queen.name, Message)
    assert said("x-es", queen.name) == "reina de corazones"
    assert said("x-es", card_name(12, "H", "the")) == "la reina de corazones"
    assert said("x-es", card_name(13, "S", "the")) == "el rey de picas"      # his article, not hers
    assert said("x-de", seven.name) == "Herz-Sieben"
    assert said("x-de", card_name(7, "H", "the")) == "die Herz-Sieben"        # the suit comes first
    assert said("x-de", card_name(13, "S", "the")) == "der Pik-König"
    assert said("x-fr", card_name(12, "H", "the")) == "la dame de cœur"       # the suit's own form
    assert said("x-fr", card_name(7, "S", "the")) == "le sept de pique"
    assert said("x-fr", card_name(0, article="a")) == "un joker"


def test_the_players_own_moves_are_told_with_their_own_verb_not_a_name_in_the_third_person():
    """'You discarded 7♥' is its own message: Spanish says 'Descartaste 7♥', never 'Tú descartó 7♥'."""
    from game.ui.words import Event, event_text

    seven, names = Card.parse("7H"), ["You", "Ana"]
    with speaking("x-es"):
        assert event_text(Event("discarded", 0, (seven,)), names) == "Descartaste 7♥"
        assert event_text(Event("discarded", 1, (seven,)), names) == "Ana descartó 7♥"
    assert event_text(Event("waits", 0, ()), names) == "You have no card left and wait"
    assert event_text(Event("waits", 1, ()), names) == "Ana has no card left and waits"
    with speaking(PSEUDO):
        assert event_text(Event("drew", 0, ()), names).startswith("⟦You drew")


def test_a_seats_moves_join_one_line_of_the_story_strip_however_the_language_opens_them():
    """German writes "Scout 1: K♣ abgeworfen": the strip still says the name once, then the moves."""
    from game.ui.screens.table.story import runs
    from game.ui.words import Event

    events = [Event("drew", 1), Event("discarded", 1, (Card.parse("KC"),))]
    with speaking("x-de"):
        assert runs(events, ["You", "Scout 1"]) == [{"seat": 1, "who": "Scout 1", "did": "gezogen, K♣ abgeworfen"}]
    assert runs(events, ["You", "Scout 1"]) == [{"seat": 1, "who": "Scout 1", "did": "drew, discarded K♣"}]


def test_what_a_wild_stands_for_is_said_with_the_article_its_card_takes():
    assert stands_for(12, "H") == "the queen of hearts" and stands_for(5, None) == "a five"
    assert said("x-es", stands_for(12, "H")) == "la reina de corazones"
    assert said("x-es", stands_for(5, None)) == "un cinco"


def test_a_name_put_into_other_words_is_said_in_the_language_drawn_in():
    """A Message formatted into a sentence (``.format``, an f-string) reads as shown, not as English."""
    queen = Card.parse("QH")
    with speaking("x-es"):
        assert _("{who} discarded {0}").format(card_name(12, "H", "the"), who="Ana") == "Ana descartó la reina de corazones"
        assert f"[{queen.name}]" == "[reina de corazones]"
    assert f"[{queen.name}]" == "[queen of hearts]" and f"{queen.name:>17}" == "  queen of hearts"


def test_every_card_and_suit_has_its_name_in_the_catalog():
    pot = (ROOT / "locales" / "aggravation.pot").read_text()
    for code in [r + s for r in "A23456789TJQK" for s in "CDHS"] + ["JK"]:
        card = Card.parse(code)
        assert f'msgid "{card.name.msgid}"' in pot, code
        if not card.is_joker:
            assert f'msgid "{card_name(card.rank, card.suit, "the").msgid}"' in pot, code
            assert f'msgid "{card_name(card.rank, article="a").msgid}"' in pot, code
    for suit in ("clubs", "diamonds", "hearts", "spades"):
        assert f'msgid "{suit}"' in pot
    for code in ("QH", "7S", "AD", "JK"):                 # and in the pseudo-language, every word wrapped
        assert re.fullmatch(r"⟦[a-z ]*(⟦[a-z]+⟧)?⟧", said(PSEUDO, Card.parse(code).name)), code


def test_the_forms_no_sentence_says_keep_the_engines_english():
    assert (card_name(7, "H", "a"), card_name(8, None, "the"), card_name(8)) == ("a seven of hearts", "the eight", "eight")
    assert card_name(1, "S", "a") == "an ace of spades" and not isinstance(card_name(8), Message)


# ------------------------------------------------------------ contracts, lists, counts, owners


def test_contracts_are_english_and_translated_whole_where_shown():
    contract = PRESETS["aggravation"].contract(3)
    text = contract.describe()
    assert text == "a set of 3 and a run of 4"
    assert said("x-es", text) == "un trío de 3 y una escalera de 4"
    assert said("x-es", PRESETS["aggravation"].contract(1).describe()) == "dos tríos de 3"
    every = {r.contract(n).describe() for r in PRESETS.values() for n in range(1, r.rounds + 1)}
    for text in every:                                   # every word of every contract is a message's
        outside, previous = said(PSEUDO, text), ""
        while outside != previous:
            previous, outside = outside, re.sub(r"⟦[^⟦⟧]*⟧", "", outside)
        assert outside == "", (text, said(PSEUDO, text))


def test_lists_end_with_each_languages_own_joiner():
    assert and_list(["♣", "♥", "♠"]) == "♣, ♥ and ♠" and and_list(["♣"]) == "♣" and and_list([]) == ""
    assert said("x-es", and_list(["♣", "♥", "♠"])) == "♣, ♥ y ♠"
    with speaking("x-es"):
        assert listed(["Ana", "Ben", "Cy"]) == "Ana, Ben y Cy"


def test_counted_words_take_each_languages_plural_forms():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(12, "pt") == "12 pts"
    assert [said("x-es", plural(n, "card")) for n in (1, 2)] == ["1 carta", "2 cartas"]
    assert [said("x-de", plural(n, "card")) for n in (1, 5)] == ["1 Karte", "5 Karten"]
    assert [said("x-pl", plural(n, "card")) for n in (1, 3, 5, 22)] == ["1 karta", "3 karty", "5 kart", "22 karty"]
    assert said("x-fr", Counted("Keep at least {n} card to discard", "Keep at least {n} cards to discard", 0)) == \
        "Gardez au moins 0 carte à défausser"                               # French counts 0 as one
    with pytest.raises(KeyError):
        plural(2, "deal")                                                   # a new noun: whole forms, never "+s"


def test_a_kept_counted_message_survives_a_copy():
    message = Counted("{n} card", "{n} cards", 3)
    for copied in (copy.deepcopy(message), pickle.loads(pickle.dumps(message))):
        assert copied == "3 cards" and said("x-es", copied) == "3 cartas"


def test_seats_names_and_claims_in_other_languages():
    assert seat_name("You") == "You" and said("x-es", seat_name("You")) == "Tú"
    assert said("x-es", seat_name("Player 3")) == "Jugador 3" and seat_name("Scout 1") == "Scout 1"
    words = claim_words(PRESETS["aggravation"])
    assert words.title == "Steal" and said("x-es", words.title) == "Robar"
    assert words.left(2) == "2 left" and words.left(None) == "no limit"
    assert claim_words(PRESETS["gallery"]).price_name == "fee card"


# ------------------------------------------------------------ every refusal is a Message

ENGINE = sorted(p for p in (ROOT / "game").glob("*.py") if p.name not in ("cli.py", "sim.py", "__main__.py"))
REFUSALS = {"IllegalAction", "MeldError"}
MESSAGES = {"Message", "Counted"}


def _made_here(node: ast.AST, helpers: set[str]) -> bool:
    """Whether a reason is a Message made on the spot, or a call of a helper that returns one, or a
    name passed on (a reason made elsewhere: the helpers' own returns are checked too)."""
    if isinstance(node, ast.IfExp):
        return _made_here(node.body, helpers) and _made_here(node.orelse, helpers)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in MESSAGES or node.func.id in helpers
    if isinstance(node, ast.Subscript):                   # error.args[0]: a refusal passed on as it was
        return isinstance(node.value, ast.Attribute) and node.value.attr == "args"
    return isinstance(node, ast.Name)


def test_every_reason_the_engine_refuses_with_is_a_message_made_whole():
    """A static check: each ``raise IllegalAction(...)``/``MeldError(...)``, each ``_require``/``_phase``
    reason, and each string a reason helper returns is a Message (or Counted), never an f-string."""
    bad = []
    for path in ENGINE:
        tree = ast.parse(path.read_text())
        helpers = {f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            reasons = []
            if node.func.id in REFUSALS and node.args:
                reasons = [node.args[0]]
            elif node.func.id == "_require" and len(node.args) > 1:
                reasons = [node.args[1]]
            reasons += [k.value for k in node.keywords if k.arg == "reason"]
            bad += [f"{path.name}:{r.lineno}" for r in reasons if not _made_here(r, helpers)]
        for function in (f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)):
            if function.name in ("_not_drawing", "steal_refusal", "_lay_off_reason", "explain", "_explain_run",
                                 "_odd_ones_out", "explain_closest", "_missing", "_no_anchor", "_too_few", "_used_all"):
                for ret in (r for r in ast.walk(function) if isinstance(r, ast.Return) and r.value is not None):
                    if isinstance(ret.value, (ast.JoinedStr, ast.BinOp)) or (
                            isinstance(ret.value, ast.Constant) and ret.value.value not in (None, "")):
                        bad.append(f"{path.name}:{ret.lineno} ({function.name})")
    assert not bad, f"reasons not made as Messages: {bad}"


def _probes(state) -> list:
    """Moves to try now, most of them refused: every kind, with the hand's and the table's cards."""
    hand = state.seats[state.current_player].hand if state.phase is not Phase.DEAL_OVER else []
    probes = [Draw(), TakeDiscard(), Steal(), Pass(), NextDeal(), GoDown(())]
    for card in hand[:4]:
        probes += [Discard(card), Swap(card), LayOff(card, 0), LayOff(card, 99), SwapWild(card, 0, 0)]
    if state.pile:
        probes.append(Discard(state.pile[-1]))
    return probes


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_refusal_met_in_a_played_game_is_a_message(preset):
    """A dynamic check: a game played on, wrong moves tried at each turn (a refusal leaves the
    state as it was; a move that is taken plays on, and the game goes on from there)."""
    rules, rng, refused, kinds = PRESETS[preset], random.Random(7), 0, set()
    state = new_game(5, 4, rules)
    for _turn in range(400):
        if state.is_over:
            break
        moved = False
        for probe in _probes(state):
            try:
                seat = state.current_player
                state.apply(probe, seat if seat is None or rng.random() < 0.9 else (seat + 1) % 4)
            except IllegalAction as refusal:
                reason = refusal.reason
                assert str(refusal) is reason                       # str() too: the Message, not its English copy
                assert isinstance(reason, Message), f"{type(probe).__name__}: {reason!r} is not a Message"
                assert said(PSEUDO, reason).startswith("⟦"), reason
                refused += 1
                kinds.add(reason.msgid)
            else:
                moved = True
                break
        if not moved:
            state.apply(rng.choice(state.legal_actions()))
    assert refused > 200 and len(kinds) >= 8, (refused, kinds)


# ------------------------------------------------------------ numbers, each language's way


def test_numbers_and_shares_are_written_each_languages_way_from_babels_data():
    import sys
    sys.path.insert(0, str(ROOT / "scripts"))
    import catalogs

    from game.ui.words import number, percent
    assert (ROOT / "game" / "number_formats.py").read_text() == catalogs.number_formats()   # as Babel says today
    for lang in ("es", "de", "fr"):
        install(lang, mo_path(lang, domain=GAME_DOMAIN).read_bytes())
    assert (number(12345), percent(2, 3)) == ("12,345", "67%")
    with speaking("es"):
        assert (number(12345), percent(2, 3)) == ("12.345", "67\xa0%")
    with speaking("fr"):
        assert (number(12345), percent(1, 3), percent(0, 0)) == ("12\u202f345", "33\xa0%", "–")
