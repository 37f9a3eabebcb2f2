"""Follow the guided deal's coach as a newcomer would: do what each tip points at."""
from __future__ import annotations

from game.state import Phase
from game.ui.session import coach
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.store.settings import Settings
from support import MemoryStore


def worst_card(s: Session):
    """The card a newcomer throws: the highest in points that no meld needs (wilds kept)."""
    rules = s.state.rules
    hand = [c for c in s.state.seats[HUMAN].hand if not c.is_joker and c.rank != 2] or s.state.seats[HUMAN].hand
    return max(hand, key=lambda c: (rules.points_of_rank(c.rank), c.rank))


def follow(s: Session, limit: int = 2000, steps: list | None = None) -> list[str]:
    """Play the lesson's first deal by its tips; the acts done, in order. ``steps`` collects each
    tap as (token, act, arg, place of the card in the hand on show) for a browser to replay."""
    done, steps = [], steps if steps is not None else []

    def tap(act: str, arg: str = "") -> None:
        shown = [c.key for c in s.shown_hand()]
        steps.append((s.token(), act, arg, shown.index(arg) if arg in shown else -1))
        assert dispatch(s, act, arg), act

    for _ in range(limit):
        if s.state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return done
        tip = coach.tip(s)
        act = tip.act if tip is not None and tip.act else None
        if act is None:
            if s.my_turn() and s.state.phase is Phase.CLAIMS:
                act = "pass"
            else:
                assert s.step(s.token()), "the table is stuck"
                continue
        if act in ("discard", "swap"):
            tap("card", (tip.card or worst_card(s)).key)   # the card the tip names, if it names one
        tap(act)
        done.append(act)
    raise AssertionError("the lesson's deal did not end")


def lesson_session() -> Session:
    s = Session(MemoryStore(), Settings(speed="instant"))
    dispatch(s, "learn")
    return s
