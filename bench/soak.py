"""Soak: many seeded games in parallel, the engine's invariants checked after every action.

    python -m bench.soak --games 100000 --seed 1 --workers 2   # progress on stderr, summary on stdout
    python -m bench.soak --games 2000 --json                     # the summary as one JSON object
    python -m bench.soak --replay SEED --trace                   # one game again, action by action
    python -m bench.soak --rules contract --games 5000           # another rulebook (gallery, contract)

A benchmark, not a test: it reports games, deals, actions, errors and wall time, and an error
never stops the run. Measured figures, with their commands: bench/soak.md. Each error names the game's seed, its house rules and seats, the action
index and the exception or broken invariant, with the command that plays that game again.

A game is a pure function of its seed (``game.sim.game_seed(--seed, n)`` for game n): the seed
picks the house rules (``seed % 16``: all sixteen combinations of the four switches in turn),
3 to 5 players, and the seats: random beginners (``bench.playout.choose``), and in every
other block of 48 games the real bots (Sprout, Scout, Ace, through their views) beside them,
so the bots' code is soaked too (a bot game costs about what a beginners' game does: fewer,
dearer actions).

``--rules gallery`` or ``--rules contract`` soaks that rulebook instead (SPEC §10, §11; the same
seeds, no house rules): the seed picks the table size among the rulebook's own (Gallery 2-6,
Contract Rummy 3-8: ``seed % span``, every size in turn) and a level for each seat (Sprout, Scout
or Ace, from the seed's own RNG: mixed tables, and now and then one level all round). The checks
below read the rulebook: its shoe for the table size, its deal size for the round, its claim
(a buy: "bought" events, within its limit per round, never once down), its stock rebuilds, its
game end (Contract Rummy ends after round 7, gone down or not) and its winners (the lowest of
everybody, then its tie-break). Gallery's deep pick takes a card with every card above it, past
the 19-card cap, so there only a buyer's hand is held to the cap.

What is checked, and when:

after every action
  - cards: as many in play (stock, pile, hands, table) as the shoe holds. The exact set of
    the shoe's cards is checked at each deal's start (every card's key against a fresh shoe's,
    ``every_card``), at its end, and after every action whose events move several cards or
    onto or off the table (a swap, a steal, a stock rebuild, going down, laying off, a wild
    swap): there the card objects are compared by identity with the deal's start (cards are
    immutable), falling back to the keys if an equal copy stands in for a card. A single-card
    move (draw, take, discard) that swapped one card for another would be caught at the
    latest when the deal ends, not at its action. (A key Counter after every action would
    cost about as much as the action itself.)
  - hands: no hand holds more than the rules' ``max_hand``, but the player who has drawn
    (play phase) may hold one more until the discard; a thief's hand right after a steal
    (with a deep pick in the rules, a thief's hand only).
  - steals (buys): counted from the engine's "stole" ("bought") events per seat, deal and game; equal to the
    seats' counters, within ``steal_limit`` per deal or per game as the house rule says, and
    never by a seat that is down; stock rebuilds within ``stock_rebuilds``.
  - someone can act: the phase's actor exists and has a move (the swap round's pile card, a
    claimant, a card to discard); nobody acts once the game is over, which has winners.
    A bot's turn also asks ``legal_actions()``, and it must not be empty.
  - the deal ends within ``DEAL_ACTIONS`` actions, the game within ``MAX_DEALS`` deals.
  - a rulebook where everyone shares the round (Contract Rummy): every seat on the same round.
at each deal start
  - every hand holds the rulebook's deal size for its round, nobody is down or has claimed.
at each deal end
  - each seat's total grew by the rules' value of the cards left in its hand, as the deal's
    result says; whoever went out holds nothing; rounds moved on for those down (or for
    everyone, advance_after_miss); the game is over exactly when someone went down on the
    last round (or, with ``end_after_last_round``, when the last round was played), and the
    winners are the lowest of those (of everybody, where the rules say so), the tie-break applied.
deep games (one in ``DEEP_EVERY``)
  - the exact card set after every action;
  - ``legal_actions()`` after every action: not empty unless the game is over, then empty;
  - the game's log, through JSON, replays to the same final state (``fingerprint``).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import partial
from itertools import product
from typing import Callable, Iterator, Optional

from bench.playout import choose as beginner, every_card, fingerprint
from game.actions import NextDeal, describe
from game.bots import LEVELS, make_bot, seat_rng
from game.cards import Card, new_shoe
from game.log import GameLog
from game.rules import HOUSE_RULES, PRESETS, Rules, TieBreak, WinnerPool
from game.sim import game_seed
from game.state import GameState, Phase, new_game

HOUSE = tuple(HOUSE_RULES)
COMBOS = [tuple(name for name, on in zip(HOUSE, bits) if on) for bits in product((False, True), repeat=len(HOUSE))]
BLOCK = len(COMBOS) * 3          # every house-rule combination at 3, 4 and 5 players
BOT_EVERY = 2                    # every other block seats bots: a bot game costs about a beginners' game
DEEP_EVERY = 25                  # one game in 25 lists legal actions every action and replays its log
SEATS = ("random", "sprout", "scout", "ace")
BOT_LEVELS = tuple(LEVELS)       # the other rulebooks' seats: the real bots only
DEFAULT = "aggravation"
DEAL_ACTIONS = 5000
# Events after which the full card check runs (besides deal starts and ends): the moves of
# several cards at once, or onto and off the table. Single-card moves get the count check.
EXACT_AFTER = frozenset({"swapped", "stole", "bought", "rebuilt", "went_down", "laid_down", "laid_off", "swapped_wild",
                         "went_out", "dead_deal", "took"})  # took: a deep pick takes several
MAX_DEALS = 200


class InvariantError(AssertionError):
    """The engine broke one of its promises; the message says which and how."""


# ---------------------------------------------------------------- what a seed plays


@dataclass(frozen=True)
class GameSpec:
    """Everything a game's seed decides."""

    seed: int
    house: tuple[str, ...]
    players: int
    seats: tuple[str, ...]
    deep: bool
    preset: str = DEFAULT

    @classmethod
    def of(cls, seed: int, preset: str = DEFAULT) -> GameSpec:
        if preset != DEFAULT:
            return cls.of_rulebook(seed, preset)
        players = 3 + (seed // len(COMBOS)) % 3
        bots = (seed // BLOCK) % BOT_EVERY == 0
        seats = tuple(SEATS[(seed + n) % len(SEATS)] if bots else "random" for n in range(players))
        return cls(seed, COMBOS[seed % len(COMBOS)], players, seats, seed % DEEP_EVERY == 0)

    @classmethod
    def of_rulebook(cls, seed: int, preset: str) -> GameSpec:
        """Another rulebook's game: its table sizes in turn, a bot level per seat from the seed."""
        rules = PRESETS[preset]
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        pick = random.Random(seed * 31 + 17)
        seats = tuple(pick.choice(BOT_LEVELS) for _ in range(players))
        return cls(seed, (), players, seats, seed % DEEP_EVERY == 0, preset)

    def rules(self) -> Rules:
        return _rules(self.house) if self.preset == DEFAULT else PRESETS[self.preset]

    def command(self) -> str:
        rules = "" if self.preset == DEFAULT else f" --rules {self.preset}"
        return f"python -m bench.soak{rules} --replay {self.seed} --trace"


_RULES: dict[tuple[str, ...], Rules] = {}


def _rules(house: tuple[str, ...]) -> Rules:
    """One Rules value per combination, so caches keyed by the rules' identity stay warm."""
    if house not in _RULES:
        _RULES[house] = PRESETS["aggravation"].with_house_rules(**{name: True for name in house})
    return _RULES[house]


# ---------------------------------------------------------------- the invariants


def _fail(message: str) -> None:
    raise InvariantError(message)


def cards_in_play(state: GameState) -> list[Card]:
    cards = state.stock + state.pile
    for seat in state.seats:
        cards += seat.hand
    for placed in state.table:
        cards += placed.meld.cards
    return cards


def shoe_keys(rules: Rules, players: int) -> Counter:
    return Counter(c.key for c in new_shoe(rules.decks_for(players), rules.jokers_per_deck))


class Watch:
    """Checks a game's invariants after every action (see the module docstring for what, when).

    It keeps its own tallies (steals from events, totals and rounds at the deal's start) so a
    wrong counter in the engine is caught, not trusted.
    """

    def __init__(self, state: GameState, deep: bool = False) -> None:
        self.rules, self.deep = state.rules, deep
        self.shoe = shoe_keys(self.rules, state.players)
        self.size = sum(self.shoe.values())
        self.steals_game = [0] * state.players
        self.results = len(state.results)
        self.deal_started(state)

    def deal_started(self, state: GameState) -> None:
        rules = self.rules
        for n, seat in enumerate(state.seats):
            size = rules.deal_size(seat.round)
            if len(seat.hand) != size or seat.down or seat.steals_this_deal:
                _fail(f"deal {state.deal_number} starts with seat {n} on round {seat.round} holding "
                      f"{len(seat.hand)} cards, not {size}, or down or with {rules.claim_word}s")
        if state.table or len(state.pile) != 1:
            _fail(f"deal {state.deal_number} starts with a table or a pile of {len(state.pile)}")
        self._keys(state)
        self.ids = frozenset(map(id, cards_in_play(state)))
        self.deal, self.actions, self.events, self.rebuilds = state.deal_number, 0, 0, 0
        self.steals = [0] * state.players
        self.totals = [s.total for s in state.seats]
        self.rounds = [s.round for s in state.seats]

    def after(self, state: GameState) -> None:
        """Every check that follows an action; raises InvariantError on the first broken one."""
        if state.deal_number != self.deal:
            if state.deal_number != self.deal + 1:
                _fail(f"deal {self.deal} was followed by deal {state.deal_number}")
            if state.deal_number > MAX_DEALS:
                _fail(f"the game did not end in {MAX_DEALS} deals")
            self.deal_started(state)
        self.actions += 1
        if self.actions > DEAL_ACTIONS:
            _fail(f"deal {self.deal} did not end in {DEAL_ACTIONS} actions")
        moved = self._events(state)
        self._cards(state, moved or self.deep)
        self._hands_and_steals(state)
        if len(state.results) != self.results:
            self._deal_end(state)
        self._can_act(state)

    # ------------------------------------------------------------ the checks

    def _keys(self, state: GameState) -> None:
        found = every_card(state)
        if found != self.shoe:
            missing, extra = self.shoe - found, found - self.shoe
            _fail(f"cards not conserved: missing {sorted(missing)[:6]}, extra {sorted(extra)[:6]}")

    def _cards(self, state: GameState, exact: bool) -> None:
        if not exact:  # the count alone, without listing the cards
            count = len(state.stock) + len(state.pile) + sum(len(s.hand) for s in state.seats) \
                + sum(len(placed.meld.cards) for placed in state.table)
            if count != self.size:
                _fail(f"cards not conserved: {count} in play, the shoe holds {self.size}")
            return
        cards = cards_in_play(state)
        if len(cards) != self.size:
            _fail(f"cards not conserved: {len(cards)} in play, the shoe holds {self.size}")
        if self.ids != set(map(id, cards)):
            self._keys(state)  # the same faces and copies, other objects: still conserved
            self.ids = frozenset(map(id, cards))

    def _events(self, state: GameState) -> bool:
        """Checks the new events; True when one of them moved several cards or onto the table."""
        rules, moved = self.rules, False
        for event in state.events[self.events:]:
            moved = moved or event.kind in EXACT_AFTER
            if event.kind == rules.claim_event:
                thief, verb = state.seats[event.seat], rules.claim_event
                if thief.down and not rules.steal_when_down:
                    _fail(f"seat {event.seat} {verb} while down")
                self.steals[event.seat] += 1
                self.steals_game[event.seat] += 1
                used = self.steals_game if rules.steal_limit_per_game else self.steals
                if rules.steal_limit is not None and used[event.seat] > rules.steal_limit:
                    scope = "game" if rules.steal_limit_per_game else "deal"
                    _fail(f"seat {event.seat} {verb} {used[event.seat]} times this {scope}, limit {rules.steal_limit}")
                if rules.max_hand is not None and len(thief.hand) > rules.max_hand:
                    _fail(f"seat {event.seat} holds {len(thief.hand)} cards after a steal, max {rules.max_hand}")
            elif event.kind == "rebuilt":
                self.rebuilds += 1
                if self.rebuilds > rules.stock_rebuilds:
                    _fail(f"the stock was rebuilt {self.rebuilds} times, limit {rules.stock_rebuilds}")
        self.events = len(state.events)
        return moved

    def _hands_and_steals(self, state: GameState) -> None:
        rules, drawn = self.rules, state.turn if state.phase is Phase.PLAY else -1
        for n, seat in enumerate(state.seats):
            if not rules.pile_dig and rules.max_hand is not None and len(seat.hand) > rules.max_hand + (n == drawn):
                _fail(f"seat {n} holds {len(seat.hand)} cards in the {state.phase.value} phase, max {rules.max_hand}")
            if seat.steals_this_deal != self.steals[n] or seat.steals_this_game != self.steals_game[n]:
                _fail(f"seat {n} counts {seat.steals_this_deal}/{seat.steals_this_game} {rules.claim_word}s "
                      f"(deal/game), the events say {self.steals[n]}/{self.steals_game[n]}")
        if rules.advance_after_miss and len({seat.round for seat in state.seats}) != 1:
            _fail(f"the seats are on rounds {[seat.round for seat in state.seats]}, not all on one")

    def _deal_end(self, state: GameState) -> None:
        rules, seats = self.rules, state.seats
        if len(state.results) != self.results + 1 or state.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            _fail(f"deal {self.deal} ended oddly: {len(state.results) - self.results} results, {state.phase.value}")
        self.results += 1
        result = state.results[-1]
        if result.dead == (result.went_out is not None):
            _fail(f"deal {self.deal} is both or neither dead and gone out: {result}")
        if result.went_out is not None and seats[result.went_out].hand:
            _fail(f"seat {result.went_out} went out holding {len(seats[result.went_out].hand)} cards")
        for n, seat in enumerate(seats):
            value = sum(rules.points[c.rank] for c in seat.hand)
            if seat.total - self.totals[n] != value or result.points[n] != value:
                _fail(f"seat {n} took {seat.total - self.totals[n]} points (result {result.points[n]}) "
                      f"for a hand worth {value}")
            moves_on = seat.down or rules.advance_after_miss
            if seat.round != min(self.rounds[n] + moves_on, rules.rounds):
                _fail(f"seat {n} is on round {seat.round} after round {self.rounds[n]} (down: {seat.down})")
        finishers = [n for n, s in enumerate(seats) if s.down and self.rounds[n] == rules.rounds]
        last_played = rules.end_after_last_round and all(r == rules.rounds for r in self.rounds)
        if bool(finishers or last_played) != state.is_over:
            _fail(f"the game is {'' if state.is_over else 'not '}over; down on the last round: {finishers}")
        if state.is_over:
            self._winners(state, finishers, result)

    def _winners(self, state: GameState, finishers: list[int], result) -> None:
        """The lowest total of the pool; among equals the tie-break's choice, or all of them."""
        rules, seats = self.rules, state.seats
        pool = range(state.players) if rules.winner_pool is WinnerPool.EVERYONE else finishers
        best = min(seats[n].total for n in pool)
        tied = [n for n in pool if seats[n].total == best]
        if len(tied) > 1 and rules.tie_break is TieBreak.WENT_OUT and result.went_out in tied:
            tied = [result.went_out]
        elif len(tied) > 1 and rules.tie_break is TieBreak.LAST_DEAL:
            lowest = min(result.points[n] for n in tied)
            tied = [n for n in tied if result.points[n] == lowest]
        if list(state.winners) != tied:
            _fail(f"winners {list(state.winners)} are not {tied}, the lowest of {list(pool)} by the tie-break")

    def _can_act(self, state: GameState) -> None:
        phase = state.phase
        if phase is Phase.GAME_OVER:
            if not state.winners:
                _fail("the game is over with no winner")
        elif phase is Phase.SWAP and not (state.pile and state.swaps_left > 0):
            _fail("the swap round has no pile card or no swapper left")
        elif phase is Phase.CLAIMS and not state.claimants:
            _fail("claims are open with nobody to answer")
        elif phase is Phase.PLAY and not state.seats[state.turn].hand:
            _fail(f"seat {state.turn} must play with no card in hand")
        if self.deep and bool(state.legal_actions()) == state.is_over:
            _fail("someone can act after the game" if state.is_over else f"nobody can act in {phase.value}")


# ---------------------------------------------------------------- one game


@dataclass
class GameRun:
    seed: int
    deals: int = 0
    actions: int = 0
    bots: bool = False
    deep: bool = False
    error: Optional[dict] = None
    log: Optional[GameLog] = field(default=None, repr=False)


Trace = Callable[[str], None]


def seat_choosers(spec: GameSpec) -> list[Callable[[GameState], object]]:
    """Per seat, a function from the state to an action: a random beginner or a bot via its view."""
    shared = random.Random(spec.seed * 7919 + 1)  # the beginners' one RNG, as in bench.playout

    def bot_seat(seat: int, level: str) -> Callable[[GameState], object]:
        bot, rng = make_bot(level), seat_rng(spec.seed, seat)

        def decide(state: GameState) -> object:
            legal = state.legal_actions()
            if not legal:
                _fail(f"nobody can act in {state.phase.value}")
            return bot.choose(state.view(seat), legal, rng)
        return decide

    return [(lambda state: beginner(state, shared)) if kind == "random" else bot_seat(n, kind)
            for n, kind in enumerate(spec.seats)]


def soak_game(seed: int, trace: Optional[Trace] = None, preset: str = DEFAULT,
              spec: Optional[GameSpec] = None) -> GameRun:
    """Play one game with every check; an exception becomes the run's error record.
    ``spec`` seats a table of one's choosing instead of the seed's (bench.golden records one)."""
    spec = spec or GameSpec.of(seed, preset)
    run = GameRun(seed, bots=spec.seats != ("random",) * spec.players, deep=spec.deep)
    log = GameLog(seed, spec.players, preset=spec.preset, house_rules=spec.house)
    state: Optional[GameState] = None
    action: object = None
    try:
        state = new_game(seed, spec.players, spec.rules())
        watch = Watch(state, spec.deep)
        choosers = seat_choosers(spec)
        while not state.is_over:
            seat = state.current_player
            action = NextDeal() if seat is None else choosers[seat](state)
            if trace:
                trace(f"{len(log.actions) + 1:6} deal {state.deal_number:3} {state.phase.value:9} "
                      f"seat {seat}: {describe(action)}")
            log.play(state, action)
            action = None
            watch.after(state)
        if spec.deep:
            again = GameLog.from_json(log.to_json()).replay()
            if fingerprint(again) != fingerprint(state):
                _fail("the game's log replays to a different final state")
    except Exception as error:  # an error is a finding: record it and go on
        run.error = error_record(spec, state, log, action, error)
    run.deals = state.deal_number if state else 0
    run.actions = len(log.actions)
    run.log = log
    return run


def error_record(spec: GameSpec, state: Optional[GameState], log: GameLog, action: object,
                 error: Exception) -> dict:
    """What reproduces and explains one error: the seed, the rules, where it happened, what broke."""
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return {
        "seed": spec.seed,
        "rules": spec.preset,
        "house_rules": list(spec.house),
        "players": spec.players,
        "seats": list(spec.seats),
        "action_index": len(log.actions) + (action is not None),  # 1-based; the action that failed
        "action": describe(action) if action is not None else None,
        "deal": state.deal_number if state else 0,
        "phase": state.phase.value if state else None,
        "error": f"{type(error).__name__}: {error}",
        "where": f"{'/'.join(frame.filename.split('/')[-2:])}:{frame.lineno} in {frame.name}",
        "replay": spec.command(),
    }


# ---------------------------------------------------------------- many games


@dataclass
class Tally:
    games: int = 0
    deals: int = 0
    actions: int = 0
    bot_games: int = 0
    deep_games: int = 0
    cpu_seconds: float = 0.0
    combos: Counter = field(default_factory=Counter)
    levels: Counter = field(default_factory=Counter)  # bot seats by level
    errors: list = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("games", "deals", "actions", "bot_games", "deep_games", "cpu_seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.combos.update(other.combos)
        self.levels.update(other.levels)
        self.errors += other.errors


def play_chunk(seeds: list[int], preset: str = DEFAULT) -> Tally:
    """A worker's unit: a few games, tallied (only the tally crosses the process boundary)."""
    tally, began = Tally(), time.process_time()
    for seed in seeds:
        run = soak_game(seed, preset=preset)
        spec = GameSpec.of(seed, preset)
        tally.games += 1
        tally.deals += run.deals
        tally.actions += run.actions
        tally.bot_games += run.bots
        tally.deep_games += run.deep
        tally.combos[",".join(spec.house) or "-", spec.players] += 1
        tally.levels.update(kind for kind in spec.seats if kind != "random")
        if run.error:
            tally.errors.append(run.error)
    tally.cpu_seconds = time.process_time() - began
    return tally


def chunks(seed: int, first: int, games: int, size: int) -> Iterator[list[int]]:
    for start in range(first, first + games, size):
        yield [game_seed(seed, n) for n in range(start, min(first + games, start + size))]


def soak(games: int, seed: int, workers: int, every: int = 1000, chunk: int = 20, first: int = 0,
         say: Trace = lambda line: print(line, file=sys.stderr, flush=True),
         preset: str = DEFAULT) -> tuple[Tally, float]:
    """Play games ``first`` to ``first + games - 1`` of the run ``seed`` on ``workers`` processes;
    progress and each error as they come (a long soak can be split into runs by ``first``)."""
    total, began, next_report = Tally(), time.perf_counter(), every
    work = chunks(seed, first, games, chunk)
    play = partial(play_chunk, preset=preset)
    pool = multiprocessing.get_context("fork").Pool(workers) if workers > 1 else None
    try:
        results = pool.imap_unordered(play, work) if pool else map(play, work)
        for tally in results:
            total.add(tally)
            for error in tally.errors:
                say("ERROR " + json.dumps(error))
            if total.games >= next_report or total.games == games:
                say(progress(total, time.perf_counter() - began, games))
                next_report += every
    finally:
        if pool:
            pool.close()
            pool.join()
    return total, time.perf_counter() - began


def progress(tally: Tally, seconds: float, games: int) -> str:
    rate = tally.games / seconds if seconds else 0.0
    left = (games - tally.games) / rate if rate else 0.0
    return (f"{tally.games}/{games} games, {tally.deals} deals, {tally.actions} actions, "
            f"{len(tally.errors)} errors, {seconds:.0f} s, {rate:.2f} games/s, ~{left / 60:.0f} min left")


def summary(tally: Tally, seconds: float, args: argparse.Namespace) -> dict:
    return {
        "command": f"python -m bench.soak --games {args.games} --seed {args.seed} --workers {args.workers}"
                   + (f" --first {args.first}" if args.first else "")
                   + (f" --rules {args.rules}" if args.rules != DEFAULT else ""),
        "rules": args.rules,
        "games": tally.games,
        "deals": tally.deals,
        "actions": tally.actions,
        "errors": len(tally.errors),
        "wall_seconds": round(seconds, 1),
        "games_per_second": round(tally.games / seconds, 2) if seconds else None,
        "cpu_seconds": round(tally.cpu_seconds, 1),
        "workers": args.workers,
        "bot_games": tally.bot_games,
        "deep_games": tally.deep_games,
        "house_rule_combinations": len({combo for combo, _ in tally.combos}),
        "player_counts": sorted({players for _, players in tally.combos}),
        "bot_seats": dict(sorted(tally.levels.items())),
        "first_errors": tally.errors[:20],
    }


def report(data: dict) -> str:
    lines = [
        f"{data['rules']}: {data['games']} games, {data['deals']} deals, {data['actions']} actions, {data['errors']} errors",
        f"{data['wall_seconds']} s wall ({data['games_per_second']} games/s on {data['workers']} workers), "
        f"{data['cpu_seconds']} s CPU",
        f"{data['bot_games']} games with bots, {data['deep_games']} deep (legal actions listed, log replayed); "
        f"{data['house_rule_combinations']} house-rule combinations at {data['player_counts']} players; "
        f"bot seats {data['bot_seats']}",
    ]
    lines += [f"error: {e['error']} (seed {e['seed']}, action {e['action_index']}): {e['replay']}"
              for e in data["first_errors"]]
    return "\n".join(lines)


def replay(seed: int, trace: bool, save: Optional[str], preset: str = DEFAULT) -> int:
    """Play one game again exactly as the soak did, saying what it checked and what broke."""
    spec = GameSpec.of(seed, preset)
    print(f"seed {seed}: {spec.rules().name}, {spec.players} players {', '.join(spec.seats)}; "
          f"house rules: {', '.join(spec.house) or 'none'}; {'deep' if spec.deep else 'standard'} checks")
    run = soak_game(seed, print if trace else None, preset)
    print(f"{run.deals} deals, {run.actions} actions")
    if save and run.log is not None:
        with open(save, "w") as out:
            out.write(run.log.to_json())
        print(f"the log of its {len(run.log.actions)} accepted actions is in {save}")
    if run.error:
        print(json.dumps(run.error, indent=2))
        return 1
    print("no error")
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="the run's seed: game n plays game_seed(seed, n)")
    parser.add_argument("--first", type=int, default=0, help="start at this game number (to split a long soak)")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: in this process)")
    parser.add_argument("--every", type=int, default=1000, help="a progress line every this many games")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument("--rules", choices=sorted(PRESETS), default=DEFAULT,
                        help="the rulebook (default: aggravation, its house rules picked by seed)")
    parser.add_argument("--replay", type=int, metavar="SEED", help="play one game (its seed, from an error)")
    parser.add_argument("--trace", action="store_true", help="with --replay: print every action")
    parser.add_argument("--save-log", metavar="FILE", help="with --replay: write the game's log (JSON)")
    args = parser.parse_args(argv)
    if args.replay is not None:
        return replay(args.replay, args.trace, args.save_log, args.rules)
    tally, seconds = soak(args.games, args.seed, max(1, args.workers), args.every, first=args.first,
                          preset=args.rules)
    data = summary(tally, seconds, args)
    print(json.dumps(data) if args.json else report(data))
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
