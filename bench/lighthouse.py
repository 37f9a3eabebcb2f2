"""Lighthouse scores of the built site: ``python -m bench.lighthouse [--runs 3]``.

Builds the site as deployed (scripts/build.py) into a temporary folder, serves it locally as a
real host would, gzip-encoding text, wasm and scripts (bench.network's host, with no throttle of
its own: Lighthouse simulates a phone's network from what it sees sent), and runs the pinned
Lighthouse (package.json devDependencies; ``npm ci`` installs it, ``make setup`` does not) with
Debian's Chromium, desktop and mobile presets. Prints per preset the medians of: the four category
scores, Total Blocking Time, max potential First Input Delay, and every audit that failed in the
best-practices and accessibility categories.

Targets (issue 9): desktop TBT ≤ 200 ms and max potential FID ≤ 100 ms; mobile TBT ≤ 600 ms;
best practices 100; accessibility 100. (Issue 32): mobile performance ≥ 95.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.load import CHROMIUM, ROOT, SUBPATH, _load_script
from bench.network import ThrottledHost

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
FLAGS = "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
TARGETS = {"desktop": {"total-blocking-time": 200, "max-potential-fid": 100}, "mobile": {"total-blocking-time": 600}}
SCORES = {"mobile": {"performance": 95}}  # the least score of a category, by preset
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def ensure_lighthouse() -> None:
    if not LIGHTHOUSE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)


def run_once(url: str, preset: str, out: Path) -> dict:
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
               f"--chrome-flags={FLAGS}", f"--only-categories={','.join(CATEGORIES)}"]
    if preset == "desktop":
        command.append("--preset=desktop")
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
    return json.loads(out.read_text(encoding="utf-8"))


def summary(report: dict) -> dict:
    audits = report["audits"]
    failing = sorted(
        {ref["id"] for name in ("best-practices", "accessibility") for ref in report["categories"][name]["auditRefs"]
         if ref.get("weight") and audits[ref["id"]].get("score") not in (None, 1)})
    return {
        **{name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        "total-blocking-time": audits["total-blocking-time"]["numericValue"],
        "max-potential-fid": audits["max-potential-fid"]["numericValue"],
        "failing": failing,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per preset (medians are printed)")
    args = parser.parse_args(argv)
    ensure_lighthouse()
    build = _load_script("build")
    ok = True
    with tempfile.TemporaryDirectory(prefix="aggravation-lighthouse-") as tmp:
        build.build(Path(tmp) / SUBPATH)
        host = ThrottledHost(Path(tmp), mbit=100_000, latency_ms=0)
        host.precompress()
        try:
            for preset in ("desktop", "mobile"):
                rows = [summary(run_once(f"{host.url}{SUBPATH}/", preset, Path(tmp) / f"{preset}-{n}.json")) for n in range(args.runs)]
                medians = {key: statistics.median(row[key] for row in rows) for key in rows[0] if key != "failing"}
                failing = sorted({audit for row in rows for audit in row["failing"]})
                print(f"{preset:>8}: " + "  ".join(f"{name} {medians[name]:.0f}" for name in CATEGORIES)
                      + f"  TBT {medians['total-blocking-time']:.0f} ms  max FID {medians['max-potential-fid']:.0f} ms"
                      + (f"  failing: {', '.join(failing)}" if failing else ""))
                for audit, limit in TARGETS[preset].items():
                    hit = medians[audit] <= limit
                    ok &= hit
                    print(f"          {audit} {medians[audit]:.0f} ms (target ≤ {limit}) {'ok' if hit else 'MISSED'}")
                for name, least in SCORES.get(preset, {}).items():
                    hit = medians[name] >= least
                    ok &= hit
                    print(f"          {name} {medians[name]:.0f} (target ≥ {least}) {'ok' if hit else 'MISSED'}")
                for name in ("best-practices", "accessibility"):
                    ok &= medians[name] == 100
        finally:
            host.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
