"""What the solver says about a hand, the one source of every claim the table makes about it.

📥 Go down… is enabled exactly when ``ready`` says so, and otherwise the prompt says what is
``missing``; the 🫳 offer asks, by default, only for a discard that ``helps``; the coach says
"take it", "steal it", "give X for it" or "X can go" only when these functions agree. Nothing
here guesses from suits and numbers: each answer is the solver's (game/solver.py) for this hand
and this contract. Answers are kept per hand, as a table redraws often and a hand changes rarely.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from game.cards import Card
from game.legal import ends_for
from game.melds import is_wild
from game.rules import Contract, Rules
from game.solver import Fill, shortfall, solve
from game.state import GameState

Hand = tuple[Card, ...]


def ready(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s hand makes its contract now (it may go down, if it is its turn)."""
    return _solved(*_asked(state, seat)).ok


def missing(state: GameState, seat: int) -> Optional[str]:
    """What ``seat``'s hand lacks for its contract, in the solver's words; None when it has it."""
    return _solved(*_asked(state, seat)).missing


def still_needs(state: GameState, seat: int) -> str:
    """``missing`` as the rest of a sentence ("To go down you still need …"): "one more 7 for
    the set of 3 (or a wild)"."""
    text = missing(state, seat) or ""
    return text[len("Needs "):] if text.startswith("Needs ") else text[:1].lower() + text[1:]


def helps(state: GameState, seat: int, card: Card) -> bool:
    """Whether ``card`` would help ``seat``: before going down, it leaves fewer cards missing from
    the contract; once down, it fits a meld on the table (it could be laid off)."""
    if state.seats[seat].down:
        return any(ends_for(placed.meld, card, state.rules) for placed in state.table)
    hand, contract, rules = _asked(state, seat)
    return _short(_with(hand, card), contract, rules) < _short(hand, contract, rules)


def swap_for(state: GameState, seat: int, card: Card) -> Optional[Card]:
    """In the swap round: the card of ``seat``'s hand to give for ``card`` that brings the contract
    closer (the one worth most points among those that do), or None when no swap does."""
    hand, contract, rules = _asked(state, seat)
    now = _short(hand, contract, rules)
    gains = [c for c in _kinds(hand) if _short(_with(_without(hand, c), card), contract, rules) < now]
    return max(gains, key=lambda c: _worth(c, rules), default=None)


def spare_card(state: GameState, seat: int) -> Optional[Card]:
    """A natural card ``seat`` can discard at no cost to the contract (the hand is no further from
    it without the card), the most points first: a high card left in hand costs the most when
    someone goes out. None when every natural card counts."""
    hand, contract, rules = _asked(state, seat)
    now = _short(hand, contract, rules)
    free = [c for c in _kinds(hand) if not is_wild(c, rules) and _short(_without(hand, c), contract, rules) <= now]
    return max(free, key=lambda c: _worth(c, rules), default=None)


def _asked(state: GameState, seat: int) -> tuple[Hand, Contract, Rules]:
    return tuple(sorted(state.seats[seat].hand)), state.contract_of(seat), state.rules


def _kinds(hand: Hand) -> list[Card]:
    """One card of each rank and suit: copies of a card answer alike."""
    return list({(c.rank, c.suit): c for c in hand}.values())


def _with(hand: Hand, card: Card) -> Hand:
    return tuple(sorted((*hand, card)))


def _without(hand: Hand, card: Card) -> Hand:
    n = hand.index(card)
    return hand[:n] + hand[n + 1:]


def _worth(card: Card, rules: Rules) -> tuple[int, int]:
    return rules.points_of_rank(card.rank), card.rank


@lru_cache(maxsize=32)
def _solved(hand: Hand, contract: Contract, rules: Rules) -> Fill:
    return solve(hand, contract, rules)


@lru_cache(maxsize=512)
def _short(hand: Hand, contract: Contract, rules: Rules) -> int:
    return shortfall(hand, contract, rules)
