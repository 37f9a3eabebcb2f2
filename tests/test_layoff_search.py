"""'Can the rest of this hand all be laid off?' is a search, never one greedy pass.

The engine's answer (``layoff.clears``, and through it which lay-offs Contract Rummy's round 7
allows the turn a player goes down) is compared with a plain exhaustive search that tries every
order of the cards and every meld and end for each, on thousands of seeded random positions
built to be hard: runs of one suit side by side, cards that fit two places, wilds that can take
a natural's end.
"""
from __future__ import annotations

import random

import pytest

from game.actions import Discard, Draw, GoDown, LayOff, Pass, Steal
from game.cards import RANKS, Card
from game.layoff import best_lay_off, clears, lay_off, lay_off_ends
from game.melds import Meld, check_meld
from game.rules import AGGRAVATION, CONTRACT_RUMMY, GALLERY, MeldKind, Rules
from game.state import IllegalAction, Phase
from game.stealing import steal_refusal
from scenario import card_in, cards, table

CR = CONTRACT_RUMMY
WRAP = AGGRAVATION.with_house_rules(ace_wrap=True)


def every_order(hand: list[Card], melds: list[Meld], rules: Rules) -> bool:
    """The oracle: some order of ``hand`` lays every card off, each on some meld and end."""
    if not hand:
        return True
    for n, card in enumerate(hand):
        rest = hand[:n] + hand[n + 1:]
        for index, meld in enumerate(melds):
            for end in lay_off_ends(meld, card, rules):
                grown = melds[:index] + [lay_off(meld, card, end, rules)] + melds[index + 1:]
                if every_order(rest, grown, rules):
                    return True
    return False


def code(rank: int, suit: str) -> str:
    return RANKS[(rank - 1) % 13] + suit


def run_codes(rng: random.Random, suit: str, length: int, rules: Rules) -> str:
    """A run of naturals (a joker inside it now and then), anywhere from the ace up."""
    low = rng.randint(1, 15 - length) if not rules.ace_wrap else rng.randint(1, 13)
    codes = [code(low + n, suit) for n in range(length)]
    if rng.random() < 0.3:
        codes[rng.randrange(1, length - 1)] = "JK"
    return " ".join(codes)


def position(rng: random.Random, rules: Rules, own_runs: int = 0) -> tuple[list[tuple[int, str, str]], str]:
    """Table melds (owner, kind, codes) and a hand of 1-5 cards, most of them near a run's end."""
    suits = rng.sample("CDHS", rng.choice([1, 1, 2]))  # few suits: runs crowd each other
    melds = [(0, "run", run_codes(rng, rng.choice(suits), 4, rules)) for _ in range(own_runs)]
    for _ in range(rng.randint(1 if own_runs else 2, 4)):
        if rng.random() < 0.8:
            melds.append((1, "run", run_codes(rng, rng.choice(suits), rng.randint(3, 6), rules)))
        else:
            rank = rng.randint(3, 13)
            melds.append((1, "set", " ".join(code(rank, s) for s in rng.sample("CDHS", 3))))
    runs = [codes.split() for _, kind, codes in melds if kind == "run"]
    hand = []
    for _ in range(rng.randint(1, 5)):
        pick = rng.random()
        if pick < 0.12:
            hand.append("JK")
        elif pick < 0.85 and runs:
            run = [c for c in rng.choice(runs) if c != "JK"]
            edge = Card.parse(rng.choice([run[0], run[-1]]))
            step = rng.choice([-2, -1, 1, 2])
            rank = edge.rank + step
            if not rules.ace_wrap and not 1 <= rank <= 13:
                rank = edge.rank - step
            hand.append(code(rank, edge.suit))
        else:
            hand.append(code(rng.randint(1, 13), rng.choice("CDHS")))
    return melds, " ".join(hand)


def table_melds(specs: list[tuple[int, str, str]], rules: Rules) -> list[Meld]:
    return [check_meld(cards(codes), MeldKind(kind), rules) for _, kind, codes in specs]


