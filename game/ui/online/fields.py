"""What a host's frame adds for its page about the online table (online/host.py keeps the table):
the room to keep open, the texts to send each guest, the lines to close, the refusals to log.
"""
from __future__ import annotations

from typing import Optional

from ..session import online
from .host import Host


def quiet_fields(host: Host) -> Optional[dict]:
    """The frame for a guest's message that changed nothing: the online fields alone (no HTML:
    the page leaves the host's table as it is, and its timers run on), or None with nothing to
    send."""
    peers, drop = host.take_quietly()
    refusals, host.refusals = host.refusals, []
    if not (peers or drop or refusals):
        return None
    return {"online": room_field(host.s), "peers": peers, "drop": drop, "refusals": refusals}


def room_field(s) -> Optional[dict]:
    """The room for the page to keep open (None: close it), and when to draw again unasked."""
    return None if s.room is None else {"code": s.room.code, "recheck": online.recheck_ms(s)}


def frame_fields(host: Host) -> dict:
    """What a host's frame adds for the page: the room to keep open (None: close it), the texts to
    send, the connections to close, and why messages were refused (for the console)."""
    s = host.s
    if s.room is None and not (host.open or host.seats or host.out):
        return {}                            # no table, and the page was told so
    peers, drop = host.take()
    room = room_field(s)
    refusals, host.refusals = host.refusals, []
    host.open = s.room is not None
    return {"online": room, "peers": peers, "drop": drop, "refusals": refusals}
