"""Pass-and-play: several people share one device, and no hand shows while another could look.

The rule is one flag, ``ui.veiled``, and one seat, ``Session.seat`` (whose hand the table
shows). The table shows that hand only once its owner has tapped "show my hand", and keeps it
through the bots' turns that follow (its owner still holds the device). The veil falls again
whenever anyone else may be looking:

- another person is to move: the pass screen ("Pass to Ana"), no hand in it;
- people may claim the discard: one public claims screen, each person taps to claim as they
  would say "mine" at a real table; the bots claim blind, and the engine's seat order decides;
- a new deal: every hand is new, seen by its owner first.

A deal's end shows every hand as a solo game does: that is public at a real table too.
"""
from __future__ import annotations

from typing import Optional

from game.state import Phase

from . import offer as steal_offer
from ..words import claim_words, event_text


def pass_to(s) -> Optional[int]:
    """The person the device must go to before the table shows anything private, or None."""
    if s.people <= 1 or s.state is None or s.ui.screen != "table" or s.ui.elsewhere:
        return None
    seat = s.state.current_player
    if not s.person(seat) or s.state.phase is Phase.CLAIMS:
        return None
    return seat if s.ui.veiled or seat != s.seat else None


def claimers(s) -> list[int]:
    """The people still to say whether they claim the discard (in the engine's order), while
    the claim waits for them; [] otherwise."""
    if s.people <= 1 or s.state is None or s.ui.screen != "table" or s.ui.elsewhere \
            or s.state.phase is not Phase.CLAIMS or not s.person(s.state.current_player):
        return []
    return [seat for seat in s.state.claimants if s.person(seat)]


def hidden(s) -> bool:
    """Whether the table must show no hand now (pass-and-play only)."""
    return s.people > 1 and (s.ui.veiled or pass_to(s) is not None or bool(claimers(s)))


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
    """The person the device went to taps to see their hand."""
    seat = pass_to(s)
    if seat is None:
        return False
    if seat != s.seat:                    # another hand: nothing of the last one's carries over
        s.ui.order = s.ui.frames = s.ui.selected = s.ui.end_for = s.ui.extra = None
        s.ui.digging = False
    s.seat, s.ui.veiled = seat, False
    s.say("")
    return True


def toggle_claim(s, arg: str) -> bool:
    """A person taps their name on the claims screen: claiming, or not any more."""
    seat = next((n for n in claimers(s) if str(n) == arg), None)
    if seat is None:
        return False
    s.ui.claiming = set(s.ui.claiming or ()) ^ {seat}
    return True


def claims_done(s) -> bool:
    """Every person has said: the claims go to the engine with the bots' (blind), seat order
    decides, and the table says what became of the discard. The veil falls: the claims were
    made in front of everyone."""
    seats = claimers(s)
    if not seats or s.sync_before_tap():
        return False
    chosen = set(s.ui.claiming or ()) & set(seats)
    answers = {seat: steal_offer.STEAL if seat in chosen else steal_offer.PASS for seat in seats}
    events, before = len(s.state.events), s.state.phase
    s._gather(answers)
    s.ui.claiming, s.ui.veiled = None, True
    claimed = next((e for e in s.state.events[events:] if e.kind == s.state.rules.claim_event), None)
    s.say(event_text(claimed, s.names) if claimed else f"No one {claim_words(s.state.rules).past} the discard")
    s._ended(before)
    s.save()
    return True
