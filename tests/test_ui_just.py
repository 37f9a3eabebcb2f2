"""The bot's latest move is marked so the player can follow it (issue 10): the view model's
``just`` names the seat, the pile's top card it put there, the meld it laid or laid off on;
the cards, melds and seat carry ``just`` and the HTML a ``just`` class. The player's own
moves are not marked."""

import re
from dataclasses import replace

from game.actions import Discard, Draw, GoDown, LayMeld, LayOff, SwapWild
from game.melds import MeldKind, check_meld
from game.rules import AGGRAVATION, PRESETS
from game.solver import solve
from game.state import Phase
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from scenario import table
from test_ui_glyphs import app_at


def card_of(state, seat: int, code: str):
    return next(c for c in state.seats[seat].hand if c.code == code)


def bot_to_play(**more):
    """Sprout 1 (seat 1, down) to play; a run 7♣ 8♣ 9♣ of Sprout 2's on the table."""
    return table(["5H 6H KD", "TC KC KS 4C", "QC QD 5S"], stock="9S 8S 7S 3D", pile="4D", phase=Phase.PLAY,
                 turn=1, melds=[(2, "run", "7C 8C 9C")], down=(1, 2), **more)


def test_a_bot_discard_marks_the_pile_top_and_its_seat():
    state = bot_to_play()
    state.apply(Discard(card_of(state, 1, "4C")))
    model = table_model(app_at(state).session)
    assert model["just"] == {"seat": 1, "kind": "discarded", "pile": True, "stock": False, "keys": [], "melds": []}
    assert model["top"]["code"] == "4C" and model["top"]["just"] is True
    assert [o["just"] for o in model["opponents"]] == [True, False]
    assert not any(m["just"] for m in model["table"])
    html = table_screen(model)
    assert re.search(r'data-zone="discard">[^>]*><span class="card black just" data-card="4C"', html)
    assert re.search(r'<li class="opp[^"]* just" data-seat="1"', html)
    assert '<li class="opp" data-seat="2"' in html or '<li class="opp current" data-seat="2"' in html


def test_a_bot_lay_off_marks_the_meld_and_the_card_laid():
    state = bot_to_play()
    laid = card_of(state, 1, "TC")
    state.apply(LayOff(laid, 0))
    model = table_model(app_at(state).session)
    just = model["just"]
    assert (just["seat"], just["kind"], just["melds"], just["keys"], just["pile"]) == (1, "laid_off", [0], [laid.key], False)
    meld = model["table"][0]
    assert meld["just"] is True
    assert [c["code"] for c in meld["cards"] if c["just"]] == ["TC"]
    assert model["top"]["just"] is False                      # the 4♦ was not this move
    html = table_screen(model)
    assert '<div class="meld just" role="group"' in html and 'class="card black small just" data-card="TC"' in html


def test_a_bot_draw_marks_only_its_seat():
    state = bot_to_play()
    state.phase = Phase.DRAW
    state.apply(Draw())
    model = table_model(app_at(state).session)
    assert model["just"]["kind"] == "drew" and model["just"]["stock"] is True and not model["just"]["pile"]
    assert [o["just"] for o in model["opponents"]] == [True, False]


def test_the_players_own_move_and_a_fresh_deal_are_not_marked():
    fresh = table_model(app_at(bot_to_play()).session)
    assert fresh["just"] is None and " just" not in table_screen(fresh)
    state = table(["5H 6H KD", "TC KC KS 4C", "QC QD 5S"], stock="9S 8S", pile="4D", phase=Phase.PLAY, turn=0)
    state.apply(Discard(card_of(state, 0, "KD")))
    model = table_model(app_at(state).session)
    assert model["just"] is None and "just" not in model["top"]
    assert not re.search(r'class="[^"]*\bjust\b', table_screen(model))


def test_a_bot_going_down_marks_each_new_meld_whole_and_no_card_alone():
    state = table(["5H 6H KD", "5C 5D 5S 9C 9D 9S 4C", "QC QD 5S"], stock="9S 8S 7S 3D", pile="4D", phase=Phase.PLAY,
                  turn=1, melds=[(2, "run", "7C 8C 9C")], down=(2,))
    fill = solve(state.seats[1].hand, state.rules.contract(1), state.rules)
    state.apply(GoDown(fill.melds))
    laid = [c.key for meld in fill.melds for c in meld.cards]
    model = table_model(app_at(state).session)
    just = model["just"]
    assert (just["seat"], just["kind"], sorted(just["keys"]), just["melds"]) == (1, "went_down", sorted(laid), [1, 2])
    assert [m["just"] for m in model["table"]] == [False, True, True]
    assert not any(c["just"] for m in model["table"] for c in m["cards"])   # the melds glow, not card by card


def test_a_bot_laying_a_further_meld_marks_that_meld_whole():
    state = table(["5H 6H KD", "5C 5D 5S 4C", "QC QD 5S"], stock="9S 8S 7S 3D", pile="4D", phase=Phase.PLAY,
                  turn=1, melds=[(1, "set", "9C 9D 9S"), (1, "set", "TC TD TS")], down=(1,), rules=PRESETS["gallery"])
    fives = [c for c in state.seats[1].hand if c.rank == 5]
    state.apply(LayMeld(check_meld(fives, MeldKind.SET, state.rules)))
    model = table_model(app_at(state).session)
    just = model["just"]
    assert (just["seat"], just["kind"], sorted(just["keys"]), just["melds"]) == (
        1, "laid_down", sorted(c.key for c in fives), [2])
    assert [m["just"] for m in model["table"]] == [False, False, True]
    assert not any(c["just"] for m in model["table"] for c in m["cards"])


def test_a_bot_swapping_a_wild_marks_only_the_natural_it_laid():
    state = table(["5H 6H KD", "8C KC 4D", "QC QD 5S"], stock="9S 8S 7S 3D", pile="4D", phase=Phase.PLAY,
                  turn=1, melds=[(2, "run", "7C JK 9C")], down=(1, 2), rules=replace(AGGRAVATION, wild_swap=True))
    eight = card_of(state, 1, "8C")
    state.apply(SwapWild(eight, 0, 1))
    model = table_model(app_at(state).session)
    assert (model["just"]["kind"], model["just"]["keys"], model["just"]["melds"]) == ("swapped_wild", [eight.key], [0])
    assert [c["code"] for c in model["table"][0]["cards"] if c["just"]] == ["8C"]
