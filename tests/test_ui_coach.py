"""The guided first deal (issue 12): offered on a first visit, coached move by move, skippable."""
from __future__ import annotations

from coach_follow import follow, lesson_session, worst_card
from game.log import GameLog
from game.rules import CONTRACT_RUMMY
from game.state import Phase
from game.ui.session import coach
from game.ui.session.coach import Tip
from game.ui.app import App
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.screens.start.markup import start_screen
from game.ui.screens.table.markup import table_screen
from game.ui.store.settings import Settings
from game.ui.screens.start.model import start_model
from game.ui.screens.table.model import table_model
from html_tree import parse
from scenario import table
from support import MemoryStore


def test_following_the_coach_teaches_every_lesson_in_the_first_deal():
    s = lesson_session()
    assert s.log.seed == coach.LESSON_SEED and s.state.players == 3 and s.log.preset == "aggravation"
    assert s.log.house_rules == ()
    acts = follow(s)
    assert s.state.phase is Phase.DEAL_OVER
    assert s.ui.coach.learned == set(coach.LESSONS), acts
    assert not s.reminded                                     # following the tips, no "why" is said
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
    glowing = [b for b in root.find_all("button") if "coached" in b.attrs.get("class", "").split()]
    assert [(b.attrs["data-act"], b.attrs["class"]) for b in glowing] == [("pass", "btn coached")]
    dispatch(s, "pass")
    while s.offer() is None:                                  # the bots play on to the first steal offer
        assert s.step(s.token())
    glowing = [b for b in parse(table_screen(table_model(s))).find_all("button")
               if "coached" in b.attrs.get("class", "").split()]
    assert [(b.attrs["data-act"], b.attrs["class"]) for b in glowing] == [("pass", "btn coached")]  # J♥: no use
    dispatch(s, "pass")
    while coach.tip(s).act != "steal":                       # on to the offer of a card that helps
        now = coach.tip(s)
        if s.my_turn() and now.act:
            if now.act in ("discard", "swap"):
                dispatch(s, "card", (now.card or worst_card(s)).key)
            assert dispatch(s, now.act)
        else:
            assert s.step(s.token())
    glowing = [b for b in parse(table_screen(table_model(s))).find_all("button")
               if "coached" in b.attrs.get("class", "").split()]
    assert [(b.attrs["data-act"], b.attrs["class"]) for b in glowing] == [("steal", "btn primary coached")]


def test_acting_against_a_tip_says_once_kindly_why_it_mattered():
    s = my_turn(lesson_session())
    dispatch(s, "pass")
    while s.offer() is None:                                  # the first offer: J♥, of no use to the hand
        assert s.step(s.token())
    card = s.offer().card
    assert coach.tip(s).act == "pass"
    dispatch(s, "steal")                                      # stolen all the same: the move stands
    reason = ("💡 Your call, and yours to make. Only so you know why it was advised: "
              f"{card.symbol} did not bring your contract closer, and a steal costs a penalty card")
    assert s.reminded and s.ui.message.endswith(f"claims it too. {reason}")
    while not s.my_turn():
        assert s.step(s.token())
    assert s.ui.message.endswith(f"penalty card. {reason}")   # kept with the claim's outcome


def test_a_lesson_is_learned_only_by_the_control_its_tip_points_at():
    s = my_turn(lesson_session())
    dispatch(s, "sort")                                       # not what the swap tip asked
    assert s.ui.coach.learned == set()
    dispatch(s, "pass")
    assert s.ui.coach.learned == {"swap"}


def test_the_guided_deal_waits_for_the_players_answer_to_every_offer():
    s = lesson_session()
    assert s.claim_ms() is None                               # "wait for me", whatever was learned
    s.ui.coach.learned.add("steal")
    assert s.claim_ms() is None
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
    asked = start_model(s)["confirm"]
    assert (asked["question"], asked["hint"]) == (
        "Leave your Scout game (deal 1, round 1) for the guided first deal?", "You cannot go back to it afterwards.")
    assert [(b["act"], b["label"], b["arg"], b["style"]) for b in asked["buttons"]] == [
        ("keep", "▶ Back to my Scout game", "", "primary"), ("confirm", "🎓 Start the guided deal", "lesson", "")]
    dispatch(s, "level", "ace")                                  # a level, asked the same way
    asked = start_model(s)["confirm"]
    assert (asked["question"], asked["hint"]) == (
        "Leave your Scout game (deal 1, round 1) and start a new Ace game?", "You cannot go back to it afterwards.")
    assert [(b["act"], b["label"], b["arg"], b["style"]) for b in asked["buttons"]] == [
        ("keep", "▶ Back to my Scout game", "", "primary"), ("confirm", "Start the new Ace game", "ace", "")]
    dispatch(s, "learn")
    s.state = None                                                # no game after all: nothing to ask
    assert start_model(s)["confirm"] is None
    s.state = s.log.replay()
    dispatch(s, "confirm", "lesson")
    assert s.log.seed == coach.LESSON_SEED and s.ui.coach is not None


