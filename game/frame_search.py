"""The solver's searches over light frames: the same answers as over Frames, much sooner.

``most_own`` is the shortfall's search (most naturals of the hand's own any frames hold),
``best_fill`` the search for the best fill. Both walk the same frames in the same order
with the same pruning as ``solver._search``; what changes is how a choice of frames is
scored: frames whose card-type masks do not meet share no card, so their scores add up
(what ``assign`` makes of them), and for two melds that do meet the shortfall works the
answer out directly (``pair_own``). Frames that meet otherwise still go to ``assign``.

>>> from game.cards import parse_cards
>>> from game.contract_frames import HandCounts
>>> from game.rules import AGGRAVATION
>>> most_own(AGGRAVATION.contract(1), HandCounts(parse_cards("7H 7S 9D 9C KS 4S"), AGGRAVATION), 6)
4
"""
from __future__ import annotations

from typing import Optional, Sequence

from .cards import TWO
from .contract_frames import Frame, HandCounts, assign
from .light_frames import Light, frame_of, light_frames
from .rules import Contract, MeldSpec

Vector = tuple[int, ...]


class NoLight(Exception):
    """Light frames cannot stand for a spec's frames (a run window covering a rank twice,
    or a card of an unknown suit): search the Frames themselves."""


def _light(spec: MeldSpec, hand: HandCounts) -> list[Light]:
    frames = light_frames(spec, hand) if hand.plain else None
    if frames is None:
        raise NoLight(spec)
    return frames


# ---------------------------------------------------------------- the shortfall's search


def most_own(contract: Contract, hand: HandCounts, target: int, floor: Optional[int] = None) -> Optional[int]:
    """The most own naturals any frames hold (``solver._nearest(ties=False)``'s answer), or None.

    The same search over the same frames in the same order, but on ``Light`` tuples:
    the bound is a plain sum, and frames that share no card type are scored by adding
    their own naturals, which is what ``assign`` gives them; frames that meet go to
    ``assign`` (or, for two melds, to ``pair_own``, its answer worked out directly).
    This runs on every turn of every player not yet down, and for every bot question.
    Raises NoLight where light frames cannot stand for the frames.

    With ``floor``, only whether ``target`` is reached matters: choices that cannot reach
    ``floor`` are dropped unexplored, so an answer below ``target`` is no longer the most.
    """
    specs = contract.melds
    lists: list[list[Light]] = []
    for spec in specs:
        frames = _light(spec, hand)
        if not frames:
            return None
        if len(specs) == 1:  # one meld: its best frame (a lone frame meets no other)
            return max(frames, key=_own)[0]
        frames.sort(key=_own, reverse=True)
        lists.append(frames)
    if len(specs) == 2 and hand.anchor == 1:
        return most_own_pair(specs, lists[0], lists[1], hand, target)
    count = len(specs)
    rest = [0] * (count + 1)  # the most own naturals levels from here on could add
    for level in range(count - 1, -1, -1):
        rest[level] = lists[level][0][0] + rest[level + 1]
    repeat = [level > 0 and specs[level] == specs[level - 1] for level in range(count)]
    skip = [hand.rules.same_frame_twice(spec) for spec in specs]
    best: list[Optional[int]] = [None]
    chosen: list[int] = []

    def leaf(partial: int, clash: bool) -> Optional[int]:
        if not clash:
            return partial
        frames = [frame_of(spec, lists[n][i], hand) for n, (spec, i) in enumerate(zip(specs, chosen))]
        got = assign(frames, hand, own_only=True)
        return None if got is None else got.own

    def walk(level: int, partial: int, mask: int, clash: bool) -> bool:
        if level == count:
            own = leaf(partial, clash)
            if own is not None and (best[0] is None or own > best[0]):
                best[0] = own
                return own >= target
            return False
        frames = lists[level]
        above = rest[level + 1]
        for i in range(chosen[-1] + skip[level] if repeat[level] else 0, len(frames)):
            own, types = frames[i][0], frames[i][1]
            if best[0] is not None and partial + own + above <= best[0]:
                break
            if floor is not None and partial + own + above < floor:
                break
            chosen.append(i)
            done = walk(level + 1, partial + own, mask | types, clash or bool(mask & types))
            chosen.pop()
            if done:
                return True
        return False

    walk(0, 0, 0, False)
    return best[0]


def most_own_pair(specs: Sequence[MeldSpec], first: list[Light], second: list[Light],
                   hand: HandCounts, target: int) -> Optional[int]:
    """``most_own``'s search unrolled for two melds (most contracts), anchor 1."""
    same = specs[0] == specs[1]
    skip = hand.rules.same_frame_twice(specs[1])
    top = second[0][0]
    best: Optional[int] = None
    for i, a in enumerate(first):
        own_a, mask_a = a[0], a[1]
        if best is not None and own_a + top <= best:
            break
        for j in range(i + skip if same else 0, len(second)):
            b = second[j]
            own = own_a + b[0]
            if best is not None and own <= best:
                break
            if mask_a & b[1]:
                own = pair_own(a, specs[0].size, b, specs[1].size, hand)
                if own is None or (best is not None and own <= best):
                    continue
            best = own
            if own >= target:
                return best
    return best


