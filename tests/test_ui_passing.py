"""Pass-and-play (game/ui/session/passing.py): people share the device, no hand shows while another could
look, each person asked to claim a discard says so with their own hand in front of them (and nobody
else's), in the engine's claim order, and a shared game saves and resumes like a solo one. The start
screen's pass-and-play setup: tests/test_ui_passplay_setup.py."""

import itertools
import json
import random

import pytest

from game.bots import make_bot
from game.cards import parse_cards
from game.actions import Steal
from game.state import Event, Phase
from game.ui.session import passing
from game.ui.app import App
from game.ui.session.session import Session
from game.ui.store.saves import SAVE_KEY
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.store.settings import Settings
from game.ui.store.stats import STATS_KEY
from game.ui.screens.table.model import table_model
from game.ui.words import event_text
from html_tree import parse
from tests.support import MemoryStore


STEP_LIMIT = 20_000  # far above the steps of any game these tests play


def steps(limit: int = STEP_LIMIT):
    """A loop's turns, failing the test past ``limit``: a loop that stops making progress (a broken
    rule, a mutant under `make mutants`) fails with its place instead of hanging the run."""
    for turn in itertools.count():
        if turn >= limit:
            raise AssertionError(f"no end after {limit} steps")
        yield turn


def shared(people=3, level="scout", rulebook="aggravation", names=("Ana", "Ben", "Cy"), seed=7) -> Session:
    s = Session(MemoryStore(), Settings(speed="instant", rulebook=rulebook, people=people, names=list(names)))
    s.start(level, seed)
    return s


def hand_keys(s: Session) -> set[str]:
    return {card.key for seat in s.state.seats for card in seat.hand}


def play(s: Session, deals: int = 1, claim_every: int = 2, check=None) -> dict:
    """Play ``deals`` deals: each person as a Scout bot would, by the session's own moves; at each
    pass screen, and each time a person is asked to claim, ``check(s)``; every ``claim_every``-th
    person asked claims the discard, the others let it go."""
    brain, rng, seen = make_bot("scout"), random.Random(3), {"pass": 0, "claims": 0}
    ended = 0
    guard = steps()
    while ended < deals and not s.state.is_over:
        next(guard)
        if check and (passing.pass_to(s) is not None or passing.asked(s) is not None):
            check(s)
        if passing.pass_to(s) is not None:
            seen["pass"] += 1
            assert s.person(passing.pass_to(s)), "the device goes to people, never to a bot"
            assert passing.show(s)
        elif passing.asked(s) is not None:
            seen["claims"] += 1
            assert s.seat == passing.asked(s) and s.my_turn() and s.pending() is None
            s.steal() if seen["claims"] % claim_every == 0 else s.pass_()
        elif s.state.current_player is None:
            ended += 1
            s.ui.ending = ""
            if not s.state.is_over and ended < deals:
                s.next_deal()
        elif s.person(s.state.current_player):
            assert s.pending() is None                 # a person's move: no timer plays it for them
            seat = s.state.current_player
            assert seat == s.seat and s.my_turn()
            assert s._play(brain.choose(s.state.view(seat), s.state.legal_actions(), rng)), s.ui.message
        else:
            assert s.step(s.token())
    return seen


def keys_in_page(s: Session) -> set[str]:
    html = table_screen(table_model(s))
    return {key for key in hand_keys(s) if f'data-key="{key}"' in html}


def no_hand_but_the_asked_persons(s: Session) -> None:
    """At a pass screen no card of any hand is in the page; while a person is asked to claim, all
    of their hand is, and no card of anyone else's."""
    if passing.pass_to(s) is not None:
        assert not keys_in_page(s), "hand cards in the page at a pass screen"
        assert 'data-dialog="pass"' in table_screen(table_model(s))
        return
    seat = passing.asked(s)
    own = {c.key for c in s.state.seats[seat].hand}
    assert s.seat == seat and keys_in_page(s) == own, "only the asked person's own hand is in the page"


