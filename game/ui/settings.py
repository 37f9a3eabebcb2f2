"""Player settings: how long 🫳 Steal stays offered and how fast the bots play.

Stored as JSON text; anything unreadable falls back to the defaults. URL
overrides (``?speed=0``, ``?steal=wait``) apply to the session only.

>>> s = Settings.from_json('{"steal": "long", "speed": "fast"}')
>>> s.claim_ms(), s.bot_delay_ms()
(9000, 350)
>>> Settings.from_json("not json").steal
'short'
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Optional

SETTINGS_KEY = "aggravation.settings"

STEAL_TIMERS = {"off": 0, "short": 4500, "long": 9000, "wait": None}
STEAL_LABELS = {"off": "Off", "short": "Short", "long": "Long", "wait": "Wait for me"}
BOT_SPEEDS = {"slow": 1400, "normal": 800, "fast": 350, "instant": 0}
SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}


@dataclass
class Settings:
    steal: str = "short"
    speed: str = "normal"

    def claim_ms(self) -> Optional[int]:
        """How long the steal offer stays up; None waits for the player; 0 never offers."""
        return STEAL_TIMERS.get(self.steal, STEAL_TIMERS["short"])

    def bot_delay_ms(self) -> int:
        return BOT_SPEEDS.get(self.speed, BOT_SPEEDS["normal"])

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: Optional[str]) -> Settings:
        try:
            data = json.loads(text or "{}")
        except ValueError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        settings = cls()
        settings.change("steal", data.get("steal"))
        settings.change("speed", data.get("speed"))
        return settings

    def change(self, name: str, value) -> bool:
        """Set one setting if the value is known; True if it changed."""
        allowed = STEAL_TIMERS if name == "steal" else BOT_SPEEDS if name == "speed" else {}
        if value not in allowed or getattr(self, name) == value:
            return False
        setattr(self, name, value)
        return True
