"""What the table has shown about each opponent this deal, read from public events.

Every card an opponent took from the pile, stole or swapped in was seen face
up, and so was every card they threw away; together with the contract they are
on, that is a fair guess at what they collect. A bot uses it only to avoid
feeding them — it never learns a card that was not shown to everyone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..cards import ACE, Card
from ..melds import is_wild
from ..rules import MeldKind, Rules
from .evaluate import fits_table

FITS_DOWN_PLAYER = 3.0  # a down player who can take a card will lay it off: never feed them
SAME_RANK = 1.0
NEAR_SUIT = (0.0, 0.8, 0.5)  # by distance 0, 1, 2 (a duplicate adds nothing to a run)
DROPPED_RANK = -0.4          # they threw this rank away: they are not collecting it


@dataclass
class SeatReading:
    """The cards one seat was seen to want (``picked``) and to give up (``dropped``)."""

    picked: list[Card] = field(default_factory=list)
    dropped: list[Card] = field(default_factory=list)


def read_events(view) -> dict[int, SeatReading]:
    """Each seat's picked and dropped cards this deal (the view's events start at the deal).

    A deal's events only grow, and every bot decision reads them again: what the last call
    read is kept (the events themselves, by identity), so a call reads only the new ones.
    """
    events = view.events
    seats = tuple(p.seat for p in view.players)
    last = _READ[0]
    if last is not None and last[3] == seats and last[1] <= len(events) and events \
            and events[0] is last[0] and events[last[1] - 1] is last[2]:
        read, start = last[4], last[1]
    else:
        read, start = {seat: SeatReading() for seat in seats}, 0
    for event in events[start:]:
        reading = read.get(event.seat)
        if reading is None:
            continue
        if event.kind == "swapped" and len(event.cards) == 2:
            reading.dropped.append(event.cards[0])
            reading.picked.append(event.cards[1])
        elif event.kind in ("took", "stole", "bought"):
            reading.picked.extend(event.cards)
        elif event.kind == "discarded":
            reading.dropped.extend(event.cards)
    _READ[0] = (events[0], len(events), events[-1], seats, read) if events else None
    return {seat: SeatReading(list(r.picked), list(r.dropped)) for seat, r in read.items()}


# The last read: (first event, events read, last event read, seats, readings so far).
_READ: list = [None]


def interest(card: Card, seat: int, view, readings: dict[int, SeatReading], rules: Rules,
             table: bool = True) -> float:
    """How much ``seat`` would like ``card``, judged from public information only.

    With ``table`` the table is read too: a down player takes any card that
    lays off. Without it, only the cards the seat was seen picking up count.
    """
    player = view.players[seat]
    if is_wild(card, rules):
        return FITS_DOWN_PLAYER
    if player.down:
        return FITS_DOWN_PLAYER if table and fits_table(card, view.table, rules) else 0.0
    reading: Optional[SeatReading] = readings.get(seat)
    if reading is None:
        return 0.0
    sets, runs = _kinds(rules, player.round)
    rank, suit = card.rank, card.suit
    score = 0.0
    for got in reading.picked:
        if is_wild(got, rules):
            continue
        if sets and got.rank == rank:
            score += SAME_RANK
        if runs and got.suit == suit:
            distance = _distance(got.rank, rank)
            if distance < len(NEAR_SUIT):
                score += NEAR_SUIT[distance]
    if sets and not runs:
        score += DROPPED_RANK * sum(1 for c in reading.dropped if c.rank == rank)
    return score


_KINDS: dict[tuple[int, int], tuple[Rules, bool, bool]] = {}


def _kinds(rules: Rules, round_number: int) -> tuple[bool, bool]:
    """Whether the round's contract holds a set, and a run (asked per card and seat)."""
    hit = _KINDS.get((id(rules), round_number))
    if hit is None or hit[0] is not rules:  # the entry holds the rules: its id stays its own
        if len(_KINDS) > 1000:
            _KINDS.clear()
        kinds = {spec.kind for spec in rules.contract(round_number).melds}
        hit = _KINDS[id(rules), round_number] = (rules, MeldKind.SET in kinds, MeldKind.RUN in kinds)
    return hit[1], hit[2]


def _distance(a: int, b: int) -> int:
    """Run distance between two ranks, the ace counting low or high."""
    first = (1, 14) if a == ACE else (a,)
    second = (1, 14) if b == ACE else (b,)
    return min(abs(x - y) for x in first for y in second)
