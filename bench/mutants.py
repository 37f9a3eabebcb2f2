"""Mutation scores per module, read from mutmut's results in ``mutants/`` (run ``make mutants`` first).

    python -m bench.mutants              # the table: killed / survived / … and the score per module
    python -m bench.mutants --survivors  # also list every surviving mutant by name

The score is killed ÷ (killed + survived + no tests): a timeout counts as killed
(the mutant made the tests loop, which a player would notice), a mutant that no
selected test reaches counts against the score, and mutants not yet run are left
out and shown as "not run". Standard library only, so it works without mutmut installed.
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILLED = {1, 3, 36, -24, 24, 152, 255}  # test failure, pytest error, timeouts (SIGXCPU)
SURVIVED = {0}
NO_TESTS = {5, 33}


def verdict(code: object) -> str:
    if code is None:
        return "not run"
    if code in KILLED:
        return "killed"
    if code in SURVIVED:
        return "survived"
    if code in NO_TESTS:
        return "no tests"
    return "other"


def results(root: Path) -> dict[str, dict[str, str]]:
    """Module name → {mutant name: verdict}, from mutmut's per-file .meta files."""
    found: dict[str, dict[str, str]] = {}
    for meta in sorted((root / "mutants" / "game").rglob("*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
        if not codes:
            continue
        module = str(meta.relative_to(root / "mutants"))[: -len(".py.meta")].replace("/", ".")
        found[module] = {name: verdict(code) for name, code in codes.items()}
    return found


def score(counts: Counter) -> str:
    judged = counts["killed"] + counts["survived"] + counts["no tests"]
    return f"{100 * counts['killed'] / judged:5.1f}%" if judged else "    -"


def table(found: dict[str, dict[str, str]]) -> list[str]:
    head = f"{'module':28} {'mutants':>7} {'killed':>6} {'survived':>8} {'no tests':>8} {'not run':>7} {'score':>6}"
    lines, total = [head], Counter()
    for module, verdicts in found.items():
        counts = Counter(verdicts.values())
        total += counts
        lines.append(_row(module, len(verdicts), counts))
    lines.append(_row("total", sum(len(v) for v in found.values()), total))
    return lines


def _row(name: str, mutants: int, counts: Counter) -> str:
    return (f"{name:28} {mutants:7} {counts['killed']:6} {counts['survived']:8} "
            f"{counts['no tests']:8} {counts['not run']:7} {score(counts):>6}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--survivors", action="store_true", help="list surviving mutants by name")
    args = parser.parse_args(argv)
    found = results(ROOT)
    if not found:
        print("no mutmut results in mutants/: run `make mutants` first")
        return 1
    print("\n".join(table(found)))
    if args.survivors:
        for verdicts in found.values():
            for name, what in verdicts.items():
                if what in ("survived", "no tests"):
                    print(f"{what:9} {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
