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
>>> [(light[3], light[4], light[0]) for light in light_frames(MeldSpec(MeldKind.RUN, 3), hand)][:4]
[('H', 3, 1), ('H', 4, 2), ('H', 5, 3), ('H', 6, 2)]
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from .cards import TWO
from .contract_frames import (
    SUIT_SHIFT, CardType, Frame, HandCounts, open_ends, run_windows, window_masks,
)
from .rules import MeldKind, MeldSpec, Rules

RANK_BITS = [sum(1 << (rank + shift) for shift in SUIT_SHIFT.values()) for rank in range(15)]
RANKS_HELD = (1 << 14) - 2  # bits 1-13 of one suit's type bits
SUIT_BITS = [(suit, RANKS_HELD << shift) for suit, shift in SUIT_SHIFT.items()]  # a suit's type bits

# A frame reduced to what the searches need: (own naturals, bit mask of the card types
# it can use, set rank or None, run suit, start, run slots, and its vector (nat, points,
# open, own): what ``frame_search.best_fill`` sorts and bounds by).
Vector4 = tuple[int, int, int, int]
Light = tuple[int, int, Optional[int], Optional[str], int, tuple[CardType, ...], Vector4]


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
        if spec.size >= rules.min_size(MeldKind.SET):
            rank_count, seen, size, points = hand.rank_count, hand.seen, spec.size, rules.points
            wild_twos = rules.twos_wild
            for rank in hand.ranks:
                nat = min(rank_count[rank], size)
                if nat >= anchor:
                    own = 0 if wild_twos and rank == TWO else nat
                    found.append((own, seen & RANK_BITS[rank], rank, None, rank, (),
                                  (nat, nat * points[rank], 0, own)))
    elif rules.min_meld_size <= spec.size <= rules.max_run_length:
        tables = _window_tables(spec.size, rules.ace_wrap, anchor, rules.twos_wild, rules.points,
                                rules.max_run_length)
        if tables is None:
            return None
        table, lights = tables
        seen = hand.seen
        for suit, bits in SUIT_BITS:  # the suits in order
            held = seen & bits
            if held:
                windows = table.get(held)
                if windows is None:
                    if len(table) >= WINDOW_CACHE:
                        table.clear()
                    windows = table[held] = _suit_windows(held >> SUIT_SHIFT[suit], suit, spec.size, rules, lights)
                found += windows
    return found


WINDOW_CACHE = 4096  # suit holdings remembered per table (a tuple of shared Lights each, ~0.3 KB) before starting again


@lru_cache(maxsize=None)
def _window_tables(size: int, ace_wrap: bool, anchor: int, twos_wild: bool, points: tuple[int, ...],
                   max_run_length: int) -> Optional[tuple[dict[int, tuple[Light, ...]], dict[tuple[int, int], Light]]]:
    """Where ``light_frames`` remembers, per everything the windows depend on, the windows
    of one suit's holding (by its type bits) and each window's Light (by its start and type
    bits: many holdings share it, so each is built and kept once). None when a window
    covers a rank twice (its popcount would undercount)."""
    return None if window_masks(size, ace_wrap) is None else ({}, {})


def _suit_windows(held: int, suit: str, size: int, rules: Rules,
                  lights: dict[tuple[int, int], Light]) -> tuple[Light, ...]:
    """The run windows of one suit holding ``rules.min_naturals`` (at least one) naturals,
    for the ranks ``held`` (bit r per rank): the same for every hand holding those ranks
    of that suit. ``lights`` keeps each window's Light, shared by every holding."""
    masks = window_masks(size, rules.ace_wrap)
    assert masks is not None
    anchor = max(1, rules.min_naturals)
    not_pool = ~(1 << TWO) if rules.twos_wild else -1
    shift = SUIT_SHIFT[suit]
    points = rules.points
    found = []
    for mask, (start, slots) in zip(masks, run_windows(size, suit, rules.ace_wrap)):
        got = held & mask
        nat = got.bit_count()
        if nat >= anchor:
            key = (start, got << shift)
            light = lights.get(key)
            if light is None:
                own = (got & not_pool).bit_count()
                vector = (nat, sum(points[r] for r, _ in slots if got >> r & 1), open_ends(start, size, rules), own)
                light = lights[key] = (own, got << shift, None, suit, start, slots, vector)
            found.append(light)
    return tuple(found)


def frame_of(spec: MeldSpec, light: Light, hand: HandCounts) -> Frame:
    """The Frame a ``Light`` tuple stands for (the same as ``frames_for`` builds)."""
    rank, suit, start, slots = light[2:6]
    if rank is not None:
        return Frame(spec, rank, None, rank, (), hand)
    return Frame(spec, 0, suit, start, slots, hand)