def pair_own(a: Light, size_a: int, b: Light, size_b: int, hand: HandCounts) -> Optional[int]:
    """What ``assign`` makes of two frames (anchor 1) that can use the same card type:
    its own naturals, or None when both cannot hold a natural at once.

    The greedy pass and the exact search agree on the most naturals each card type can
    give (a run takes one per type, a set its rank up to its size), and moving a shared
    card to a frame left empty changes no count, so the answer is a count:
    two runs lose one own natural per shared type held once; a set and a run of the
    set's rank in their suit share that rank's cards up to the set's size plus one;
    two sets of one rank share that rank's cards up to both sizes.
    """
    if a[2] is None and b[2] is None:  # two runs (of one suit)
        single = a[1] & b[1] & ~hand.multi
        if a[1].bit_count() + b[1].bit_count() - single.bit_count() < 2:
            return None
        return a[0] + b[0] - (single & ~hand.pool_bits).bit_count()
    if a[2] is not None and b[2] is not None:  # two sets of one rank
        held = hand.rank_count[a[2]]
        if held < 2:
            return None
        return min(held, size_a + size_b) if a[0] else 0
    run, of_set, size = (b, a, size_a) if b[2] is None else (a, b, size_b)
    rank = of_set[2]
    held = hand.rank_count[rank]
    if held < 2 and run[1].bit_count() == 1:  # the run holds only the set's card
        return None
    if hand.pool_bits and rank == TWO:  # wild twos: the set and the shared card own nothing
        return run[0]
    return run[0] - 1 + min(held, size + 1)


def _own(light: Light) -> int:
    return light[0]


# ---------------------------------------------------------------- the best fill


def best_fill(contract: Contract, hand: HandCounts):
    """Frames and assignment of the best feasible fill, or None.

    ``solver._best_fill_frames``'s search over the same frames in the same order, on ``Light``
    tuples with their vectors worked out once: frames that share no card type are scored
    by adding up their vectors (what ``assign`` makes of them), the others by ``assign``;
    only the winner is built as Frames (and assigned again, for the cards it uses).
    Raises NoLight where light frames cannot stand for the frames.
    """
    specs = contract.melds
    lists: list[list[tuple[Vector, Light]]] = []
    for spec in specs:
        frames = _light(spec, hand)
        if not frames:
            return None
        scored = [(light[6], light) for light in frames]
        scored.sort(key=_vector, reverse=True)  # stable: ties keep frames_for's order
        lists.append(scored)
    total = contract.cards
    need_own = total - hand.pool  # naturals of its own (not wild twos) the contract needs
    twos = hand.two_count
    count = len(specs)
    rest: list[Vector] = [(0, 0, 0, 0)] * (count + 1)
    for level in range(count - 1, -1, -1):
        top = [max(column) for column in zip(*(vector for vector, _ in lists[level]))]
        rest[level] = tuple(a + b for a, b in zip(top, rest[level + 1]))
    repeat = [level > 0 and specs[level] == specs[level - 1] for level in range(count)]
    skip = [hand.rules.same_frame_twice(spec) for spec in specs]
    best: list = [None]
    chosen: list[int] = []

    built: dict[tuple[int, int], Frame] = {}  # (level, index): each Frame built once

    def frames_chosen() -> list[Frame]:
        frames = []
        for level, i in enumerate(chosen):
            frame = built.get((level, i))
            if frame is None:
                frame = built[level, i] = frame_of(specs[level], lists[level][i][1], hand)
            frames.append(frame)
        return frames

    def leaf(partial: Vector, clash: bool):
        if clash:
            got = assign(frames_chosen(), hand)
            if got is None or got.own < need_own:
                return None
            nat, points, used_twos = got.nat, got.points, got.twos
        else:
            nat, points, _, own = partial
            if own < need_own:
                return None
            got, used_twos = None, nat - own
        points += hand.wild_points(total - nat, twos - used_twos)
        return (nat, points, partial[2]), got

    def walk(level: int, partial: Vector, mask: int, clash: bool) -> None:
        if level == count:
            found = leaf(partial, clash)
            if found is not None and (best[0] is None or found[0] > best[0][0]):
                best[0] = (found[0], list(chosen), found[1])
            return
        nat, points, opens, own = partial
        up_nat, up_points, up_opens, up_own = rest[level + 1]
        frames = lists[level]
        for i in range(chosen[-1] + skip[level] if repeat[level] else 0, len(frames)):
            (f_nat, f_points, f_opens, f_own), light = frames[i]
            if best[0] is not None:  # the bound: the most these frames and the levels above give
                most = nat + f_nat + up_nat
                wilds = max(0, total - most)
                bound = (most, points + f_points + up_points + hand.wild_points(wilds, twos),
                         opens + f_opens + up_opens)
                if bound <= best[0][0]:
                    break
            if own + f_own + up_own < need_own:
                continue
            chosen.append(i)
            walk(level + 1, (nat + f_nat, points + f_points, opens + f_opens, own + f_own),
                 mask | light[1], clash or bool(mask & light[1]))
            chosen.pop()

    walk(0, (0, 0, 0, 0), 0, False)
    if best[0] is None:
        return None
    key, chosen[:], got = best[0]
    frames = frames_chosen()
    return key, frames, got if got is not None else assign(frames, hand)


def _vector(scored: tuple[Vector, Light]) -> Vector:
    return scored[0]
