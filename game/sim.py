"""Bot tournaments, behind ``python -m game sim --table ace,scout,scout,scout --games N --seed S``.

The levels' order is a claim to prove, not assume, so this plays whole games
between bots and reports, per level, how often it won (with a 95% Wilson
interval per seat), how it scored, how far it got, how it stole, how many wilds
it was caught holding, how long it took to decide (wall time, what a player
waits, and the decision's own CPU time, which a busy machine does not inflate),
and how often it erred.
Seats rotate game by game, so no level keeps the seat after the dealer; every
game's seed and every bot's RNG derive from ``--seed``: same seed, same result.

A bot that raises or answers an illegal move counts as an error and the game
goes on with a safe legal move, so one bug is counted, not hidden by a crash.
The command line's part (its arguments, its errors) is in ``game.cli``: this
module plays and counts, and knows nothing of argparse.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .actions import Action, Discard, Draw, NextDeal, Pass
from .bots import LEVELS, make_bot, seat_rng
from .melds import is_wild
from .rules import AGGRAVATION, Rules
from .state import GameState, IllegalAction, Phase, new_game

BUCKET_MS = 0.01          # decision-time histogram resolution
BUCKETS = 20_000          # up to 200 ms; slower decisions land in the last bucket (max is exact)
ACTION_LIMIT = 100_000    # a game this long is stuck: counted as an error


@dataclass
class Timings:
    """A histogram of decision times: exact max, percentiles to BUCKET_MS, constant memory."""

    count: int = 0
    slowest: float = 0.0
    histogram: list[int] = field(default_factory=lambda: [0] * (BUCKETS + 1))

    def add(self, ms: float) -> None:
        self.count += 1
        self.slowest = max(self.slowest, ms)
        self.histogram[min(int(ms / BUCKET_MS), BUCKETS)] += 1

    def percentile(self, q: float) -> float:
        if not self.count:
            return 0.0
        rank, seen = math.ceil(q * self.count), 0
        for bucket, count in enumerate(self.histogram):
            seen += count
            if seen >= rank:
                return min((bucket + 1) * BUCKET_MS, self.slowest)
        return self.slowest

    def figures(self) -> dict:
        return {"p50": round(self.percentile(0.5), 3), "p99": round(self.percentile(0.99), 3),
                "max": round(self.slowest, 3)}


@dataclass
class LevelStats:
    """Everything counted for one level, summed over its seats and games."""

    seat_games: int = 0
    wins: float = 0.0
    totals: int = 0
    rounds: int = 0
    seat_deals: int = 0
    steals: int = 0
    wilds_left: int = 0
    deals_down: int = 0
    wild_left_down: int = 0
    errors: int = 0
    wall: Timings = field(default_factory=Timings)  # what a player waits (includes a busy machine)
    cpu: Timings = field(default_factory=Timings)   # what the decision itself costs


@dataclass
class Tournament:
    table: list[str]
    games: int = 0
    seconds: float = 0.0
    errors: int = 0
    levels: dict[str, LevelStats] = field(default_factory=dict)

    def stats(self, level: str) -> LevelStats:
        if level not in self.levels:  # not setdefault: a LevelStats holds two 20,000-bucket histograms
            self.levels[level] = LevelStats()
        return self.levels[level]


def seating(table: Sequence[str], game: int) -> list[str]:
    """Game ``game``'s levels by seat: the table rotated one seat per game."""
    n = len(table)
    return [table[(seat + game) % n] for seat in range(n)]


def game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


def run_tournament(table: Sequence[str], games: int, seed: int, rules: Rules = AGGRAVATION) -> Tournament:
    """Play ``games`` complete games at ``table`` (level names by seat)."""
    result = Tournament(list(table))
    started = time.perf_counter()
    for number in range(games):
        play_game(seating(table, number), game_seed(seed, number), rules, result)
        result.games += 1
    result.seconds = time.perf_counter() - started
    return result


def play_game(levels: list[str], seed: int, rules: Rules, into: Tournament) -> GameState:
    state = new_game(seed, len(levels), rules, names=[f"{lv} {n + 1}" for n, lv in enumerate(levels)])
    bots = [make_bot(level) for level in levels]
    rngs = [seat_rng(seed, seat) for seat in range(len(levels))]
    actions = 0
    while not state.is_over:
        if state.phase is Phase.DEAL_OVER:
            state.apply(NextDeal())
            continue
        seat = state.current_player
        stats = into.stats(levels[seat])
        legal = state.legal_actions()
        view = state.view(seat)
        began, began_cpu = time.perf_counter(), time.thread_time()
        try:
            action: Optional[Action] = bots[seat].choose(view, legal, rngs[seat])
        except Exception:  # a bot bug is a counted error, never a crash
            action = None
        stats.cpu.add((time.thread_time() - began_cpu) * 1000)
        stats.wall.add((time.perf_counter() - began) * 1000)
        deals = len(state.results)
        try:
            if action is None:
                raise IllegalAction("the bot raised")
            state.apply(action, seat)
        except IllegalAction:
            stats.errors += 1
            into.errors += 1
            state.apply(_safe(legal), seat)
        if len(state.results) > deals:
            _count_deal(state, levels, into)
        actions += 1
        if actions > ACTION_LIMIT:
            into.errors += 1
            break
    for seat, level in enumerate(levels):
        stats = into.stats(level)
        stats.seat_games += 1
        stats.totals += state.seats[seat].total
        stats.rounds += sum(1 for r in state.results if r.advanced[seat])
        if seat in state.winners:
            stats.wins += 1 / len(state.winners)
    return state


