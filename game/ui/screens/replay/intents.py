"""What a tap on the replay does: open it (game over), step through it (⏮ ◀ ▶ ⏭, ←/→, a deal's
chip) and close it. ``move_replay`` is shared with the past games' replay (library/) and the
hand's ←/→ (table/hand.py).
"""
from __future__ import annotations

from typing import Callable

from ...session.session import Session
from ...words import CANNOT_REPLAY
from .steps import GameReplay, ReplayError


def open_replay(s: Session, _: str) -> None:
    """▶ Replay the last deal (game over): the game's replay (steps.GameReplay) opens on its final
    deal as dealt, so it tells the deal from its start (a replay opened near its end reads as a
    page torn from the middle); ⏭ is one tap away for how it ended, ◀ ▶ walk on into the other deals."""
    if not s.state.is_over or s.log is None:
        return
    try:
        replay = GameReplay(s.log)
    except ReplayError:
        replay = None
    if replay is None or not replay.matches(s.state):
        s.say(CANNOT_REPLAY, "error")
        return
    replay.go(0)
    s.ui.replay = replay
    s.say("")


# ⏮ ◀ ▶ ⏭: ⏮ and ⏭ go to either end of the deal on show; ◀ and ▶ one move, across deals.
REPLAY_MOVES: dict[str, Callable[[GameReplay], object]] = {
    "start": lambda r: r.go(0), "back": GameReplay.back,
    "forward": GameReplay.forward, "end": lambda r: r.go(len(r)),
}


def move_replay(replay: GameReplay, act: str, arg: str) -> None:
    """A replay control: ``replay-go`` (⏮ ◀ ▶ ⏭ by name), ``step`` (←/→: '-1' or '1') or
    ``replay-deal`` (a deal's number: that deal as dealt). Anything else means nothing. A deal that
    cannot be replayed (a damaged log: never one the game played or imported) raises ReplayError."""
    if act == "step":
        arg = {"-1": "back", "1": "forward"}.get(arg)
    if act == "replay-deal":
        if arg.isdecimal():
            replay.show(int(arg), 0)
            replay.moved_by_player = True
        return
    if arg in REPLAY_MOVES:
        REPLAY_MOVES[arg](replay)
        replay.moved_by_player = True


def replay_go(s: Session, arg: str) -> None:
    """A replay control (or ←/→): one step back or on (across deals), or to either end of the deal."""
    if s.ui.replay is not None:
        move_replay(s.ui.replay, "replay-go", arg)
        s.ui.shared = None                 # a link shown is for where it was asked: it goes as the replay moves


def replay_deal(s: Session, arg: str) -> None:
    """A deal's chip in the replay: that deal as dealt."""
    if s.ui.replay is not None:
        move_replay(s.ui.replay, "replay-deal", arg)
        s.ui.shared = None


def close_replay(s: Session, _: str) -> None:
    """Back to the game-over screen."""
    s.ui.replay = None


NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "replay": open_replay,
    "replay-go": replay_go,
    "replay-deal": replay_deal,
    "replay-close": close_replay,
}
