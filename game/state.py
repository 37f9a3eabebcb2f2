"""The state of a whole game: seats, the deal in progress, and the phase.

``GameState`` is the single source of truth. It is changed only by
``apply(action)``, which validates first and raises ``IllegalAction`` with a
reason a player can read, leaving the state untouched; bots and the page see
it only through ``view(seat)``.

This module is the facade over the engine: the data and its queries live in
``game.tabletop``, the rules that change them in ``play``, ``legal``,
``view`` and ``dealing``, which import only ``tabletop``; ``GameState`` adds
the moves on top, and the data's names are re-exported here, so
``from game.state import Phase, GameState, new_game`` is all a caller needs.

>>> game = new_game(seed=7, players=3)
>>> game.phase, game.current_player, len(game.seats[0].hand)
(<Phase.SWAP: 'swap'>, 1, 11)
"""
from __future__ import annotations

import random
from typing import Optional

from .dealing import start_deal
from .i18n import Message
from .legal import legal_actions
from .play import apply_action
from .rules import AGGRAVATION, Rules
from .tabletop import DealResult, Event, IllegalAction, Phase, Seat, TableMeld, Tabletop
from .view import PlayerView, player_view

__all__ = [
    "DealResult", "Event", "GameState", "IllegalAction", "Phase", "Seat", "TableMeld", "Tabletop", "new_game",
]


class GameState(Tabletop):
    """Everything about a game, hidden parts included. Only ``view()`` leaves the engine."""

    def legal_actions(self) -> list:
        return legal_actions(self)

    def apply(self, action, seat: Optional[int] = None) -> GameState:
        """Validate and play ``action``; IllegalAction (state untouched) when not allowed.

        Pass ``seat`` to refuse an action from anybody but the player to move,
        which is what keeps a double tap from playing twice (``True`` is no seat,
        though Python would let it pass for seat 1).
        """
        if seat is not None and (type(seat) is not int or seat != self.current_player):
            raise IllegalAction(Message("It is not your turn"))
        apply_action(self, action)
        return self

    def view(self, seat: int) -> PlayerView:
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
    # plain English names, kept in saved games as they are (seat_name says the game's own in each language)
    names = names or [f"Player {n + 1}" for n in range(players)]
    if len(names) != players:
        raise ValueError("one name per player")
    state = GameState(rules, seed, random.Random(seed), [Seat(seat_name(name)) for name in names])
    start_deal(state, dealer=0)
    return state


def seat_name(name: str) -> str:
    """A seat's name as shown: the game's own names ("You", "Player 2", kept in saved games as
    English) said in the language drawn in; a person's or a bot's name as it is.

    >>> seat_name("You"), seat_name("Player 2"), seat_name("Ana"), seat_name("Player two")
    ('You', 'Player 2', 'Ana', 'Player two')
    """
    if name == "You":
        # Translators: the player at this device, as the table names their seat.
        return Message("You")
    number = name[len("Player "):] if name.startswith("Player ") else ""
    if number.isascii() and number.isdigit():
        # Translators: a seat's name when its player gave none: Player 1, Player 2...
        return Message("Player {n}", n=int(number))
    return name