@pytest.mark.parametrize("rulebook,people", [("aggravation", 3), ("gallery", 3), ("contract", 3), ("aggravation", 2)])
def test_no_hand_is_in_the_page_at_a_pass_screen_and_only_their_own_while_a_person_is_asked(rulebook, people):
    s = shared(people=people, rulebook=rulebook)
    seen = play(s, deals=2, check=no_hand_but_the_asked_persons)
    assert seen["pass"] > 10 and seen["claims"] > 0
    assert s.state.deal_number >= 2 or s.state.is_over


def test_the_hand_shown_is_its_owners_and_a_new_deal_hides_it_again():
    s = shared()
    assert s.ui.veiled and s.hand_hidden()
    play(s, deals=1)
    assert s.state.current_player is None and not s.ui.veiled   # the deal's end: every hand is public
    s.next_deal()
    assert s.ui.veiled and s.shown_hand() == []
    guard = steps()
    while not s.person(s.state.current_player):
        next(guard)
        assert s.step(s.token())
    seat = passing.pass_to(s)
    assert seat is not None and passing.show(s)
    assert s.seat == seat and {c.key for c in s.shown_hand()} == {c.key for c in s.state.seats[seat].hand}
    model = table_model(s)
    assert model["prompt"].startswith(f"{s.names[seat]}, ") and model["hidden"] is False


def test_people_take_the_first_seats_named_and_bots_the_rest_and_a_small_table_grows():
    s = shared(people=3, level="scout")
    assert s.names == ["Ana", "Ben", "Cy", "Scout 1"] and set(s.bots) == {3}
    s = shared(people=4, level="sprout", names=())
    assert s.names == ["Player 1", "Player 2", "Player 3", "Player 4"] and s.bots == {}
    s = shared(people=6, level="ace")                  # Aggravation seats five at most
    assert s.people == s.state.players == 5 and s.bots == {}
    s = shared(people=2, rulebook="contract", level="ace")
    assert s.state.players == 4 and s.people == 2 and set(s.bots) == {2, 3}


def test_a_tap_that_would_read_a_hidden_hand_does_nothing():
    app = App(MemoryStore(), {"speed": "0", "seed": "7", "level": "scout", "people": "3"})
    app.boot()
    s = app.session
    guard = steps()
    while passing.pass_to(s) is None:
        next(guard)
        assert app.tick(s.token()) is not None
    token = s.token()
    for act, arg in (("godown", ""), ("fill", ""), ("draw", ""), ("pass", ""), ("discard", ""),
                     ("card", s.state.seats[passing.pass_to(s)].hand[0].key), ("layoff-all", ""), ("pile", "")):
        app.intent(act, arg)
        assert s.token() == token and s.ui.frames is None and s.ui.selected is None and not s.ui.digging
        assert s.hand_hidden()
    assert app.intent("show") is not None and not s.hand_hidden()


def to_claim(s: Session, persons: int = 1) -> list[int]:
    """Play on (each person drawing from the stock and discarding their first card) to the first
    discard at least ``persons`` people may claim; the people the engine will ask, in its order."""
    guard = steps()
    while True:
        next(guard)
        assert not s.state.is_over
        asking = [seat for seat in s.state.claimants if s.person(seat)] if s.state.phase is Phase.CLAIMS else []
        if len(asking) >= persons and passing.asked(s) is not None:
            return asking
        if passing.pass_to(s) is not None:
            assert passing.show(s)
        elif passing.asked(s) is not None:
            s.pass_()
        elif s.person(s.state.current_player):
            if s.state.phase is Phase.DRAW:
                s.draw()
            else:
                assert s._play(next(a for a in s.state.legal_actions() if type(a).__name__ in ("Discard", "Pass")))
        else:
            assert s.step(s.token())


