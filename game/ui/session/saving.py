"""The session's saving: the slot a game is written to after every move, resuming it, setting
aside a save that cannot be played, and keeping a game that is replaced or finished.

A mixin of ``Session`` (session.py): it reads and writes the session's fields. Storage itself
(the slot's format, the games kept) is store/saves.py; another tab's writes are tabs.py.
"""
from __future__ import annotations

from typing import Optional

from game.log import GameLog
from game.state import GameState, Phase

from ..store.kept import facts_of
from ..store.saves import Record, SaveError, load
from ..store.settings import SETTINGS_KEY
from ..words import CANNOT_SAVE, UNREADABLE_SAVE
from .frames import restore
from .screen_state import HUMAN, Ui


class Saving:
    """Session methods for the save slot: resume, save, set aside, keep."""

    def resume(self) -> bool:
        """Load the saved game; True if resumed. Never raises: whatever the slot holds that cannot
        be played (bad JSON, wrong types, huge numbers, deep nesting, unknown rules, another
        version) is set aside, with a copy to download, and the player is told in one sentence."""
        text = self.saves.slot()
        if not text:
            return False
        try:
            record, log, state = load(text)
            self._adopt(record, log, state, text)
        except Exception as error:  # noqa: BLE001 (the boundary: any failure means "unreadable")
            self.set_aside(text, error)
            return False
        self._reopen_frames(record)
        self._reopen_order(record)
        self.reopen_take_backs()
        return True

    def _reopen_frames(self, record: Record) -> None:
        """The frames the player was filling when the page closed, if they still fit the hand."""
        try:
            if record.frames and self.my_turn() and self.state.phase is Phase.PLAY \
                    and not self.state.seats[self.seat].down:
                self.ui.frames = restore(record.frames, self.state.seats[self.seat].hand,
                                         self.state.contract_of(self.seat).melds)
        except Exception:  # noqa: BLE001 (odd frames cost the frames, never the game)
            self.ui.frames = None
        self._framed = self._frames_data()

    def _reopen_order(self, record: Record) -> None:
        """The hand as the player had arranged it, if the saved keys are all cards of the hand
        (no duplicates: saves.order_field); else the hand shows sorted, the game goes on."""
        held = {card.key for card in self.state.seats[self.seat].hand}
        order = record.order
        self.ui.order = list(order) if order and set(order) <= held and len(set(order)) == len(order) else None
        self._ordered = self._order_data()

    def set_aside(self, text: Optional[str], error: BaseException) -> None:
        """The slot's game cannot be played: move it aside, say so, show the start screen."""
        self.saves.set_aside(text if text is not None else "", why(error))
        self.state = self.log = None
        self.bots = {}
        self.ui = Ui(sort=self.ui.sort, alert=self.ui.alert, notice=UNREADABLE_SAVE, reason=why(error))

    def say_set_aside(self) -> None:
        """A new game opened before the start screen could say why there was no game to resume (a
        level tapped while the game loaded, an address that names a deal): its table says it,
        with the copy to download, until dismissed."""
        if self.saves.aside is not None and self.state is not None and self.ui.screen == "table":
            self.ui.aside = self.saves.why

    def _adopt(self, record: Record, log: GameLog, state: GameState, text: str, screen: str = "table") -> None:
        self.log, self.state, self.game = log, state, record.game
        self._begin(record.level, screen, people=min(record.people, state.players))
        self.hints, self.takebacks = record.hints, record.takebacks
        self.saves.seen = text

    def _record(self) -> Record:
        return Record(self.game, self.level, self.log.to_json(), len(self.log.actions), self.tab,
                      self.state.is_over, self._frames_data(), self._order_data(), self.people,
                      self.hints, self.takebacks)

    def _frames_data(self) -> Optional[dict]:
        if self.online and self.seat != HUMAN:   # an online guest's frames are theirs: the save keeps the host's
            return self._framed
        return self.ui.frames.to_data() if self.ui.frames is not None and self.state is not None else None

    def _order_data(self) -> Optional[list]:
        """The arrangement as the save holds it: only keys of cards still in the hand (a card
        played since then drops out), None when there is none (sorted)."""
        if self.online and self.seat != HUMAN:
            return self._ordered
        if self.ui.order is None or self.state is None:
            return None
        held = {card.key for card in self.state.seats[self.seat].hand}
        return [key for key in self.ui.order if key in held] or None

    def keep_frames(self) -> None:
        """After a tap: the frames or the hand's arrangement changed (a card placed or taken
        back, frames opened or closed, a card moved, a sort): write them with the game, so a
        reload keeps them. Nothing is written when neither did."""
        if self.log is not None and (self._frames_data() != self._framed or self._order_data() != self._ordered):
            self.save()

    def save(self, automatic: bool = False) -> None:
        """Write the game to the slot after a move, unless another tab moved it on meanwhile: then
        catch up with that tab, or wait for the player's say (``ui.elsewhere``). ``automatic``:
        the move was the clock's (a bot's, a lapsed steal offer), not this tab's player's."""
        if self.log is None or self.ui.elsewhere:
            return
        stored = self.saves.slot()
        if stored is not None and stored != self.saves.seen and self._reconcile(stored, automatic):
            return
        self._write()

    def _write(self) -> None:
        record = self._record()
        self._framed, self._ordered = record.frames, record.order
        self.saves.write_slot(record.to_json())
        if record.over:
            self.saves.keep(record, "finished", facts=facts_of(self.state, self.log.preset, self.people))
        if self.saves.news_of_refusal():
            self.ui.alert = CANNOT_SAVE

    def store_settings(self) -> None:
        self.saves.put(SETTINGS_KEY, self.settings.to_json())
        if self.saves.news_of_refusal():
            self.ui.alert = CANNOT_SAVE

    def _keep_unfinished(self, end: str) -> None:
        """Keep the slot's game and this tab's, if unfinished, before something replaces them;
        what the slot holds that is no game this version reads goes aside, never under the new one."""
        text = self.saves.slot()
        try:
            stored = Record.from_json(text)
        except SaveError as error:
            stored = None
            if text:
                self.saves.set_aside(text, why(error))
        if stored is not None and not stored.over and stored.game != self.game:
            self.saves.keep(stored, end)
        if self.log is not None and not self.state.is_over:
            self.saves.keep(self._record(), end)


def why(error: BaseException) -> str:
    """Why a save could not be played, in brief: the technical reason, for a report."""
    return f"{type(error).__name__}: {error}"[:300]
