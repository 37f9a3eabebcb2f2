"""The worker's App: what the page's thread receives for each boot, tap and timer (no browser)."""

import json

import pytest

from game.ui import app as app_module
from game.ui.app import App
from game.ui.store.saves import BROKEN_KEY, SAVE_KEY
from game.ui.store.settings import SETTINGS_KEY, Settings
from game.ui.words import CANNOT_SAVE


def boot(stored=None, **params):
    app = App(stored or {}, {k: str(v) for k, v in params.items()})
    return app, app.boot()


def test_a_named_deal_opens_its_table_saves_it_and_asks_the_page_to_forget_the_address():
    app, frame = boot(seed=5, level="scout", speed=0)
    assert frame["screen"] == "table" and 'class="table-screen"' in frame["html"]
    assert frame["forget_params"] is True
    (key, text, _), = frame["writes"]
    assert key == SAVE_KEY and json.loads(text)["level"] == "scout"
    assert frame["timer"] == [0, 0]  # a bot swaps first, at once at speed 0
    json.dumps(frame)  # everything crosses to the page's thread as JSON


def test_a_reload_resumes_the_saved_game_from_what_the_page_read():
    app, first = boot(seed=5, level="sprout", speed=0)
    stored = {key: text for key, text, _ in first["writes"]}  # what the page's localStorage holds, frame by frame
    while app.session.state.current_player != 0:
        stored.update((key, text) for key, text, _ in app.tick(app.session.token())["writes"])
    again, frame = boot(stored)
    assert frame["screen"] == "table" and frame["forget_params"] is False
    assert again.session.state.view(0) == app.session.state.view(0)


def test_each_frame_hands_over_only_the_writes_since_the_last():
    app, frame = boot(seed=9, level="sprout", speed=0)
    assert frame["writes"]
    assert app.frame()["writes"] == []
    assert [key for key, _, _ in app.intent("set", "steal=short")["writes"]] == ["aggravation.settings"]
    assert app.frame()["writes"] == []


def test_a_stale_timer_changes_nothing_and_a_live_one_plays_one_move():
    app, frame = boot(seed=3, level="sprout", speed=0)
    delay, token = frame["timer"]
    assert app.tick(token + 7) is None
    moved = app.tick(token)
    assert moved is not None and app.session.token() == token + 1


def test_a_tap_that_means_nothing_draws_nothing():
    app, _ = boot()
    assert app.intent("draw") is None  # no game yet
    assert app.intent("no-such-act") is None
    assert app.intent("level", "sprout")["screen"] == "table"


def test_escape_closes_what_is_open_and_else_does_nothing():
    app, _ = boot()
    assert app.escape() is None
    app.intent("settings")
    assert app.session.ui.settings_open
    assert app.escape() is not None and not app.session.ui.settings_open


def test_the_address_sets_speed_steal_ask_and_house_rules_for_this_session_only():
    app, frame = boot(seed=2, level="sprout", speed=0, steal="wait", ask="every", house="ace_wrap,nonsense")
    assert app.session.settings.bot_delay_ms() == 0 and app.session.settings.claim_ms() is None
    assert app.session.settings.ask == "every"
    assert app.session.state.rules.ace_wrap
    assert "aggravation.settings" not in [key for key, _, _ in frame["writes"]]


def test_digits_that_are_not_decimal_never_crash_a_boot_or_a_tap():
    """'²'.isdigit() is True but int('²') raises: the address and taps are read as decimals only."""
    app, frame = boot(seed="²", level="sprout")
    assert frame["screen"] == "table"
    for act, arg in (("frame", "²"), ("reading", "³"), ("meld", "²"), ("wild", "²:¹")):
        app.intent(act, arg)  # refused or ignored, never an exception


