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
    """Each seat's picked and dropped cards this deal (the view's events start at the deal)."""
    seen: dict[int, SeatReading] = {p.seat: SeatReading() for p in view.players}
    for event in view.events:
        reading = seen.get(event.seat)
        if reading is None:
            continue
        if event.kind == "swapped" and len(event.cards) == 2:
            reading.dropped.append(event.cards[0])
            reading.picked.append(event.cards[1])
        elif event.kind in ("took", "stole"):
            reading.picked.extend(event.cards)
        elif event.kind == "discarded":
            reading.dropped.extend(event.cards)
    return seen


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
    kinds = {spec.kind for spec in rules.contract(player.round).melds}
    reading: Optional[SeatReading] = readings.get(seat)
    if reading is None:
        return 0.0
    score = 0.0
    for got in reading.picked:
        if is_wild(got, rules):
            continue
        if MeldKind.SET in kinds and got.rank == card.rank:
            score += SAME_RANK
        if MeldKind.RUN in kinds and got.suit == card.suit:
            distance = _distance(got.rank, card.rank)
            if distance < len(NEAR_SUIT):
                score += NEAR_SUIT[distance]
    if MeldKind.SET in kinds and MeldKind.RUN not in kinds:
        score += DROPPED_RANK * sum(1 for c in reading.dropped if c.rank == card.rank)
    return score


def _distance(a: int, b: int) -> int:
    """Run distance between two ranks, the ace counting low or high."""
    first = (1, 14) if a == ACE else (a,)
    second = (1, 14) if b == ACE else (b,)
    return min(abs(x - y) for x in first for y in second)
