"""Two tabs, one game (game/ui/session/tabs.py): the edges of following, waiting and giving way.

tests/test_ui_saves.py plays the main stories (a tab follows, a stale tap shows the game first,
diverged tabs wait for the player). These pin what those leave open, found by mutation testing
(bench/mutants.md): whose moves a follow says were played, a slot emptied or unreadable under a
playing tab, the clock's last move giving way, a finished game giving way to another, and which
game is kept when the player chooses one tab's over the other's."""

from __future__ import annotations

import json

from game.actions import action_to_json
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.screens.start.markup import start_screen
from game.ui.screens.table.markup import table_screen
from game.ui.store.saves import BROKEN_KEY, SAVE_KEY, Record, Saves
from game.ui.screens.start.model import start_model
from game.ui.screens.table.model import table_model
from game.ui.words import ELSEWHERE, FOLLOWED, MOVED_ON
from html_tree import parse
from support import MemoryStore as Store
from test_ui_saves import QUICK, new_game, one_move_from_the_end, play, two_tabs


class CountingStore(Store):
    """A store that counts the slot's writes: hearing a game this tab already holds writes nothing."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.slot_writes = 0

    def set(self, key, text):
        if key == SAVE_KEY:
            self.slot_writes += 1
        super().set(key, text)


def movers(log, since: int) -> list:
    """Who made each move of ``log`` after the first ``since``: a seat, or None between deals."""
    state = log.new_game()
    seats = []
    for number, action in enumerate(log.actions):
        if number >= since:
            seats.append(state.current_player)
        state.apply(action)
    return seats


def bots_only_step(store) -> tuple[Session, Session]:
    """Two tabs of one game, the first a step of the clock ahead, made by bots alone (no claim of
    the player's among them): found by playing on until such a step comes."""
    a = new_game("sprout", 5, 0, store=store)
    for _ in range(400):
        if a.pending() is not None and a.state.current_player != HUMAN:
            b = Session(store, QUICK)
            assert b.resume()
            since = len(a.log.actions)
            a.step(a.token())
            seats = movers(a.log, since)
            if seats and HUMAN not in seats and None not in seats:
                return a, b
        else:
            play(a, 1)
    raise AssertionError("no step of bots alone in 400 moves")


# ------------------------------------------------------------------ following the other tab


def test_following_only_bots_moves_is_quiet_and_a_tap_then_says_the_game_moved_on():
    store = Store()
    a, b = bots_only_step(store)
    assert b.sync() and b.log.to_json() == a.log.to_json()
    assert b.ui.message == ""                            # no move of the player's was among them
    a2, b2 = bots_only_step(Store())
    moves = len(b2.log.actions)
    assert b2.sync_before_tap()                          # the tap is not played...
    assert b2.ui.message == MOVED_ON and len(b2.log.actions) > moves   # ...the table shows where it stands


def test_following_the_players_own_moves_says_so_and_a_tap_keeps_that_word():
    store, a, b = two_tabs()
    play(a, 25)                                          # the player's moves among them
    assert HUMAN in movers(a.log, len(b.log.actions))
    assert b.sync_before_tap()
    assert b.ui.message == FOLLOWED and not b.ui.elsewhere


def test_a_selection_made_on_the_old_table_is_dropped_when_the_tab_follows():
    store, a, b = two_tabs()
    b.ui.selected = b.state.seats[HUMAN].hand[0].key
    play(a, 25)
    assert b.sync()
    assert b.ui.selected is None and b.ui.end_for is None and b.ui.frames is None
    assert 'aria-pressed="true"' not in table_screen(table_model(b)).split('data-zone="hand"', 1)[1].split("</section>", 1)[0]


def test_hearing_the_game_this_tab_already_holds_writes_nothing():
    store = CountingStore()
    a = new_game("sprout", 5, 12, store=store)
    b = Session(store, QUICK)
    assert b.resume()
    play(a, 25)
    writes = store.slot_writes
    assert b.sync() and b.log.to_json() == a.log.to_json()   # followed: the slot already holds it
    assert not b.sync()
    b.saves.seen = None                                      # as after a reload: the same text, heard again
    assert not b.sync()
    assert store.slot_writes == writes


# ------------------------------------------------------------------ the slot changed under a playing tab


def test_an_emptied_slot_gets_this_tabs_game_back_unless_the_tab_is_waiting():
    store = Store()
    a = new_game("sprout", 5, 12, store=store)
    mine = store[SAVE_KEY]
    del store[SAVE_KEY]
    assert not a.sync()                                  # nothing changed for the player...
    assert store[SAVE_KEY] == mine                       # ...and the game is back in the slot
    a.ui.elsewhere = "same"                              # waiting for the player's say: it writes nothing
    del store[SAVE_KEY]
    assert not a.sync() and SAVE_KEY not in store


def test_an_older_copy_in_the_slot_is_overwritten_quietly():
    store = Store()
    a = new_game("sprout", 5, 12, store=store)
    older = store[SAVE_KEY]
    play(a, 10)
    store[SAVE_KEY] = older                              # another tab wrote an older copy of this game
    assert not a.sync()                                  # nothing to show the player
    assert Record.from_json(store[SAVE_KEY]).log == a.log.to_json() and a.ui.elsewhere == ""


def test_an_unreadable_slot_is_set_aside_and_this_tabs_game_written():
    store = Store()
    a = new_game("sprout", 5, 12, store=store)
    store[SAVE_KEY] = '{"not": "a game"'
    assert not a.sync()
    assert store[BROKEN_KEY] == '{"not": "a game"'
    assert Record.from_json(store[SAVE_KEY]).log == a.log.to_json() and not a.ui.elsewhere


def test_a_failure_while_syncing_stops_the_tab_and_asks_never_raises():
    store = Store()
    a = new_game("sprout", 5, 12, store=store)
    store[SAVE_KEY] = new_game("scout", 9, 3).storage[SAVE_KEY]

    def broken(stored, automatic):
        raise RuntimeError("a bug")

    a._reconcile = broken
    assert a.sync()
    assert a.ui.elsewhere == "same"
    assert ELSEWHERE["same"][0] in table_screen(table_model(a))


def test_a_tab_without_a_game_ignores_an_emptied_or_unreadable_slot():
    store = Store()
    idle = Session(store, QUICK)
    assert not idle.resume()
    idle.saves.seen = "an older slot"                    # it heard a game once; the slot is now empty
    assert not idle.sync() and idle.log is None
    store[SAVE_KEY] = "not a game"
    assert not idle.sync() and idle.log is None and idle.ui.screen == "start"


# ------------------------------------------------------------------ giving way without asking


def test_the_clocks_last_move_gives_way_to_the_other_tabs():
    """Both tabs ran the clock at the same moment and made different moves (here forced: bots
    agree by design): the move this tab made automatically gives way, with no question."""
    store = Store()
    a = new_game("sprout", 5, 12, store=store)
    while not (a.pending() is not None and a.state.current_player != HUMAN and len(a.state.legal_actions()) > 1):
        play(a, 1)
    b = Session(store, QUICK)
    assert b.resume()
    seat, since = a.state.current_player, len(a.log.actions)
    assert since > 1
    a.step(a.token())
    chosen = action_to_json(a.log.actions[since])
    other = next(x for x in b.state.legal_actions() if action_to_json(x) != chosen)
    assert b._play(other, seat, quiet=True, automatic=True)
    assert not b.ui.elsewhere and b.log.to_json() == a.log.to_json()
    assert Record.from_json(store[SAVE_KEY]).log == a.log.to_json()


def finished_tab(store: Store) -> Session:
    """A tab whose game has just ended (a recorded game's last move played), writing to ``store``."""
    _, recorded, last = one_move_from_the_end()
    store.update(recorded)
    s = Session(store, QUICK)
    assert s.resume()
    assert s._play(last, seat=None, automatic=True) and s.state.is_over
    return s


def test_a_finished_game_gives_way_to_a_new_game_from_another_tab_quietly():
    store = CountingStore()
    s = finished_tab(store)
    other = new_game("scout", 8, 4)
    store[SAVE_KEY] = other.storage[SAVE_KEY]
    writes = store.slot_writes
    assert s.sync()
    assert s.game == other.game and s.level == "scout" and not s.ui.elsewhere
    assert s.log.to_json() == other.log.to_json() and s.ui.screen == "table"
    assert [k["end"] for k in Saves(store).kept()] == ["finished"]   # kept once, as finished
    assert store.slot_writes == writes                    # the slot already holds the game it took
    assert not s.sync()


def test_a_finished_game_on_the_start_screen_gives_way_there():
    s = finished_tab(store := Store())
    dispatch(s, "menu")
    other = new_game("scout", 8, 4)
    store[SAVE_KEY] = other.storage[SAVE_KEY]
    assert s.sync()
    assert s.game == other.game and s.ui.screen == "start"


def test_a_finished_game_waits_when_the_other_tabs_game_cannot_be_played():
    """Another game whose moves do not replay: nothing is taken, nothing overwritten, the player asked."""
    store = Store()
    s = finished_tab(store)
    record = Record.from_json(new_game("scout", 8, 4).storage[SAVE_KEY])
    log = json.loads(record.log)
    log["actions"].append(log["actions"][-1])             # a move played twice: not legal
    broken = Record(record.game, record.level, json.dumps(log), record.moves + 1).to_json()
    store[SAVE_KEY] = broken
    mine = s.log.to_json()
    assert s.sync()
    assert s.ui.elsewhere == "same" and s.log.to_json() == mine
    assert store[SAVE_KEY] == broken


# ------------------------------------------------------------------ the player's say


def diverged() -> tuple[Store, Session, Session]:
    """Tab a's move is in the slot; tab b played another move on the same table without hearing it."""
    store = Store()
    a = new_game("sprout", 5, 12, store=store)
    while not (a.state.current_player == HUMAN and a.pending() is None and len(a.state.legal_actions()) > 1):
        play(a, 1)
    b = Session(store, QUICK)
    assert b.resume()
    first, *_, last = a.state.legal_actions()
    b.log.play(b.state, last, HUMAN)                      # b's move, not yet written
    a.act(first)                                          # a's, written
    b.save()                                              # b notices at its write: it waits
    assert b.ui.elsewhere == "same"
    return store, a, b


def test_the_waiting_tab_asks_in_a_dialog_whose_safe_answer_is_to_play_on_here():
    _, _, b = diverged()

    def dialog():
        found = parse(table_screen(table_model(b))).find(data_dialog="elsewhere")
        return (found.find("h2").text, found.find("p").text,
                [(x.attrs["data-act"], x.text, x.attrs["class"], "data-autofocus" in x.attrs) for x in found.find_all("button")])

    assert dialog() == ("This game is open in another tab.",
                        "Play on here and that tab will wait, or bring its moves here.",
                        [("play-here", "▶ Play here", "btn primary", True),
                         ("load-other", "↻ Load the other tab’s moves", "btn", False)])
    b.ui.elsewhere = "other"
    assert dialog() == ("Another tab has started a different game.",
                        "Play on here and that tab will wait, or switch to its game.",
                        [("play-here", "▶ Play here", "btn primary", True), ("load-other", "↻ Switch to that game", "btn", False)])


def test_taking_the_other_tabs_game_keeps_this_tabs_diverged_one():
    store, a, b = diverged()
    mine = b.log.to_json()
    dispatch(b, "load-other")
    assert b.log.to_json() == a.log.to_json() and not b.ui.elsewhere and b.ui.screen == "table"
    assert [(k["end"], k["log"]) for k in Saves(store).kept()] == [("replaced", mine)]
    assert not b.sync()                                   # it holds what the slot holds


def test_taking_the_other_tabs_game_keeps_nothing_when_it_holds_all_of_this_tabs_moves():
    store, a, b = two_tabs()
    play(a, 25)
    b.play_theirs()                                       # b is behind: its moves are all in a's game
    assert b.log.to_json() == a.log.to_json() and b.ui.screen == "table"
    assert Saves(store).kept() == []


def test_taking_the_other_tabs_game_keeps_nothing_when_this_one_is_finished():
    s, store, last = one_move_from_the_end()
    assert s._play(last, seat=None, automatic=True) and s.state.is_over
    store[SAVE_KEY] = new_game("scout", 8, 4).storage[SAVE_KEY]
    s.play_theirs()
    assert s.level == "scout"
    assert [k["end"] for k in Saves(store).kept()] == ["finished"]


def test_a_tab_without_a_game_takes_the_other_tabs_game_when_asked():
    store = Store()
    idle = Session(store, QUICK)
    assert not idle.resume()
    playing = new_game("scout", 8, 5, store=store)
    idle.play_theirs()
    assert idle.game == playing.game and idle.log.to_json() == playing.log.to_json()
    assert Saves(store).kept() == []


def test_playing_here_keeps_nothing_when_this_tab_holds_all_of_the_slots_moves():
    store = Store()
    a = new_game("sprout", 5, 12, store=store)
    older = store[SAVE_KEY]
    play(a, 10)
    store[SAVE_KEY] = older
    a.play_here()
    assert Record.from_json(store[SAVE_KEY]).log == a.log.to_json()
    assert Saves(store).kept() == []


def test_playing_here_does_not_keep_a_finished_game_again():
    s, store, last = one_move_from_the_end()
    assert s._play(last, seat=None, automatic=True) and s.state.is_over
    finished = store[SAVE_KEY]
    other = new_game("scout", 8, 4, store=store)        # another tab's new game, in the slot
    other.saves.seen = None
    store[SAVE_KEY] = finished                           # ...and the finished one back over it
    other.play_here()
    assert [k["end"] for k in Saves(store).kept()] == ["finished"]
    assert Record.from_json(store[SAVE_KEY]).game == other.game


def test_taking_the_other_tabs_game_from_the_start_screen_stays_there():
    """The question shows on the start screen too (the player may go to the menu while another tab
    holds the game); answering it there takes the game without opening the table."""
    store, a, b = diverged()
    dispatch(b, "menu")
    assert b.ui.screen == "start"
    assert ELSEWHERE["same"][0] in start_screen(start_model(b))
    dispatch(b, "load-other")
    assert b.ui.screen == "start" and b.log.to_json() == a.log.to_json() and not b.ui.elsewhere
    assert "▶ Back to your Sprout game" in start_screen(start_model(b))
