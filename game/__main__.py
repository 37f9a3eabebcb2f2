"""``python -m game``: the command line (see game/cli.py)."""
import sys

from .cli import main

sys.exit(main())
