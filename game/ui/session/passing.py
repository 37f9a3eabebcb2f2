"""Pass-and-play: several people share one device, and no hand shows while another could look.

The rule is one flag, ``ui.veiled``, and one seat, ``Session.seat`` (whose hand the table
shows). The table shows that hand only once its owner has tapped "show my hand", and keeps it
through the bots' turns that follow (its owner still holds the device). The veil falls again
whenever anyone else may be looking:

- another person is to move: the pass screen ("Pass to Ana"), no hand in it;
- another person may claim the discard: the same pass screen, then that person's own hand with
  the discard and 🫳 / "Let it go", as at a real table where each looks at their own cards before
  saying "mine". People are asked one at a time in the engine's claim order (the soonest after
  the discarder first); the bots claim blind; no one learns another's answer before the claim is
  settled, and a person whose claim could no longer win (one sooner in the order claimed) is not
  asked (session/clock.py ``_gather``);
- a new deal: every hand is new, seen by its owner first.

A deal's end shows every hand as a solo game does: that is public at a real table too.
"""
from __future__ import annotations

from typing import Optional

from game.state import Phase


def pass_to(s) -> Optional[int]:
    """The person the device must go to before the table shows anything private, or None: the
    person to move, or to say whether they claim the discard."""
    if s.people <= 1 or s.online or s.state is None or s.ui.screen != "table" or s.ui.elsewhere:
        return None
    seat = s.state.current_player
    if not s.person(seat):
        return None
    return seat if s.ui.veiled or seat != s.seat else None


def asked(s) -> Optional[int]:
    """The person asked now whether they claim the discard (the engine waits for them), or None."""
    if s.people <= 1 or s.state is None or s.state.phase is not Phase.CLAIMS:
        return None
    seat = s.state.current_player
    return seat if s.person(seat) else None


def hidden(s) -> bool:
    """Whether the table must show no hand now (pass-and-play only)."""
    return s.people > 1 and not s.online and (s.ui.veiled or pass_to(s) is not None)


def saw(s) -> None:
    """The table is drawn: the person whose hand it shows has seen the game up to here (the pass
    screen tells them what happened since)."""
    if s.people > 1 and s.state is not None and s.ui.screen == "table" and not hidden(s):
        s.ui.seen[s.seat] = (s.state.deal_number, len(s.state.events))


def since(s, seat: int) -> tuple[list, bool]:
    """The events of this deal since ``seat`` last looked (all of the deal's, after a reload or a
    new deal), and whether they are all: (events, from the deal's start)."""
    seen = s.ui.seen.get(seat)
    if seen is None or seen[0] != s.state.deal_number:
        return list(s.state.events), True
    return list(s.state.events[seen[1]:]), False


def show(s) -> bool:
    """The person the device went to taps to see their hand. Nothing of the last hand's carries
    over (a card picked, frames); each person's own arrangement of their hand is kept for them
    while the device is away (a claim asked in the middle of a turn gives it back as it was)."""
    seat = pass_to(s)
    if seat is None:
        return False
    if seat != s.seat:
        s.ui.orders[s.seat] = s.ui.order
        s.ui.order = s.ui.orders.pop(seat, None)
        s.ui.frames = s.ui.selected = s.ui.end_for = s.ui.extra = s.ui.history = None
        s.ui.digging = False
    s.seat, s.ui.veiled = seat, False
    s.say("")
    return True
