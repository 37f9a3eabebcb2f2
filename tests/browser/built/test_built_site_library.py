"""On the built site, on a phone: past games, a replay across a game's deals, export and import
(a corrupt file and a shared link) open on the game's cut of Python's library, with no module
missed (this folder's conftest.py checks after each test)."""
from __future__ import annotations

from test_library import (  # noqa: F401
    browser_context_args,
    test_a_past_game_replays_across_its_deals_to_the_final_scores,
    test_export_import_a_corrupt_file_and_a_shared_link,
)