def test_each_write_names_what_the_worker_believed_the_key_held():
    """The page writes the slot only if it still holds ``before`` (assets/page/storage.js, a compare-and-set):
    ``before`` is the worker's last write, or what the page last told it another tab wrote."""
    app, frame = boot(seed=9, level="sprout", speed=0)
    (key, first, before), = frame["writes"]
    assert key == SAVE_KEY and before is None
    (_, second, before), = app.tick(app.session.token())["writes"]
    assert before == first and second != first
    other = json.dumps({**json.loads(second), "tab": "another"})
    app.hear({SAVE_KEY: other})                    # another tab wrote the same game, no further on
    writes = app.tick(app.session.token())["writes"]
    assert writes and writes[0][2] == other


def test_a_tab_that_hears_an_older_save_of_its_game_writes_its_own_again_at_once():
    """The other tab's older write stood in the slot (it won the race, or this tab's write was
    not made): this tab's answer carries its own game again even though its screen does not
    change, or the slot would keep the older game until this tab's next move."""
    app, first = boot(seed=5, level="sprout", speed=0)
    older = first["writes"][-1][1]
    while app.session.state.current_player != 0:
        app.tick(app.session.token())
    frame = app.stored({SAVE_KEY: older})
    assert frame is not None
    (key, text, before), = frame["writes"]
    assert key == SAVE_KEY and before == older
    assert json.loads(text)["moves"] == app.session.token() > json.loads(older)["moves"]
    assert app.stored({SAVE_KEY: text}) is None           # its own game heard back: nothing to say


def test_news_that_comes_with_a_stale_timer_is_followed_at_once():
    """The page reads the slot before each timer and passes what changed along with the tick, and
    it will not pass the same text again (the storage event that follows finds nothing new): a
    tab whose stale timer brought the other tab's further moves must follow them there, or it
    stands a move behind until the player taps."""
    one, first = boot(seed=5, level="sprout", speed=0)
    stored = {key: text for key, text, _ in first["writes"]}
    two, _ = boot(dict(stored))
    stale = one.session.token()
    while two.session.state.current_player != 0:
        stored.update((key, text) for key, text, _ in two.tick(two.session.token())["writes"])
    assert two.session.token() > stale
    frame = one.tick(stale + 7, {SAVE_KEY: stored[SAVE_KEY]})
    assert frame is not None and one.session.token() == two.session.token()
    assert one.session.state.view(0) == two.session.state.view(0)


def test_news_that_comes_with_a_tap_is_shown_before_the_tap_is_judged():
    """A tap read the slot on its way and found the other tab's further moves: the table the
    player sees is brought up to date first, and a move made on the old one is not played."""
    one, first = boot(seed=5, level="sprout", speed=0)
    stored = {key: text for key, text, _ in first["writes"]}
    two, _ = boot(dict(stored))
    while two.session.state.current_player != 0:
        stored.update((key, text) for key, text, _ in two.tick(two.session.token())["writes"])
    frame = one.intent("settings", "", {SAVE_KEY: stored[SAVE_KEY]})
    assert frame is not None and one.session.token() == two.session.token()


# ------------------------------------------------------------------ edges found by mutation testing
# (bench/mutants.md, game.ui.app): the address's parts one at a time, refused writes, the boot's
# guard, Escape's every case, and news that removes a key (early taps: test_ui_early_taps.py).



def test_a_level_alone_or_a_seed_alone_in_the_address_starts_a_game():
    app, frame = boot(level="scout")
    assert app.session.level == "scout" and frame["screen"] == "table" and frame["forget_params"] is True
    app, frame = boot(seed=7)
    assert app.session.level == "sprout" and app.session.log.seed == 7 and frame["screen"] == "table"


def test_the_address_speed_is_taken_as_it_is_unless_it_is_zero():
    assert boot(speed="fast")[0].session.settings.speed == "fast"
    assert boot(speed="0")[0].session.settings.speed == "instant"
    assert boot()[0].session.settings.speed == Settings().speed


def test_the_stored_settings_are_the_sessions():
    stored = {SETTINGS_KEY: Settings(speed="slow", steal="short", ask="every").to_json()}
    settings = boot(stored)[0].session.settings
    assert (settings.speed, settings.steal, settings.ask) == ("slow", "short", "every")


