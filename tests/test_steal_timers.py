"""How long 🫳 Steal stays offered (SPEC §7: "for a short time (a setting, including 'wait for
me')"): each setting's length as the page schedules and shows it.

The lengths are the settings' documented values written out here as literals (short 3 s,
long 9 s, wait: no timer, off: lapses at once), never read back from settings.STEAL_TIMERS,
so a changed number in the code's table fails here. tests/browser/test_steal.py watches the
short one lapse on the page.
"""
from __future__ import annotations

import pytest

from game.actions import Draw, Pass, Steal
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.dispatch import dispatch
from game.ui.screens.settings import settings_panel
from game.ui.store.settings import Settings
from game.ui.screens.settings import settings_model
from html_tree import parse
from scenario import table
from test_ui_table_spec import acts, session_at, shown

DOCUMENTED = {"short": 3000, "long": 9000, "wait": None, "off": 0}


def offered(steal: str):
    """Scout 2 has drawn past Scout 1's 7♥: the player may steal it now."""
    state = table(hands=["AC 3C 4C 5C 6C", "KC KD KS 4D", "QC QD QS 5D"], stock="9S 8S 3D",
                  pile="5S 7H", phase=Phase.DRAW, turn=2, claimable_from=1)
    s = session_at(state)
    s.settings.change("steal", steal)
    s.settings.change("ask", "every")            # 7♥ does not help this hand: asked about all the same
    s.state.apply(Draw(), 2)
    assert s.state.current_player == HUMAN and acts(shown(s)) == ["steal", "pass"]
    return s


@pytest.mark.parametrize("steal, ms", DOCUMENTED.items())
def test_each_setting_schedules_its_documented_length(steal, ms):
    s = offered(steal)
    assert s.pending() == ("claim", ms)
    timer = shown(s).find_all(class_="timer")
    if ms:   # the bar under the buttons runs down over exactly that time
        assert [t.attrs["style"] for t in timer] == [f"animation-duration:{ms}ms"]
    else:    # waiting for the player, or lapsing at once: no bar
        assert timer == []


@pytest.mark.parametrize("steal", ["short", "long", "off"])
def test_when_the_timer_fires_the_offer_lapses_as_a_pass(steal):
    s = offered(steal)
    token, hand = s.token(), len(s.state.seats[HUMAN].hand)
    assert s.step(token)
    assert s.log.actions[-1] == Pass() and s.token() == token + 1
    assert len(s.state.seats[HUMAN].hand) == hand and s.state.current_player != HUMAN


def test_wait_for_me_never_lapses_and_a_stale_timer_does_nothing():
    s = offered("wait")
    token = s.token()
    assert not s.step(token - 1)
    assert s.token() == token and s.state.current_player == HUMAN
    dispatch(s, "steal")
    assert s.log.actions[-1] == Steal()
    assert [c.code for c in s.state.seats[HUMAN].hand][-2:] == ["7H", "3D"]


def test_a_new_player_gets_the_long_offer_and_the_settings_name_every_choice():
    assert Settings().claim_ms() == 9000
    assert Settings.from_json('{"steal": "short"}').claim_ms() == 3000
    assert Settings.from_json('{"steal": "forever"}').claim_ms() == 9000
    s = offered("short")
    s.ui.settings_open = True
    panel = parse(settings_panel(settings_model(s))).find(role="group", aria_label="🫳 Steal · 🛒 buy offer")
    chips = panel.find_all("button")
    assert [c.text for c in chips] == ["Off", "Short", "Long", "Wait for me"]
    assert [c.attrs["aria-pressed"] for c in chips] == ["false", "true", "false", "false"]
