"""What a tap at the end of a deal does: one step on (the hands, the scores, the next deal).
``NEEDS_GAME`` lists them by ``data-act`` for dispatch.py.
"""
from __future__ import annotations

from typing import Callable

from game.state import Phase

from ...session.session import Session
from ..start.intents import to_menu


def next_deal(s: Session, _: str) -> None:
    if s.state.phase is Phase.DEAL_OVER:
        s.ui.order = None               # a new hand: arranged afresh
        s.next_deal()


def onward(s: Session, _: str) -> None:
    """N: the end of a deal, one step on (the hands, the scores, the next deal)."""
    if s.ui.ending == "play":
        s.reveal(to="hands")
    elif s.ui.ending == "hands":
        s.reveal(to="")
    elif s.state.phase is Phase.DEAL_OVER:
        next_deal(s, "")
    elif s.state.phase is Phase.GAME_OVER:
        to_menu(s, "")


def show_scores(s: Session, _: str) -> None:
    """From everyone's cards at the end of a deal (or its going-out play) to the scores."""
    s.reveal(to="")


NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "onward": onward,
    "next": next_deal,
    "scores": show_scores,
}
