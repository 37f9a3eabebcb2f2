"""Issue 43: what the screen reader hears (game/ui/narration.py) and what the session says (its
refusals, news, the guided deal's tips, the online host's words to a guest) go through the
catalogs. Drawn in the pseudo-language, no word stands outside a ⟦…⟧; a message made for an online
guest is said in that guest's language where it is drawn, whatever language the host reads; counts
take the plural form of the language (ngettext).

Stood aside here, as words of other parts of the issue (each converted in its own pass): the
engine's card names ('the seven of hearts') and contracts ('two sets of 3') and meld readings
('set 7♣ 7♥ 7♠'), which game/cards.py, game/rules.py and game/melds.py word; and the table's own
prompts, hint and last-deal line (game/ui/screens/table/), stood aside only while they are not
wrapped.
"""
from __future__ import annotations

import json
import re

import pytest

from coach_follow import follow, lesson_session
from game.i18n import GAME_DOMAIN, PSEUDO, SOURCE, Later, Message, install, mo_path, shown, speaking
from game.state import Phase
from game.ui import narration
from game.ui.app import App
from game.ui.session import coach, frames, heeding, moves, takeback
from game.ui.session.screen_state import sentences
from game.ui.session.offer import WON
from test_online_host import TOKENS, dealt, lobby, started  # noqa: F401 (dealt: autouse, the same deal every run)

# A meld's kind in a reading ('set 7♥ 7♠ 🃏=7'), the frames' engine words.
ENGINE_MELD_KINDS = re.compile(r"\b(set|run)\b")
NAMES = ("You", "Sprout", "Scout", "Ace", "Ann", "Ben", "Cy", "Player")
ALLOWED = re.compile(r"^(?:[\s\d♣♦♥♠JQKA+\-–—·,.:;()/=?!’'…]|[\U0001F000-\U0001FAFF\u2190-\u27BF\u2300-\u23FF\uFE0F]|"
                     + "|".join(NAMES) + r")*$")


def outside(text: str, aside: tuple[str, ...] = ()) -> str:
    """What of ``text`` is neither in a ⟦…⟧ nor a glyph, number, name or stood-aside word ('' when all is)."""
    for words in aside:
        text = text.replace(words, " ")
    previous = ""
    while text != previous:        # the innermost message first: a message may hold another
        previous, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    text = ENGINE_MELD_KINDS.sub(" ", text)
    return "" if ALLOWED.match(text) else text.strip()


@pytest.fixture
def pseudo():
    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())
    with speaking(PSEUDO):
        yield


def catalogs(lang: str) -> bytes:
    return mo_path(lang, domain=GAME_DOMAIN).read_bytes()


@pytest.fixture
def table_words(monkeypatch) -> list[str]:
    """The table's words the narration reads out (its prompt, last-deal line, hint), as said: stood
    aside while the table's pass has not wrapped them."""
    said: list[str] = []
    for name in ("prompt_now", "last_deal_now", "shown_hint"):
        original = getattr(narration, name)

        def recorded(s, original=original):
            text = original(s)
            if outside(narration.in_words(text)):      # some of it unwrapped (the table's part)
                said.append(narration.in_words(text))
            return text
        monkeypatch.setattr(narration, name, recorded)
    own_news = narration.own_news

    def table_answer(s, *args):
        """The table's answer to a key, when the table's intents said it as plain text (the
        session's own are kept as Messages, translated where shown)."""
        if s.ui.message and not isinstance(s.ui.message, (Message, Later)):
            said.append(narration.in_words(s.ui.message))
        return own_news(s, *args)
    monkeypatch.setattr(narration, "own_news", table_answer)
    return said


def until_my_turn(app: App, frame: dict, heard: list[str]) -> None:
    while not app.session.my_turn():
        frame = app.tick(frame["timer"][1]) or app.frame()
        heard.append(frame["narrate"])


