"""Plan a player's clicks under CPython with the page's own Session, to replay them in the page.

The page and this planner run the same code (engine, bots seeded per move,
intents), so the same seed and the same clicks give the same table. Each step
is (token, act, arg): wait until the page's ``data-token`` equals ``token``
(the number of moves played), then click ``[data-act=act][data-arg=arg]``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from game.actions import Discard, LayOff
from game.solver import solve
from game.state import Phase
from game.ui.session import passing
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.store.settings import Settings
from tests.support import MemoryStore as Store


@dataclass
class Plan:
    session: Session
    steps: list[tuple[int, str, str]] = field(default_factory=list)
    went_down_at: Optional[int] = None   # index in steps of the ✅ click
    laid_off: int = 0
    # Pass-and-play: for each step taken on a pass screen (its index in steps), the keys
    # of every card in every hand then: none of them may be in the page.
    hidden: dict[int, set[str]] = field(default_factory=dict)
    claimed: int = 0                     # claims answered 🫳 by the person asked
    # ...and for each claim answered (its index in steps): (the seat asked, the keys of every card in
    # every other hand): the asked person's hand is in the page, none of those.
    asked: dict[int, tuple[int, set[str]]] = field(default_factory=dict)

    def hide(self) -> None:
        self.hidden[len(self.steps)] = {c.key for seat in self.session.state.seats for c in seat.hand}

    def click(self, act: str, arg: str = "") -> None:
        self.steps.append((self.session.token(), act, arg))
        assert dispatch(self.session, act, arg)
        assert self.session.ui.tone != "error", self.session.ui.message


def run_bots(s: Session) -> None:
    while s.pending() is not None:  # bot moves, and claims (steal=off here: passed at once)
        s.step(s.token())


def plan_deal(seed: int, level: str = "sprout", fill: bool = False, max_steps: int = 600,
              rules: str = "aggravation", players: int = 0, dig: bool = False, people: int = 1) -> Plan:
    """Play one deal as the player: pass the swap, draw, go down by hand (or ✨), lay off, discard.
    ``rules``/``players``: another rulebook at that table size; ``dig``: the first draw from a pile
    of two or more cards takes the whole pile through the fanned pile (Gallery). ``people``: that
    many share the device, each playing so; every other person asked to claim a discard claims it."""
    s = Session(Store(), Settings(steal="off", speed="instant", rulebook=rules, people=people))
    if players:
        assert s.settings.change("players", f"{rules}:{players}")
    s.start(level, seed)
    plan = Plan(s)
    claims = 0
    for _ in range(max_steps):
        run_bots(s)
        state = s.state
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return plan
        if passing.pass_to(s) is not None:
            plan.hide()
            plan.click("show")
            continue
        if passing.asked(s) is not None:       # a person asked, with their own hand in view
            claims += 1
            plan.asked[len(plan.steps)] = (s.seat, {c.key for n, seat in enumerate(state.seats) if n != s.seat
                                                     for c in seat.hand})
            plan.click("steal" if claims % 2 else "pass")
            plan.claimed += claims % 2
            continue
        me = state.seats[s.seat]
        if state.phase is Phase.SWAP:
            plan.click("pass")
        elif state.phase is Phase.DRAW and dig and len(state.pile) > 1:
            plan.click("pile")
            plan.click("dig", state.pile[0].key)
            dig = False
        elif state.phase is Phase.DRAW:
            plan.click("draw")
        elif not me.down and (found := solve(me.hand, state.contract_of(s.seat), state.rules)).ok \
                and len(me.hand) > state.contract_of(s.seat).cards:
            plan.click("godown")
            if fill:
                plan.click("fill")
            else:
                for n, meld in enumerate(found.melds):
                    plan.click("frame", str(n))
                    for card in meld.cards:
                        plan.click("card", card.key)
            plan.went_down_at = len(plan.steps)
            plan.click("lay")
        else:
            lay = next((a for a in state.legal_actions() if isinstance(a, LayOff)), None) if me.down else None
            if lay is not None:
                card = next(c for c in me.hand if c.code == lay.card.code)
                plan.click("card", card.key)
                plan.click("meld", str(lay.meld))
                if s.ui.end_for:
                    plan.click("end", lay.end or "high")
                plan.laid_off += 1
                continue
            worst = max((a.card for a in state.legal_actions() if isinstance(a, Discard)),
                        key=lambda c: (state.rules.points_of_rank(c.rank) if c.rank not in (0, 2) else -1))
            card = next(c for c in me.hand if c.code == worst.code)
            plan.click("card", card.key)
            plan.click("discard")
    raise AssertionError("the deal did not end")


def find_seed(level: str = "sprout", start: int = 1, tries: int = 200, max_turns: int = 3):
    """A seed where the player goes down within ``max_turns`` draws and lays off at least once."""
    for seed in range(start, start + tries):
        plan = plan_deal(seed, level)
        if plan.went_down_at is None or not plan.laid_off:
            continue
        draws = sum(1 for _, act, _ in plan.steps[:plan.went_down_at] if act == "draw")
        if draws <= max_turns and plan.session.state.phase is Phase.DEAL_OVER:
            return seed, plan
    return None


def plan_first_steal(seed: int, level: str = "scout", max_steps: int = 300, tries: int = 6):
    """Play (pass, draw, discard the top card) until 🫳 is offered and the card is really stolen
    (the next player draws past it); click 🫳 there. Returns (plan, thief) or None.

    The offer opens while the next player decides (game/ui/session/offer.py), so the player may claim a
    card that player then takes: such offers are let go ("Let it go"), up to ``tries`` of them."""
    for skip in range(tries):
        found = _plan_steal(seed, level, max_steps, skip)
        if found is None:
            return None
        if found[1] is not None:
            return found
    return None


def _plan_steal(seed: int, level: str, max_steps: int, skip: int):
    """Like plan_first_steal, letting the first ``skip`` offers go; thief None: nobody stole it."""
    s = Session(Store(), Settings(steal="wait", ask="every", speed="instant"))
    s.start(level, seed)
    plan = Plan(s)
    for _ in range(max_steps):
        run_until_human(s)
        state = s.state
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return None
        if s.offer() is not None and skip:
            plan.click("pass")
            skip -= 1
            continue
        if s.offer() is not None or state.phase is Phase.CLAIMS:
            events = len(state.events)
            plan.click("steal")
            run_until_human(s)
            stole = [e for e in s.state.events[events:] if e.kind == "stole"]
            return plan, (stole[0].seat if stole else None)
        if state.phase is Phase.SWAP:
            plan.click("pass")
        elif state.phase is Phase.DRAW:
            plan.click("draw")
        else:
            plan.click("card", state.seats[HUMAN].hand[-1].key)
            plan.click("discard")
    return None


def run_until_human(s: Session) -> None:
    """Bots play until the player must act: their turn, their claim, or an open 🫳 offer
    ("wait for me": the next player waits for the answer, ``step`` does nothing)."""
    while (pending := s.pending()) is not None and pending[0] == "bot" and s.step(s.token()):
        pass


def plan_wild_swap(seed: int, level: str = "sprout", house: tuple[str, ...] = ("wild_swap",), max_steps: int = 400):
    """Play (pass, draw, go down with ✨ when possible, discard the costliest card) until the player
    holds a natural that a wild on the table stands for; then pick it and tap that wild.

    Returns (plan, index of the card tap in plan.steps) or None when the deal ends first."""
    from game.legal import wild_swaps

    s = Session(Store(), Settings(steal="off", speed="instant", house=house))
    s.start(level, seed)
    plan = Plan(s)
    for _ in range(max_steps):
        run_bots(s)
        state = s.state
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return None
        me = state.seats[HUMAN]
        if state.phase is Phase.SWAP:
            plan.click("pass")
        elif state.phase is Phase.DRAW:
            plan.click("draw")
        elif (swaps := wild_swaps(state, me.hand)):
            swap = swaps[0]
            at = len(plan.steps)
            plan.click("card", swap.card.key)
            plan.click("wild", f"{swap.meld}:{swap.index}")
            return plan, at
        elif not me.down and solve(me.hand, state.contract_of(HUMAN), state.rules).ok \
                and len(me.hand) > state.contract_of(HUMAN).cards:
            plan.click("godown")
            plan.click("fill")
            plan.click("lay")
        else:
            worst = max((a.card for a in state.legal_actions() if isinstance(a, Discard)),
                        key=lambda c: (state.rules.points_of_rank(c.rank) if c.rank not in (0, 2) else -1))
            plan.click("card", next(c for c in me.hand if c.code == worst.code).key)
            plan.click("discard")
    return None
