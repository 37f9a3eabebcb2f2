"""Pass-and-play (game/ui/session/passing.py): people share the device, no hand shows while another could
look, people claim the discard together, and a shared game saves and resumes like a solo one."""

import itertools
import json
import random

import pytest

from game.bots import make_bot
from game.cards import parse_cards
from game.state import Event, Phase
from game.ui.session import passing
from game.ui.app import App
from game.ui.session.session import Session
from game.ui.store.saves import SAVE_KEY
from game.ui.dispatch import dispatch
from game.ui.screens.start.markup import start_screen
from game.ui.screens.table.markup import table_screen
from game.ui.store.settings import NAME_LENGTH, Settings
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
    pass or claims screen ``check(s)``; every ``claim_every``-th claims screen, everyone claims."""
    brain, rng, seen = make_bot("scout"), random.Random(3), {"pass": 0, "claims": 0}
    ended = 0
    guard = steps()
    while ended < deals and not s.state.is_over:
        next(guard)
        if check and (passing.pass_to(s) is not None or passing.claimers(s)):
            check(s)
        if passing.pass_to(s) is not None:
            seen["pass"] += 1
            assert s.person(passing.pass_to(s)), "the device goes to people, never to a bot"
            assert passing.show(s)
        elif passing.claimers(s):
            seen["claims"] += 1
            if seen["claims"] % claim_every == 0:
                for seat in passing.claimers(s):
                    assert passing.toggle_claim(s, str(seat))
            assert passing.claims_done(s)
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


def no_hand_in_the_page(s: Session) -> None:
    html = table_screen(table_model(s))
    leaked = {key for key in hand_keys(s) if f'data-key="{key}"' in html}
    assert not leaked, f"hand cards in the page at a {'claims' if passing.claimers(s) else 'pass'} screen"
    assert 'data-dialog="pass"' in html or 'data-dialog="claims"' in html


@pytest.mark.parametrize("rulebook,people", [("aggravation", 3), ("gallery", 3), ("contract", 3), ("aggravation", 2)])
def test_no_card_of_any_hand_is_in_the_page_at_any_pass_or_claims_screen(rulebook, people):
    s = shared(people=people, rulebook=rulebook)
    seen = play(s, deals=2, check=no_hand_in_the_page)
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


def test_claims_are_public_and_the_person_soonest_after_the_discarder_gets_the_card():
    s = shared(people=3, level="scout")
    guard = steps()
    while True:
        next(guard)
        assert not s.state.is_over
        people = passing.claimers(s)
        if len(people) >= 2:
            break
        if people:
            assert passing.claims_done(s)
        elif passing.pass_to(s) is not None:
            passing.show(s)
        elif s.person(s.state.current_player):
            s.draw() if s.state.phase is Phase.DRAW else s._play(
                next(a for a in s.state.legal_actions() if type(a).__name__ in ("Discard", "Pass")))
        else:
            s.step(s.token())
    first, later = people[0], people[-1]
    assert passing.toggle_claim(s, str(later)) and passing.toggle_claim(s, str(first))
    assert not passing.toggle_claim(s, "9") and not passing.toggle_claim(s, "x")
    html = table_screen(table_model(s))
    assert html.count('data-act="claim-toggle"') == len(people)
    events = len(s.state.events)
    card = s.state.pile[-1]
    assert passing.claims_done(s)
    stole = [e for e in s.state.events[events:] if e.kind == "stole"]
    winner = stole[0].seat if stole else None
    assert winner in people and winner == next(p for p in people if s.person(p))
    assert card in s.state.seats[winner].hand and s.ui.message.startswith(f"{s.names[winner]} stole {card.symbol}")
    assert s.ui.veiled                                   # everyone was looking: the veil is back


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


def test_names_typed_on_the_start_screen_are_tidied_and_kept_for_the_next_game():
    app = App(MemoryStore(), {"speed": "0"})
    app.boot()
    app.intent("set", "people=2")
    frame = app.intent("name", "1|  Ben   Lee ")
    assert 'value="Ben Lee"' in frame["html"] and 'placeholder="Player 1"' in frame["html"]
    app.intent("name", "7|Nobody")                      # six people at most: no seventh name
    assert json.loads(app.session.storage.get("aggravation.settings"))["names"] == ["", "Ben Lee"]
    app.intent("level", "sprout")
    assert app.session.names[:2] == ["Player 1", "Ben Lee"]


def test_the_levels_say_how_many_bots_join_the_people_at_an_aggravation_table():
    app = App(MemoryStore(), {"speed": "0"})
    assert "2 opponents who play straight" in app.boot()["html"]
    html = app.intent("set", "people=3")["html"]
    assert "No bots: just the 3 of you" in html and "1 Scout bot joins you" in html and "2 Ace bots join you" in html
    ace = parse(html).find("button", data_act="level", data_arg="ace")
    assert [(line.attrs["data-for"], line.text) for line in ace.items()[1:]] == [
        ("aggravation", "2 Ace bots join you"), ("gallery", "1 Ace bot joins you"), ("contract", "1 Ace bot joins you")]
    app.intent("level", "ace")
    assert app.session.state.players == 5 and len(app.session.bots) == 2


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
        elif passing.claimers(s):
            app.intent("claims-done")
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
    assert passing.pass_to(s) is None and passing.claimers(s) == [] and not passing.hidden(s)
    app.intent("resume")
    assert s.hand_hidden() and passing.pass_to(s) == s.seat and 'data-dialog="pass"' in app.frame()["html"]


def test_every_rulebook_says_how_many_bots_join_the_people():
    app = App(MemoryStore(), {"speed": "0"})
    app.boot()
    app.intent("set", "players=contract:3")
    app.intent("set", "rulebook=contract")
    html = app.intent("set", "people=5")["html"]
    assert '<small data-for="contract">No bots: just the 5 of you</small>' in html
    assert '<small data-for="gallery">No bots: just the 5 of you</small>' in html
    assert '<small data-for="aggravation">5 seats' not in html
    html = app.intent("set", "people=6")["html"]
    assert "the first 5 of you play" in html              # Aggravation seats five
    app.intent("set", "rulebook=aggravation")
    assert "Aggravation seats 5: the first 5 names play." in app.frame()["html"]
    app.intent("set", "rulebook=contract")
    app.intent("level", "scout")
    assert app.session.state.players == 6 and app.session.people == 6


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


def first_claims(s: Session) -> list[int]:
    """Play on (each person drawing and discarding their first card) to the first claims screen."""
    guard = steps()
    while not passing.claimers(s):
        next(guard)
        assert not s.state.is_over
        assert not passing.claims_done(s)                # nothing to say yet: refused
        if passing.pass_to(s) is not None:
            passing.show(s)
        elif s.person(s.state.current_player):
            if s.state.phase is Phase.DRAW:
                s.draw()
            else:
                s._play(next(a for a in s.state.legal_actions() if type(a).__name__ in ("Discard", "Pass")))
        else:
            s.step(s.token())
    return passing.claimers(s)


def test_done_with_no_one_claiming_gives_the_card_to_no_person():
    s = shared(people=3, level="sprout")                 # Sprout bots never claim
    first_claims(s)
    events, card = len(s.state.events), s.state.pile[-1]
    assert passing.claims_done(s)
    assert not [e for e in s.state.events[events:] if e.kind == "stole"]
    assert s.state.pile[-1] is card and s.ui.message == "No one stole the discard"


def test_done_after_another_tab_moved_on_shows_that_table_and_claims_nothing():
    s = shared(people=3, level="sprout")
    people = first_claims(s)
    passing.toggle_claim(s, str(people[0]))
    other = shared(people=3, level="sprout", seed=8)     # another game written over the slot
    s.storage[SAVE_KEY] = other.storage[SAVE_KEY]
    token = s.token()
    assert not passing.claims_done(s)
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
        if passing.claimers(s):
            assert passing.claims_done(s)
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
    people = first_claims(s)
    s.ui.screen = "menu"
    assert passing.claimers(s) == [] and not passing.toggle_claim(s, str(people[0]))
    assert not passing.claims_done(s) and s.state.phase is Phase.CLAIMS
    s.ui.screen = "table"
    assert passing.claimers(s) == people


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
        elif passing.claimers(s):
            passing.claims_done(s)
        elif s.person(s.state.current_player):
            assert s._play(brain.choose(s.state.view(s.seat), s.state.legal_actions(), rng))
        else:
            s.step(s.token())
        passing.saw(s)                                   # the table was drawn
        if not s.hand_hidden():
            looked[s.seat] = len(s.state.events)


def test_the_start_screen_names_each_persons_field_and_says_what_sharing_means():
    from game.ui.screens.start.model import start_model

    app = App(MemoryStore(), {"speed": "0"})
    app.boot()
    assert start_model(app.session)["people"]["names"] == [] and start_model(app.session)["people"]["hint"] == ""
    app.intent("set", "people=3")
    app.intent("name", "1|Ben")
    people = start_model(app.session)["people"]
    assert [(f["label"], f["placeholder"], f["value"]) for f in people["names"]] == [
        ("Name of person 1", "Player 1", ""), ("Name of person 2", "Player 2", "Ben"),
        ("Name of person 3", "Player 3", "")]
    shared = ("3 people pass this device between turns: each sees their own hand after a tap, "
              "and claims on a discard are made together on one screen.")
    assert people["hint"] == shared
    model = start_model(app.session)
    fields = parse(start_screen(model)).find(class_="names")
    assert all(not isinstance(child, str) for child in fields.children)
    assert [field.attrs for field in fields.children] == [
        {"type": "text", "data-name": str(n), "value": value, "placeholder": f"Player {n + 1}", "maxlength": "16",
         "aria-label": f"Name of person {n + 1}", "autocomplete": "off", "spellcheck": "false"}
        for n, value in enumerate(("", "Ben", ""))]
    assert model["people"]["limit"] == NAME_LENGTH == 16
    app.intent("set", "people=2")
    assert start_model(app.session)["people"]["hint"] == shared.replace("3 people", "2 people")
    hints = start_model(app.session)["people"]["level_hints"]
    assert hints["aggravation"] == {"sprout": "1 Sprout bot joins you", "scout": "2 Scout bots join you",
                                    "ace": "3 Ace bots join you"}
    app.intent("set", "players=gallery:5")                   # another rulebook's table is its own size
    assert start_model(app.session)["people"]["level_hints"]["gallery"] == {
        level: f"3 {name} bots join you" for level, name in (("sprout", "Sprout"), ("scout", "Scout"), ("ace", "Ace"))}
    app.intent("set", "people=5")                             # Aggravation seats five: everyone plays
    assert start_model(app.session)["people"]["hint"] == shared.replace("3 people", "5 people")
    app.intent("set", "people=6")
    assert start_model(app.session)["people"]["hint"] == \
        shared.replace("3 people", "6 people") + " Aggravation seats 5: the first 5 names play."


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
        elif passing.claimers(s):
            assert passing.claims_done(s)
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


@pytest.mark.parametrize("people", [3, 4])
def test_the_claims_screen_names_the_discard_passed_over_and_each_person_who_may_claim_it(people):
    s = shared(people=people, level="scout", seed=5, names=("Ana", "Ben", "Cy", "Di")[:people])
    guard, brain, rng = steps(), make_bot("scout"), random.Random(2)
    while not passing.claimers(s):
        next(guard)
        if passing.pass_to(s) is not None:
            assert passing.show(s)
        elif s.person(s.state.current_player):
            assert s._play(brain.choose(s.state.view(s.seat), s.state.legal_actions(), rng))
        else:
            assert s.step(s.token())

    def dialog():
        return parse(table_screen(table_model(s))).find(data_dialog="claims")

    who = passing.claimers(s)
    drawer, top = s.state.seats[s.state.turn].name, s.state.pile[-1]
    assert dialog().find("h2").text == f"🫳 {drawer} passed over {top.symbol}. Who will steal it?"
    group = dialog().find(class_="claimers")
    assert all(not isinstance(child, str) for child in group.children)          # the toggles, nothing between
    toggles = group.find_all("button", data_act="claim-toggle")
    assert [(t.attrs["class"], t.attrs["data-arg"], t.text, t.attrs["aria-pressed"]) for t in toggles] == [
        ("chip claimer", str(n), f"{s.state.seats[n].name} · {s.state.view(n).players[n].steals_left} left", "false")
        for n in who]
    hint = dialog().find(id="claims-hint").text
    assert len(who) == people - 2, "the discarder and the drawer never claim"
    if len(who) > 1:
        after = s.state.seats[s.state.claimable_from].name
        assert hint == (f"Whoever wants it taps their name (a penalty card comes with it). You are listed in turn "
                        f"order after {after}: if more than one claims it, the first listed gets it.")
    else:
        assert hint == "Tap your name to claim it (a penalty card comes with it), then Done."
    assert passing.toggle_claim(s, str(who[0]))
    first = dialog().find_all("button", data_act="claim-toggle")[0]
    assert first.attrs["aria-pressed"] == "true" and first.text.startswith("✓ ")
    done = dialog().find("button", data_act="claims-done")
    assert (done.text, done.attrs["class"]) == ("✅ Done", "btn primary") and "data-autofocus" in done.attrs


def test_at_a_shared_table_the_prompt_is_addressed_to_the_person_whose_turn_it_is():
    s = shared(people=2, rulebook="gallery", names=("Ana", "Ben"), seed=3)
    assert passing.show(s)
    name, top = s.state.seats[s.seat].name, s.state.pile[-1].symbol
    assert table_model(s)["prompt"] == f"{name}, your turn: draw from the stock or take {top}"