def _safe(legal: list[Action]) -> Action:
    for kind in (Pass, Draw):
        if kind() in legal:
            return kind()
    discards = [a for a in legal if isinstance(a, Discard)]
    return discards[0] if discards else legal[0]


def _count_deal(state: GameState, levels: list[str], into: Tournament) -> None:
    """At a deal's end the hands are still there: count wilds held and steals used."""
    for seat, level in enumerate(levels):
        stats = into.stats(level)
        player = state.seats[seat]
        wilds = sum(1 for c in player.hand if is_wild(c, state.rules))
        stats.seat_deals += 1
        stats.steals += player.steals_this_deal
        stats.wilds_left += wilds
        if player.down:
            stats.deals_down += 1
            stats.wild_left_down += wilds > 0


# ---------------------------------------------------------------- figures


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a win rate (Wilson score): honest near 0 and 1 and for small n."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def figures(result: Tournament) -> dict:
    """The tournament as one JSON-ready object (the ``--json`` output)."""
    levels = {}
    for level in dict.fromkeys(result.table):
        s = result.stats(level)
        n = max(1, s.seat_games)
        deals = max(1, s.seat_deals)
        low, high = wilson(s.wins, s.seat_games)
        levels[level] = {
            "seats": result.table.count(level),
            "wins": round(s.wins, 2),
            "win_rate": round(s.wins / n, 4),
            "win_ci95": [round(low, 4), round(high, 4)],
            "mean_total": round(s.totals / n, 1),
            "mean_rounds": round(s.rounds / n, 2),
            "steals_per_deal": round(s.steals / deals, 3),
            "wasted_wilds_per_deal": round(s.wilds_left / deals, 3),
            "wild_left_when_down": round(s.wild_left_down / max(1, s.deals_down), 4),
            "decision_ms": s.wall.figures(),
            "decision_cpu_ms": s.cpu.figures(),
            "decisions": s.wall.count,
            "errors": s.errors,
        }
    seconds = result.seconds
    return {
        "table": result.table,
        "games": result.games,
        "seconds": round(seconds, 2),
        "games_per_second": round(result.games / seconds, 2) if seconds else None,
        "errors": result.errors,
        "levels": levels,
    }


def report(data: dict) -> str:
    """The figures as a small table for people."""
    lines = [f"{data['games']} games at {','.join(data['table'])} in {data['seconds']} s "
             f"({data['games_per_second']} games/s), {data['errors']} errors"]
    lines.append(f"{'level':8} {'seats':>5} {'wins':>8} {'win/seat':>9} {'95% CI':>15} {'total':>7} "
                 f"{'rounds':>7} {'steals/d':>9} {'wilds/d':>8} {'wild|down':>9} "
                 f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'cpu max':>7} {'errors':>6}")
    for level, f in data["levels"].items():
        low, high = f["win_ci95"]
        ms = f["decision_ms"]
        lines.append(
            f"{level:8} {f['seats']:>5} {f['wins']:>8} {f['win_rate']:>9.1%} "
            f"{f'{low:.1%}–{high:.1%}':>15} {f['mean_total']:>7} {f['mean_rounds']:>7} "
            f"{f['steals_per_deal']:>9} {f['wasted_wilds_per_deal']:>8} {f['wild_left_when_down']:>9.1%} "
            f"{ms['p50']:>7} {ms['p99']:>7} {ms['max']:>7} {f['decision_cpu_ms']['max']:>7} {f['errors']:>6}")
    return "\n".join(lines)


# ---------------------------------------------------------------- tables


def parse_table(text: str, rules: Rules = AGGRAVATION) -> list[str]:
    """Level names by seat from ``ace,scout,scout``; ValueError names what is wrong."""
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}: use {', '.join(LEVELS)}")
    if not rules.min_players <= len(levels) <= rules.max_players:
        raise ValueError(f"a table seats {rules.min_players} to {rules.max_players} players, not {len(levels)}")
    return levels
