"""Seeded random playouts: thousands of deals, checking the invariants after every action.

Cards are conserved exactly, someone can always act until the game is over,
every deal ends (out or dead), and random illegal moves are refused without
changing anything.
"""
import random
from collections import Counter
from dataclasses import replace
from operator import attrgetter

import pytest

from bench.playout import choose, fingerprint, play_deal, play_game
from game.actions import (
    Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard, TakeFromPile,
)
from game.cards import new_shoe
from game.melds import Meld
from game.rules import AGGRAVATION, MeldKind
from game.state import IllegalAction, Phase, new_game

# A card's identity (what Card's == compares) as a plain tuple: hashed and compared in C. The checks
# after every action compare the whole shoe; with Card's own hash and == (Python calls) or its key
# (bench.playout.every_card) they were most of the fuzz runs' time.
FIELDS = attrgetter("rank", "suit", "copy")
SHOE = Counter(map(FIELDS, new_shoe(AGGRAVATION.decks, AGGRAVATION.jokers_per_deck)))


def zones(state):
    """Every card of the game, wherever it is (a card is unique by its copy number)."""
    found = list(state.stock) + list(state.pile) + [c for s in state.seats for c in s.hand]
    return found + [c for placed in state.table for c in placed.meld.cards]


def invariants(state):
    assert Counter(map(FIELDS, zones(state))) == SHOE   # the same cards, none twice, none lost
    somebody_can_act(state)


def somebody_can_act(state):
    """Until the game is over someone has a move; after it, nobody does and it has winners."""
    if state.is_over:
        assert state.legal_actions() == [] and state.outcome()
    else:
        assert state.legal_actions(), f"nobody can act in {state.phase}"
        if state.phase is not Phase.DEAL_OVER:
            assert state.current_player is not None


def random_action(state, rng):
    """Any action at all, legal or not: cards drawn from the whole shoe."""
    card = rng.choice(list(new_shoe(4, 2)))
    meld = Meld(rng.choice(list(MeldKind)), (card,) * 3, rng.randint(0, 15), rng.choice("CDHSX"))
    return rng.choice([
        Swap(card), Pass(), Draw(), TakeDiscard(), Steal(), Discard(card), NextDeal(),
        LayOff(card, rng.randint(-1, 12), rng.choice([None, "low", "high", "middle"])),
        GoDown((meld,)), GoDown(()), TakeFromPile(card), LayMeld(replace(meld, cards=meld.cards[:2])),
        SwapWild(card, rng.randint(-1, 5), rng.randint(-1, 5)),
    ])


def refuse_randomly(state, rng, play_rng, check) -> tuple[int, int]:
    """Play one deal, trying three random moves before each real one: (tried, refused).
    Every refusal must say why and leave the state exactly as it was."""
    tried = refused = 0
    while state.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
        for _ in range(3):
            action = random_action(state, rng)
            before = fingerprint(state)
            tried += 1
            try:
                state.apply(action)
            except IllegalAction as error:
                refused += 1
                assert str(error) and fingerprint(state) == before
            check(state)
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            break
        state.apply(choose(state, play_rng))
    return tried, refused


def test_random_illegal_actions_are_refused_and_change_nothing():
    rng = random.Random(5)
    tried = refused = 0
    for seed in range(12):
        state = new_game(seed, 3 + seed % 3)
        play_rng = random.Random(seed)
        for _ in range(3):
            counts = refuse_randomly(state, rng, play_rng, invariants)
            tried, refused = tried + counts[0], refused + counts[1]
            if state.is_over:
                break
            state.apply(NextDeal())
    assert refused > tried * 0.5


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_two_thousand_random_deals_conserve_cards_and_always_end(chunk):
    """500 deals per chunk, 3 to 5 players, every action checked."""
    dead = out = 0
    for n in range(500):
        seed = chunk * 10_000 + n
        state = new_game(seed, 3 + n % 3)
        play_deal(state, random.Random(seed), invariants)
        result = state.results[-1]
        assert result.dead or result.went_out is not None
        dead += result.dead
        out += result.went_out is not None
    assert out > 0


@pytest.mark.parametrize("seed", range(6))
def test_complete_random_games_end_with_a_winner(seed):
    state = play_game(seed, 3 + seed % 3, invariants)
    assert state.is_over and state.outcome()
    finishers = [n for n in state.outcome()]
    assert all(state.seats[n].round == AGGRAVATION.rounds for n in finishers)
