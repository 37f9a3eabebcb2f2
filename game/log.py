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

from .actions import Action, ActionFormatError, action_from_json, action_to_json, is_whole, shown
from .rules import DEFAULT_PRESET, HOUSE_RULES, PRESETS, Rules
from .state import GameState, IllegalAction, new_game

FORMAT = "aggravation-log"
VERSION = 1
MAX_CHARS = 4_000_000   # a whole real game is 30–60 KB; browser storage holds about 5 MB in all
MAX_ACTIONS = 100_000   # a real game is 1–3 thousand moves; game.sim calls 100 000 a stuck game
MAX_SEED = 2**63 - 1
MAX_NAME = 40


class LogError(ValueError):
    """A saved game that cannot be loaded; the message says what is wrong with it."""


@dataclass
class GameLog:
    seed: int
    players: int
    preset: str = DEFAULT_PRESET
    house_rules: tuple[str, ...] = ()
    names: Optional[list[str]] = None
    actions: list[Action] = field(default_factory=list)

    def rules(self) -> Rules:
        return rules_of(self.preset, self.house_rules)

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
        """Read a saved log; LogError for anything that is not one of ours, intact.

        Every field is checked for its type and range before any of it is used,
        so a tampered or damaged save gives one plain sentence, never a crash.
        """
        data = _parse(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LogError("this is not an Aggravation saved game")
        version = data.get("version")
        if not (is_whole(version) and version == VERSION):
            newer = ", from a newer game" if is_whole(version) and version > VERSION else ""
            raise LogError(f"this saved game is version {shown(version)}{newer}; this game reads version {VERSION}")
        return cls._from_dict(data)

    @classmethod
    def _from_dict(cls, data: dict[str, Any]) -> GameLog:
        preset, house = data.get("preset", DEFAULT_PRESET), data.get("house_rules", [])
        _need(isinstance(preset, str), f"the rules preset must be a name, not {shown(preset)}")
        _need(isinstance(house, list) and all(isinstance(n, str) for n in house),
              "the house rules must be a list of names")
        for number, name in enumerate(house):
            _need(name not in house[:number], f"the house rule {shown(name)} is listed twice")
        players = _players(data.get("players"), rules_of(preset, tuple(house)))
        return cls(_seed(data.get("seed")), players, preset, tuple(house),
                   _names(data.get("names"), players), _actions(data.get("actions")))


def rules_of(preset: str, house_rules: tuple[str, ...]) -> Rules:
    """The preset's rules with the named house rules switched on; LogError for a name we do not know."""
    if preset not in PRESETS:
        raise LogError(f"unknown rules preset {shown(preset)}")
    unknown = [name for name in house_rules if name not in HOUSE_RULES]
    if unknown:
        raise LogError(f"unknown house rule {shown(unknown[0])}")
    return replace(PRESETS[preset], **{name: True for name in house_rules})


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise LogError(message)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a saved game holds")


def _parse(text: Any) -> Any:
    """``json.loads`` with a size bound and no NaN/Infinity; any failure is a LogError."""
    _need(isinstance(text, str), "this saved game is not text")
    _need(len(text) <= MAX_CHARS, f"this saved game is too large ({len(text) // 1000} KB) to be one of ours")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise LogError("this saved game is nested too deeply to be one of ours") from None
    except ValueError:  # also a number too long to read, and 1e309 is read as a float: refused below
        raise LogError("this saved game is not readable JSON") from None


def _seed(seed: Any) -> int:
    _need(is_whole(seed) and 0 <= seed <= MAX_SEED,
          f"a saved game's seed is a whole number from 0 to 2**63 - 1, not {shown(seed)}")
    return seed


def _players(players: Any, rules: Rules) -> int:
    low, high = rules.min_players, rules.max_players
    _need(is_whole(players) and low <= players <= high,
          f"this saved game cannot start: {rules.name} takes {low} to {high} players, not {shown(players)}")
    return players


def _names(names: Any, players: int) -> Optional[list[str]]:
    if names is None:
        return None
    _need(isinstance(names, list) and len(names) == players,
          f"a saved game names each of its {players} players once")
    for name in names:
        _need(isinstance(name, str) and name.strip() != "" and len(name) <= MAX_NAME,
              f"a player's name is text of 1 to {MAX_NAME} characters, not {shown(name)}")
    return names


def _actions(actions: Any) -> list[Action]:
    _need(isinstance(actions, list), "a saved game needs a list of actions")
    _need(len(actions) <= MAX_ACTIONS, f"a saved game of {len(actions)} moves is too long to be one of ours")
    parsed = []
    for number, data in enumerate(actions, start=1):
        try:
            parsed.append(action_from_json(data))
        except ActionFormatError as error:
            raise LogError(f"saved move {number} is malformed: {error}") from None
    return parsed


def load(text: str) -> tuple[GameLog, GameState]:
    """Read and replay a saved game in one step: both, or a LogError."""
    log = GameLog.from_json(text)
    return log, log.replay()
