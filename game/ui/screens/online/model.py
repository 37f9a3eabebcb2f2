"""The lobby as plain data: the room's code (the page makes the link and its QR code of it), the
seats as they will be dealt, the bots' level, what the host can do.
"""
from __future__ import annotations

from typing import Any

from game.i18n import _, ngettext, shown
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


def join_model(s: Session) -> Model:
    """What a device with no seat is told before it asks a name (protocol ``table``): whose table,
    which rules, which bots, how many seats are taken; once the game is on, the seats by name (a
    friend on a new device asks for theirs)."""
    room = s.room
    level = next(label for key, label, *_ in LEVELS if key == room.level)
    started = room.started and s.state is not None
    taken = 1 + len(room.guests)
    size = s.state.players if started else PRESETS[s.settings.rulebook].max_players   # the lobby seats up to the book's most
    return {"host": shown(host_name(s)), "rulebook": RULEBOOK_NAMES[s.log.preset if started else s.settings.rulebook],
            # Translators: the bots' level, with its icon ("🧭 Scout bots"), on the join page.
            "bots": _("{level} bots").format(level=level), "taken": taken, "seats": max(size, taken), "started": started,
            "people": [{"seat": g.seat, "name": g.name} for g in room.guests] if started else []}


def asks_model(s: Session) -> list[Model]:
    """What the host is asked to decide, on its own screens (table or lobby): each a sentence and
    its answers (``online-ask`` "<id>:<verdict>", Room.answer)."""
    if s.room is None or s.seat != 0:
        return []
    out = []
    for ask in s.room.asks:
        if ask.verdict:
            continue
        if ask.kind == "seat":
            text = _("🔑 Someone on a new device says they are {name}. Give them {name}’s seat? "
                     "Their cards stay as they are; the other device is told.").format(name=ask.name)
            answers = [("give", _("Give it to them")), ("keep", _("No"))]
        else:
            text = _("🔁 {name}’s seat moved to another device.").format(name=ask.name)
            answers = [("ok", _("OK")), ("back", _("Move it back"))]
        out.append({"text": text, "buttons": [button_model("online-ask", label, arg=f"{ask.id}:{verdict}",
                                                          style="primary" if n == 0 else "")
                                              for n, (verdict, label) in enumerate(answers)]})
    return out


def lobby_model(s: Session, seat: int = 0) -> Model:
    """The lobby as ``seat`` sees it: the host (0) runs it, a guest waits in it."""
    room = s.room
    host = host_name(s)
    people = [{"name": host, "note": _("host · you") if seat == 0 else _("host"), "here": True, "seat": 0}]
    people += [{"name": g.name, "note": _("you") if g.seat == seat else (_("here") if g.seat in room.here else _("away")),
                "here": g.seat in room.here, "seat": g.seat} for g in room.guests]
    size = table_size(s, len(people))
    bots = max(0, size - len(people))
    preset = s.settings.rulebook
    return {
        "host": seat == 0, "code": room.code, "host_name": host, "message": s.ui.message if seat == 0 else "",
        "rulebook": RULEBOOK_NAMES[preset],
        "people": people,
        "bots": ngettext("{n} {level} bot", "{n} {level} bots", bots).format(n=bots, level=LEVEL_NAMES[room.level]) if bots else "",
        "full": len(people) >= PRESETS[preset].max_players,
        "rulebooks": [{"value": key, "label": RULEBOOK_NAMES[key], "on": key == preset} for key in PRESETS],
        "levels": [{"value": key, "label": label, "on": key == room.level} for key, label, _, _ in LEVELS],
        "turns": [{"value": key, "label": _(label), "on": key == s.settings.turn} for key, label in TURN_LABELS.items()],
        "name_limit": NAME_LENGTH,
        "start": button_model("online-start", _("▶ Start the game ({n} players)").format(n=size), style="primary"),
        "close": button_model("online-close", _("Close the table")),
        "named": bool(s.settings.names and s.settings.names[0]),   # else the field asks for it (once: it is kept)
        "asks": asks_model(s) if seat == 0 else [],
    }
