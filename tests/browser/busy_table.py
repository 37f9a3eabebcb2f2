"""Saves of crowded tables, planned under CPython, to load straight into the page.

Reaching a table with eight melds and a 19-card hand by clicks would replay ~50 moves in a slow
browser; the page resumes whatever the save slot holds instead, so the planner plays the deal with
the page's own Session and hands over the slot's text (game/ui/store/saves.py's Record).
"""
from __future__ import annotations

import json
from typing import Optional

from game.actions import Discard
from game.solver import solve
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.store.saves import SAVE_KEY, Record
from game.ui.store.settings import Settings
from tests.support import MemoryStore as Store

# Seed 37 at Ace: 8 melds on the table and the player holding 19 cards (4 steals) at move 40.
BUSY_SEED, BUSY_LEVEL = 37, "ace"


def _bots(s: Session) -> None:
    """The bots play until the player is to move. A 🫳 offer open during a bot's think time is
    answered first (the planner steals whenever offered): with "wait for me" the bot waits for it."""
    while (pending := s.pending()) is not None and pending[0] == "bot":
        for answer in ("steal", "pass"):
            offer = s.offer()
            if offer is not None and not offer.answer:
                dispatch(s, answer, "")
        if not s.step(s.token()):
            raise AssertionError(f"the table is stuck at move {s.token()}: {s.pending()}")


def _discard_worst(s: Session) -> None:
    state = s.state
    worst = max((a.card for a in state.legal_actions() if isinstance(a, Discard)),
                key=lambda c: (state.rules.points_of_rank(c.rank) if c.rank not in (0, 2) else -1))
    dispatch(s, "card", next(c for c in state.seats[HUMAN].hand if c.code == worst.code).key)
    dispatch(s, "discard", "")


def _can_go_down(s: Session) -> bool:
    state, me = s.state, s.state.seats[HUMAN]
    contract = state.contract_of(HUMAN)
    return not me.down and len(me.hand) > contract.cards and solve(me.hand, contract, state.rules).ok


def busy_save(seed: int = BUSY_SEED, level: str = BUSY_LEVEL, melds: int = 8, hand: int = 19,
              go_down: bool = False, max_steps: int = 2000) -> Optional[tuple[str, Session]]:
    """Play (steal whenever offered, never go down, discard the costliest card) until it is the
    player's turn with ``melds`` melds on the table and ``hand`` cards in hand: the slot's text then.

    With ``go_down`` it stops instead at the first turn, after drawing, where the player could go down."""
    store = Store()
    s = Session(store, Settings(steal="wait", ask="every", speed="instant"))
    s.start(level, seed)
    for _ in range(max_steps):
        _bots(s)
        state = s.state
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return None
        me = state.seats[HUMAN]
        if go_down and state.phase is Phase.PLAY and _can_go_down(s):
            return store[SAVE_KEY], s
        if not go_down and state.phase is Phase.DRAW and len(state.table) >= melds and len(me.hand) >= hand:
            return store[SAVE_KEY], s
        if state.phase is Phase.CLAIMS:
            dispatch(s, "steal", "")
            if s.ui.tone == "error" or (s.state.phase is Phase.CLAIMS and s.my_turn()):
                dispatch(s, "pass", "")
        elif state.phase is Phase.SWAP:
            dispatch(s, "pass", "")
        elif state.phase is Phase.DRAW:
            dispatch(s, "draw", "")
        else:
            _discard_worst(s)
    return None


def load_save(page, site_url: str, text: str, timeout: int = 60_000) -> None:
    """Open the page with ``text`` in the save slot and instant bots: it resumes that table."""
    page.goto(f"{site_url}?speed=0&steal=off")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, text])
    page.goto(f"{site_url}?speed=0&steal=off")
    page.wait_for_selector(".table-screen", timeout=timeout)


def renamed(text: str, names: list[str]) -> str:
    """The save's text with its players renamed (pass-and-play names run to 16 letters)."""
    record = Record.from_json(text)
    log = json.loads(record.log)
    log["names"] = names
    data = json.loads(record.to_json())
    data["log"] = json.dumps(log, separators=(",", ":"))
    return json.dumps(data, separators=(",", ":"))
