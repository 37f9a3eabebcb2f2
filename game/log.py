"""A game as its seed plus its actions: saved games, bug reports and golden tests.

Replaying a log rebuilds the identical state, because every shuffle comes
from the seeded RNG the state owns. A log that is malformed, or whose moves
the rules refuse, raises ``LogError`` and never yields a half-built game.

>>> from game.state import new_game
>>> game = new_game(seed=3, players=3)
>>> log = GameLog(seed=3, players=3)
>>> log.play(game, game.legal_actions()[0])
>>> GameLog.from_json(log.to_json()).replay().view(0) == game.view(0)
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Optional

from .actions import Action, ActionFormatError, action_from_json, action_to_json
from .rules import HOUSE_RULES, PRESETS, Rules
from .state import GameState, IllegalAction, new_game

FORMAT = "aggravation-log"
VERSION = 1


class LogError(ValueError):
    """A saved game that cannot be loaded; the message says what is wrong with it."""


@dataclass
class GameLog:
    seed: int
    players: int
    preset: str = "aggravation"
    house_rules: tuple[str, ...] = ()
    names: Optional[list[str]] = None
    actions: list[Action] = field(default_factory=list)

    def rules(self) -> Rules:
        if self.preset not in PRESETS:
            raise LogError(f"unknown rules preset {self.preset!r}")
        unknown = [name for name in self.house_rules if name not in HOUSE_RULES]
        if unknown:
            raise LogError(f"unknown house rule {unknown[0]!r}")
        return replace(PRESETS[self.preset], **{name: True for name in self.house_rules})

    def new_game(self) -> GameState:
        return new_game(self.seed, self.players, self.rules(), self.names)

    def play(self, state: GameState, action: Action, seat: Optional[int] = None) -> None:
        """Apply ``action`` and record it only if the rules accepted it."""
        state.apply(action, seat)
        self.actions.append(action)

    def replay(self, upto: Optional[int] = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        try:
            state = self.new_game()
        except ValueError as error:
            raise LogError(f"this saved game cannot start: {error}") from None
        for number, action in enumerate(self.actions[:upto], start=1):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise LogError(f"move {number} ({type(action).__name__}) is not legal here: {error}") from None
        return state

    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "version": VERSION, "seed": self.seed, "players": self.players,
            "preset": self.preset, "house_rules": list(self.house_rules), "names": self.names,
            "actions": [action_to_json(a) for a in self.actions],
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameLog:
        """Read a saved log; LogError for anything that is not one of ours, intact."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise LogError("this saved game is not readable JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LogError("this is not an Aggravation saved game")
        if data.get("version") != VERSION:
            raise LogError(f"this saved game is version {data.get('version')!r}; this game reads {VERSION}")
        return cls._from_dict(data)

    @classmethod
    def _from_dict(cls, data: dict[str, Any]) -> GameLog:
        seed, players = data.get("seed"), data.get("players")
        if not isinstance(seed, int) or not isinstance(players, int):
            raise LogError("a saved game needs a whole-number seed and player count")
        names = data.get("names")
        if names is not None and not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise LogError("the players' names must be a list of text")
        actions = data.get("actions")
        house = data.get("house_rules", [])
        if not isinstance(actions, list) or not isinstance(house, list):
            raise LogError("a saved game needs a list of actions")
        try:
            parsed = [action_from_json(a) for a in actions]
        except ActionFormatError as error:
            raise LogError(f"a saved move is malformed: {error}") from None
        log = cls(seed, players, str(data.get("preset", "aggravation")), tuple(map(str, house)), names, parsed)
        log.rules()
        return log


def load(text: str) -> tuple[GameLog, GameState]:
    """Read and replay a saved game in one step: both, or a LogError."""
    log = GameLog.from_json(text)
    return log, log.replay()