def test_a_deal_heard_by_a_screen_reader_in_the_pseudo_language(table_words):
    app = App({}, {"seed": "2", "level": "sprout", "speed": "0", "steal": "off", "lang": PSEUDO}, catalog=catalogs)
    heard: list[str] = []
    frame = app.boot()
    until_my_turn(app, frame, heard)
    until_my_turn(app, app.intent("pass"), heard)
    for act in ("discard", "stock", "discard", "godown", "fill", "lay", "layoff-all", "layoff-all", "hint"):
        heard.append(app.intent(act)["narrate"])
    s = app.session
    hand = s.shown_hand()
    app.intent("card", hand[-1].key)
    frame = app.intent("discard")
    heard.append(frame["narrate"])
    until_my_turn(app, frame, heard)                 # the bots' moves, then the player's turn again
    heard = [line for line in heard if line]
    assert len(heard) >= 10 and sum("⟦" in line for line in heard) >= 10, heard
    assert any("⟦Frame 1, " in line for line in heard) and any("⟦Every frame is ready" in line for line in heard)
    assert any("⟦You drew ⟦the " in line for line in heard)
    aside = tuple(sorted({words for words in table_words if words}, key=len, reverse=True))
    stray = [(line, outside(line, aside)) for line in heard]
    assert not [pair for pair in stray if pair[1]], [pair for pair in stray if pair[1]][:5]


def test_whole_deals_with_claims_heard_in_the_pseudo_language(table_words):
    """Deals at an Ace table, played by a bot for the player, who claims every card offered: each
    frame's words, the claims' outcomes and the bots' steals among them, stay inside ⟦…⟧."""
    import random
    from game.bots import make_bot
    from game.ui.session.screen_state import HUMAN
    heard, claimed = [], 0
    for seed in range(1, 4):
        app = App({}, {"seed": str(seed), "level": "ace", "speed": "fast", "steal": "long", "lang": PSEUDO},
                  catalog=catalogs)
        frame, s = app.boot(), app.session
        me, rng = make_bot("ace"), random.Random(seed)
        for _ in range(3000):
            state = s.state
            if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
                break
            offer = s.offer()
            if offer is not None and not offer.answer:
                frame, claimed = app.intent("steal"), claimed + 1
            elif state.current_player == HUMAN and state.phase in (Phase.SWAP, Phase.DRAW, Phase.PLAY) and s.my_turn():
                s.act(me.choose(state.view(HUMAN), state.legal_actions(), rng))
                frame = app.frame()
            else:
                frame = app.tick(frame["timer"][1]) or app.frame()
            heard.append(frame["narrate"])
    assert claimed and any(re.search(r"⟦\s*You (stole|claimed) ", line) for line in heard)   # (its 🫳 unsaid)
    aside = tuple(sorted({words for words in table_words if words}, key=len, reverse=True))
    stray = [(line, outside(line, aside)) for line in heard if line]
    assert not [pair for pair in stray if pair[1]], [pair for pair in stray if pair[1]][:5]


def test_the_narrations_own_words_are_wrapped(pseudo):
    assert narration.turn_told("Draw") == "⟦Your turn. Draw⟧"
    assert narration.frame_words(1, "set of 3", None, "needs 2 more cards") == "⟦Frame 1, set of 3: needs 2 more cards⟧"
    assert narration.in_words("run 🃏=7♥ 8♥") == "run ⟦joker⟧ ⟦standing for ⟦the seven of ⟦hearts⟧⟧⟧ ⟦eight of ⟦hearts⟧⟧"
    from game.cards import parse_cards
    from game.tabletop import Event
    line = narration.event_words(Event("stole", 1, tuple(parse_cards("7H"))), ["You", "Cy"], claim="steal")
    assert line.startswith("⟦⟦Cy stole ⟦the seven of ⟦hearts⟧⟧") and line.endswith("⟧ and took a penalty card⟧"), line
    bought = narration.event_words(Event("bought", 1, tuple(parse_cards("JK"))), ["You", "Cy"], claim="buy")
    assert bought.endswith("and took a fee card⟧") and "⟦a joker⟧" in bought


def test_the_narration_reads_english_as_it_did():
    from game.cards import parse_cards
    from game.tabletop import Event
    assert narration.event_words(Event("drew", 0, ()), ["You", "Cy"], drawn=parse_cards("7H")[0]) == \
        "You drew the seven of hearts"
    assert narration.in_words("🃏=7♥ 2♦=A") == "joker standing for the seven of hearts two of diamonds standing for an ace"