def test_the_rules_pages_link_starts_the_lesson():
    app = App({}, {"learn": "1", "speed": "0"})
    frame = app.boot()
    assert frame["screen"] == "table" and frame["forget_params"] and app.session.ui.coach is not None
    assert 'class="coach"' in frame["html"]
    assert app.session.state.seats[HUMAN].hand


def tips_met(s: Session) -> list[Tip]:
    """Every tip the coach shows while a newcomer follows it through the lesson, first time each."""
    seen: list[Tip] = []
    real = coach.tip

    def spy(session: Session):
        shown = real(session)
        if shown is not None and shown not in seen:
            seen.append(shown)
        return shown

    coach.tip = spy
    try:
        follow(s)
    finally:
        coach.tip = real
    return seen + [coach.tip(s)]


def test_the_lesson_says_each_tip_in_these_words_and_points_at_this_control():
    said = [(t.lesson, t.act, t.text) for t in tips_met(lesson_session())]
    assert said == [
        ("watch", "", "A guided deal: the bots play their turns, and here you get a tip at each of yours"),
        ("swap", "pass", "🔄 The swap round: before the first draw you may give one card for Q♣. Nothing you "
                         "could give for it brings your contract closer: Pass"),
        ("steal", "pass", "🫳 Sprout 1 threw away J♥. It would not bring your contract closer, and a steal "
                          "costs a penalty card too: let it go"),
        ("take", "take", "3♦ brings your contract closer: take it instead of a blind card from the stock"),
        ("buried", "discard", "🔒 J♥ is buried now: another card was discarded on top of it earlier, and a card once "
                              "covered may never be taken again this deal, even when it shows again. "
                              "To go down you still need one more 8, 9 or 10 for the set of 3 (or a wild). Q♣ is a card "
                              "your contract can spare: pick it, then Discard"),
        ("steal", "steal", "🫳 Sprout 1 threw away 9♦, which brings your contract closer. Steal it before "
                           "Sprout 2 draws (you also take a penalty card), or let it go"),
        ("draw", "draw", "Start your turn with a card: draw from the stock 🂠, or take the top discard "
                         "when it helps you"),
        ("godown", "godown", "You hold your contract, two sets of 3: tap 📥 Go down… to lay it on the table"),
        ("frames", "fill", "Tap cards into the frames (or ✨ Fill for me), then ✅ Lay it down"),
        ("frames", "lay", "Every frame holds a meld: ✅ Lay it down"),
        ("layoff", "layoff-all", "Once down, cards that fit any meld may go on it: pick a card, then tap the "
                                 "meld (🧲 Lay off all that fits does it for you)"),
        ("discard", "discard", "End your turn: pick the card you need least (high cards cost the most "
                               "points if someone goes out), then Discard"),
        ("end", "onward", "🎓 That was a whole deal: 9 of 9 lessons done. Play on in this game, or start a "
                          "new one from New game"),
    ]


def my_draw(s: Session) -> Session:
    """On to the player's first turn that starts with a draw (the swap passed)."""
    while not (s.my_turn() and s.state.phase is Phase.DRAW):
        offer = s.offer()
        if (s.my_turn() and s.state.phase is Phase.SWAP) or (offer is not None and not offer.answer):
            dispatch(s, "pass")                                  # no swap, no steal
        else:
            assert s.step(s.token())
    return s


def test_a_buried_top_at_the_draw_sends_the_player_to_the_stock():
    s = my_draw(lesson_session())
    s.state.top_buried = True
    top = s.state.pile[-1].symbol
    assert coach.tip(s) == Tip("buried", f"🔒 {top} is buried: another card was discarded on top of it earlier, "
                                         "and a card once covered may never be taken again this deal, even when it "
                                         "shows again. Draw from the stock", "draw")
    dispatch(s, "draw")
    assert "buried" in s.ui.coach.learned


