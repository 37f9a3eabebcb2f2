"""Pass-and-play soak: ``python -m bench.passplay --games 30 --seed 1``.

Whole games through the worker's own ``App`` (no browser): a random rulebook, level and 2–6
people each, every person playing as a Scout bot would by the session's moves, random answers
when a person is asked to claim a discard, and a reload from the saved game now and then. After
every step:

- at a pass screen, no card of any hand is in the rendered table (checked on a sample of
  screens: rendering each one would triple the run);
- a reload resumes the same game with the same people;
- the table never sticks: each step acts, and every game reaches its end.

Prints one line per game and a summary; exit 1 on the first failure, with the seed to replay.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from game.bots import make_bot
from game.ui.session import passing
from game.ui.app import App
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model

RULEBOOKS = ("aggravation", "gallery", "contract")
LEVELS = ("sprout", "scout", "ace")
MAX_STEPS = 20_000


def leaked(app: App) -> set[str]:
    s = app.session
    html = table_screen(table_model(s))
    return {c.key for seat in s.state.seats for c in seat.hand if f'data-key="{c.key}"' in html}


def play(seed: int) -> tuple[str, int, str, int, int]:
    """One game; (rulebook, people, level, steps, reloads). AssertionError on any failure."""
    rng = random.Random(seed)
    rules, people, level = rng.choice(RULEBOOKS), rng.randint(2, 6), rng.choice(LEVELS)
    app = App({}, {"speed": "0", "seed": str(seed), "level": level, "people": str(people), "rules": rules})
    app.boot()
    s, brain, reloads = app.session, make_bot("scout"), 0
    people = s.people
    for step in range(MAX_STEPS):
        if s.state.is_over:
            return rules, people, level, step, reloads
        private = passing.pass_to(s) is not None
        if private and rng.random() < 0.05:
            assert not leaked(app), f"hand cards in the page at step {step}"
        if rng.random() < 0.01:
            app = App(dict(s.storage.values), {"speed": "0"})
            app.boot()
            assert app.session.people == people and app.session.log.actions == s.log.actions, "reload"
            s, reloads = app.session, reloads + 1
        elif passing.pass_to(s) is not None:
            assert app.intent("show") is not None
        elif passing.asked(s) is not None:
            assert app.intent("steal" if rng.random() < 0.4 else "pass") is not None
        elif s.state.current_player is None:
            s.ui.ending = ""
            s.next_deal()
        elif s.person(s.state.current_player):
            assert s.my_turn()
            assert s._play(brain.choose(s.state.view(s.seat), s.state.legal_actions(), rng)), s.ui.message
        else:
            assert app.tick(s.token()) is not None, "a bot's timer did nothing"
    raise AssertionError(f"no end after {MAX_STEPS} steps")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start, steps = time.perf_counter(), 0
    for seed in range(args.seed, args.seed + args.games):
        try:
            rules, people, level, count, reloads = play(seed)
        except AssertionError as failure:
            print(f"seed {seed}: FAILED: {failure}  (replay: python -m bench.passplay --games 1 --seed {seed})")
            return 1
        steps += count
        print(f"seed {seed}: {rules}, {people} people, {level}: {count} steps, {reloads} reloads", flush=True)
    print(f"{args.games} games, {steps} steps, 0 failures in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