def test_people_are_asked_one_by_one_in_the_engines_order_each_with_their_own_hand():
    s = shared(people=4, level="sprout", names=("Ana", "Ben", "Cy", "Di"))   # four seats, no bots
    asking = to_claim(s, persons=2)
    drawer, card = s.state.turn, s.state.pile[-1]
    assert asking == s.state.claimants and drawer not in asking, "the next to draw takes it as a draw, unasked"
    assert s.state.claimable_from not in asking
    for seat in asking:
        assert passing.pass_to(s) == seat and s.hand_hidden() and passing.asked(s) == seat
        assert not keys_in_page(s)
        assert passing.show(s) and s.seat == seat and not s.hand_hidden()
        model = table_model(s)
        assert [b["act"] for b in model["buttons"]] == ["steal", "pass"]
        assert keys_in_page(s) == {c.key for c in s.state.seats[seat].hand}
        assert s.pending() is None and model["claim_ms"] is None        # no clock runs on a person's say
        assert dispatch(s, "pass")
    assert s.state.phase is not Phase.CLAIMS and card not in {c for n in asking for c in s.state.seats[n].hand}
    assert passing.pass_to(s) == drawer, "the device goes back to the one drawing"
    assert [e.kind for e in s.state.events[-2:]] == ["no_steal", "drew"]


def test_the_first_person_asked_who_claims_gets_the_card_and_the_later_ones_are_not_asked():
    s = shared(people=4, level="sprout", names=("Ana", "Ben", "Cy", "Di"))
    first, later = to_claim(s, persons=2)[:2]
    card, actions = s.state.pile[-1], len(s.log.actions)
    assert passing.pass_to(s) == first and passing.show(s)
    assert dispatch(s, "steal")
    assert s.state.phase is not Phase.CLAIMS, "a later claim could not win: that person is not asked"
    assert card in s.state.seats[first].hand
    assert s.state.events[-2].kind == "stole" and s.state.events[-2].seat == first
    assert [type(a).__name__ for a in s.log.actions[actions:]][:2] == ["Steal", "Pass"]   # the later one's, unasked
    assert passing.asked(s) is None and passing.pass_to(s) == s.state.turn != later


def test_a_bot_sooner_in_the_order_that_claims_leaves_no_person_to_ask():
    s = shared(people=2, level="ace", names=("Ana", "Ben"), seed=3)       # three Ace bots after the people
    before: list[list[int]] = []

    def claiming(bot):
        def choose(view, legal, rng):
            if any(isinstance(a, Steal) for a in legal):
                before.append(list(s.state.claimants))
                return Steal()
            return bot(view, legal, rng)
        return choose

    for bot in s.bots.values():
        bot.choose = claiming(bot.choose)
    guard = steps()
    while not any(s.person(n) for n in (before[-1][1:] if before else [])):
        next(guard)
        assert not s.state.is_over
        if passing.pass_to(s) is not None:
            assert passing.show(s)
        elif passing.asked(s) is not None:
            s.pass_()
        elif s.person(s.state.current_player):
            assert s._play(make_bot("sprout").choose(s.state.view(s.seat), s.state.legal_actions(), random.Random(1)))
        else:
            assert s.step(s.token())
    assert s.state.phase is not Phase.CLAIMS and passing.asked(s) is None   # the people after it: not asked
    assert [e.kind for e in s.state.events[-2:]] == ["stole", "drew"] and not s.person(s.state.events[-2].seat)


