"""The engine's fast paths give exactly what the plain ones they shortcut give.

The solver searches light frames (bit masks) instead of Frame objects, and scores frames
that share no card by adding them up; lay-off ends, wild places and affinities are
remembered or counted in one pass. Each is checked here against the plain computation
that is still in the code, on hands narrow enough that frames meet often.
"""
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots.evaluate import Evaluator, HandShape
from game.cards import Card, parse_cards
from game.contract_frames import HandCounts, frames_for
from game.frame_search import best_fill, most_own
from game.layoff import lay_off
from game.legal import ends_for, lay_off_ends
from game.light_frames import frame_of, light_frames
from game.melds import HIGH, LOW, MeldError, read_meld
from game.rules import AGGRAVATION, CONTRACT_RUMMY, GALLERY, Contract, MeldKind, MeldSpec
from game.solver import _best_fill_frames, _nearest

SET, RUN = MeldKind.SET, MeldKind.RUN
# Aggravation, with ace wrap and with plain twos; then tables of their own: a joker scoring less
# than a two (15 and 20), so which wild a fill spends shows; melds that each need two naturals of
# their own (a larger anchor); Contract Rummy's card points; runs of at most 9 cards. The light
# frames remember windows per table: one table's must never be used at another.
RULES = [AGGRAVATION, AGGRAVATION.with_house_rules(ace_wrap=True), AGGRAVATION.with_house_rules(twos_wild=False),
         replace(AGGRAVATION, points=(15,) + AGGRAVATION.points[1:]), replace(AGGRAVATION, min_naturals=2),
         replace(AGGRAVATION, points=CONTRACT_RUMMY.points), replace(AGGRAVATION, max_run_length=9)]
CONTRACTS = list(AGGRAVATION.contracts) + [
    Contract((MeldSpec(RUN, 3), MeldSpec(RUN, 3), MeldSpec(RUN, 3))),
    Contract((MeldSpec(SET, 3), MeldSpec(RUN, 3), MeldSpec(SET, 3))),
    Contract((MeldSpec(RUN, 4), MeldSpec(SET, 3))),
]
CHECK = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw):
    """Cards from a few ranks and suits (and twos and jokers), up to four copies of each."""
    ranks = draw(st.lists(st.integers(1, 13), min_size=2, max_size=6, unique=True)) + [2]
    suits = draw(st.lists(st.sampled_from("CDHS"), min_size=1, max_size=3, unique=True))
    pool = [Card(r, s, c) for r in ranks for s in suits for c in range(4)] + [Card(0, "", c) for c in range(4)]
    return draw(st.lists(st.sampled_from(pool), min_size=3, max_size=16, unique=True))


@CHECK
@given(hand=hands(), spec=st.sampled_from([MeldSpec(k, n) for k in (SET, RUN) for n in (3, 4, 5, 9, 13)]),
       rules=st.sampled_from(RULES))
def test_light_frames_are_the_frames_in_their_order(hand, spec, rules):
    counted = HandCounts(hand, rules)
    frames = frames_for(spec, counted)
    lights = light_frames(spec, counted)
    assert [(f.rank, f.suit, f.start, f.avail, f.nat, f.points, f.open, f.own) for f in frames] == [
        (g.rank, g.suit, g.start, g.avail, light[6][0], light[6][1], light[6][2], light[0])
        for light, g in ((light, frame_of(spec, light, counted)) for light in lights)
    ]


def test_light_frames_remembered_for_one_table_are_not_used_at_another():
    """The same holding, a run of 9, at a table whose runs stop at 9 cards: no end left open."""
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H TH JH")
    spec = MeldSpec(RUN, 9)
    for rules in (AGGRAVATION, replace(AGGRAVATION, max_run_length=9), AGGRAVATION):
        counted = HandCounts(hand, rules)
        assert [light[6] for light in light_frames(spec, counted)] == [
            (f.nat, f.points, f.open, f.own) for f in frames_for(spec, counted)]


@CHECK
@given(hand=hands(), contract=st.sampled_from(CONTRACTS), rules=st.sampled_from(RULES))
def test_most_own_is_the_frame_search_answer(hand, contract, rules):
    assert_most_own_is_the_plain_answer(contract, HandCounts(hand, rules))


def assert_most_own_is_the_plain_answer(contract, counted):
    target = contract.cards - counted.pool
    plain = _nearest(contract, counted, target=target, ties=False)
    fast = most_own(contract, counted, target)
    if plain is None or plain[0][0] >= target:  # the search stops at the target: only that is promised
        assert (fast is None) == (plain is None) and (fast is None or fast >= target)
    else:
        assert fast == plain[0][0]


@CHECK
@given(hand=hands(), contract=st.sampled_from(CONTRACTS), rules=st.sampled_from(RULES))
def test_best_fill_picks_the_same_frames_and_cards(hand, contract, rules):
    assert_best_fill_is_the_plain_fill(contract, HandCounts(hand, rules))


def assert_best_fill_is_the_plain_fill(contract, counted):
    plain, fast = _best_fill_frames(contract, counted), best_fill(contract, counted)
    assert (plain is None) == (fast is None)
    if plain is not None:
        assert plain[0] == fast[0]
        assert [(f.rank, f.suit, f.start) for f in plain[1]] == [(f.rank, f.suit, f.start) for f in fast[1]]
        assert plain[2] == fast[2]


