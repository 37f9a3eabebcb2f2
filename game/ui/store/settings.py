"""Player settings: how long 🫳 Steal stays offered, how fast the bots play, and
what the next game starts with: its rulebook, its table size (the presets'),
Aggravation's house rules, and how many people share the device (their names) and how many
bots join them (their level is picked apart, as the game starts).

Stored as JSON text; anything unreadable falls back to the defaults. URL
overrides (``?speed=0``, ``?steal=wait``, ``?house=ace_wrap``) apply to the
session only. The house rules of a game in progress live in its log, not here.

>>> s = Settings.from_json('{"steal": "long", "speed": "fast"}')
>>> s.claim_ms(), s.bot_delay_ms()
(9000, 350)
>>> Settings.from_json("not json").steal, Settings.from_json("not json").ask
('long', 'helps')
>>> Settings.from_json("[" * 100_000).speed
'normal'
>>> Settings.from_json('{"house": ["ace_wrap", "nonsense", "wild_swap"]}').house
('wild_swap', 'ace_wrap')
>>> s = Settings.from_json('{"rulebook": "contract", "players": {"contract": 7, "gallery": 99}}')
>>> s.rulebook, s.players_for("contract"), s.players_for("gallery")
('contract', 7, 4)
>>> s = Settings.from_json('{"people": 3, "names": ["Ana", "  Ben  Lee ", 7, "Ana"]}')
>>> s.people, s.people_names(3), s.people_names(4)
(3, ['Ana', 'Ben Lee', 'Player 3'], ['Ana', 'Ben Lee', 'Player 3', 'Player 4'])
>>> Settings.from_json('{"people": 9}').people, Settings.from_json('{"people": true}').people
(1, 1)
>>> s = Settings.from_json('{"bots": 2}')
>>> s.bots_for("aggravation", 2), s.bots_for("aggravation", 4), Settings().bots_for("aggravation", 2)
(2, 1, 1)
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Iterable, Optional

from game.i18n import LANGUAGES, N_
from game.rules import DEFAULT_PRESET, HOUSE_RULES, PRESETS

from . import safejson

SETTINGS_KEY = "aggravation.settings"

# The steal offer runs in the next player's think time (game/ui/session/offer.py). By default it asks
# only about a discard that would help the player's hand (ASK_LABELS below), so it is rare (0.22
# offers per turn at an Ace table, against 1.74 asking about every card) and can stay open "long",
# 9 s, time to read it. Median wait between the player's turns at Ace, bots "normal": 4.5 s (p90
# 7.5 s) taking 3 s to answer each offer, 5.0 s (p90 13.5 s) never answering one; it was 7.2 s
# (p90 12.5 s) with the old 3 s offer about every card (python -m bench.pace --levels ace --speeds
# normal --deals 40 [--answer-ms 3000 | --answer ignore | --ask every --steal-ms 3000]).
STEAL_TIMERS = {"off": 0, "short": 3000, "long": 9000, "wait": None}
STEAL_LABELS = {"off": N_("Off"), "short": N_("Short"), "long": N_("Long"), "wait": N_("Wait for me")}
BOT_SPEEDS = {"slow": 1400, "normal": 500, "fast": 350, "instant": 0}
# How long the table's latest move stays in view before the next bot moves, by what it was
# (Clock.shown_move): a move to read (a discard, a steal or buy, going down, a swap) long enough to
# read it at that speed, a draw from the stock (nothing to read: its card flies) a glance, any
# other move the speed's own time. At normal a discard was in view 0.5 s and is 1.0 s now (fast
# 0.35 -> 0.65 s, slow 1.4 -> 1.8 s); the median wait between the player's turns went from 3.5 to
# 3.9 s at Scout, 4.5 to 5.6 s at Ace (python -m bench.pace --deals 20, which reports both).
BOT_PACES = {"read": {"slow": 1800, "normal": 1000, "fast": 650, "instant": 0},
             "glance": {"slow": 900, "normal": 300, "fast": 250, "instant": 0},
             "move": BOT_SPEEDS}
# An online table's turn limit (the host's choice in the lobby): past it a bot of the table's level
# plays that one turn for the person. Two minutes by default: time to fill a hard contract's
# frames with a newcomer's care, and no more than a short wait for friends whose player walked off.
TURN_LIMITS = {"off": None, "1": 60_000, "2": 120_000, "5": 300_000}
TURN_LABELS = {"off": N_("Off"), "1": N_("1 min"), "2": N_("2 min"), "5": N_("5 min")}
# Which discards the 🫳 offer asks about: by default only one that would help the hand (the
# solver's word: game/ui/session/advice.py), or every one the player may claim.
ASK_LABELS = {"helps": N_("When it helps"), "every": N_("Every card")}
SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
# 💡 Hint on the player's turn in a solo game (screens/table/hint.py). On by default: it says
# nothing until asked, gives away no hidden card, and a game it was used in is marked in the
# statistics, so it helps whoever wants it and costs the others nothing.
HINT_LABELS = {"on": N_("On"), "off": N_("Off")}
# The suits' colours wherever cards show: two (♥♦ red, ♠♣ black), or four as on common
# four-colour decks (♦ blue, ♣ green), which tells every suit apart at a glance and to eyes
# that confuse red and black (assets/css/game.css; bench/colours.py measures both decks).
DECK_LABELS = {"two": N_("Two colours"), "four": N_("Four colours")}
# Sound (game/ui/cues.py, assets/page/sound.js): short tones made by the page, the volume here and
# a mute in the table's bar; a buzz on the person's turn and on an offer where the device has one.
# On by default, as in card apps: no tone plays before the player's first tap (browsers' rule).
SOUND_LABELS = {"low": N_("Quiet"), "mid": N_("Normal"), "high": N_("Loud")}
MUTE_LABELS = {"off": N_("🔊 On"), "on": N_("🔇 Muted")}
BUZZ_LABELS = {"on": N_("On"), "off": N_("Off")}
# Aggravation's table size comes with the level (game.bots.LEVELS); a preset's is the player's
# choice within its rules' range, this many players (you included) until they pick.
DEFAULT_PLAYERS = 4
# Pass-and-play: up to this many people share one device (the rest of the table is bots); each
# may give a name of up to NAME_LENGTH characters, "Player 2" until they do.
MAX_PEOPLE = 6
NAME_LENGTH = 16


@dataclass
class Settings:
    steal: str = "long"
    ask: str = "helps"            # ASK_LABELS: which discards the offer asks about
    speed: str = "normal"
    turn: str = "2"               # TURN_LIMITS: an online table's turn limit
    hint: str = "on"              # HINT_LABELS: the 💡 Hint button in a solo game
    deck: str = "two"             # DECK_LABELS: the suits' colours
    sound: str = "mid"            # SOUND_LABELS: the cues' volume
    mute: str = "off"             # MUTE_LABELS: all cues silent (the table's 🔊 chip)
    buzz: str = "on"              # BUZZ_LABELS: a vibration on the person's turn and on an offer
    house: tuple[str, ...] = ()   # HOUSE_RULES names, in HOUSE_RULES order
    rulebook: str = DEFAULT_PRESET  # a PRESETS name
    players: dict[str, int] = field(default_factory=dict)  # preset name -> players chosen
    people: int = 1               # pass-and-play: this many people share the device
    names: list[str] = field(default_factory=list)  # their names, seat by seat ('' for the default)
    bots: Optional[int] = None    # pass-and-play: this many bots join the people (None: as few as the table needs)
    lang: str = ""                # game.i18n.LANGUAGES: the language picked in ⚙️ ('': the browser's, App.language)

    def people_names(self, people: int) -> list[str]:
        """The names of ``people`` people sharing the device: "You" alone; else each one's given
        name or "Player N" (a name given twice gets its seat's number, so each is told apart)."""
        if people <= 1:
            return ["You"]
        names = []
        for n in range(people):
            given = self.names[n] if n < len(self.names) else ""
            names.append(given if given and given not in names else f"Player {n + 1}")
        return names

    def rename(self, value) -> bool:
        """``N|name``: person N's name (spaces tidied, cut to NAME_LENGTH); True if it changed."""
        index, _, name = str(value).partition("|")
        if not index.isdecimal() or len(index) > 1 or not int(index) < MAX_PEOPLE:
            return False
        name = " ".join(name.split())[:NAME_LENGTH]
        names = (self.names + [""] * MAX_PEOPLE)[:MAX_PEOPLE]
        if names[int(index)] == name:
            return False
        names[int(index)] = name
        while names and not names[-1]:
            names.pop()
        self.names = names
        return True

    def bots_for(self, preset: str, people: int) -> int:
        """How many bots join ``people`` at a ``preset`` table: the number picked, within what the
        table allows beside them (bots_range); as few as it needs until one is picked."""
        least, most = bots_range(preset, people)
        return least if self.bots is None else min(max(self.bots, least), most)

    def players_for(self, preset: str) -> int:
        """The table size chosen for ``preset``, kept within its rules' range."""
        rules = PRESETS[preset]
        chosen = self.players.get(preset, DEFAULT_PLAYERS)
        return chosen if rules.min_players <= chosen <= rules.max_players else \
            min(max(DEFAULT_PLAYERS, rules.min_players), rules.max_players)

    def claim_ms(self) -> Optional[int]:
        """How long the steal offer stays up; None waits for the player; 0 never offers."""
        return STEAL_TIMERS.get(self.steal, STEAL_TIMERS["long"])

    def table_claim_ms(self) -> int:
        """An online table's offer window: the setting's, but "Wait for me" is the long window
        there (one person's wait would hold everyone at the table)."""
        ms = self.claim_ms()
        return STEAL_TIMERS["long"] if ms is None else ms

    def turn_limit_ms(self) -> Optional[int]:
        return TURN_LIMITS.get(self.turn, TURN_LIMITS["2"])

    def bot_delay_ms(self, shown: str = "move") -> int:
        """How long a bot waits before it moves, the latest move being ``shown`` (BOT_PACES)."""
        pace = BOT_PACES.get(shown, BOT_SPEEDS)
        return pace.get(self.speed, pace["normal"])

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: Optional[str]) -> Settings:
        """Whatever storage holds; anything unreadable (even nested 100,000 deep) gives the defaults."""
        try:
            data = safejson.loads(text or "{}", limit=10_000)
        except Exception:  # noqa: BLE001
            return cls()
        if not isinstance(data, dict):
            return cls()
        settings = cls()
        settings.change("steal", data.get("steal"))
        settings.change("speed", data.get("speed"))
        settings.change("ask", data.get("ask"))
        settings.change("turn", data.get("turn"))
        settings.change("hint", data.get("hint"))
        for name in ("deck", "sound", "mute", "buzz", "lang"):
            settings.change(name, data.get(name))
        settings.change("rulebook", data.get("rulebook"))
        settings.change("people", str(data.get("people")))
        settings.change("bots", str(data.get("bots")))
        names = data.get("names")
        if isinstance(names, list):
            for n, name in enumerate(names[:MAX_PEOPLE]):
                if isinstance(name, str):
                    settings.rename(f"{n}|{name}")
        players = data.get("players")
        if isinstance(players, dict):
            for preset, count in players.items():
                settings.change("players", f"{preset}:{count}")
        house = data.get("house")
        if isinstance(house, list):
            settings.house = house_rules(house)
        return settings

    def toggle_house(self, name: str) -> bool:
        """Switch one house rule for the next game; False for a name that is not one."""
        if name not in HOUSE_RULES:
            return False
        on = set(self.house) ^ {name}
        self.house = house_rules(on)
        return True

    def change(self, name: str, value) -> bool:
        """Set one setting if the value is known; True if it changed. A table size is
        ``players=PRESET:N``, N within the preset's range."""
        if name == "players":
            return self._change_players(value)
        if name == "bots":
            count = str(value)
            if not count.isdecimal() or len(count) > 1 or int(count) == self.bots:
                return False
            self.bots = int(count)
            return True
        if name == "people":
            count = str(value)
            if not count.isdecimal() or len(count) > 1 or not 1 <= int(count) <= MAX_PEOPLE \
                    or int(count) == self.people:
                return False
            self.people = int(count)
            return True
        allowed = {"steal": STEAL_TIMERS, "ask": ASK_LABELS, "speed": BOT_SPEEDS, "rulebook": PRESETS,
                   "turn": TURN_LIMITS, "hint": HINT_LABELS, "deck": DECK_LABELS,
                   "sound": SOUND_LABELS, "mute": MUTE_LABELS, "buzz": BUZZ_LABELS, "lang": LANGUAGES}.get(name, {})
        if not isinstance(value, str) or value not in allowed or getattr(self, name) == value:
            return False
        setattr(self, name, value)
        return True

    def _change_players(self, value) -> bool:
        preset, _, count = str(value).partition(":")
        if preset not in PRESETS or preset == DEFAULT_PRESET or not count.isdecimal() or len(count) > 2:
            return False
        rules, players = PRESETS[preset], int(count)
        if not rules.min_players <= players <= rules.max_players or self.players.get(preset) == players:
            return False
        self.players = {**self.players, preset: players}
        return True