def test_one_person_who_may_claim_is_one_hand_over_and_the_device_comes_back():
    s = shared(people=3, level="sprout", names=("Ana", "Ben", "Cy"))       # three seats, no bots
    asking = to_claim(s)
    drawer = s.state.turn
    assert len(asking) == 1
    html = table_screen(table_model(s))
    dialog = parse(html).find(data_dialog="pass")
    name, top = s.names[asking[0]], s.state.pile[-1].symbol
    assert dialog.find("h2").text == f"Pass to {name}"
    assert dialog.find(class_="pass-claim").text == (
        f"🫳 {s.names[drawer]} passed over {top} ({s.names[s.state.claimable_from]}'s discard). "
        f"{name} may steal it, with a penalty card.")
    assert passing.show(s)
    assert table_model(s)["prompt"] == (f"{name}, 🫳 {s.names[drawer]} passed over {top} "
                                        f"({s.names[s.state.claimable_from]}'s discard): steal it? You also take a penalty card")
    assert dispatch(s, "pass") and passing.pass_to(s) == drawer
    title = parse(table_screen(table_model(s))).find(data_dialog="pass")
    assert title.find("h2").text == f"Pass to {s.names[drawer]}" and not title.find_all(class_="pass-claim")


def test_the_gallery_asks_to_buy_with_a_fee_card():
    s = shared(people=3, level="sprout", rulebook="gallery", names=("Ana", "Ben", "Cy"))
    s.settings.change("players", "gallery:3")
    s.start("sprout", 7)
    asking = to_claim(s)
    claim = parse(table_screen(table_model(s))).find(class_="pass-claim").text
    assert claim.startswith("🛒 ") and claim.endswith(f"{s.names[asking[0]]} may buy it, with a fee card.")
    passing.show(s)
    assert [b["label"] for b in table_model(s)["buttons"]] == [f"🛒 Buy {s.state.pile[-1].symbol}", "Let it go"]


def test_a_reload_while_people_are_asked_resumes_at_the_same_person():
    s = shared(people=4, level="sprout", names=("Ana", "Ben", "Cy", "Di"))
    first, second = to_claim(s, persons=2)[:2]
    assert passing.show(s)                                   # the first has the hand in front of them
    again = Session(s.storage, Settings(speed="instant"))
    assert again.resume() and again.hand_hidden() and passing.pass_to(again) == first
    assert passing.asked(again) == first and table_model(again)["passing"]["claim"]
    assert dispatch(s, "pass")                               # the first says no; the second is asked
    again = Session(s.storage, Settings(speed="instant"))
    assert again.resume() and passing.pass_to(again) == second == passing.asked(again)
    assert passing.show(again) and [b["act"] for b in table_model(again)["buttons"]] == ["steal", "pass"]
    card = again.state.pile[-1]
    assert dispatch(again, "steal") and card in again.state.seats[second].hand


def test_the_drawers_own_arrangement_comes_back_after_another_person_was_asked():
    s = shared(people=3, level="sprout", names=("Ana", "Ben", "Cy"))
    guard = steps()
    while not (s.state.phase is Phase.DRAW and s.person(s.state.current_player)
               and [n for n in _claimants_if_drawn(s) if s.person(n)]):
        next(guard)
        if passing.pass_to(s) is not None:
            passing.show(s)
        elif s.person(s.state.current_player):
            assert s._play(next(a for a in s.state.legal_actions() if type(a).__name__ in ("Discard", "Pass", "Draw")))
        else:
            assert s.step(s.token())
    if passing.pass_to(s) is not None:
        passing.show(s)
    drawer = s.seat
    arranged = [c.key for c in reversed(s.shown_hand())]
    s.ui.order = arranged
    assert dispatch(s, "draw") and passing.asked(s) is not None and passing.show(s)
    assert s.ui.order is None                                 # the asked person's hand, in its sorted order
    assert dispatch(s, "pass") and passing.pass_to(s) == drawer and passing.show(s)
    assert [c.key for c in s.shown_hand()][:len(arranged)] == arranged


def _claimants_if_drawn(s: Session) -> list[int]:
    from game.stealing import eligible_claimants
    return eligible_claimants(s.state)


