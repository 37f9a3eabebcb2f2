"""Laying off: adding a card to a meld on the table, at either end of a run.

The same checks serve the engine (is this lay-off legal?), the page (which
ends may this card go to?) and the bots; the wild-swap house rule lives here
too, since it is the other way a hand card joins a table meld.

>>> from game.cards import parse_cards
>>> from game.melds import check_meld
>>> run = check_meld(parse_cards("5H 6H 7H"), MeldKind.RUN)
>>> lay_off_ends(run, parse_cards("JK")[0])
['low', 'high']
>>> lay_off(run, parse_cards("8H")[0], HIGH).describe()
'run 5♥ 6♥ 7♥ 8♥'
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator, Optional, Sequence

from .cards import ACE, KING, SUIT_SYMBOLS, Card, rank_text
from .i18n import Counted, Message
from .melds import HIGH, LOW, Meld, MeldError, is_natural, is_wild, naturals_first, open_end, wrap_rank
from .rules import AGGRAVATION, MeldKind, Rules


def lay_off(meld: Meld, card: Card, end: Optional[str], rules: Rules = AGGRAVATION) -> Meld:
    """The meld with ``card`` added (at ``end`` of a run); MeldError says why not."""
    if meld.kind is MeldKind.SET:
        if end is not None:
            raise MeldError(Message("A set has no low or high end: lay the card off without one"))
        if is_wild(card, rules) or is_natural(card, meld.rank, None):
            return replace(meld, cards=naturals_first(meld.cards + (card,), meld.rank))
        # Translators: {card} is a card's glyph (7♥); {rank} a rank's (7, K): "a set of 7s", of sevens.
        raise MeldError(Message("{card} does not fit a set of {rank}s", card=card.symbol, rank=rank_text(meld.rank)))
    ends = [end] if end else [LOW, HIGH]
    for each in ends:
        position = open_end(meld, each, rules)
        if position is None:
            continue
        rank = wrap_rank(position, rules)
        if is_wild(card, rules) or is_natural(card, rank, meld.suit):
            if each == LOW:
                return replace(meld, cards=(card,) + meld.cards, rank=position if position >= ACE else KING)
            return replace(meld, cards=meld.cards + (card,))
    raise MeldError(_lay_off_reason(meld, card, end, rules))


def swap_wild(meld: Meld, card: Card, index: int, rules: Rules = AGGRAVATION) -> tuple[Meld, Card]:
    """House rule: ``card`` replaces the wild at ``index`` that stands for it; returns (meld, wild)."""
    if not 0 <= index < meld.size or not meld.wild_flags(rules)[index]:
        raise MeldError(Message("There is no wild in that place to swap"))
    rank, suit = meld.stands_for(rules)[index]
    if is_wild(card, rules):
        # Translators: {card} is a card's glyph (2♣, 🃏); a wild is a joker (or a two) that stands for a card.
        raise MeldError(Message("{card} is a wild itself: only a natural card can take a wild's place", card=card.symbol))
    if not is_natural(card, rank, suit):
        where = rank_text(rank) + (SUIT_SYMBOLS[suit] if suit else "")
        # Translators: {card} is what the wild stands for: a card's glyph (J♥) or a rank's (J).
        raise MeldError(Message("Only a natural {card} can take that wild's place", card=where))
    cards = list(meld.cards)
    wild, cards[index] = cards[index], card
    return replace(meld, cards=tuple(cards)), wild


def lay_off_ends(meld: Meld, card: Card, rules: Rules = AGGRAVATION) -> list[Optional[str]]:
    """Where ``card`` may go on ``meld``: [None] for a set, the run ends that take it."""
    if meld.kind is MeldKind.SET:
        return [None] if is_wild(card, rules) or is_natural(card, meld.rank, None) else []
    # lay_off's test for one run end, without building the meld or the reason it refuses
    # (the bots and the legal moves ask this of every card and table meld)
    wild = is_wild(card, rules)
    found: list[Optional[str]] = []
    for end in (LOW, HIGH):
        position = open_end(meld, end, rules)
        if position is not None and (wild or is_natural(card, wrap_rank(position, rules), meld.suit)):
            found.append(end)
    return found


def _lay_off_reason(meld: Meld, card: Card, end: Optional[str], rules: Rules) -> Message:
    symbol = SUIT_SYMBOLS[meld.suit or "H"]
    if meld.size >= rules.max_run_length:
        return Counted("That run already holds {n} card: it cannot grow", "That run already holds {n} cards: it cannot grow",
                       rules.max_run_length)
    wanted = []
    for each in [end] if end else [LOW, HIGH]:
        position = open_end(meld, each, rules)
        if position is not None:
            wanted.append(rank_text(wrap_rank(position, rules)) + symbol)
    if not wanted:
        return Message("That end of the run is closed: {card} cannot go there", card=card.symbol)
    if len(wanted) == 1:
        # Translators: {card} and {end} are cards' glyphs (7♥, 8♥): the card one end of the run takes.
        return Message("{card} does not fit: that run takes {end} or a wild", card=card.symbol, end=wanted[0])
    # Translators: {card}, {low} and {high} are cards' glyphs: the cards the run's two ends take.
    return Message("{card} does not fit: that run takes {low} or {high} or a wild", card=card.symbol, low=wanted[0],
                   high=wanted[1])


def fitting_card(hand: Sequence[Card], melds: Sequence[Meld], rules: Rules = AGGRAVATION) -> Optional[Card]:
    """The first hand card that lays off on some meld, or None (Gallery's compulsory lay-off)."""
    for card in hand:
        if any(lay_off_ends(meld, card, rules) for meld in melds):
            return card
    return None


def clears(hand: Sequence[Card], melds: Sequence[Meld], rules: Rules = AGGRAVATION) -> bool:
    """Whether every card of ``hand`` can be laid off, in some order, each on some meld and end.

    A search over placements, not one greedy pass: a card put on the first run end that takes
    it can strand a neighbour that fitted only there (8♥ below another player's 9♥ when your
    own 9♥ needed it above your 7♥), and a wild put on a set may be the one a run needed to
    reach a card. One search serves this and 🧲 (``best_lay_off``): the most cards some order
    lays off, all of them here.

    >>> from game.cards import parse_cards
    >>> from game.melds import check_meld
    >>> mine = check_meld(parse_cards("4H 5H 6H 7H"), MeldKind.RUN)
    >>> theirs = check_meld(parse_cards("9H TH JH"), MeldKind.RUN)
    >>> clears(parse_cards("8H 8H"), [theirs, mine])   # one 8♥ each side: low on theirs, high on mine
    True
    >>> clears(parse_cards("8H 8H 8H"), [theirs, mine])
    False
    """
    return _most_placed(tuple(hand), tuple(melds), rules, _judged(rules)) == len(hand)


def best_lay_off(hand: Sequence[Card], melds: Sequence[Meld], offs: Sequence, rules: Rules = AGGRAVATION):
    """Of the lay-offs ``offs`` (each with ``card``, ``meld`` and ``end``), the first of an order
    that lays off the most cards of ``hand``; None when ``offs`` is empty.

    What 🧲 "lay off all that fits" plays: the first lay-off that fits can cost a card later
    (8♥ below another player's 9♥ leaves your own 9♥ with nowhere to go), so each is judged
    by how many cards can still follow it. Naturals before wilds on a tie, as ``offs`` come.
    """
    table, seen = tuple(melds), _judged(rules)

    def following(off) -> int:
        rest = list(hand)
        rest.remove(off.card)
        grown = table[:off.meld] + (lay_off(table[off.meld], off.card, off.end, rules),) + table[off.meld + 1:]
        return _most_placed(tuple(rest), grown, rules, seen)

    return max(offs, key=following, default=None)  # max keeps the first of equals


POSITIONS_KEPT = 20_000  # positions (and rulebooks) remembered before starting again
_JUDGED: dict[Rules, dict[tuple, int]] = {}


def _judged(rules: Rules) -> dict[tuple, int]:
    """The positions judged under ``rules`` so far: the moves of one turn ask about the same
    positions again (every listed lay-off, then the one played)."""
    if len(_JUDGED) > POSITIONS_KEPT or len(_JUDGED.get(rules, ())) > POSITIONS_KEPT:
        _JUDGED.clear()
    return _JUDGED.setdefault(rules, {})


def _shape(meld: Meld) -> tuple:
    """What decides which cards a meld takes: a set's rank, a run's suit, start and length."""
    return (meld.kind.value, meld.rank) if meld.kind is MeldKind.SET else (meld.kind.value, meld.suit, meld.rank, meld.size)


def _most_placed(cards: tuple[Card, ...], melds: tuple[Meld, ...], rules: Rules, seen: dict) -> int:
    """The most of ``cards`` that can be laid off on ``melds``, one after another (the search
    stops as soon as an order places them all)."""
    key = (tuple(sorted((c.rank, c.suit) for c in cards)), tuple(sorted(map(_shape, melds))))
    if key not in seen:
        best = 0
        for place, card in _one_of_each(cards):
            for grown in _placements(card, melds, rules):
                best = max(best, 1 + _most_placed(cards[:place] + cards[place + 1:], grown, rules, seen))
                if best == len(cards):
                    break
            if best == len(cards):
                break
        seen[key] = best
    return seen[key]


def _one_of_each(cards: tuple[Card, ...]) -> Iterator[tuple[int, Card]]:
    """(place, card) for the first copy of each face: copies are interchangeable."""
    faces: set[tuple[int, str]] = set()
    for place, card in enumerate(cards):
        if (card.rank, card.suit) not in faces:
            faces.add((card.rank, card.suit))
            yield place, card


def _placements(card: Card, melds: tuple[Meld, ...], rules: Rules) -> Iterator[tuple[Meld, ...]]:
    """The table after ``card`` is laid off, for each meld and end that takes it."""
    for index, meld in enumerate(melds):
        for end in lay_off_ends(meld, card, rules):
            yield melds[:index] + (lay_off(meld, card, end, rules),) + melds[index + 1:]
