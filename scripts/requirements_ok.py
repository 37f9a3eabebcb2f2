"""Exit 0 if every `name==version` pin in requirements.txt is installed at that version.

`make setup` runs this first and calls pip only when it fails, which keeps a set-up machine's
`make test` fast (pip itself takes seconds even when it has nothing to do).

Usage: python scripts/requirements_ok.py [requirements.txt]
Standard library only.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;#]+)")


def problems(path: Path) -> list[str]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = PIN.match(line)
        if not match:
            found.append(f"not an exact pin: {line!r}")
            continue
        name, want = match.groups()
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            found.append(f"{name} missing (want {want})")
            continue
        if have != want:
            found.append(f"{name} {have} installed, want {want}")
    return found


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else ROOT / "requirements.txt"
    found = problems(path)
    for problem in found:
        print(f"requirements: {problem}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
