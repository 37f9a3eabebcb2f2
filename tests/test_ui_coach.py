"""The guided first deal (issue 12): offered on a first visit, coached move by move, skippable."""
from __future__ import annotations

from coach_follow import follow, lesson_session
from game.state import Phase
from game.ui import coach
from game.ui.app import App
from game.ui.controller import HUMAN, Session
from game.ui.intents import dispatch
from game.ui.render import start_screen, table_screen
from game.ui.settings import Settings
from game.ui.viewmodel import start_model, table_model
from html_tree import parse
from support import MemoryStore


def test_following_the_coach_teaches_every_lesson_in_the_first_deal():
    s = lesson_session()
    assert s.log.seed == coach.LESSON_SEED and s.state.players == 3 and s.log.preset == "aggravation"
    assert s.log.house_rules == ()
    acts = follow(s)
    assert s.state.phase is Phase.DEAL_OVER
    assert s.ui.coach.learned == set(coach.LESSONS), acts
    assert len(acts) <= 12                                    # short: a deal, not a course
    s.ui.ending = ""
    summary = parse(table_screen(table_model(s))).find(data_zone="summary")
    assert summary.find("p", class_="coach").text.startswith("🎓 That was a whole deal: 9 of 9 lessons done")
    dispatch(s, "next")
    assert s.ui.coach is None and s.state.deal_number == 2    # the game goes on, uncoached


def my_turn(s: Session) -> Session:
    while not s.my_turn():
        assert s.step(s.token())
    return s


def test_the_tip_points_at_one_control_and_that_control_glows():
    s = my_turn(lesson_session())
    root = parse(table_screen(table_model(s)))
    bar = root.find(class_="coach")
    assert bar.find("p").text.startswith("🎓 🔄 The swap round")
    glowing = [b for b in root.find_all("button") if "coached" in b.attrs.get("class", "")]
    assert [b.attrs["data-act"] for b in glowing] == ["pass"]


def test_a_lesson_is_learned_only_by_the_control_its_tip_points_at():
    s = my_turn(lesson_session())
    dispatch(s, "sort")                                       # not what the swap tip asked
    assert s.ui.coach.learned == set()
    dispatch(s, "pass")
    assert s.ui.coach.learned == {"swap"}


def test_the_lesson_waits_for_the_players_answer_to_its_first_steal_offer_only():
    s = lesson_session()
    assert s.claim_ms() is None                               # "wait for me" until a steal was met
    s.ui.coach.learned.add("steal")
    assert s.claim_ms() == s.settings.claim_ms()
    s.ui.coach = None
    assert s.claim_ms() == s.settings.claim_ms()


def test_skipping_leaves_the_game_playing_on_without_tips():
    s = my_turn(lesson_session())
    dispatch(s, "pass")
    dispatch(s, "coach-skip")
    assert s.ui.coach is None and s.ui.message == "Lesson skipped: this game goes on as a Sprout game"
    root = parse(table_screen(table_model(s)))
    assert root.find_all(class_="coach") == [] and s.state is not None


def test_a_first_visit_is_offered_the_lesson_and_a_game_in_progress_is_asked_about_first():
    fresh = Session(MemoryStore())
    first = parse(start_screen(start_model(fresh)))
    assert first.find("button", class_="learn").text == "🎓 New here? Play a guided first deal"
    s = Session(MemoryStore(), Settings(speed="instant"))
    s.start("scout", 9)
    dispatch(s, "menu")
    later = parse(start_screen(start_model(s)))
    assert later.find_all("button", class_="learn") == []
    assert later.find_all("button", data_act="learn")            # still there, as a chip by the links
    dispatch(s, "learn")
    assert s.ui.confirm == "lesson" and s.log.seed == 9          # asked; the game is untouched
    dispatch(s, "confirm", "lesson")
    assert s.log.seed == coach.LESSON_SEED and s.ui.coach is not None


def test_the_rules_pages_link_starts_the_lesson():
    app = App({}, {"learn": "1", "speed": "0"})
    frame = app.boot()
    assert frame["screen"] == "table" and frame["forget_params"] and app.session.ui.coach is not None
    assert 'class="coach"' in frame["html"]
    assert app.session.state.seats[HUMAN].hand
