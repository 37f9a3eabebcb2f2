"""Sound and touch: what just happened at the table, as the page's short cues.

Each frame names the cues of what changed since the frame before it (``Cues.heard``): the
person's turn coming round, a draw, a discard, an offer to claim one, a steal or buy, going
down, going out and a deal's end. The page plays them (assets/page/sound.js: tones made with
Web Audio, nothing fetched; a buzz where the device has one). Reading the change, not each move
as it is made, keeps cues in step with what the eye sees: a frame that shows three moves at
once (a reload, another tab) says nothing, as it shows nothing happening.

>>> cues = Cues()
>>> cues.event_cues(["drew", "discarded", "stole", "laid_off"])
['draw', 'discard', 'claim']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional

from game.state import Phase

from . import narration

# The engine's public events (game/tabletop.py Event.kind) that have a cue, and the cue.
EVENT_CUES = {"drew": "draw", "took": "draw", "swapped": "draw", "discarded": "discard", "stole": "claim",
              "bought": "claim", "went_down": "down", "laid_down": "down", "went_out": "out"}
# Frames that show more than this many new events are a catch-up (a reload, another tab's moves):
# their events are not cued one by one.
CATCH_UP = 6
# Cues that also buzz, where the device can: the moments that ask something of the person.
BUZZ = ("turn", "offer")


@dataclass
class Cues:
    """What the last frame showed, to tell what the next one adds."""

    seen: Optional[tuple] = None          # (game, deal, events shown)
    turn: Optional[tuple] = None          # (game, deal, seat) while it is the person's turn
    offered: Optional[int] = None         # the token of the 🫳 offer last cued
    ended: Optional[tuple] = None         # the deal whose end was last cued

    told: str = ""                        # this frame's words for a screen reader (narration.py)
    said: narration.Said = field(default_factory=narration.Said)  # what those words last told
    moment: Optional[dict] = None         # an online guest's: the last moment heard (``for_guest``)

    def heard(self, s) -> list[str]:
        """The cues of this frame for the person on show, in order; none for a screen with no game.
        ``told`` holds the same moments in words, for the page's live region."""
        state = s.state
        self.told = ""
        if state is None or s.ui.screen != "table":
            self.seen = None
            return []
        now = (s.game, state.deal_number, len(state.events))
        fresh = self._fresh(now, state.events)
        self.seen = now
        out = self.event_cues(e.kind for e in fresh) + self._moments(s, state)
        self.told = narration.told(s, fresh, out, self.said)
        return out

    def _fresh(self, now: tuple, events: list) -> list:
        """The events this frame newly shows (none on a first frame, a new deal or a catch-up)."""
        if self.seen is None or self.seen[:2] != now[:2]:
            return []
        fresh = events[self.seen[2]:]
        return [] if len(fresh) > CATCH_UP else fresh

    @staticmethod
    def event_cues(kinds: Iterable[str]) -> list[str]:
        return [EVENT_CUES[k] for k in kinds if k in EVENT_CUES]

    def _moments(self, s, state) -> list[str]:
        out = []
        deal = (s.game, state.deal_number)
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            if self.ended != deal:
                self.ended = deal
                out.append("end")
            return out
        turn = (s.game, state.deal_number, s.seat) if s.my_turn() else None
        if turn is not None and turn != self.turn:     # their own moves go on in the same turn
            out.append("turn")
        self.turn = turn
        offer = s.offer()
        if offer is not None and not offer.answer and offer.token != self.offered:
            self.offered = offer.token
            out.append("offer")
        return out



    def for_guest(self, s) -> dict:
        """An online guest's frame fields: the last moment that had cues or words, numbered
        (``at``). The host sends a guest the same text again when nothing changed (a refused tap,
        a line back): the guest's page sounds a moment once, the first time its number comes, so
        an unchanged screen stays the same text and is never heard twice."""
        cues = self.heard(s)
        if cues or self.told:
            self.moment = {"cues": cues, "narrate": self.told, "at": (self.moment or {"at": 0})["at"] + 1}
        return self.moment or {}


def loudness(settings) -> dict:
    """The frame's ``sound`` (a SOUND_LABELS level, or "mute") and ``buzz`` (vibrate on BUZZ cues):
    the page turns the level into a volume (assets/page/drawing.js VOLUMES). A guest's page reads
    the same from its own device's settings (assets/page/guest.js)."""
    return {"sound": "mute" if settings.mute == "on" else settings.sound, "buzz": settings.buzz == "on"}
