"""The three levels of SPEC §6: Sprout plays straight, Scout plays the pile, Ace plays the table.

Each level answers the same few questions of ``TurnBot`` — is this card worth
taking, is this steal worth its penalty card, what must the table not be fed —
from the same evaluation (``evaluate.py``) and the same public reading
(``reading.py``). What separates them is how much they ask.
"""
from __future__ import annotations

from ..cards import Card
from ..legal import distinct
from ..melds import is_wild
from .base import TurnBot
from .evaluate import Evaluator
from .reading import interest, read_events


class Sprout(TurnBot):
    """Plays straight: always draws from the stock, passes the swap round, never steals,
    goes down as soon as it can, lays off what fits, and discards the card least useful
    to its contract, high points first."""

    level = "sprout"
    shapes_hand = False

    def wants_discard(self, view, ev: Evaluator) -> bool:
        return False

    def wants_swap(self, view, ev: Evaluator, top: Card) -> bool:
        return False


class Scout(TurnBot):
    """Takes any discard that brings its contract closer, steals when the card completes
    the contract (then the penalty card is worth it: it goes down at once), and does not
    throw the next player what they were just seen picking up."""

    level = "scout"
    shapes_hand = False
    max_hand_to_steal = 13  # before the steal: two more cards still leave room to shed

    def wants_discard(self, view, ev: Evaluator) -> bool:
        if view.me.down:
            return self.takes_for_lay_off(view)
        return ev.gain(view.hand, view.top, view.me.round) > 0

    def wants_steal(self, view, ev: Evaluator) -> bool:
        if len(view.hand) > self.max_hand_to_steal:
            return False
        round_number = view.me.round
        return ev.gain(view.hand, view.top, round_number) > 0 and \
            ev.shortfall(list(view.hand) + [view.top], round_number) == 0

    def danger_of(self, view):
        readings = read_events(view)
        nxt = self.next_seat(view)
        rules = view.rules
        return lambda card: interest(card, nxt, view, readings, rules, table=False)


class Ace(TurnBot):
    """Hoards wilds, works the swap round, takes every steal worth taking, and reads the
    table: what each opponent picked up, threw away and is laying down decides what it
    will not discard.

    It shapes its hand (keeps pairs and the fullest run windows, not just what the
    solver needs today), takes a known card that adds clear shape, steals every card
    that brings the contract closer and every wild, and weighs each discard against
    every opponent: the next player may simply take it, the others must pay a penalty.
    """

    level = "ace"
    hoards_wilds = True
    structure_gain = 1.5  # shape a known card must add over the card it replaces
    deepest_dig = 4       # cards taken at most by a dig into the pile (Gallery)
    other_weight = 0.5    # a non-next opponent must pay a penalty card to use our discard

    def wants_discard(self, view, ev: Evaluator) -> bool:
        if view.me.down:
            return self.takes_for_lay_off(view)
        return self.wants_card(view, ev, view.top)

    def wants_swap(self, view, ev: Evaluator, top: Card) -> bool:
        return self.wants_card(view, ev, top)

    def wants_card(self, view, ev: Evaluator, card: Card) -> bool:
        """A card that brings the contract closer, a wild, or a clear gain in shape that the
        discard would keep: a card taken for its shape and thrown straight back wastes the
        turn, and two Aces at a table of two would hand it to and fro for ever (the soak's
        Gallery seed 25)."""
        round_number = view.me.round
        if is_wild(card, view.rules) or ev.gain(view.hand, card, round_number) > 0:
            return True
        grown = list(view.hand) + [card]
        danger = self.danger_of(view)
        worst = ev.least_useful(grown, round_number, list(view.hand), danger)
        if ev.affinity(card, grown, round_number) - ev.affinity(worst, grown, round_number) < self.structure_gain:
            return False
        thrown = ev.least_useful(grown, round_number, distinct(grown), danger, self.shapes_hand)  # as pick_discard
        return (thrown.rank, thrown.suit) != (card.rank, card.suit)

    def wants_steal(self, view, ev: Evaluator) -> bool:
        card = view.top
        return is_wild(card, view.rules) or ev.gain(view.hand, card, view.me.round) > 0

    def deep_pick(self, view, picks, ev: Evaluator):
        """Dig for a card a few deep when what comes with it brings the contract at least as
        much closer as cards it adds to shed; the shallowest such dig wins."""
        if view.me.down or not picks:
            return None
        round_number = view.me.round
        base = ev.shortfall(view.hand, round_number)
        depth = {id(card): len(view.pile) - n for n, card in enumerate(view.pile)}
        for pick in sorted(picks, key=lambda p: depth[id(p.card)]):
            taken = view.pile[len(view.pile) - depth[id(pick.card)]:]
            if len(taken) > self.deepest_dig:
                break
            gain = base - ev.shortfall(list(view.hand) + list(taken), round_number)
            if gain >= len(taken) - 1 and gain > 0:
                return pick
        return None

    def danger_of(self, view):
        readings = read_events(view)
        nxt = self.next_seat(view)
        rules = view.rules
        others = [p.seat for p in view.players if p.seat not in (view.seat, nxt) and not p.down]

        def danger(card: Card) -> float:
            score = interest(card, nxt, view, readings, rules)
            return score + self.other_weight * sum(
                interest(card, seat, view, readings, rules) for seat in others)

        return danger
