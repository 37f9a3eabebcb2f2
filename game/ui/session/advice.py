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

from game.cards import SUITS, Card, rank_name
from game.i18n import Counted, Later, Message, N_, shown
from game.legal import ends_for
from game.melds import is_wild
from game.rules import Contract, Rules
from game.solver import Fill, can_lay, shortfall, solve
from game.state import GameState

Hand = tuple[Card, ...]
NEEDS = "Needs {needs}"   # the solver's frame round what a hand lacks (game/solver.py)
# The one card a contract still needs, as the rest of "To go down you still need …": {cards} the cards
# that would do ("a 7", "8♥ or 9♥"), {meld} the meld of the contract they complete ("the run of 4").
ONE_MORE = {
    # Translators: the rest of "To go down you still need …"; {cards} lists cards' glyphs ("7", "8♥ or 9♥"),
    # {meld} is a meld of the contract with its article ("the set of 3"); 2s and jokers are wilds.
    (True, True): N_("one more {cards} for {meld} (or a wild)"),
    (True, False): N_("one more {cards} for {meld}"),
    (False, True): N_("one more {cards} (or a wild)"),
    (False, False): N_("one more {cards}"),
}


def ready(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s hand makes its contract now (it may go down, if it is its turn)."""
    return _solved(*_asked(state, seat)).ok


def missing(state: GameState, seat: int) -> Optional[str]:
    """What ``seat``'s hand lacks for its contract, in the solver's words; None when it has it."""
    return _solved(*_asked(state, seat)).missing


def still_needs(state: GameState, seat: int) -> str:
    """``missing`` as the rest of a sentence ("To go down you still need …"): "one more 7 for
    the set of 3 (or a wild)". One card short, it names every card that would do ("one more
    8♥, 9♥ or 10♥ for the run of 4"), not only the one the solver's nearest fill happens to
    leave open: the player may hold out for whichever comes."""
    return needs_of(*_asked(state, seat))


def needs_of(hand: Hand, contract: Contract, rules: Rules) -> str:
    """``still_needs`` for a hand, its contract and rules (the hint asks from the player's view)."""
    exact = one_more(hand, contract, rules)
    if exact is not None:
        return exact
    text = _solved(hand, contract, rules).missing or ""
    return _without_needs(text)


def _without_needs(text: str) -> str:
    """The solver's sentence as the rest of another ("…you still need {needs}"): its "Needs {needs}"
    taken off as a message (so each language's words stay, and their own "Needs" goes), not as English
    letters cut off a string; any other sentence as before (English's "Needs " cut, else lower-cased)."""
    inner = text.values.get("needs") if isinstance(text, Message) else None
    if isinstance(text, Message) and text.msgid == NEEDS:
        return text.values["needs"]
    if isinstance(inner, Message) and inner.msgid == NEEDS:
        values = {k: v for k, v in text.values.items() if k != "n"}
        values["needs"] = inner.values["needs"]
        return Counted(text.msgid, text.plural, text.n, **values) if isinstance(text, Counted) else Message(text.msgid, **values)
    return text[len("Needs "):] if text.startswith("Needs ") else text[:1].lower() + text[1:]


def one_more(hand: Hand, contract: Contract, rules: Rules) -> Optional[str]:
    """When a single card would make the contract: every natural card that does, said once each
    ("a 7" when any 7 does, "8♥" when only that one), and the meld it completes when all of them
    complete the same one. None when the hand is further off (the solver's words say it then)."""
    if _short(hand, contract, rules) != 1:
        return None
    doing = _completing(hand, contract, rules)
    if not doing:
        return None
    names, melds = [], set()
    for rank in sorted({c.rank for c in doing}, key=lambda r: (r == 1, r)):   # an ace after the king
        suits = [c for c in doing if c.rank == rank]
        names += [rank_name(rank)] if len(suits) == len(SUITS) else [c.symbol for c in suits]
        melds.update(_meld_taking(hand, c, contract, rules) for c in suits)
    # Translators: the last of several cards that would do, "8♥, 9♥ or 10♥": {items} the others, comma-separated.
    said = Message("{items} or {last}", items=Later(commas, *names[:-1]), last=names[-1]) if len(names) > 1 else names[0]
    where = melds.pop() if len(melds) == 1 and None not in melds else None
    wild = bool(rules.twos_wild or rules.jokers_per_deck)
    return Message(ONE_MORE[where is not None, wild], cards=said, meld=where)


def commas(*names: str) -> str:
    """Cards' names, comma-separated, each in the language drawn in ("queen" is a message)."""
    return ", ".join(shown(name) for name in names)


@lru_cache(maxsize=32)
def _completing(hand: Hand, contract: Contract, rules: Rules) -> tuple[Card, ...]:
    """The natural cards of a deck (one of each) that, added to ``hand``, make ``contract``."""
    deck = (Card(rank, suit, 99) for suit in SUITS for rank in range(1, 14))
    return tuple(c for c in deck if not is_wild(c, rules) and can_lay(_with(hand, c), contract, rules))


def _meld_taking(hand: Hand, card: Card, contract: Contract, rules: Rules) -> Optional[str]:
    """Which of the contract's melds ``card`` goes into when it completes the contract ("the run
    of 4"); None when the solver's fill leaves it out."""
    fill = _solved(_with(hand, card), contract, rules)
    for spec, meld in zip(contract.melds, fill.melds):
        if card in meld.cards:
            return Later(spec.describe, "the")   # the engine's words, in the language drawn in
    return None


def helps(state: GameState, seat: int, card: Card) -> bool:
    """Whether ``card`` would help ``seat``: before going down, it leaves fewer cards missing from
    the contract; once down, it fits a meld on the table (it could be laid off)."""
    if state.seats[seat].down:
        return any(ends_for(placed.meld, card, state.rules) for placed in state.table)
    return brings_closer(*_asked(state, seat), card)


def brings_closer(hand: Hand, contract: Contract, rules: Rules, card: Card) -> bool:
    """Before going down: whether ``card`` leaves fewer cards missing from the contract."""
    return _short(_with(hand, card), contract, rules) < _short(hand, contract, rules)


def swap_for(state: GameState, seat: int, card: Card) -> Optional[Card]:
    """In the swap round: the card of ``seat``'s hand to give for ``card`` that brings the contract
    closer (the one worth most points among those that do), or None when no swap does."""
    return best_swap(*_asked(state, seat), card)


def best_swap(hand: Hand, contract: Contract, rules: Rules, card: Card) -> Optional[Card]:
    """``swap_for`` for a hand, its contract and rules."""
    now = _short(hand, contract, rules)
    gains = [c for c in _kinds(hand) if _short(_with(_without(hand, c), card), contract, rules) < now]
    return max(gains, key=lambda c: _worth(c, rules), default=None)


def spare_card(state: GameState, seat: int) -> Optional[Card]:
    """A natural card ``seat`` can discard at no cost to the contract (the hand is no further from
    it without the card), the most points first: a high card left in hand costs the most when
    someone goes out. None when every natural card counts."""
    return spare_of(*_asked(state, seat))


def spare_of(hand: Hand, contract: Contract, rules: Rules) -> Optional[Card]:
    """``spare_card`` for a hand, its contract and rules."""
    now = _short(hand, contract, rules)
    free = [c for c in _kinds(hand) if not is_wild(c, rules) and _short(_without(hand, c), contract, rules) <= now]
    return max(free, key=lambda c: _worth(c, rules), default=None)


def goes_with(hand: Hand, contract: Contract, rules: Rules, card: Card) -> Optional[tuple[str, tuple[Card, ...]]]:
    """The meld of the contract ``card`` would go into, and the hand's natural cards it would sit
    with there: ("the set of 3", (7♣, 7♠)). The solver fills the hand with the card and as many
    wilds as it would still lack (each gap a wild), so the answer is the nearest fill's, not a guess
    from suits and numbers. None when that fill leaves the card out."""
    with_card = _with(hand, card)
    gaps = _short(with_card, contract, rules)
    if gaps >= contract.cards:
        return None
    fill = _solved(tuple(sorted((*with_card, *(Card(0, "", 900 + n) for n in range(gaps))))), contract, rules)
    for spec, meld in zip(contract.melds, fill.melds):
        if card in meld.cards:
            mates = tuple(c for c in meld.cards if c != card and not is_wild(c, rules) and c in hand)
            return spec.describe("the"), mates
    return None


def from_view(v) -> tuple[Hand, Contract, Rules]:
    """What these functions ask, from a player's own view (game/view.py): their hand, contract, rules."""
    return tuple(sorted(v.hand)), v.contract, v.rules


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