def test_a_shared_game_resumes_behind_the_pass_screen_and_an_odd_people_field_is_set_aside():
    s = shared()
    play(s, deals=1)
    s.next_deal()
    guard = steps()
    while not s.person(s.state.current_player):
        next(guard)
        s.step(s.token())
    passing.show(s)
    assert not s.hand_hidden()
    saved = json.loads(s.storage[SAVE_KEY])
    assert saved["people"] == 3
    again = Session(s.storage, Settings(speed="instant"))
    assert again.resume() and again.people == 3 and again.hand_hidden()
    assert passing.pass_to(again) == s.seat
    for odd in (0, 9, "3", True, None):
        store = MemoryStore({SAVE_KEY: json.dumps({**saved, "people": odd})})
        broken = Session(store, Settings())
        assert not broken.resume() and broken.ui.notice


def test_a_finished_pass_and_play_game_is_not_counted_in_the_players_statistics():
    app = App(MemoryStore(), {"speed": "0"})
    app.boot()
    s = app.session
    s.settings.people, s.settings.names = 2, ["Ana", "Ben"]
    s.start("sprout", 11)
    guard = steps()
    while not s.state.is_over:
        next(guard)
        play(s, deals=1)
        if not s.state.is_over:
            s.next_deal()
    app.frame()
    stats = json.loads(s.storage.get(STATS_KEY) or '{"games": 0}')
    assert stats.get("games", 0) == 0 and not stats.get("groups")
    # ...but it is kept among the past games, which say who won (no one there is "you")
    kept, = json.loads(s.storage.get("aggravation.games"))
    assert kept["facts"]["people"] == 2 and kept["facts"]["you"] == "Ana"
    html = app.intent("past")["html"]
    winners = " and ".join(kept["facts"]["winners"])
    assert f"{winners} won" in html and "You won" not in html and "Your total" not in html


def test_the_pass_screen_tells_each_person_what_happened_since_they_last_looked():
    app = App(MemoryStore(), {"speed": "0", "seed": "7", "level": "scout", "people": "3"})
    app.boot()
    s, brain, rng = app.session, make_bot("sprout"), random.Random(1)
    looked: dict[int, int] = {}                           # seat -> events on the last table it saw
    for _ in range(400):
        seat = passing.pass_to(s)
        if seat is not None and seat in looked and s.state.deal_number == 1:
            events = s.state.events[looked[seat]:]
            assert passing.since(s, seat) == (list(events), False)
            shown = [line for line in table_model(s)["passing"]["recent"] if line != "…"]
            assert shown == [line for line in (event_text(e, s.names) for e in events) if line][-len(shown):]
            assert shown, "someone moved since"
            return
        if seat is not None:
            app.intent("show")
        elif passing.asked(s) is not None:
            app.intent("pass")
        elif s.person(s.state.current_player):
            assert s._play(brain.choose(s.state.view(s.seat), s.state.legal_actions(), rng))
        else:
            app.tick(s.token())
        app.frame()                                       # the table as drawn after each step
        if not s.hand_hidden():
            looked[s.seat] = len(s.state.events)
    raise AssertionError("no person came round twice")


def test_back_from_the_menu_a_shared_table_waits_behind_the_pass_screen():
    app = App(MemoryStore(), {"speed": "0", "seed": "7", "level": "scout", "people": "3"})
    app.boot()
    s = app.session
    guard = steps()
    while passing.pass_to(s) is None:
        next(guard)
        app.tick(s.token())
    app.intent("show")
    assert s.shown_hand()
    app.intent("menu")
    assert passing.pass_to(s) is None and not passing.hidden(s)
    app.intent("resume")
    assert s.hand_hidden() and passing.pass_to(s) == s.seat and 'data-dialog="pass"' in app.frame()["html"]


@pytest.mark.parametrize("people,level,rulebook", [(4, "sprout", "aggravation"), (5, "scout", "aggravation"),
                                                  (6, "ace", "contract"), (2, "ace", "gallery")])