def test_every_tip_of_the_guided_deal_in_the_pseudo_language(monkeypatch):
    install(PSEUDO, catalogs(PSEUDO))
    s = lesson_session()
    tips, real = [], coach.tip

    def heard_tip(session):
        found = real(session)
        if found is not None:
            with speaking(PSEUDO):
                tips.append((found.lesson, str(shown(found.text)), str(shown(found.why))))
        return found
    monkeypatch.setattr(coach, "tip", heard_tip)
    follow(s)
    heard_tip(s)                                        # the deal's end
    lessons = {lesson for lesson, *_ in tips}
    assert set(coach.LESSONS) | {"end"} <= lessons | {"watch"}, lessons
    for lesson, text, why in tips:
        assert text.startswith("⟦") and not outside(text), (lesson, text, outside(text))
        assert not why or (why.startswith("⟦") and not outside(why)), (lesson, why)


def test_the_sessions_messages_in_the_pseudo_language(pseudo):
    from game.cards import parse_cards
    from game.rules import AGGRAVATION, GALLERY
    from game.actions import Discard, GoDown, Pass
    card = parse_cards("7H")[0]
    said = [
        Message(moves.FIRST_TABLE["scout", "buy"], opponents=3),
        Later(moves.took_from_pile, "7♥", 2),
        takeback.NOTHING,
        *(Message("↶ Taken back: {step}", step=takeback.what(takeback.Step(0, 0, 1, None, "number", action)))
          for action in (None, Discard(card), GoDown(()), Pass())),
        Message(WON["bought"], card="7♥"),
        frames.frame_status(parse_cards("KH KS"), AGGRAVATION.contract(1).melds[0], AGGRAVATION).need,
        frames.frame_status(parse_cards("KH KS 7C 8C"), AGGRAVATION.contract(1).melds[0], AGGRAVATION).need,
        frames.extra_meld(parse_cards("KH"), GALLERY.contract(3), GALLERY)[1],
        frames.partial_problem(parse_cards("7H 8C"), AGGRAVATION.contract(2).melds[1].kind, AGGRAVATION),
        heeding.words(heeding.Advice("discard", card, Message("{card} brought your contract closer", card="7♥"))),
        Later(sentences, Message("🫳 You stole {card}, and the top card of the stock as the penalty card", card="7♥"),
              heeding.words(heeding.Advice("pass", card, Message("a card laid off is one fewer to pay for when someone "
                                                                 "goes out"))))]
    for message in said:
        text = str(shown(message))
        assert text.startswith("⟦") and not outside(text), (message, text, outside(text))
    with speaking(SOURCE):                         # English: the words they always were
        assert [str(shown(m)) for m in said[:3]] == [
            "🧭 A Scout table: 3 opponents who buy what they need. A deal often ends in 4–10 of your turns: go down "
            "as soon as you can", "You took 7♥ and the 2 cards above it",
            "There is nothing to take back: a draw from the stock, a claim and other players' moves stay"]


def test_counts_take_the_plural_form():
    assert moves.took_from_pile("7♥", 1) == "You took 7♥ and the card above it"
    assert moves.took_from_pile("7♥", 3) == "You took 7♥ and the 3 cards above it"
    assert frames.more_cards(1) == "needs 1 more card" and frames.more_cards(2) == "needs 2 more cards"
    install(PSEUDO, catalogs(PSEUDO))
    with speaking(PSEUDO):
        assert frames.more_cards(1) == "⟦needs 1 more card⟧" and frames.more_cards(2) == "⟦needs 2 more cards⟧"


# ------------------------------------------------------------ an online guest, in the guest's language


def test_a_message_made_for_a_guest_is_said_in_the_guests_language_where_drawn():
    """The host reads English; Ben's page reads the pseudo-language. A bot plays Ben's turn (the
    host's tap, outside any language): Ben's table and his screen reader say it in his language,
    and the host's own screen stays English."""
    install(PSEUDO, catalogs(PSEUDO))
    wire = started()
    host = wire.app.host
    host.langs[1] = PSEUDO                          # as if Ben's hello had said a language the game has
    s = wire.s
    while s.state.current_player != 1:
        wire.tick()
    told = Message("🤖 {host} let a bot play that turn for you, {name}: you had not moved for a while. "
                   "The next one is yours", host="Player 1", name="Ben")
    assert s.play_turn_for(1, told)
    assert s.told[1] == str(told)                   # kept as its English...
    screen = host.screen_of(1)                      # ...and drawn in Ben's language
    frame = json.loads(screen)
    assert frame["lang"] == PSEUDO
    assert "⟦🤖 Player 1 let a bot play that turn for you, Ben" in frame["html"]
    assert frame.get("narrate", "") and "⟦" in frame["narrate"], frame.get("narrate")
    assert "⟦" not in wire.app.frame()["narrate"]   # the host's live region: English


