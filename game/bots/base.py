"""The shape of a bot's turn, shared by every level; the levels fill in the judgement.

A bot is called once per decision with the seat's view and the legal actions,
and answers with one of them. The phase says which decision it is: swap or
pass, take the discard or draw, claim a steal or not, then go down, lay off
and discard one action at a time. The skeleton below settles what every level
agrees on (go down when possible, lay off naturals before wilds, never claim
past the hand limit or once down) so that the levels differ only in the
questions they answer differently: which card they want, whether a steal is
worth it, and what the table must not be fed.
"""
from __future__ import annotations

import random
from typing import Optional, Protocol, Sequence

from ..actions import (
    Action, Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard,
    TakeFromPile,
)
from ..cards import Card
from ..melds import is_wild
from ..rules import MeldKind, Rules
from ..state import Phase
from .evaluate import Evaluator, fits_table


class Bot(Protocol):
    """Anything that picks one of the legal actions from a view."""

    level: str

    def choose(self, view, legal_actions: Sequence[Action], rng: random.Random) -> Action: ...


class TurnBot:
    """Every decision of a turn, routed by phase to the level's judgement."""

    level = "base"
    shapes_hand = True  # weigh near-melds (pairs, neighbours) when choosing what to give up
    hoards_wilds = False  # take a table wild (wild-swap house rule) even when it does not help yet

    def __init__(self) -> None:
        self._evaluators: dict[int, Evaluator] = {}

    def evaluator(self, rules: Rules) -> Evaluator:
        found = self._evaluators.get(id(rules))
        if found is None or found.rules is not rules:
            found = self._evaluators[id(rules)] = Evaluator(rules)
        return found

    def choose(self, view, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """One legal action for this view; the view is all the bot is ever shown."""
        legal = list(legal_actions)
        ev = self.evaluator(view.rules)
        phase = view.phase
        if phase is Phase.SWAP:
            return self.swap(view, legal, ev, rng)
        if phase is Phase.DRAW:
            deep = self.deep_pick(view, [a for a in legal if isinstance(a, TakeFromPile)], ev)
            if deep is not None:
                return deep
            take = TakeDiscard() in legal and view.top is not None and self.wants_discard(view, ev)
            return TakeDiscard() if take else Draw()
        if phase is Phase.CLAIMS:
            return Steal() if Steal() in legal and self.may_steal(view) and self.wants_steal(view, ev) else Pass()
        if phase is Phase.PLAY:
            return self.play(view, legal, ev, rng)
        return NextDeal() if NextDeal() in legal else legal[0]

    # ------------------------------------------------------------ what every level agrees on

    def may_steal(self, view) -> bool:
        """The rules' own limits, checked again from the view: belt and braces."""
        rules = view.rules
        return (
            view.steal_refusal is None
            and view.top is not None
            and not view.me.down
            and (view.me.steals_left is None or view.me.steals_left > 0)
            and rules.claim_fits(len(view.hand))
        )

    def play(self, view, legal: list[Action], ev: Evaluator, rng: random.Random) -> Action:
        downs = [a for a in legal if isinstance(a, GoDown)]
        if downs:
            return downs[0]
        swap = self.pick_wild_swap(view, [a for a in legal if isinstance(a, SwapWild)], ev)
        if swap is not None:
            return swap
        lay = self.pick_lay_off(view, [a for a in legal if isinstance(a, LayOff)])
        if lay is not None:
            return lay
        extra = [a for a in legal if isinstance(a, LayMeld)]  # Gallery: every meld laid is points saved
        if extra:
            return extra[0]
        cards = [a.card for a in legal if isinstance(a, Discard)]
        return Discard(self.pick_discard(view, cards, ev, rng))

    def pick_lay_off(self, view, lays: list[LayOff]) -> Optional[LayOff]:
        """Naturals first, most points first; wilds last, onto sets before run ends.

        A wild placed on a run end could take the spot a natural in hand needed,
        and a wild on a set closes nothing.
        """
        if not lays:
            return None
        rules = view.rules
        kinds = {placed.index: placed.meld.kind for placed in view.table}

        def key(lay: LayOff) -> tuple:
            wild = is_wild(lay.card, rules)
            on_run = kinds.get(lay.meld) is MeldKind.RUN
            return (wild, wild and on_run, -rules.points_of_rank(lay.card.rank), lay.card.code, lay.meld)

        return min(lays, key=key)

    def pick_wild_swap(self, view, swaps: list[SwapWild], ev: Evaluator) -> Optional[SwapWild]:
        """House rule: trade a natural for a table wild when the hand is better for it.

        Once down, a wild lays off on any set or open run end while the natural fits one
        place, so the trade always helps (highest-scoring natural first). Before going
        down it must bring the contract closer (or, for a wild hoarder, no further).
        """
        if not swaps:
            return None
        rules = view.rules
        if view.me.down:
            return max(swaps, key=lambda s: (rules.points_of_rank(s.card.rank), s.card.code))
        before = ev.shortfall(view.hand, view.me.round)
        for swap in swaps:
            wild = view.table[swap.meld].meld.cards[swap.index]
            after = ev.shortfall([c for c in view.hand if c != swap.card] + [wild], view.me.round)
            if after < before or (after == before and self.hoards_wilds):
                return swap
        return None

    def pick_discard(self, view, cards: list[Card], ev: Evaluator, rng: random.Random) -> Card:
        if view.me.down:
            return self.down_discard(view, cards, ev)
        return ev.least_useful(view.hand, view.me.round, cards, self.danger_of(view), self.shapes_hand)

    def down_discard(self, view, cards: list[Card], ev: Evaluator) -> Card:
        """Once down only points and feeding matter: nothing left in hand fits the table."""
        rules = view.rules
        danger = self.danger_of(view)
        return min(cards, key=lambda c: (
            is_wild(c, rules), danger(c) if danger else 0.0, -rules.points_of_rank(c.rank), c.code))

    def takes_for_lay_off(self, view) -> bool:
        """A down player takes a discard that lays straight off: one card fewer to shed."""
        return view.me.down and view.top is not None and fits_table(view.top, view.table, view.rules)

    def next_seat(self, view) -> int:
        return (view.seat + 1) % len(view.players)

    # ------------------------------------------------------------ the level's judgement

    def swap(self, view, legal: list[Action], ev: Evaluator, rng: random.Random) -> Action:
        top = view.top
        if top is None or not self.wants_swap(view, ev, top):
            return Pass()
        cards = [a.card for a in legal if isinstance(a, Swap)]
        grown = list(view.hand) + [top]
        give = ev.least_useful(grown, view.me.round, cards, self.danger_of(view), self.shapes_hand)
        return Swap(give)

    def wants_swap(self, view, ev: Evaluator, top: Card) -> bool:
        return ev.gain(view.hand, top, view.me.round) > 0

    def wants_discard(self, view, ev: Evaluator) -> bool:
        raise NotImplementedError

    def wants_steal(self, view, ev: Evaluator) -> bool:
        return False

    def deep_pick(self, view, picks: list[TakeFromPile], ev: Evaluator) -> Optional[TakeFromPile]:
        """Gallery: a card from deeper in the pile, with all above it; only a planner digs."""
        return None

    def danger_of(self, view):
        """A function scoring how much a discard would feed the table, or None."""
        return None
