"""Two tabs, one game: a tab follows the other tab's further moves, or asks the player.

The browser tells a tab when ANOTHER tab wrote localStorage (the ``storage``
event, heard by assets/page/storage.js); the session then reads the slot once and compares:

- the same game, further on, holding all of this tab's moves: play them here
  (``_catch_up``), quietly unless the player's own moves were among them;
- this tab further on, holding all of the slot's moves: write this tab's game, unless the slot's
  has more ↶ take-backs (the other tab took moves back: take its game, takeback.py);
- anything else (a different game, or moves that differ): this tab stops (no
  bots, no moves) and asks: "▶ Play here" or take the other tab's game. Either
  way the game that gives way is kept among the games kept, so nothing is lost.

A write checks the slot first (``save``), so a stale tab never overwrites a
newer save; before a tap, the tab checks too, so the player never plays on an
old table. Bots are seeded per move, so two tabs running the clock write the
same moves: that is "the same game", not a conflict. Only the clock's own last
move (a bot's, a lapsed steal offer) may give way silently to the other tab's.
"""
from __future__ import annotations

from typing import Optional

from game.log import GameLog
from game.state import IllegalAction

from ..store.saves import Record, load, moves_of, read_log, shared
from ..words import FOLLOWED, MOVED_ON


class OtherTabs:
    """Session methods for the slot another tab may write (Session inherits them)."""

    def sync(self) -> bool:
        """Another tab may have written the slot: follow it when it is this game, further on;
        otherwise wait for the player's say. True if anything changed. Never raises."""
        try:
            stored = self.saves.slot()
            if stored == self.saves.seen:
                return False
            if self.log is None:
                return self._adopt_quietly(stored)
            if stored is None:               # the slot was emptied under us: put the game back
                if not self.ui.elsewhere:
                    self._write()
                return False
            before = (self.game, self.token(), self.ui.elsewhere)
            self.ui.elsewhere = ""
            if not self._reconcile(stored, automatic=False):
                self._write()
            return (self.game, self.token(), self.ui.elsewhere) != before
        except Exception:  # noqa: BLE001 (never crash, never stuck: the player decides)
            self.ui.elsewhere = "same"
            return True

    def sync_before_tap(self) -> bool:
        """A tap is about to count: if another tab moved the game on, show where it stands instead
        (the tap was meant for the old table, so it is not played). True if it did."""
        if not self.sync():
            return False
        if not self.ui.elsewhere and not self.ui.message:
            self.say(MOVED_ON)
        return True

    def _adopt_quietly(self, stored: Optional[str]) -> bool:
        """No game here: take the other tab's, staying on this screen; nothing if it is unreadable."""
        if not stored:
            return False
        try:
            record, log, state = load(stored)
        except Exception:  # noqa: BLE001 (this tab did not write it; its next boot sets it aside)
            return False
        self._adopt(record, log, state, stored, self.ui.screen)
        return True

    def _reconcile(self, stored: str, automatic: bool) -> bool:
        """The slot holds another tab's write. True if handled here (followed it, or now waiting
        for the player); False if this tab's game holds all of it and should be written."""
        try:
            theirs = Record.from_json(stored)
            their_log = read_log(theirs.log)
        except Exception:  # noqa: BLE001 (not a game at all: keep it aside, write ours)
            self.saves.set_aside(stored)
            return False
        if theirs.game != self.game:
            if self.state.is_over:           # ours is finished and kept: play theirs
                return self._replace(stored)
            self.ui.elsewhere = "other"
            return True
        ours, their_moves = moves_of(self.log), moves_of(their_log)
        common = shared(ours, their_moves)
        if common == len(their_moves):       # theirs is ours, or ours further on
            if common == len(ours):
                self.saves.seen = stored
                return True
            if theirs.takebacks > self.takebacks:   # no older copy: the other tab took moves back (↶)
                return self._replace(stored)
            return False
        if common == len(ours):              # theirs is further on: catch up
            return self._catch_up(their_log, stored)
        if automatic and len(ours) - common == 1:   # only the clock's last move differs: theirs stands
            return self._replace(stored)
        self.ui.elsewhere = "same"
        return True

    def _catch_up(self, their_log: GameLog, stored: str) -> bool:
        """Play the other tab's further moves here (cheaper than a replay); say so if they were
        the player's own."""
        played = False
        for action in their_log.actions[len(self.log.actions):]:
            played = played or self.state.current_player is None or self.person(self.state.current_player)
            try:
                self.log.play(self.state, action)
            except IllegalAction:
                return self._replace(stored)
        self.saves.seen = stored
        if played:
            self.ui.selected = self.ui.end_for = None
            self.ui.frames = None
            self.say(FOLLOWED)
        return True

    def _replace(self, stored: str) -> bool:
        """This tab's game gives way to the slot's, on the same screen."""
        try:
            record, log, state = load(stored)
        except Exception:  # noqa: BLE001
            self.ui.elsewhere = "same"
            return True
        self._adopt(record, log, state, stored, self.ui.screen)
        return True

    def play_here(self) -> None:
        """The player's say: this tab's game goes into the slot. The slot's game, if this one does
        not hold all of its moves, is kept among the games kept first."""
        if self.log is None:
            return
        stored = self.saves.slot()
        try:
            theirs = Record.from_json(stored)
            their_moves = moves_of(read_log(theirs.log))
            contained = theirs.game == self.game and shared(moves_of(self.log), their_moves) == len(their_moves)
            if not contained and not theirs.over:
                self.saves.keep(theirs, "replaced")
        except Exception:  # noqa: BLE001 (nothing readable to keep)
            pass
        self.ui.elsewhere = ""
        self._write()

    def play_theirs(self) -> None:
        """The player's say: play the other tab's game here. This tab's, if unfinished and not
        contained in it, is kept first."""
        stored = self.saves.slot()
        try:
            record, log, state = load(stored)
        except Exception:  # noqa: BLE001 (nothing to play there: keep playing here)
            self.play_here()
            return
        mine = moves_of(self.log) if self.log else []
        if self.log is not None and not self.state.is_over and not (
                record.game == self.game and shared(mine, moves_of(log)) == len(mine)):
            self.saves.keep(self._record(), "replaced")
        self._adopt(record, log, state, stored, self.ui.screen)
