"""What a tap on pass-and-play's screens does: show the next person's hand, claim the discard or
not. ``NEEDS_GAME`` lists them by ``data-act`` for dispatch.py; the work is the session's
(session/passing.py).
"""
from __future__ import annotations

from typing import Callable

from ...session import passing
from ...session.session import Session

NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "show": lambda s, _: passing.show(s),
    "claim-toggle": lambda s, arg: passing.toggle_claim(s, arg),
    "claims-done": lambda s, _: passing.claims_done(s),
}
