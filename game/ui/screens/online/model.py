"""The lobby as plain data: the room's code (the page makes the link and its QR code of it), the
seats as they will be dealt, the bots' level, what the host can do.
"""
from __future__ import annotations

from typing import Any

from game.rules import DEFAULT_PRESET, PRESETS

from ...session.online import host_name
from ...session.session import LEVEL_NAMES, Session, bot_levels
from ...store.settings import NAME_LENGTH, TURN_LABELS, seats
from ...words import LEVELS, RULEBOOK_NAMES
from ..parts import button_model

Model = dict[str, Any]


def table_size(s: Session, people: int) -> int:
    """How many will sit at the table dealt now: as Session.start decides it."""
    preset = s.settings.rulebook
    table = bot_levels()[s.room.level] + 1 if preset == DEFAULT_PRESET else s.settings.players_for(preset)
    return seats(preset, table, people)


def lobby_model(s: Session, seat: int = 0) -> Model:
    """The lobby as ``seat`` sees it: the host (0) runs it, a guest waits in it."""
    room = s.room
    host = host_name(s)
    people = [{"name": host, "note": "host" + (" · you" if seat == 0 else ""), "here": True}]
    people += [{"name": g.name, "note": "you" if g.seat == seat else ("here" if g.seat in room.here else "away"),
                "here": g.seat in room.here} for g in room.guests]
    size = table_size(s, len(people))
    bots = max(0, size - len(people))
    preset = s.settings.rulebook
    return {
        "host": seat == 0, "code": room.code, "host_name": host, "message": s.ui.message if seat == 0 else "",
        "rulebook": RULEBOOK_NAMES[preset],
        "people": people,
        "bots": f"{bots} {LEVEL_NAMES[room.level]} bot{'s' if bots != 1 else ''}" if bots else "",
        "full": len(people) >= PRESETS[preset].max_players,
        "rulebooks": [{"value": key, "label": RULEBOOK_NAMES[key], "on": key == preset} for key in PRESETS],
        "levels": [{"value": key, "label": label, "on": key == room.level} for key, label, _, _ in LEVELS],
        "turns": [{"value": key, "label": label, "on": key == s.settings.turn} for key, label in TURN_LABELS.items()],
        "name_limit": NAME_LENGTH,
        "start": button_model("online-start", f"▶ Start the game ({size} players)", style="primary"),
        "close": button_model("online-close", "Close the table"),
    }