def test_a_table_grown_for_its_people_resumes_and_a_save_with_more_people_than_seats_does_not(people, level,
                                                                                              rulebook):
    s = shared(people=people, level=level, rulebook=rulebook, names=())
    guard = steps()
    while not s.person(s.state.current_player):
        next(guard)
        s.step(s.token())
    saved = s.storage[SAVE_KEY]
    again = Session(MemoryStore({SAVE_KEY: saved}), Settings())
    assert again.resume() and again.people == s.people and again.state.players == s.state.players
    too_many = json.dumps({**json.loads(saved), "people": s.state.players + 1})
    broken = Session(MemoryStore({SAVE_KEY: too_many}), Settings())
    assert not broken.resume() and broken.ui.notice


def test_letting_it_go_gives_the_card_to_no_one_and_says_so_to_the_next_person():
    s = shared(people=3, level="sprout")                 # Sprout bots never claim
    asking = to_claim(s)
    card, drawer = s.state.pile[-1], s.state.turn
    assert passing.show(s) and dispatch(s, "pass")
    assert not [e for e in s.state.events if e.kind == "stole"] and card not in s.state.seats[asking[0]].hand
    assert s.state.pile[-1] == card and passing.pass_to(s) == drawer    # back to the drawer, the card still up
    assert f"{card.symbol} is on the pile" in table_model(s)["passing"]["what"]


def test_a_claim_after_another_tab_moved_on_shows_that_table_and_claims_nothing():
    s = shared(people=3, level="sprout")
    to_claim(s)
    assert passing.show(s)
    other = shared(people=3, level="sprout", seed=8)     # another game written over the slot
    s.storage[SAVE_KEY] = other.storage[SAVE_KEY]
    token = s.token()
    dispatch(s, "steal")
    assert s.token() == token and s.ui.elsewhere == "other"


def test_a_person_who_never_looked_this_deal_is_told_the_deal():
    s = shared(people=3, level="scout")
    guard = steps()
    while passing.pass_to(s) is None:
        next(guard)
        s.step(s.token())
    seat = passing.pass_to(s)
    assert passing.since(s, seat) == (list(s.state.events), True)
    assert table_model(s)["passing"]["what"].startswith(("Deal 1, round 1", f"{s.names[s.state.dealer]} dealt. Deal 1"))


def to_pass(s: Session) -> int:
    """The clock and the claims (no one claiming) run on to the next pass screen; its person."""
    for _ in range(300):
        if passing.pass_to(s) is not None:
            return passing.pass_to(s)
        if passing.asked(s) is not None:
            passing.show(s) if passing.pass_to(s) is not None else s.pass_()
        else:
            assert s.step(s.token())
    raise AssertionError("no pass screen came")


def test_show_gives_the_next_person_a_clean_hand_and_the_same_person_their_own_arrangement():
    s, brain, rng = shared(people=3, level="scout"), make_bot("sprout"), random.Random(2)
    first = to_pass(s)
    assert passing.show(s) and s.seat == first
    assert not passing.show(s)                           # shown already: nothing to show
    hand = s.shown_hand()
    arranged = [c.key for c in reversed(hand)]
    s.ui.selected, s.ui.order = hand[0].key, arranged
    s.say("a word for this person")
    s.ui.veiled = True                                   # as after a claim: back to the same person
    assert passing.pass_to(s) == first and passing.show(s)
    assert s.ui.order == arranged and s.ui.message == ""
    for _ in range(50):                                  # the first person plays their turn out
        if s.state.current_player != first:
            break
        assert s._play(brain.choose(s.state.view(first), s.state.legal_actions(), rng))
    s.ui.selected, s.ui.digging = "a card of the last hand", True
    s.say("a word for the last person")
    nxt = to_pass(s)
    assert nxt != first and passing.show(s) and s.seat == nxt
    assert s.ui.selected is None and s.ui.order is None and s.ui.digging is False and s.ui.message == ""


