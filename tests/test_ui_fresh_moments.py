"""Nothing stale on the table (issue 31): a message and a picked card belong to the moment they were
made in (game/ui/session/screen_state.py). "Wait for your turn" ends when the turn moves on; a card
picked while others play is put down when the turn comes to the player; news of a claim lasts until
the player's own next move."""
from __future__ import annotations

from game.actions import Draw
from game.state import Phase
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.store.settings import Settings
from html_tree import parse
from support import MemoryStore
from test_steal_offer import offered


def bots_playing() -> Session:
    """A Sprout game with the bots to move (seat 1 plays first after the deal's swap round)."""
    s = Session(MemoryStore(), Settings(speed="instant", steal="off"))
    s.start("sprout", 5)
    while s.state.current_player == HUMAN:
        dispatch(s, "pass")
    return s


def to_my_turn(s: Session) -> None:
    while s.state.current_player != HUMAN:
        assert s.step(s.token())


def test_wait_for_your_turn_ends_when_the_turn_moves_on():
    s = bots_playing()
    bot = s.names[s.state.current_player]
    dispatch(s, "stock")
    said = s.ui.message
    assert said.startswith("Wait for your turn to draw") and bot in said
    assert "Wait for your turn" in parse(table_screen(table_model(s))).text
    mover = s.state.current_player
    while s.state.current_player == mover:       # the same bot still playing: still true
        assert s.ui.message == said
        assert s.step(s.token())
    assert s.ui.message == ""                    # the turn moved on: gone, whoever is to move now
    to_my_turn(s)
    assert s.ui.message == "" and "Wait for your turn" not in parse(table_screen(table_model(s))).text


def test_a_refusal_on_my_turn_lasts_my_turn():
    s = bots_playing()
    to_my_turn(s)
    dispatch(s, "godown")
    assert (s.ui.message, s.ui.tone) == ("Draw a card first, then go down", "error")
    assert s.pending() is None                  # nobody else moves during my turn: it stays
    assert s.ui.message == "Draw a card first, then go down"


def test_news_of_a_claim_outlives_the_bots_moves_until_my_next_move():
    s = offered(Settings(steal="wait", speed="instant", ask="every"))
    dispatch(s, "steal")
    assert s.step(s.token())                    # the drawer draws: the claim is settled
    news = s.ui.message
    assert news and "7♥" in news
    while s.state.current_player != HUMAN and s.state.phase is not Phase.DEAL_OVER:
        assert s.ui.message == news
        if not s.step(s.token()):
            break
    assert s.ui.message == news                 # still there when the turn comes to the player


def test_a_why_not_during_an_open_offer_ends_with_the_offer():
    s = offered(Settings(steal="wait", speed="instant", ask="every"))
    dispatch(s, "stock")
    assert s.ui.message.startswith("🫳")
    dispatch(s, "pass")                         # the offer answered: "Wait for your turn…"
    dispatch(s, "stock")
    assert s.ui.message.startswith("Wait for your turn")
    s.log.play(s.state, Draw(), s.state.current_player)   # the drawer draws: the moment is over
    assert s.ui.message == ""


def test_a_card_picked_while_others_play_is_put_down_when_my_turn_comes():
    s = bots_playing()
    key = s.shown_hand()[3].key
    dispatch(s, "card", key)
    assert s.ui.selected == key                 # picked while waiting: it may be arranged (Shift+arrows)
    assert s.step(s.token())
    if s.state.current_player != HUMAN:
        assert s.ui.selected == key             # still waiting: the pick stays
    to_my_turn(s)
    assert s.ui.selected is None
    assert not parse(table_screen(table_model(s))).find_all(class_="selected")


def test_a_card_picked_on_my_turn_stays_picked_until_i_move():
    s = bots_playing()
    to_my_turn(s)
    dispatch(s, "stock")
    key = s.shown_hand()[0].key
    dispatch(s, "card", key)
    assert s.ui.selected == key
    assert [c.attrs["data-key"] for c in parse(table_screen(table_model(s))).find_all(class_="selected")] == [key]


# ------------------------------------------------------------ the small things that read as unfinished


def test_the_score_sheet_between_deals_leads_to_a_new_game_and_the_game_waits_on_the_start_screen():
    from test_ui_deal_end import bot_goes_out
    s = bot_goes_out()
    s.ui.ending = ""
    sheet = parse(table_screen(table_model(s))).find(data_zone="summary")
    assert [b.text for b in sheet.find_all(data_act="menu")] == ["New game"]
    assert sheet.find(data_act="next")                 # Next deal stays the first choice
    dispatch(s, "menu")
    assert s.ui.screen == "start" and s.state.phase is Phase.DEAL_OVER   # nothing lost: resumed from there


def test_a_first_ace_or_scout_game_says_what_kind_of_table_it_is_once():
    s = Session(MemoryStore(), Settings(speed="instant", steal="off"))
    s.start("ace", 3)
    assert s.ui.message == ("🏆 An Ace table: 4 sharp opponents who steal what they need and go down fast. "
                            "A deal here can end before you have had many turns")
    assert s.ui.message in parse(table_screen(table_model(s))).text
    s.start("ace", 4)                                  # the Ace game before is kept: not the first any more
    assert s.ui.message == ""
    other = Session(MemoryStore(), Settings(speed="instant", steal="off", rulebook="contract"))
    other.start("ace", 3)
    assert "sharp opponents who buy what they need" in other.ui.message
    fresh = Session(MemoryStore())
    fresh.start("sprout", 3)
    assert fresh.ui.message == ""                      # a gentle table needs no warning
    scout = Session(MemoryStore(), Settings(speed="instant", steal="off"))
    scout.start("scout", 3)
    assert scout.ui.message == ("🧭 A Scout table: 3 opponents who steal what they need. A deal often ends in "
                                "4–10 of your turns: go down as soon as you can")
    scout.start("scout", 4)
    assert scout.ui.message == ""


def test_the_ace_line_is_news_until_the_players_first_move():
    s = Session(MemoryStore(), Settings(speed="instant", steal="off"))
    s.start("ace", 3)
    said = s.ui.message
    while s.state.current_player != HUMAN:
        assert s.step(s.token()) and s.ui.message == said
    dispatch(s, "pass" if s.state.phase is Phase.SWAP else "stock")
    assert s.ui.message == ""