def seats(preset: str, table: int, people: int) -> int:
    """How many sit at a ``preset`` table of ``table`` seats that ``people`` share: it grows to
    seat them all, up to the rulebook's limit.

    >>> seats("aggravation", 3, 1), seats("aggravation", 3, 4), seats("aggravation", 5, 6), seats("contract", 3, 6)
    (3, 4, 5, 6)
    """
    return min(max(table, people), PRESETS[preset].max_players)


def bots_range(preset: str, people: int) -> tuple[int, int]:
    """The fewest and the most bots that may join ``people`` at a ``preset`` table: enough for
    the rulebook's least players, no more than its most (people past its most do not play).

    >>> bots_range("aggravation", 2), bots_range("aggravation", 3), bots_range("aggravation", 6), bots_range("contract", 2)
    ((1, 3), (0, 2), (0, 0), (1, 6))
    """
    rules = PRESETS[preset]
    seated = min(people, rules.max_players)
    return max(0, rules.min_players - seated), rules.max_players - seated


def house_rules(names: Iterable) -> tuple[str, ...]:
    """The known house-rule names among ``names``, once each, in HOUSE_RULES order."""
    wanted = {n for n in names if isinstance(n, str)}
    return tuple(name for name in HOUSE_RULES if name in wanted)


def parse_house(text: Optional[str]) -> Optional[tuple[str, ...]]:
    """``?house=ace_wrap,wild_swap`` as names (unknown ones dropped); None when absent."""
    if text is None:
        return None
    return house_rules(part.strip() for part in text.split(","))
