"""A game's plain data and the questions it answers, below the rules that change it.

``dealing``, ``play``, ``stealing``, ``legal`` and ``view`` read and change a
game through these types; ``game.state`` stands above them all, and its
``GameState`` (a ``Tabletop`` with ``apply``, ``legal_actions`` and ``view``)
is what the rest of the code holds. Kept apart so imports run one way: the
facade imports the modules that play the game, they import this, and this
imports none of them (only cards, melds and the rules object).

>>> import random
>>> from game.rules import AGGRAVATION
>>> seats = [Seat("Ann"), Seat("Bo"), Seat("Cy")]
>>> table = Tabletop(AGGRAVATION, 1, random.Random(1), seats, phase=Phase.DRAW, turn=2)
>>> table.current_player, table.next_seat(2), table.discard_takeable()
(2, 0, False)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Optional

from .cards import Card
from .melds import Meld
from .rules import Contract, Rules


class Phase(str, Enum):
    SWAP = "swap"            # the opening lap: swap one card with the discard, or pass
    DRAW = "draw"            # the player to move must draw
    CLAIMS = "claims"        # gathering steal claims on the discard the drawer passed over
    PLAY = "play"            # drawn: go down, lay off, then discard
    DEAL_OVER = "deal_over"  # the deal's summary; NextDeal deals again
    GAME_OVER = "game_over"


class IllegalAction(ValueError):
    """A move the rules do not allow now; ``reason`` (and ``str()``) is why, for the player: a
    Message (game.i18n), English as its text, said in the language a screen is drawn in."""

    @property
    def reason(self) -> str:
        return self.args[0] if self.args else ""

    def __str__(self) -> str:  # the Message itself, not a copy of its English
        return self.reason


@dataclass
class Seat:
    """One player's public standing plus their (private) hand."""

    name: str
    hand: list[Card] = field(default_factory=list)
    round: int = 1
    total: int = 0
    down: bool = False
    steals_this_deal: int = 0
    steals_this_game: int = 0


@dataclass
class TableMeld:
    """A meld on the table and the seat that laid it."""

    owner: int
    meld: Meld


@dataclass(frozen=True)
class Event:
    """A public happening, for views and the page's log: ('stole', seat 2, 7♥)."""

    kind: str
    seat: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class DealResult:
    """How one deal ended: points each seat took, who moved on, who went out."""

    number: int
    points: tuple[int, ...]
    advanced: tuple[bool, ...]
    rounds_played: tuple[int, ...]
    went_out: Optional[int]
    dead: bool


@dataclass
class Tabletop:
    """Everything about a game, hidden parts included, and the questions it answers.

    Plain data: the modules below ``game.state`` read and change it in place;
    ``GameState`` adds the moves (``apply``, ``legal_actions``, ``view``).
    """

    rules: Rules
    seed: int
    rng: random.Random
    seats: list[Seat]
    phase: Phase = Phase.SWAP
    dealer: int = 0
    deal_number: int = 0
    turn: int = 0                       # whose turn (the swapper in the swap round)
    stock: list[Card] = field(default_factory=list)   # top of the stock is the end
    pile: list[Card] = field(default_factory=list)    # top of the pile is the end
    top_buried: bool = False            # the face-up top was uncovered and stays buried
    claimable_from: Optional[int] = None  # the discarder whose card may still be stolen
    claimants: list[int] = field(default_factory=list)  # seats still to answer a claim
    claims: list[int] = field(default_factory=list)     # seats that claimed (hidden)
    swaps_left: int = 0
    rebuilds: int = 0
    went_down_now: bool = False         # the player to move went down this turn
    table: list[TableMeld] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    results: list[DealResult] = field(default_factory=list)
    winners: tuple[int, ...] = ()

    # ------------------------------------------------------------ queries

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def current_player(self) -> Optional[int]:
        """Who must act now; None between deals and after the game."""
        if self.phase is Phase.CLAIMS:
            return self.claimants[0]
        if self.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return None
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def outcome(self) -> tuple[int, ...]:
        """The winning seats (more than one when they share it); () while playing."""
        return self.winners

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def contract_of(self, seat: int) -> Contract:
        return self.rules.contract(self.seats[seat].round)

    def steals_used(self, seat: int) -> int:
        player = self.seats[seat]
        return player.steals_this_game if self.rules.steal_limit_per_game else player.steals_this_deal

    def discard_takeable(self) -> bool:
        return bool(self.pile) and not self.top_buried
