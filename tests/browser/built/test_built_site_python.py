"""On the built site, Python has every module the game imports: a whole game's screens open on the
game's cut of the standard library (stdlib.zip) and the bytecode-only game.zip, and the whole
library is never fetched.

The tests imported below are the checkout's own (a whole deal by taps, the game's end, the guided
deal, statistics, the rules page and back, a first visit in the browser's language and a
language picked; past games, replay, export and import are in
test_built_site_library.py, on a phone), run here on the build. After each, this folder's
conftest.py checks that no module was missed.
"""
from __future__ import annotations

from test_deal_end import test_game_over_lists_the_places_and_the_last_moves  # noqa: F401
from test_fresh_moments import open_page, test_back_from_the_rules_the_table_shows_at_once  # noqa: F401
from test_lesson import test_the_guided_deal_is_followed_to_its_end  # noqa: F401
# the built site's catalogs ship gzipped (scripts/build.py): a first visit in German reads German
from test_languages import test_a_first_visit_speaks_the_browsers_language_and_a_language_picked_is_kept  # noqa: F401
from test_play import test_a_whole_deal_by_hand_framing_laying_off_and_discarding  # noqa: F401
from test_stats import (  # noqa: F401
    test_a_finished_games_figures_show_on_the_statistics_screen_until_the_player_resets_them,
)

def test_the_built_game_imports_nothing_from_the_whole_library(page, page_log, site_url, built_site):
    """The start screen, a table and the settings, on the build: what every visit runs."""
    page.goto(f"{site_url}?seed=3&level=scout&speed=0")
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=60_000)
    page.wait_for_selector('[data-zone="hand"] [data-card]')
    assert page.locator("body").get_attribute("data-python-start") == "fresh"
    page_log.assert_clean()