def test_at_the_menu_no_pass_or_claims_screen_answers_and_no_hand_can_be_shown():
    """The menu hides the table: a stray "show my hand" or claim tap there must not reveal a hand."""
    app = App(MemoryStore(), {"speed": "0", "seed": "7", "level": "scout", "people": "3"})
    app.boot()
    s = app.session
    to_pass(s)
    waiting = passing.pass_to(s)
    app.intent("menu")
    assert passing.pass_to(s) is None and not passing.show(s) and s.hand_hidden()
    app.intent("resume")
    assert passing.pass_to(s) == waiting and 'data-dialog="pass"' in app.frame()["html"]
    s = shared(people=3, level="sprout")
    asking = to_claim(s)
    app = App(s.storage, {"speed": "0"})
    app.boot()
    s = app.session
    assert passing.pass_to(s) == asking[0]
    app.intent("menu")
    assert passing.pass_to(s) is None and not passing.show(s) and s.hand_hidden()
    assert app.intent("steal") is None and app.intent("pass") is None and s.state.phase is Phase.CLAIMS
    app.intent("resume")
    assert passing.pass_to(s) == asking[0] and passing.show(s) and s.seat == asking[0]


def test_with_two_people_the_pass_screen_tells_what_happened_since_the_last_look():
    s, brain, rng = shared(people=2, level="scout", names=("Ana", "Ben")), make_bot("sprout"), random.Random(4)
    looked: dict[int, int] = {}
    guard = steps()
    while True:
        next(guard)
        seat = passing.pass_to(s)
        if seat is not None and seat in looked and s.state.deal_number == 1:
            assert passing.since(s, seat) == (s.state.events[looked[seat]:], False)
            return
        if seat is not None:
            passing.show(s)
        elif passing.asked(s) is not None:
            s.pass_()
        elif s.person(s.state.current_player):
            assert s._play(brain.choose(s.state.view(s.seat), s.state.legal_actions(), rng))
        else:
            s.step(s.token())
        passing.saw(s)                                   # the table was drawn
        if not s.hand_hidden():
            looked[s.seat] = len(s.state.events)


def test_the_pass_screen_names_the_person_and_says_what_is_on_the_pile():
    s = shared()
    seat = passing.pass_to(s)
    assert seat is not None, "a shared game opens on the pass screen"
    name, top = s.state.seats[seat].name, s.state.pile[-1]

    def dialog():
        return parse(table_screen(table_model(s))).find(data_dialog="pass")

    assert dialog().find("h2").text == f"Pass to {name}"
    hand = parse(table_screen(table_model(s))).find(data_zone="hand")
    assert (hand.attrs["class"], hand.attrs["aria-label"]) == ("hand veiled", "Hands are hidden")
    assert hand.text == "🂠 Hands stay hidden until their owner taps"
    show = dialog().find("button", data_act="show")
    assert (show.text, show.attrs["class"]) == (f"👀 I'm {name}: show my hand", "btn primary")
    assert "data-autofocus" in show.attrs                                       # a keyboard is on it at once
    hint = dialog().find(id="pass-hint").text
    dealer, contract = s.state.seats[s.state.dealer].name, s.state.view(seat).players[seat].contract
    assert hint == (f"{dealer} dealt. Deal 1, round 1: {contract}. {top.symbol} is on the pile. "
                    f"Only {name} should look once the hand is shown.")
    s.state.top_buried = True
    assert f". {top.symbol} is on the pile (🔒 buried). Only" in dialog().find(id="pass-hint").text
    s.state.pile.clear()
    assert ". The pile is empty. Only" in dialog().find(id="pass-hint").text


