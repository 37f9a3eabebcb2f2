"""Pace: how long the player waits between the end of their turn and the start of their next.

    python -m bench.pace                          # 3 deals per level and speed, the default settings
    python -m bench.pace --deals 5 --levels ace --speeds normal
    python -m bench.pace --answer tap             # the player taps "Let it go" at once instead
    python -m bench.pace --answer ignore          # the player never answers an offer: each one lapses
    python -m bench.pace --ask every --answer-ms 2000   # asked about every discard; 2 s to tap

It drives the page's pure ``App`` (game/ui/app.py) as the page would, with a simulated clock:
each frame's timer ``[delay, token]`` advances the clock by ``delay`` and calls ``tick(token)``.
The player's own turns are played by a bot of the table's level deciding for seat 0, at no
cost in time (the player's think time is not the table's pace). Steal offers are answered as
that bot would: a steal it wants is tapped at once; one it does not want is either left to
lapse (``--answer lapse``, the default: a player who never taps "Let it go") or declined at
once (``--answer tap``).

A wait runs from the player's discard to the frame where the player is next to draw, within
one deal (the swap round and deal ends are not counted). Prints, per level and speed, the
median and the 90th percentile of the waits in seconds, and how many waits were measured.

It also reports how long each bot's move stays in view as the table's latest move: from the
frame that shows it to the next frame with a newer move (a steal shows with the draw it came
with). A move the player's own turn follows stays until they act, and the deal's last move until
its end is shown: neither is counted. ``disc`` is a bot's discard (median and shortest, seconds),
``move`` every bot move.
Deals are seeded (``--seed``), so a run is repeatable; the settings are the defaults except
the bots' speed, which is the row's.
"""
from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field
from typing import Optional

from game.actions import Discard
from game.bots import make_bot
from game.state import Phase
from game.ui.app import App
from game.ui.session.screen_state import HUMAN
from game.ui.store.settings import BOT_SPEEDS, STEAL_TIMERS, Settings
from game.ui.screens.table.model import QUIET, table_model

LEVELS = ("sprout", "scout", "ace")
SPEEDS = ("slow", "normal", "fast")
PARAMS: dict[str, str] = {}   # address overrides for every run (--ask)
STEP_LIMIT = 20_000   # actions and timers per deal: far beyond any real deal


@dataclass
class Run:
    """One seeded game at one level and speed, played deal by deal on a simulated clock."""

    level: str
    speed: str
    seed: int
    answer: str = "lapse"
    answer_ms: int = 0                               # how long the player takes to tap an answer
    clock: int = 0                                   # ms on the page's clock
    waits: list[int] = field(default_factory=list)   # ms, one per measured wait
    offers: int = 0                                  # steal offers the player saw
    taps: int = 0                                    # offers the player answered by a tap
    stalls: int = 0                                  # frames with nothing to do and no timer
    shown: dict[str, list[int]] = field(default_factory=dict)  # a bot move's kind -> ms in view, each time

    def __post_init__(self) -> None:
        self.app = App({}, {"seed": str(self.seed), "level": self.level, "speed": self.speed, **PARAMS})
        self.frame = self.app.boot()
        self.me = make_bot(self.level)
        self.answered: set[tuple] = set()
        self.ended: Optional[int] = None            # clock at the player's last discard
        self.latest: tuple[int, int, list[str], int] = (-1, 0, [], 0)  # (deal, events, bot moves on show, since)

    @property
    def s(self):
        return self.app.session

    def deal(self) -> bool:
        """Play the current deal to its end; False when the game is over."""
        for _ in range(STEP_LIMIT):
            state = self.s.state
            if state.phase is Phase.GAME_OVER:
                return False
            if state.phase is Phase.DEAL_OVER:
                self.ended = None
                self.show(self.app.intent("next"))
                return True
            if not self.offer() and not self.my_move():
                self.wait()
        raise RuntimeError(f"deal did not end: {self.level} seed {self.seed}")

    def show(self, frame: Optional[dict]) -> None:
        self.frame = frame if frame is not None else self.app.frame()
        self.follow()

    def follow(self) -> None:
        """The frame just drawn: if it shows newer moves, the moves on show until now were in
        view since they came (counted when they were bots' and the newer ones are not the
        player's own); the newer bots' moves are on show from now."""
        state = self.s.state
        deal, count, moves, since = self.latest
        events = state.events
        if deal != state.deal_number or len(events) < count:
            self.latest = (state.deal_number, len(events), [], self.clock)
            return
        new = [e for e in events[count:] if e.kind not in QUIET]
        if not new:
            return
        if all(e.seat != HUMAN for e in new) and state.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            for kind in moves:
                self.shown.setdefault(kind, []).append(self.clock - since)
        self.latest = (deal, len(events), [e.kind for e in new if e.seat != HUMAN], self.clock)

    def offer(self) -> bool:
        """A steal offer on screen that the player has not answered yet: answer it (or not)."""
        state = self.s.state
        if not any(b["act"] == "steal" and b["enabled"] for b in table_model(self.s)["buttons"]):
            return False
        key = (state.deal_number, state.claimable_from, state.pile[-1].key if state.pile else None)
        if key in self.answered:
            return False
        self.answered.add(key)
        self.offers += 1
        view = state.view(HUMAN)
        if self.answer == "ignore":
            return False
        if self.me.may_steal(view) and self.me.wants_steal(view, self.me.evaluator(view.rules)):
            self.taps += 1
            self.clock += self.answer_ms
            self.show(self.app.intent("steal"))
            return True
        if self.answer == "tap":
            self.taps += 1
            self.clock += self.answer_ms
            self.show(self.app.intent("pass"))
            return True
        return False

    def my_move(self) -> bool:
        """The player's own turn (not a steal offer): one action, at no cost in time."""
        s, state = self.s, self.s.state
        if state.current_player != HUMAN or state.phase not in (Phase.SWAP, Phase.DRAW, Phase.PLAY):
            return False
        if state.phase is Phase.DRAW and self.ended is not None:
            self.waits.append(self.clock - self.ended)
            self.ended = None
        action = self.me.choose(state.view(HUMAN), state.legal_actions(), _rng(self.seed, len(s.log.actions)))
        s.act(action)
        self.show(None)
        if isinstance(action, Discard) and s.state.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            self.ended = self.clock
        return True

    def wait(self) -> None:
        """Nothing for the player to do: let the page's timer run out."""
        timer = self.frame.get("timer")
        if timer is None:
            self.stalls += 1
            raise RuntimeError(f"stuck: no timer at token {self.s.token()} ({self.level} seed {self.seed})")
        delay, token = timer
        self.clock += delay
        self.show(self.app.tick(token))