def test_a_guest_is_refused_in_its_own_language():
    install(PSEUDO, catalogs(PSEUDO))
    wire = started()
    host = wire.app.host
    host.speak = lambda lang: lang                  # every language's catalog at hand
    host.heard["c9"] = PSEUDO
    refusal = host.said_to("c9", "This game has already started. Ask the host for a new table.")
    assert refusal == "⟦This game has already started. Ask the host for a new table.⟧"
    from game.ui.online.notes import SEAT_KEPT
    assert host.said_to("c9", SEAT_KEPT, host="Ann", name="Ben") == "⟦Ann kept Ben’s seat where it is.⟧"
    assert host.said_to("c8", SEAT_KEPT, host="Ann", name="Ben") == "Ann kept Ben’s seat where it is."   # no language said: English


def test_a_guests_hello_sets_its_language_and_a_refused_hello_is_told_in_it(monkeypatch):
    from game.ui.online import host as host_module
    wire = lobby(names=())
    wire.guest("c1", json.dumps({"t": "hello", "token": TOKENS[0], "name": "Ben", "lang": "de-AT,en"}))
    assert wire.app.host.langs[1] == "de"
    wire.intent("online-start")
    install(PSEUDO, catalogs(PSEUDO))
    monkeypatch.setattr(host_module, "chosen", lambda wanted: PSEUDO)   # a language the game has, all wrapped
    wire.app.host.speak = lambda lang: lang
    wire.guest("c2", json.dumps({"t": "hello", "token": TOKENS[1], "name": "Cy", "lang": "qps"}))
    assert wire.last["c2"] == {"t": "refused", "why": "⟦This game has already started. Ask the host for a new table.⟧"}


def test_the_hosts_news_and_a_broken_links_words_in_the_pseudo_language():
    from game.ui.app import deal_from_link
    install(PSEUDO, catalogs(PSEUDO))
    wire = lobby(names=("Ben", "Cy", "Di"))
    s = wire.s
    said = []
    wire.intent("online-remove", "3")
    said.append(s.ui.message)
    wire.intent("online-start")
    wire.guest("c2", json.dumps({"t": "leave"}))
    said.append(s.ui.message)
    deal_from_link(s, "not a deal", "3")
    said.append(s.ui.message)
    assert [str(m) for m in said] == ["Di is off the table", "🚪 Cy left the table: a bot plays their seat",
                                      "This link's deal 3 could not be dealt (the link is not whole): the game starts at deal 1"]
    with speaking(PSEUDO):
        for message in said:
            assert str(shown(message)).startswith("⟦") and not outside(str(shown(message))), message


def test_a_count_takes_each_languages_plural_form():
    """A tiny catalog with French's plural rule (0 and 1 singular; a million, its own form), compiled as
    the build compiles one."""
    import io
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    catalog = Catalog(locale="fr")
    catalog.add(("needs {n} more card", "needs {n} more cards"), ("il manque {n} carte", "il manque {n} de cartes", "il manque {n} cartes"))
    catalog.add(("You took {card} and the card above it", "You took {card} and the {n} cards above it"),
                ("Vous avez pris {card} et la carte au-dessus", "Vous avez pris {card} et les {n} de cartes au-dessus",
                 "Vous avez pris {card} et les {n} cartes au-dessus"))
    data = io.BytesIO()
    write_mo(data, catalog)
    assert install("x-fr", data.getvalue())
    with speaking("x-fr"):
        assert [frames.more_cards(n) for n in (0, 1, 2)] == ["il manque 0 carte", "il manque 1 carte", "il manque 2 cartes"]
        assert str(shown(Later(moves.took_from_pile, "7♥", 3))) == "Vous avez pris 7♥ et les 3 cartes au-dessus"
    assert [frames.more_cards(n) for n in (0, 1)] == ["needs 0 more cards", "needs 1 more card"]   # English counts 0 as many
