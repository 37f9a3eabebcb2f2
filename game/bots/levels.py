"""The three levels of SPEC §6: Sprout plays straight, Scout plays the pile, Ace plays the table.

Each level answers the same few questions of ``TurnBot`` — is this card worth
taking, is this steal worth its penalty card, what must the table not be fed —
from the same evaluation (``evaluate.py``) and the same public reading
(``reading.py``). What separates them is how much they ask.
"""
from __future__ import annotations

from typing import Optional

from ..cards import Card
from ..melds import is_wild
from .base import TurnBot
from .evaluate import Evaluator, fits_table
from .reading import interest, read_events


class Sprout(TurnBot):
    """Never steals; takes the discard only when it completes the contract (or lays off);
    swaps when the up card helps; discards the least useful card, high points first."""

    level = "sprout"

    def wants_discard(self, view, ev: Evaluator) -> bool:
        if view.me.down:
            return self.takes_for_lay_off(view)
        round_number = view.me.round
        return ev.shortfall(view.hand, round_number) == 1 and ev.gain(view.hand, view.top, round_number) > 0


class Scout(TurnBot):
    """Takes useful discards, steals when the card helps and the hand can carry the penalty,
    and does not throw the next player what they were just seen picking up."""

    level = "scout"
    max_hand_to_steal = 13  # before the steal: two more cards still leave room to shed

    def wants_discard(self, view, ev: Evaluator) -> bool:
        if view.me.down:
            return self.takes_for_lay_off(view)
        return ev.gain(view.hand, view.top, view.me.round) > 0

    def wants_steal(self, view, ev: Evaluator) -> bool:
        if len(view.hand) > self.max_hand_to_steal:
            return False
        return ev.gain(view.hand, view.top, view.me.round) > 0

    def danger_of(self, view):
        readings = read_events(view)
        nxt = self.next_seat(view)
        rules = view.rules
        return lambda card: interest(card, nxt, view, readings, rules)


class Ace(TurnBot):
    """Hoards wilds, works the swap round, takes every steal worth taking, and reads the
    table: what each opponent picked up, threw away and is laying down decides what it
    will not discard."""

    level = "ace"
    structure_gain = 1.5  # affinity a known card must add over the card it replaces
    other_weight = 0.5    # a non-next opponent must pay a penalty card to use our discard
    steal_structure: Optional[float] = None  # also steal for this much gain in shape
    table_fit_bonus = 0.0  # keep cards that will lay off once down (and would feed down players)
    steal_max_hand: Optional[int] = None

    def wants_discard(self, view, ev: Evaluator) -> bool:
        if view.me.down:
            return self.takes_for_lay_off(view)
        return self.wants_card(view, ev, view.top)

    def wants_swap(self, view, ev: Evaluator, top: Card) -> bool:
        return self.wants_card(view, ev, top)

    def wants_card(self, view, ev: Evaluator, card: Card) -> bool:
        """A card that brings the contract closer, a wild, or a clear gain in shape."""
        round_number = view.me.round
        if is_wild(card, view.rules) or ev.gain(view.hand, card, round_number) > 0:
            return True
        grown = list(view.hand) + [card]
        worst = ev.least_useful(grown, round_number, list(view.hand), self.danger_of(view))
        return ev.affinity(card, grown, round_number) - ev.affinity(worst, grown, round_number) >= self.structure_gain

    def wants_steal(self, view, ev: Evaluator) -> bool:
        card = view.top
        if self.steal_max_hand is not None and len(view.hand) > self.steal_max_hand:
            return False
        if is_wild(card, view.rules) or ev.gain(view.hand, card, view.me.round) > 0:
            return True
        if self.steal_structure is None:
            return False
        grown = list(view.hand) + [card]
        worst = ev.least_useful(grown, view.me.round, list(view.hand), self.danger_of(view))
        return ev.affinity(card, grown, view.me.round) - ev.affinity(worst, grown, view.me.round) >= self.steal_structure

    def danger_of(self, view):
        readings = read_events(view)
        nxt = self.next_seat(view)
        rules = view.rules
        others = [p.seat for p in view.players if p.seat not in (view.seat, nxt)]

        bonus = self.table_fit_bonus

        def danger(card: Card) -> float:
            score = interest(card, nxt, view, readings, rules)
            if bonus and fits_table(card, view.table, rules):
                score += bonus
            score += self.other_weight * sum(
                interest(card, seat, view, readings, rules) for seat in others
                if not view.players[seat].down)
            return score

        return danger
