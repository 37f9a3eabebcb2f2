"""The command line: ``python -m game check …``, ``fill …`` and ``sim …``.

Every command takes ``--rules aggravation|gallery|contract`` (default: aggravation):
a pair is a meld under Gallery, twos are plain cards under Contract Rummy.

Each subcommand is one ``add_*`` function that declares its arguments and sets
``run``, the function that answers; :data:`COMMANDS` registers them. To add a
subcommand (say ``replay``), write ``add_replay(commands)`` and append it to
:data:`COMMANDS`. The engine modules behind the commands (``melds``,
``solver``, ``sim``) know nothing of argparse: every ``add_*``/``run_*`` lives
here, and imports run one way, from this module down.

Exit status: 0 when the question was answered (yes or no), 2 for bad input —
a card code that names no card, a round that does not exist — with one line on
stderr that names it.

JSON shapes (``--json``):

- ``check``: ``{"ok", "kind", "reading", "reason"}``. ``reading`` lists, in
  table order, the card each card stands for: a run's cards as full codes
  (``"7H"``; the high ace is ``"AH"``), a set's naturals as themselves
  (``"7S"``) and a set's wilds as the bare rank (``"7"``), since a wild in a
  set stands for the rank in no particular suit. ``kind`` and ``reason`` are
  null on the side that does not apply; ``reading`` is ``[]`` when not ok.
- ``fill``: ``{"ok", "melds", "missing"}``: ``melds`` holds one list of card
  codes per meld of the contract, in table order (codes in the canonical form
  ``QH``, ``TD``, ``JK``); ``missing`` says what the hand lacks, or null.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, Optional, Sequence

from .cards import RANKS, Card, CardError, parse_cards
from .melds import Meld, MeldError, check_meld
from .rules import AGGRAVATION, PRESETS, MeldKind, Rules
from .sim import figures, parse_table, report, run_tournament
from .solver import solve


class UsageError(ValueError):
    """Input the command cannot work with; the message is shown as is."""


# ---------------------------------------------------------------- check


def add_check(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("check", help="is this a meld? (set or run)")
    parser.add_argument("--kind", choices=[k.value for k in MeldKind], help="only this kind")
    parser.add_argument("--json", action="store_true", help="answer as one JSON object")
    parser.add_argument("cards", nargs="+", metavar="CARD", help="card codes: QH 10h JK")
    parser.set_defaults(run=run_check)


def run_check(args: argparse.Namespace, rules: Rules) -> int:
    cards = _cards(args.cards)
    kind = MeldKind(args.kind) if args.kind else None
    try:
        meld: Optional[Meld] = check_meld(cards, kind, rules)
        reason = None
    except MeldError as error:
        meld, reason = None, str(error)
    if args.json:
        _print_json({
            "ok": meld is not None,
            "kind": meld.kind.value if meld else None,
            "reading": reading(meld, rules) if meld else [],
            "reason": reason,
        })
    else:
        print(f"✓ {meld.describe(rules)}" if meld else f"✗ {reason}")
    return 0


def reading(meld: Meld, rules: Rules = AGGRAVATION) -> list[str]:
    """What each card of ``meld`` stands for, as codes in table order (see the module doc)."""
    out = []
    for rank, suit in meld.stands_for(rules):
        letter = RANKS[(rank - 1) % len(RANKS)]  # 14, the high ace, prints as A
        out.append(letter + (suit or ""))
    return out


# ---------------------------------------------------------------- fill


def add_fill(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("fill", help="can this hand make a round's contract?")
    parser.add_argument("--json", action="store_true", help="answer as one JSON object")
    parser.add_argument("round", metavar="ROUND", help="the round number, 1 to the last round")
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the hand: QH 10h JK …")
    parser.set_defaults(run=run_fill)


def run_fill(args: argparse.Namespace, rules: Rules) -> int:
    round_number = _round(args.round, rules)
    cards = _cards(args.cards)
    contract = rules.contract(round_number)
    fill = solve(cards, contract, rules)
    if args.json:
        _print_json({
            "ok": fill.ok,
            "melds": [[card.code for card in meld.cards] for meld in fill.melds],
            "missing": fill.missing,
        })
    elif fill.ok:
        print(f"✓ round {round_number}: {contract.describe()}")
        for meld in fill.melds:
            print(f"  {meld.describe(rules)}")
    else:
        print(f"✗ round {round_number}: {contract.describe()}: {fill.missing}")
    return 0


# ---------------------------------------------------------------- sim


def add_sim(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("sim", help="play a bot tournament and print each level's figures")
    parser.add_argument("--table", required=True, help="levels by seat, e.g. ace,scout,scout,scout")
    parser.add_argument("--games", type=int, default=100, help="complete games to play")
    parser.add_argument("--seed", type=int, default=1, help="tournament seed (same seed, same result)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run_sim)


def run_sim(args: argparse.Namespace, rules: Rules) -> int:
    try:
        table = parse_table(args.table, rules)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    data = figures(run_tournament(table, args.games, args.seed, rules))
    print(json.dumps(data) if args.json else report(data))
    return 0


# ---------------------------------------------------------------- plumbing

COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [add_check, add_fill, add_sim]


def _cards(codes: Sequence[str]) -> list[Card]:
    try:
        return parse_cards(list(codes))
    except CardError as error:
        raise UsageError(str(error)) from None


def _round(text: str, rules: Rules) -> int:
    if not text.isdigit() or not 1 <= int(text) <= rules.rounds:
        raise UsageError(f"{text!r} is not a round: use a number from 1 to {rules.rounds}")
    return int(text)


def _print_json(value: object) -> None:
    print(json.dumps(value, ensure_ascii=False))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description="Aggravation from the command line.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(commands)
    for command in commands.choices.values():  # every command answers under any rulebook
        command.add_argument("--rules", choices=list(PRESETS), default=None,
                             help="the rulebook (default: aggravation)")
    return parser


def main(argv: Optional[Sequence[str]] = None, rules: Rules = AGGRAVATION) -> int:
    """Run one command; returns the exit status (argparse exits 2 by itself on bad usage)."""
    if hasattr(sys.stdout, "reconfigure") and (sys.stdout.encoding or "").lower() != "utf-8":
        sys.stdout.reconfigure(encoding="utf-8")  # ✓ ✗ ♥ 🃏 on any console
    args = build_parser().parse_args(argv)
    if args.rules is not None:
        rules = PRESETS[args.rules]
    try:
        return args.run(args, rules)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
