"""Golden games played by the bots: a whole game at a mixed table, recorded for tests/test_golden.py.

    python -m bench.golden --rules gallery --seed 606 --table ace,scout,sprout
    python -m bench.golden --rules contract --seed 707 --table sprout,ace,scout,ace --check

A golden game is its log (seed, rulebook, every action) and what it came to (totals, rounds,
winners, deals). The random playouts' golden games (tests/golden/*.json, presets/game_*_<rules>.json)
prove the engine replays what it once played; these prove the same of games the bots chose, where
buys, deep picks, compulsory lay-offs and round 7 come up as players meet them. The game is played
through ``bench.soak`` with its deep checks (every invariant after every action, the legal actions
listed, the log replayed), so a recorded game is also a checked one.

The bots' choices are part of the record: a change to a bot that alters the game fails
``--check`` and the test that plays it again; regenerate the file with this command in the same
commit when the change is meant.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Optional

from bench.soak import GameSpec, soak_game
from game.bots import LEVELS
from game.rules import PRESETS

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "presets"


def file_name(preset: str, seed: int, table: tuple[str, ...]) -> str:
    return f"game_{seed}_{len(table)}p_{preset}_bots.json"


def record(preset: str, seed: int, table: tuple[str, ...]) -> dict:
    """Play the game at ``table`` (bot levels by seat) and return its golden record."""
    unknown = [level for level in table if level not in LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level {unknown[0]!r}: use {', '.join(LEVELS)}")
    spec = GameSpec(seed, (), len(table), tuple(table), True, preset)
    run = soak_game(seed, spec=spec)
    if run.error:
        raise RuntimeError(f"the game broke a rule: {run.error['error']} (action {run.error['action_index']})")
    state = run.log.replay()
    data = json.loads(run.log.to_json())
    data["seats"] = list(table)
    data["expected"] = {
        "totals": [s.total for s in state.seats],
        "rounds": [s.round for s in state.seats],
        "winners": list(state.outcome()),
        "deals": state.deal_number,
    }
    return data


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", choices=sorted(PRESETS), required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--table", required=True, help="bot levels by seat, e.g. ace,scout,sprout")
    parser.add_argument("--check", action="store_true", help="compare with the stored file instead of writing it")
    args = parser.parse_args(argv)
    table = tuple(args.table.split(","))
    path = GOLDEN / file_name(args.rules, args.seed, table)
    data = record(args.rules, args.seed, table)
    summary = f"{path.name}: {len(data['actions'])} actions, {data['expected']}"
    if args.check:
        same = path.is_file() and json.loads(path.read_text()) == data
        print(f"{'same' if same else 'DIFFERENT'}: {summary}")
        return 0 if same else 1
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
