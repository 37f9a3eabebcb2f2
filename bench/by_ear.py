"""The words a screen reader speaks in one whole deal: ``python -m bench.by_ear [--out FILE]``.

Runs tests/browser/test_by_ear.py (a player who hears only a virtual screen reader and acts only
by keys plays a whole deal against the bots) and prints its summary: how many words a move, by
key for the player and by kind for the bots, three moves in full. ``--out`` keeps the summary,
the score sheet as read, and every phrase spoken (default: a temporary file, printed in part).
Needs `make setup` (Chromium, the vendored screen reader).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/browser/test_by_ear.py"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the summary and every phrase here")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkstemp(prefix="by_ear_", suffix=".txt")[1])
    env = {**os.environ, "BY_EAR_SUMMARY": str(out.resolve())}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TEST],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    if run.returncode:
        print(run.stdout[-4000:], run.stderr[-2000:], sep="\n", file=sys.stderr)
        return run.returncode
    text = out.read_text(encoding="utf-8")
    print(text.split("\n\nThe score sheet, read:")[0])
    print(f"\n(every phrase spoken: {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