@pytest.mark.parametrize("rules", [AGGRAVATION, GALLERY, CR, WRAP], ids=["aggravation", "gallery", "contract", "wrap"])
def test_clears_answers_as_every_order_and_every_place_would(rules):
    """1,500 positions a rulebook: the search and the oracle agree on every one."""
    rng = random.Random(f"clears-{rules.name}-{rules.ace_wrap}")
    disagree = []
    for _ in range(1500):
        specs, hand_codes = position(rng, rules)
        melds, hand = table_melds(specs, rules), cards(hand_codes)
        if clears(hand, melds, rules) != every_order(hand, melds, rules):
            disagree.append((hand_codes, [codes for _, _, codes in specs]))
    assert disagree == []


def most_in_any_order(hand: list[Card], melds: list[Meld], rules: Rules) -> int:
    """The oracle for 🧲: the most cards of ``hand`` some order lays off."""
    best = 0
    for n, card in enumerate(hand):
        for index, meld in enumerate(melds):
            for end in lay_off_ends(meld, card, rules):
                grown = melds[:index] + [lay_off(meld, card, end, rules)] + melds[index + 1:]
                best = max(best, 1 + most_in_any_order(hand[:n] + hand[n + 1:], grown, rules))
    return best


@pytest.mark.parametrize("rules", [GALLERY, AGGRAVATION], ids=["gallery", "aggravation"])
def test_lay_off_all_starts_an_order_that_lays_off_the_most_cards(rules):
    """1,000 positions: after the lay-off 🧲 picks first, as many cards can follow as any order lays off."""
    rng = random.Random(f"most-{rules.name}")
    for _ in range(1000):
        specs, hand_codes = position(rng, rules)
        melds, hand = table_melds(specs, rules), cards(hand_codes)
        offs = [LayOff(card, index, end) for index, meld in enumerate(melds) for card in hand
                for end in lay_off_ends(meld, card, rules)]
        first = best_lay_off(hand, melds, offs, rules)
        most = most_in_any_order(hand, melds, rules)
        if first is None:
            assert most == 0
            continue
        rest = [c for c in hand if c is not first.card]
        grown = melds[:first.meld] + [lay_off(melds[first.meld], first.card, first.end, rules)] + melds[first.meld + 1:]
        assert 1 + most_in_any_order(rest, grown, rules) == most, (hand_codes, specs, first)


def round_seven_went_down(hand: str, melds: list[tuple[int, str, str]]):
    """Contract Rummy's round 7, seat 0 having gone down this very turn."""
    game = table(hands=[hand, "KS KD QC"], melds=melds, down=[0, 1], rounds=[7, 7], stock="3D 4D 5D",
                 rules=CR, dealer=1)
    game.went_down_now = True
    return game


@pytest.mark.slow
def test_round_seven_lets_a_player_who_just_went_down_lay_off_exactly_when_the_whole_hand_can_go_out():
    """5,000 positions: some lay-off is offered (and accepted) if and only if every card held can
    follow to the table in some order; each offered one keeps that true."""
    rng = random.Random("round seven")
    checked = 0
    for _ in range(5000):
        specs, hand_codes = position(rng, CR, own_runs=3)
        game = round_seven_went_down(hand_codes, specs)
        hand, melds = game.seats[0].hand, [t.meld for t in game.table]
        can_go_out = every_order(list(hand), melds, CR)
        offered = [a for a in game.legal_actions() if isinstance(a, LayOff)]
        assert bool(offered) == can_go_out, (hand_codes, specs)
        for lay in offered[:2]:
            rest = [c for c in hand if c is not lay.card]
            grown = melds[:lay.meld] + [lay_off(melds[lay.meld], lay.card, lay.end, CR)] + melds[lay.meld + 1:]
            assert every_order(rest, grown, CR), (hand_codes, specs, lay)
        checked += 1
    assert checked == 5000