def test_only_the_boot_of_a_named_deal_asks_the_page_to_forget_the_address():
    app, frame = boot(seed=5, level="sprout", speed=0)
    assert frame["forget_params"] is True
    assert app.frame()["forget_params"] is False
    assert app.intent("settings")["forget_params"] is False


def test_a_save_removed_is_a_write_the_page_makes_and_the_mirror_forgets_it():
    app, frame = boot({SAVE_KEY: "{broken"})
    assert [SAVE_KEY, None, "{broken"] in frame["writes"]
    assert [BROKEN_KEY, "{broken", None] in frame["writes"]
    assert app.store.get(SAVE_KEY) is None


def test_news_of_a_removed_key_is_forgotten_by_the_mirror():
    stored = {SETTINGS_KEY: Settings(speed="slow").to_json()}
    app, _ = boot(stored)
    app.hear({SETTINGS_KEY: None})
    assert app.store.get(SETTINGS_KEY) is None
    app.hear({"aggravation.never-held": None})         # a key it never held: nothing to forget
    assert app.store.get("aggravation.never-held") is None


def test_refused_writes_are_told_once_and_nothing_refused_is_no_news():
    app, _ = boot(seed=5, level="sprout", speed=0)
    assert app.refused([]) is None and not app.session.ui.alert
    frame = app.refused([SAVE_KEY])
    assert frame is not None and app.session.ui.alert == CANNOT_SAVE and CANNOT_SAVE in frame["html"]
    app.session.ui.alert = ""
    assert app.refused([SAVE_KEY]) is None and not app.session.ui.alert


def test_a_saved_game_that_cannot_be_shown_is_set_aside_and_the_start_screen_says_so(monkeypatch):
    played, _ = boot(seed=5, level="sprout", speed=0)
    text = played.store.get(SAVE_KEY)

    def broken(model):
        raise RuntimeError("cannot draw this table")

    monkeypatch.setattr(app_module, "table_screen", broken)
    app, frame = boot({SAVE_KEY: text})
    assert frame["screen"] == "start" and frame["forget_params"] is False
    assert app.store.get(BROKEN_KEY) == text and app.session.state is None
    assert app.session.ui.reason == "RuntimeError: cannot draw this table"


def test_a_start_screen_that_cannot_be_drawn_is_a_bug_and_raises(monkeypatch):
    def broken(model):
        raise RuntimeError("bug")

    monkeypatch.setattr(app_module, "start_screen", broken)
    with pytest.raises(RuntimeError):
        boot()


def test_escape_answers_a_question_by_keeping_the_game():
    app, _ = boot(seed=5, level="sprout", speed=0)
    game = app.session.game
    app.intent("menu")
    app.intent("level", "ace")
    assert app.session.ui.confirm
    assert app.escape() is not None
    assert not app.session.ui.confirm and app.session.game == game


@pytest.mark.parametrize("field, value", [
    ("selected", "pick"), ("digging", True), ("extra", "open"), ("frames", "open")])
def test_escape_closes_each_thing_open_on_the_table_and_nothing_else(field, value):
    app, _ = boot(seed=5, level="sprout", speed=0)
    ui = app.session.ui
    assert app.escape() is None                     # nothing open: nothing to do
    if field == "selected":
        value = app.session.state.seats[0].hand[0].key
    setattr(ui, field, value if field not in ("extra", "frames") else object())
    assert app.escape() is not None
    assert ui.selected is None and not ui.digging and ui.extra is None and ui.frames is None


def test_the_statistics_and_the_menu_are_the_screens_the_page_is_told():
    app, _ = boot(seed=5, level="sprout", speed=0)
    assert app.intent("stats")["screen"] == "stats"
    app.intent("stats-close")
    frame = app.intent("menu")
    assert frame["screen"] == "start" and 'data-screen="start"' in frame["html"]
