"""Frames as bit masks: the same frames as ``frames_for``, without building Frame objects.

The shortfall search runs on every turn of every player not yet down and for most of a
bot's questions, and most frames it sees are only ever compared by how many naturals
they hold. A ``Light`` tuple holds just that and the bit mask of the card types the
frame can use (bit ``rank + SUIT_SHIFT[suit]``): two frames whose masks do not meet
share no card. A run window's naturals are one ``&`` and a popcount away, and the
windows of one suit's holding are the same for every hand, so they are remembered.

>>> from game.cards import parse_cards
>>> from game.contract_frames import HandCounts
>>> from game.rules import AGGRAVATION, MeldKind, MeldSpec
>>> hand = HandCounts(parse_cards("5H 6H 7H 9H 7S"), AGGRAVATION)
>>> [(own, suit, start) for own, _, _, suit, start, _ in light_frames(MeldSpec(MeldKind.RUN, 3), hand)][:4]
[(1, 'H', 3), (2, 'H', 4), (3, 'H', 5), (2, 'H', 6)]
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from .cards import TWO
from .contract_frames import (
    SUIT_SHIFT, CardType, Frame, HandCounts, open_ends, run_windows, window_masks,
)
from .rules import MeldKind, MeldSpec

RANK_BITS = [sum(1 << (rank + shift) for shift in SUIT_SHIFT.values()) for rank in range(15)]
RANKS_HELD = (1 << 14) - 2  # bits 1-13 of one suit's type bits
SUIT_BITS = [(suit, RANKS_HELD << shift) for suit, shift in SUIT_SHIFT.items()]  # a suit's type bits

# A frame reduced to what the shortfall search needs: (own naturals, bit mask of the card
# types it can use, set rank or None, run suit, run start, run slots).
Light = tuple[int, int, Optional[int], Optional[str], int, tuple[CardType, ...]]


def light_frames(spec: MeldSpec, hand: HandCounts) -> Optional[list[Light]]:
    """``frames_for``'s frames in the same order, as ``Light`` tuples built from bit masks
    (no Frame objects: most are only ever compared by their own-natural count).

    Two frames whose type masks do not meet share no card, so together they hold the sum
    of their own naturals. None when a window covers a rank twice (a run longer than 13
    without wrap): use ``frames_for`` then.
    """
    rules = hand.rules
    anchor = hand.anchor
    found: list[Light] = []
    if spec.kind is MeldKind.SET:
        if spec.size >= rules.min_meld_size:
            rank_count, seen, size = hand.rank_count, hand.seen, spec.size
            wild_twos = rules.twos_wild
            for rank in hand.ranks:
                nat = min(rank_count[rank], size)
                if nat >= anchor:
                    own = 0 if wild_twos and rank == TWO else nat
                    found.append((own, seen & RANK_BITS[rank], rank, None, rank, ()))
    elif rules.min_meld_size <= spec.size <= rules.max_run_length:
        table = _window_table(spec.size, rules.ace_wrap, anchor, rules.twos_wild)
        if table is None:
            return None
        seen = hand.seen
        for suit, bits in SUIT_BITS:  # the suits in order
            held = seen & bits
            if held:
                windows = table.get(held)
                if windows is None:
                    if len(table) >= WINDOW_CACHE:
                        table.clear()
                    windows = table[held] = _suit_windows(
                        held >> SUIT_SHIFT[suit], suit, spec.size, rules.ace_wrap, anchor, rules.twos_wild)
                found += windows
    return found


WINDOW_CACHE = 4096  # hands' suits remembered per table (run size and rules) before starting again


@lru_cache(maxsize=None)
def _window_table(size: int, ace_wrap: bool, anchor: int, twos_wild: bool) -> Optional[dict[int, tuple[Light, ...]]]:
    """Where ``light_frames`` remembers the windows of one suit's holding (its type bits):
    None when a window covers a rank twice (its popcount would undercount)."""
    return None if window_masks(size, ace_wrap) is None else {}


def _suit_windows(held: int, suit: str, size: int, ace_wrap: bool, anchor: int,
                  twos_wild: bool) -> tuple[Light, ...]:
    """The run windows of one suit holding ``anchor`` naturals, for the ranks ``held``
    (bit r per rank): the same for every hand holding those ranks of that suit."""
    masks = window_masks(size, ace_wrap)
    assert masks is not None
    not_pool = ~(1 << TWO) if twos_wild else -1
    shift = SUIT_SHIFT[suit]
    found = []
    for mask, (start, slots) in zip(masks, run_windows(size, suit, ace_wrap)):
        got = held & mask
        if got.bit_count() >= anchor:
            found.append(((got & not_pool).bit_count(), got << shift, None, suit, start, slots))
    return tuple(found)


def frame_of(spec: MeldSpec, light: Light, hand: HandCounts) -> Frame:
    """The Frame a ``Light`` tuple stands for (the same as ``frames_for`` builds)."""
    _, _, rank, suit, start, slots = light
    if rank is not None:
        return Frame(spec, rank, None, rank, (), hand)
    return Frame(spec, 0, suit, start, slots, hand)


def frame_vector(spec: MeldSpec, light: Light, hand: HandCounts) -> tuple[int, int, int, int]:
    """(nat, points, open, own) of the Frame a ``Light`` tuple stands for, without building it."""
    own, mask, rank, suit, start, slots = light
    points = hand.rules.points
    if rank is not None:
        nat = min(hand.rank_count[rank], spec.size)
        return (nat, nat * points[rank], 0, own)
    key = (mask, start, spec.size, points, hand.rules.max_run_length, hand.rules.ace_wrap)
    found = _RUN_VECTORS.get(key)
    if found is None:
        if len(_RUN_VECTORS) >= WINDOW_CACHE:
            _RUN_VECTORS.clear()
        shift = SUIT_SHIFT[suit]  # type: ignore[index]
        held = [r for r, _ in slots if mask >> (r + shift) & 1]
        found = _RUN_VECTORS[key] = (len(held), sum(points[r] for r in held), open_ends(start, spec.size, hand.rules))
    return found + (own,)


_RUN_VECTORS: dict[tuple, tuple[int, int, int]] = {}  # a run window's (nat, points, open), by what decides them