def test_the_audits_position_goes_out_by_laying_off_five_cards_after_going_down():
    """Three runs of 4 down, five cards that all fit the ends of the player's own runs, while
    another player's run of hearts also takes 8♥: laid there, it strands 9♥ (a greedy pass put it
    there and refused every lay-off). The engine offers the lay-offs and the player goes out."""
    hand = "4H 5H 6H 7H 3C 4C 5C 6C 9S TS JS QS 8H 9H 2C 7C 8S"
    game = table(hands=[hand, "KD KC QC"], melds=[(1, "run", "9H TH JH QH")], down=[1], rounds=[7, 7],
                 stock="3D 4D 5D", rules=CR, dealer=1)
    mine = game.seats[0].hand
    game.apply(GoDown(tuple(check_meld(mine[n:n + 4], MeldKind.RUN, CR) for n in (0, 4, 8))))
    assert [c.code for c in game.seats[0].hand] == ["8H", "9H", "2C", "7C", "8S"]
    assert game.phase is Phase.PLAY and game.went_down_now
    lays = [a for a in game.legal_actions() if isinstance(a, LayOff)]
    assert {(a.card.code, a.meld, a.end) for a in lays} >= {("8H", 1, "high"), ("2C", 2, "low"), ("7C", 2, "high")}
    with pytest.raises(IllegalAction, match="^Not that one first: with 8♥ there"):
        game.apply(LayOff(card_in(game.seats[0].hand, "8H"), 0, "low"))   # 8♥ below their 9♥ strands my 9♥
    for code_, meld, end in [("8H", 1, "high"), ("9H", 1, "high"), ("2C", 2, "low"), ("7C", 2, "high"),
                             ("8S", 3, "low")]:
        game.apply(LayOff(card_in(game.seats[0].hand, code_), meld, end))
    assert not game.seats[0].hand and game.results[-1].went_out == 0


def test_round_seven_the_turn_of_going_down_refuses_a_lay_off_when_the_hand_cannot_go_out():
    game = round_seven_went_down("8H KC", [(0, "run", "4H 5H 6H 7H")])
    with pytest.raises(IllegalAction, match="^You went down this turn: you may lay off now only to go out"):
        game.apply(LayOff(card_in(game.seats[0].hand, "8H"), 0, "high"))
    assert [type(a) for a in game.legal_actions()] == [Discard, Discard]


# ------------------------------------------------------------ the hand cap on claims


def claim_at(rules: Rules, held: int):
    """Seat 0 has just discarded QH, seat 1 is to draw, and seat 2, holding ``held`` cards, may claim it."""
    filler = (["3C", "4D", "5S", "6H", "8C", "9D", "TS", "JH"] * 3)[:held]
    return table(hands=["5H 6H 7H", "5C 6C 7C", " ".join(filler), "5S 6S 7S"], stock="3C 4C 8S 9S", pile="QH",
                 phase=Phase.DRAW, turn=1, claimable_from=0, rules=rules, dealer=0)


@pytest.mark.parametrize("held", [18, 19])
def test_a_gallery_buy_takes_a_hand_past_nineteen_cards(held):
    """SPEC §10: no cap on buys, as for the deep pick."""
    game = claim_at(GALLERY, held)
    assert steal_refusal(game, 2) is None
    game.apply(Draw())
    assert game.phase is Phase.CLAIMS and game.current_player == 2
    game.apply(Steal())
    game.apply(Pass())
    assert len(game.seats[2].hand) == held + 2 and game.seats[2].hand[-2].code == "QH"


@pytest.mark.parametrize("held, refused", [(17, False), (18, True), (19, True)])
def test_an_aggravation_steal_still_stops_at_nineteen_cards(held, refused):
    reason = steal_refusal(claim_at(AGGRAVATION, held), 2)
    assert reason == ("A steal would take you past 19 cards" if refused else None)