def test_the_pass_screen_says_back_to_the_same_person_and_pass_to_the_next():
    """The device comes back to the person who had it (after the menu) with "Back to"; a new deal's
    first person, and the next person after a turn, get "Pass to"."""
    s = shared(rulebook="gallery", seed=11)              # no swap round: the first turn opens with a draw

    def title() -> str:
        return parse(table_screen(table_model(s))).find(data_dialog="pass").find("h2").text

    first = s.state.seats[passing.pass_to(s)].name
    assert title() == f"Pass to {first}"
    dispatch(s, "show")
    dispatch(s, "menu")
    dispatch(s, "resume")
    assert title() == f"Pass to {first}", "nothing has happened yet: still the deal's first hand-over"
    dispatch(s, "show")
    dispatch(s, "draw")
    assert s.state.phase is Phase.PLAY
    dispatch(s, "menu")
    dispatch(s, "resume")
    assert title() == f"Back to {first}"
    dispatch(s, "show")
    guard = steps()
    while passing.pass_to(s) is None or passing.pass_to(s) == s.seat:
        next(guard)
        if s.my_turn() and not s.ui.veiled:
            legal = s.state.legal_actions()
            assert s._play(make_bot("scout").choose(s.state.view(s.seat), legal, random.Random(1)))
        elif passing.asked(s) is not None:
            s.pass_()
        else:
            assert s.step(s.token())
    assert title() == f"Pass to {s.state.seats[passing.pass_to(s)].name}"


def test_the_pass_screen_lists_at_most_eight_moves_since_the_person_looked_and_marks_the_rest():
    s = shared(rulebook="gallery", seed=11)
    seat = passing.pass_to(s)
    thrown = parse_cards("AC 2D 3H 4S 5C 6D 7H 8S 9C TD")
    s.state.events = [Event("discarded", n % 3, (card,)) for n, card in enumerate(thrown)]
    said = [f"{s.names[n % 3]} discarded {card.symbol}" for n, card in enumerate(thrown)]

    s.ui.seen[seat] = (s.state.deal_number, 1)            # nine moves since this person looked
    screen = table_model(s)["passing"]
    assert screen["recent"] == ["…"] + said[2:]
    assert screen["what"].startswith(f"Round {s.state.seats[seat].round}: ")
    assert drawn_news(s) == (None, ["…"] + said[2:])
    s.ui.seen[seat] = (s.state.deal_number, 2)            # eight
    assert table_model(s)["passing"]["recent"] == said[2:]
    s.say(said[-1])                                        # the table's last word is among them...
    assert table_model(s)["passing"]["news"] == ""
    assert drawn_news(s) == (None, said[2:])
    s.say("No one bought the discard")                     # ...or it is news of its own
    assert table_model(s)["passing"]["news"] == "No one bought the discard"
    assert drawn_news(s) == ("No one bought the discard", said[2:])
    s.ui.seen[seat] = (s.state.deal_number, len(thrown))  # nothing since: no list at all
    assert drawn_news(s) == ("No one bought the discard", None)
    del s.ui.seen[seat]                                   # never looked: the deal from its start
    screen = table_model(s)["passing"]
    assert screen["recent"] == ["…"] + said[2:] and screen["what"].startswith("Deal 1, round 1: ")


def drawn_news(s: Session) -> tuple:
    """The pass screen's news line and its list of moves, as drawn (None where there is none)."""
    dialog = parse(table_screen(table_model(s))).find(data_dialog="pass")
    assert all(not isinstance(child, str) for child in dialog.find("section").children)  # only its parts
    news = dialog.find_all(class_="pass-news")
    moves = dialog.find_all("ol", class_="pass-recent")
    assert all(not isinstance(item, str) for item in (moves[0].children if moves else []))
    return (news[0].text if news else None, [li.text for li in moves[0].find_all("li")] if moves else None)


def test_at_a_shared_table_the_prompt_is_addressed_to_the_person_whose_turn_it_is():
    s = shared(people=2, rulebook="gallery", names=("Ana", "Ben"), seed=3)
    assert passing.show(s)
    name, top = s.state.seats[s.seat].name, s.state.pile[-1].symbol
    assert table_model(s)["prompt"] == f"{name}, your turn: draw from the stock or take {top}"
