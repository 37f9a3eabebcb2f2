"""The state of a whole game: seats, the deal in progress, and the phase.

``GameState`` is the single source of truth. It is changed only by
``apply(action)``, which validates first and raises ``IllegalAction`` with a
reason a player can read, leaving the state untouched; bots and the page see
it only through ``view(seat)``.

>>> game = new_game(seed=7, players=3)
>>> game.phase, game.current_player, len(game.seats[0].hand)
(<Phase.SWAP: 'swap'>, 1, 11)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Optional

from .cards import Card
from .melds import Meld
from .rules import AGGRAVATION, Contract, Rules


class Phase(str, Enum):
    SWAP = "swap"            # the opening lap: swap one card with the discard, or pass
    DRAW = "draw"            # the player to move must draw
    CLAIMS = "claims"        # gathering steal claims on the discard the drawer passed over
    PLAY = "play"            # drawn: go down, lay off, then discard
    DEAL_OVER = "deal_over"  # the deal's summary; NextDeal deals again
    GAME_OVER = "game_over"


class IllegalAction(ValueError):
    """A move the rules do not allow now; ``str()`` is the reason, for the player."""


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
class GameState:
    """Everything about a game, hidden parts included. Only ``view()`` leaves the engine."""

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

    def legal_actions(self) -> list:
        from .legal import legal_actions

        return legal_actions(self)

    def apply(self, action, seat: Optional[int] = None) -> "GameState":
        """Validate and play ``action``; IllegalAction (state untouched) when not allowed.

        Pass ``seat`` to refuse an action from anybody but the player to move,
        which is what keeps a double tap from playing twice (``True`` is no seat,
        though Python would let it pass for seat 1).
        """
        from .play import apply_action

        if seat is not None and (type(seat) is not int or seat != self.current_player):
            raise IllegalAction("It is not your turn")
        apply_action(self, action)
        return self

    def view(self, seat: int):
        from .view import player_view

        return player_view(self, seat)


def new_game(
    seed: int,
    players: int = 3,
    rules: Rules = AGGRAVATION,
    names: Optional[list[str]] = None,
) -> GameState:
    """A new game with the first deal dealt, seat 0 dealing (the first player is seat 1)."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"{rules.name} takes {rules.min_players} to {rules.max_players} players")
    names = names or [f"Player {n + 1}" for n in range(players)]
    if len(names) != players:
        raise ValueError("one name per player")
    state = GameState(rules, seed, random.Random(seed), [Seat(name) for name in names])
    from .dealing import start_deal

    start_deal(state, dealer=0)
    return state