TWO_MELD_EDGES = [  # hands where two frames share a card type, found by a search against the plain one
    ("AC JK 2C AC 9C AC 9C 2C", (RUN, 4, SET, 3), AGGRAVATION),
    ("AC JK", (RUN, 3, RUN, 3), GALLERY),
    ("2C 2C 2C", (RUN, 4, RUN, 4), CONTRACT_RUMMY),
    ("JK 8C 8C", (SET, 3, SET, 3), AGGRAVATION.with_house_rules(ace_wrap=True)),
    ("2S 2S 2S", (SET, 4, RUN, 4), CONTRACT_RUMMY),
    ("JK 4H 4H", (SET, 5, RUN, 5), CONTRACT_RUMMY),
    ("JK 4C", (RUN, 4, SET, 3), CONTRACT_RUMMY),
    ("3C 2C JK 3S", (SET, 3, RUN, 4), GALLERY),
    ("2C 2C", (RUN, 4, SET, 3), GALLERY),
]


@pytest.mark.parametrize("codes, melds, rules", TWO_MELD_EDGES)
def test_most_own_of_two_melds_sharing_a_card_type_is_the_plain_answer(codes, melds, rules):
    """The unrolled two-meld search and ``pair_own``'s counting against the plain frame search."""
    contract = Contract((MeldSpec(melds[0], melds[1]), MeldSpec(melds[2], melds[3])))
    assert_most_own_is_the_plain_answer(contract, HandCounts(parse_cards(codes), rules))


@pytest.mark.parametrize("codes, contract", [
    ("9H 7H 9H 5H 6H 5H 7H 7H", Contract((MeldSpec(RUN, 3),) * 3)),
    ("5H 4H 6H 8H 4H 6H 7H 6H 8H 5H 4H", CONTRACT_RUMMY.contract(6)),
])
def test_most_own_never_counts_one_run_twice_where_runs_must_differ(codes, contract):
    """Contract Rummy's runs of one contract may not be the same cards: duplicates from a second
    deck do not let the same run count twice (three and more melds search level by level)."""
    counted = HandCounts(parse_cards(codes), CONTRACT_RUMMY)
    target = contract.cards - counted.pool
    plain = _nearest(contract, counted, target=target, ties=False)
    assert most_own(contract, counted, target) == plain[0][0] < target


@pytest.mark.parametrize("codes, contract, rules", [
    ("TS 2S AS JK JK TS JK TS 9S 8S AS 2S", Contract((MeldSpec(SET, 5), MeldSpec(RUN, 3))), CONTRACT_RUMMY),
    ("KH 2H KH 9H KH AH 9H JK 3H 3H 2H 2H JK", Contract((MeldSpec(RUN, 3),) * 3), AGGRAVATION),
    ("2D 2H AD 2H 2D 2H JK", Contract((MeldSpec(RUN, 3),) * 2), AGGRAVATION),
])
def test_best_fill_breaks_a_tie_on_open_ends_as_the_plain_search_does(codes, contract, rules):
    """Fills equal on naturals and points: the run with more room to grow wins in both searches."""
    assert_best_fill_is_the_plain_fill(contract, HandCounts(parse_cards(codes), rules))


def reference_ends(meld, card, rules):
    """The ends ``lay_off`` itself accepts."""
    if meld.kind is SET:
        try:
            lay_off(meld, card, None, rules)
        except MeldError:
            return []
        return [None]
    found = []
    for end in (LOW, HIGH):
        try:
            lay_off(meld, card, end, rules)
        except MeldError:
            continue
        found.append(end)
    return found


@CHECK
@given(cards=hands(), kind=st.sampled_from([SET, RUN]), rules=st.sampled_from(RULES))
def test_lay_off_ends_are_the_ends_lay_off_accepts(cards, kind, rules):
    faces = [Card(r, s, 9) for r in range(1, 14) for s in "CDHS"] + [Card(0, "", 9)]
    for meld in read_meld(cards, kind, rules)[:3]:
        for card in faces:
            expected = reference_ends(meld, card, rules)
            assert lay_off_ends(meld, card, rules) == expected
            assert ends_for(meld, card, rules) == tuple(expected)  # remembered: asked twice
            assert ends_for(meld, Card(card.rank, card.suit, 3), rules) == tuple(expected)


@CHECK
@given(hand=hands(), round_number=st.integers(1, 11), rules=st.sampled_from(RULES))
def test_affinity_from_one_pass_is_the_affinity(hand, round_number, rules):
    ev = Evaluator(rules)
    shape = HandShape(hand, rules)
    for card in hand + [Card(5, "H", 7), Card(1, "S", 7)]:
        assert ev.affinity(card, hand, round_number, shape) == ev.affinity(card, hand, round_number)


def full_read(view):
    """Every event read from the deal's start: what ``read_events`` remembers between calls."""
    seen = {p.seat: ([], []) for p in view.players}
    for event in view.events:
        picked, dropped = seen.get(event.seat, (None, None))
        if picked is None:
            continue
        if event.kind == "swapped" and len(event.cards) == 2:
            dropped.append(event.cards[0])
            picked.append(event.cards[1])
        elif event.kind in ("took", "stole"):
            picked.extend(event.cards)
        elif event.kind == "discarded":
            dropped.extend(event.cards)
    return seen


def test_read_events_reads_only_new_events_and_answers_the_same():
    from game.bots import make_bot, seat_rng
    from game.bots.reading import read_events
    from game.state import new_game

    for seed in (3, 4):
        state = new_game(seed, 4)
        bots = [make_bot(level) for level in ("ace", "scout", "ace", "sprout")]
        for _ in range(1500):
            if state.is_over:
                break
            seat = state.current_player
            if seat is None:
                state.apply(state.legal_actions()[0])
                continue
            view = state.view(seat)
            got = read_events(view)
            assert {s: (r.picked, r.dropped) for s, r in got.items()} == full_read(view)
            got[seat].picked.append(Card(0, "", 99))  # a caller's change stays its own
            assert read_events(view)[seat].picked == full_read(view)[seat][0]
            state.apply(bots[seat].choose(view, state.legal_actions(), seat_rng(seed, seat)))
