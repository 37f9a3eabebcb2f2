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
from typing import Optional, Sequence

from .cards import ACE, KING, SUIT_SYMBOLS, Card, rank_text
from .melds import HIGH, LOW, Meld, MeldError, is_natural, is_wild, naturals_first, open_end, wrap_rank
from .rules import AGGRAVATION, MeldKind, Rules


def lay_off(meld: Meld, card: Card, end: Optional[str], rules: Rules = AGGRAVATION) -> Meld:
    """The meld with ``card`` added (at ``end`` of a run); MeldError says why not."""
    if meld.kind is MeldKind.SET:
        if end is not None:
            raise MeldError("A set has no low or high end: lay the card off without one")
        if is_wild(card, rules) or is_natural(card, meld.rank, None):
            return replace(meld, cards=naturals_first(meld.cards + (card,), meld.rank))
        raise MeldError(f"{card.symbol} does not fit a set of {rank_text(meld.rank)}s")
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
        raise MeldError("There is no wild in that place to swap")
    rank, suit = meld.stands_for(rules)[index]
    if is_wild(card, rules):
        raise MeldError(f"{card.symbol} is a wild itself: only a natural card can take a wild's place")
    if not is_natural(card, rank, suit):
        where = rank_text(rank) + (SUIT_SYMBOLS[suit] if suit else "")
        raise MeldError(f"Only a natural {where} can take that wild's place")
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


def _lay_off_reason(meld: Meld, card: Card, end: Optional[str], rules: Rules) -> str:
    symbol = SUIT_SYMBOLS[meld.suit or "H"]
    if meld.size >= rules.max_run_length:
        return f"That run already holds {rules.max_run_length} cards: it cannot grow"
    wanted = []
    for each in [end] if end else [LOW, HIGH]:
        position = open_end(meld, each, rules)
        if position is not None:
            wanted.append(rank_text(wrap_rank(position, rules)) + symbol)
    if not wanted:
        return f"That end of the run is closed: {card.symbol} cannot go there"
    return f"{card.symbol} does not fit: that run takes {' or '.join(wanted)} or a wild"


def fitting_card(hand: Sequence[Card], melds: Sequence[Meld], rules: Rules = AGGRAVATION) -> Optional[Card]:
    """The first hand card that lays off on some meld, or None (Gallery's compulsory lay-off)."""
    for card in hand:
        if any(lay_off_ends(meld, card, rules) for meld in melds):
            return card
    return None


def clears(hand: Sequence[Card], melds: Sequence[Meld], rules: Rules = AGGRAVATION) -> bool:
    """Whether every card of ``hand`` can be laid off, one after another (a run grows as it
    goes, so a card that fits only after another does counts too).

    Naturals go first and wilds last, so a wild never takes a natural's place at a run end;
    a greedy pass is enough for the one or two cards this is asked about.
    """
    table = list(melds)
    left = sorted(hand, key=lambda c: is_wild(c, rules))
    while left:
        for card in left:
            spot = next(((n, ends[0]) for n, meld in enumerate(table)
                         for ends in [lay_off_ends(meld, card, rules)] if ends), None)
            if spot is not None:
                table[spot[0]] = lay_off(table[spot[0]], card, spot[1], rules)
                left.remove(card)
                break
        else:
            return False
    return True
