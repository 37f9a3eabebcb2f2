"""What a tap on pass-and-play's pass screen does: show the next person's hand. ``NEEDS_GAME``
lists it by ``data-act`` for dispatch.py; the work is the session's (session/passing.py). A claim
is answered on the table with the table's own 🫳 / "Let it go" buttons, once the hand shows.
"""
from __future__ import annotations

from typing import Callable

from ...session import passing
from ...session.session import Session

NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "show": lambda s, _: passing.show(s),
}