def _rng(seed: int, n: int):
    import random

    return random.Random(f"player:{seed}:{n}")


def measure(level: str, speed: str, deals: int, seed: int, answer: str, answer_ms: int = 0) -> dict:
    """``deals`` deals at one level and speed (new games as needed), every wait pooled."""
    waits, offers, taps, played, game = [], 0, 0, 0, 0
    shown: dict[str, list[int]] = {}
    while played < deals:
        run = Run(level, speed, seed + game, answer, answer_ms)
        while played < deals and run.deal():
            played += 1
        waits += run.waits
        for kind, times in run.shown.items():
            shown.setdefault(kind, []).extend(times)
        offers, taps, game = offers + run.offers, taps + run.taps, game + 1
    return {"level": level, "speed": speed, "waits": waits, "offers": offers, "taps": taps, "deals": played,
            "shown": shown}


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if ordered else float("nan")


def in_view(times: list[int]) -> str:
    """' 1.10/1.10': the median and the shortest time in view, in seconds."""
    if not times:
        return f"{'-':>10}"
    return f"{statistics.median(times) / 1000:>5.2f}/{min(times) / 1000:>4.2f}"


def line(row: dict) -> str:
    w = [ms / 1000 for ms in row["waits"]]
    med = statistics.median(w) if w else float("nan")
    laps = len(w) or 1
    shown = row["shown"]
    return (f"{row['level']:<7}{row['speed']:<8}{med:>8.1f}{p90(w):>8.1f}{len(w):>7}"
            f"{row['offers'] / laps:>9.2f}{row['taps'] / laps:>8.2f}"
            f"{in_view(shown.get('discarded', [])):>11}{in_view([t for ts in shown.values() for t in ts]):>11}")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per level and speed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--speeds", nargs="+", default=list(SPEEDS), choices=[k for k in BOT_SPEEDS if k != "instant"])
    parser.add_argument("--answer", default="lapse", choices=("lapse", "tap", "ignore"),
                        help="an unwanted steal offer: left to lapse, or declined at once; or every offer left to lapse")
    parser.add_argument("--answer-ms", type=int, default=0,
                        help="how long the player takes to tap an answer (at most the offer's window)")
    parser.add_argument("--ask", choices=("helps", "every"), help="which discards the offer asks about")
    parser.add_argument("--steal-ms", type=int, help="try another length for the default steal offer")
    parser.add_argument("--bot-ms", type=int, help="try another think time for the default speed")
    args = parser.parse_args(argv)
    if args.ask is not None:
        PARAMS["ask"] = args.ask
    if args.steal_ms is not None:
        STEAL_TIMERS[Settings().steal] = args.steal_ms
    if args.bot_ms is not None:
        BOT_SPEEDS[Settings().speed] = args.bot_ms
    d = Settings(ask=PARAMS.get("ask", Settings().ask))
    print(f"defaults: steal={d.steal} ({d.claim_ms()} ms), asking {d.ask}; speed={d.speed} ({d.bot_delay_ms()} ms); "
          f"answer={args.answer} after {args.answer_ms} ms; {args.deals} deals per row, seed {args.seed}")
    print(f"{'level':<7}{'speed':<8}{'median':>8}{'p90':>8}{'waits':>7}{'offers/w':>9}{'taps/w':>8}"
          f"{'disc med/min':>13}{'move med/min':>13}   (seconds)")
    for level in args.levels:
        for speed in args.speeds:
            print(line(measure(level, speed, args.deals, args.seed, args.answer, args.answer_ms)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