def test_the_buried_note_comes_once_and_then_the_turn_tip_alone():
    s = coached(table(["5H 5S 9C KD 9S 7D", "3C 4C", "6D 7D"], stock="QS", pile="8S 4H", phase=Phase.PLAY,
                      top_buried=True))
    discard = Tip("discard", "To go down you still need one more 5 for the set of 3 and one more 9 for the set "
                             "of 3 (or 2 wilds). K♦ is a card your contract can spare: pick it, then Discard",
                  "discard", s.state.seats[HUMAN].hand[3])
    assert coach.tip(s) == Tip("buried", "🔒 4♥ is buried now: another card was discarded on top of it earlier, "
                                         "and a card once covered may never be taken again this deal, even when it "
                                         "shows again. " + discard.text, "discard", discard.card)
    s.ui.coach.learned.add("buried")
    assert coach.tip(s) == discard


def test_a_control_that_does_the_same_teaches_the_same_lesson():
    s = my_draw(lesson_session())
    assert coach.tip(s).lesson in ("draw", "take")
    lesson = coach.tip(s).lesson
    dispatch(s, "stock" if lesson == "draw" else "discard-pile")   # the stock or the pile, not the button
    assert lesson in s.ui.coach.learned


def coached(state) -> Session:
    s = Session(MemoryStore(), Settings(speed="instant"))
    s.state, s.log, s.ui.screen = state, GameLog(0, len(state.seats), names=["You", "Ann", "Bo"]), "table"
    s.ui.coach = coach.Coach()
    return s


def test_a_player_not_down_who_cannot_go_down_is_told_to_discard():
    s = coached(table(["5H 5S 9C KD JC", "3C 4C", "6D 7D"], stock="QS", pile="8S", phase=Phase.PLAY))
    assert coach.tip(s).lesson == "discard"


def test_the_tip_still_reads_when_the_pile_is_empty_after_a_take():
    s = coached(table(["5H 5S 9C KD", "3C 4C", "6D 7D"], stock="QS", pile="5D", phase=Phase.DRAW))
    five = s.state.pile[-1]
    assert coach.tip(s) == Tip("take", "5♦ brings your contract closer: take it instead of a blind card from "
                                       "the stock", "take", five)
    dispatch(s, "take")
    assert s.state.pile == [] and coach.tip(s).lesson == "discard"


def top_tip(hand: str, top: str, rules=None, **more) -> Tip:
    """The coach's tip at the draw, for this hand and this top discard."""
    s = coached(table([hand, "3C 4C", "6D 7D"], stock="QS", pile=top, phase=Phase.DRAW,
                      **({"rules": rules} if rules else {}), **more))
    return coach.tip(s)


def test_the_coach_says_take_it_only_when_the_solver_finds_the_contract_closer():
    sets = "9H 9C 5S 5D KH QS 4C"                            # round 1: two sets of 3
    assert top_tip(sets, "9S").lesson == "take"              # a third 9
    assert top_tip(sets, "8H").lesson == "draw"              # the old rule of thumb's "fits": not for sets
    assert top_tip(sets, "KS").lesson == "draw"              # a third pair: still two cards short
    runs = "4H 5H 9C 9D KS 2C QD"                            # round 2: two runs of 3 (a 2 is wild here)
    assert top_tip(runs, "6H", rounds=[2, 1, 1]).lesson == "take"
    assert top_tip(runs, "9S", rounds=[2, 1, 1]).lesson == "draw"


def test_wilds_and_twos_follow_the_rulebook():
    assert top_tip("2H 2C 7S 7D KD QS 9C", "2S", CONTRACT_RUMMY).lesson == "take"   # a set of plain 2s
    assert top_tip("JK 2C 7S 7D KD QS 9C", "7H").lesson == "take"


def test_once_down_a_card_helps_when_it_fits_a_meld_on_the_table():
    down = {"down": [0], "melds": [(1, "run", "4S 5S 6S")]}
    assert top_tip("KD QC", "7S", **down) == Tip("take", "7♠ fits a meld on the table: take it instead of a blind "
                                                         "card from the stock", "take", ANY_CARD)
    assert top_tip("KD QC", "9S", **down).lesson == "draw"


class _Any:
    def __eq__(self, other) -> bool:
        return True


ANY_CARD = _Any()


def test_go_down_is_refused_with_what_is_missing():
    s = coached(table(["5H 5S 9C KD 9S 7D", "3C 4C", "6D 7D"], stock="QS", pile="8S", phase=Phase.PLAY))
    buttons = {b["act"]: b["enabled"] for b in table_model(s)["buttons"]}
    assert buttons["godown"] is False
    assert table_model(s)["prompt"] == ("To go down you still need one more 5 for the set of 3 and one more 9 for "
                                        "the set of 3 (or 2 wilds). Pick a card to discard")
    dispatch(s, "godown")
    assert s.ui.frames is None and s.ui.message == (
        "Not yet: to go down you still need one more 5 for the set of 3 and one more 9 for the set of 3 (or 2 wilds)")
