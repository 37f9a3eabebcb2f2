"""The replay of a finished deal, step by step (game/ui/screens/replay/steps.py), and its screen (issue 10).

From the game-over screen, "▶ Replay the last deal" shows the final deal at one step: every
hand face up, the melds, the pile, the stock, whose turn and the move just made in words, with
⏮ ◀ ▶ ⏭ (and ←/→). Checked against the engine replaying the recorded golden games.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.actions import Discard, Draw, GoDown, Pass, Steal
from game.cards import parse_cards
from game.log import GameLog
from game.melds import check_meld
from game.rules import PRESETS, MeldKind
from game.state import Event, Phase
from game.ui.app import App
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.words import CANNOT_REPLAY
from game.ui.screens.replay.markup import replay_screen
from game.ui.screens.table.markup import table_screen
from game.ui.screens.replay.steps import DealReplay, GameReplay, ReplayError, deal_bounds, move_words, steps_of
from game.ui.store.saves import SAVE_KEY, Record
from game.ui.store.settings import Settings
from game.ui.screens.replay.model import replay_model
from game.ui.screens.table.model import table_model
from game.ui.words import claim_words, plural
from html_tree import Node, parse
from scenario import table
from support import MemoryStore, cached, hands_after_each_move
from test_ui_table_spec import finished

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
LEVELS = {3: "sprout", 4: "scout", 5: "ace"}


@cached
def golden(name: str) -> tuple[GameLog, DealReplay]:
    log = GameLog.from_json((Path(__file__).parent / "golden" / name).read_text())
    return log, DealReplay.of_log(log)


def over(name: str = "game_101_3p.json") -> Session:
    """The page's session on a golden game, at its game-over screen."""
    log = GameLog.from_json((Path(__file__).parent / "golden" / name).read_text())
    s = Session(MemoryStore(), Settings(steal="off", speed="instant"))
    s.log, s.state, s.ui.screen = log, log.replay(), "table"
    assert s.state.is_over
    return s


def shown(s: Session) -> Node:
    return parse(replay_screen(replay_model(s)))


def controls(root: Node) -> dict[str, bool]:
    """Each control (⏮ ◀ ▶ ⏭ by its arg) and whether it can be tapped."""
    return {b.attrs["data-arg"]: "disabled" not in b.attrs for b in root.find_all(data_act="replay-go")}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_last_step_is_the_deal_as_it_ended_and_the_first_as_it_was_dealt(path):
    log, replay = golden(path.name)
    final = log.replay()
    last, first = replay.steps[-1], replay.steps[0]
    assert replay.deal == final.deal_number and replay.at == len(replay)
    assert [s.hand for s in last.seats] == [tuple(s.hand) for s in final.seats]
    assert last.table == tuple((m.owner, m.meld) for m in final.table)
    assert last.result == final.results[-1] and last.phase is Phase.GAME_OVER
    assert [s.total for s in last.seats] == [s.total for s in final.seats]
    assert last.stock == len(final.stock) and last.top == final.pile[-1]
    assert replay.matches(final)
    start, end = deal_bounds(log)[-1]
    dealt = log.replay(upto=start)
    assert [s.hand for s in first.seats] == [tuple(s.hand) for s in dealt.seats]
    assert first.table == () and first.words == () and len(replay) == end - start


def test_each_step_is_the_log_replayed_that_far():
    log, replay = golden("game_202_4p.json")
    start, _ = deal_bounds(log)[-1]
    for k in (1, 2, 7, len(replay) // 2, len(replay) - 1):
        state = log.replay(upto=start + k)
        step = replay.steps[k]
        assert [s.hand for s in step.seats] == [tuple(s.hand) for s in state.seats], k
        assert step.table == tuple((m.owner, m.meld) for m in state.table), k
        assert (step.phase, step.current, step.stock) == (state.phase, state.current_player, len(state.stock)), k


def test_any_deal_of_a_game_replays_not_only_the_last():
    log, _ = golden("game_101_3p.json")
    bounds = deal_bounds(log)
    first = DealReplay.of_log(log, deal=1)
    assert first.deal == 1 and len(first) == bounds[0][1] - bounds[0][0]
    after = log.replay(upto=bounds[0][1])                  # the state the first deal ended in
    assert [s.hand for s in first.steps[-1].seats] == [tuple(s.hand) for s in after.seats]
    assert first.steps[-1].result == after.results[0]
    with pytest.raises(ReplayError):
        DealReplay.of_log(log, deal=len(bounds) + 1)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_words_name_each_move_and_who_made_it(path):
    log, replay = golden(path.name)
    start, _ = deal_bounds(log)[-1]
    names = [s.name for s in replay.steps[0].seats]
    went_down = 0
    for step, action in zip(replay.steps[1:], log.actions[start:]):
        who = names[step.actor]
        assert step.words and step.words[0].startswith(who), (step.number, step.words)
        before = replay.steps[step.number - 1]
        if isinstance(action, Discard):
            assert step.words[0] == f"{who} discarded {action.card.symbol}"
        elif isinstance(action, Pass) and before.phase is Phase.CLAIMS:
            assert step.words[0] == f"{who} let {before.top.symbol} go"
        elif isinstance(action, Steal):
            assert step.words[0] == f"{who} claimed {before.top.symbol} 🫳"
        elif isinstance(action, Draw) and before.phase is Phase.DRAW:
            assert step.words[0] in (f"{who} drew from the stock",
                                     f"{who} chose the stock: {before.top.symbol if before.top else ''} is up for stealing first")
            assert step.words[0].endswith("first") == (step.phase is Phase.CLAIMS), step.words
        elif isinstance(action, GoDown):
            melds, cards = len(action.melds), sum(len(m.cards) for m in action.melds)
            assert step.words[0] == f"{who} went down 📥 with {melds} meld{'s' * (melds > 1)}, {cards} cards"
            went_down += 1
    assert replay.steps[-1].words[-1] == f"{names[replay.steps[-1].result.went_out]} went out 🎉"
    assert went_down > 0


def test_the_game_over_screen_opens_the_replay_at_the_start_of_the_last_deal():
    s = over()
    summary = parse(table_screen(table_model(s))).find(data_zone="summary")
    assert summary.find(data_act="replay").text == "▶ Replay the last deal"
    assert dispatch(s, "replay")
    replay = s.ui.replay
    assert replay.at == 0 and replay.deal == replay.count == s.state.deal_number   # the last deal, as dealt
    root = shown(s)
    assert root.find(class_="counter").text == "as dealt"
    assert root.find(class_="words").text == f"Deal {replay.deal} as dealt: {len(replay)} moves to come"
    assert root.find(class_="replay-screen").attrs["data-step"] == str(replay.at)
    assert "data-autofocus" in root.find(data_arg="forward").attrs
    assert controls(root) == {"start": False, "back": True, "forward": True, "end": True}   # ◀: the deal before


def test_every_hand_is_shown_face_up_with_the_pile_melds_stock_and_turn():
    s = over("game_303_5p.json")
    dispatch(s, "replay")
    s.ui.replay.go(len(s.ui.replay) - 5)                  # late in the deal: melds down, a turn under way
    step = s.ui.replay.step
    root = shown(s)
    seats = root.find_all("li", class_="replay-seat")
    assert [r.find("b").text for r in seats] == [seat.name for seat in step.seats]
    for row, seat in zip(seats, step.seats):
        assert sorted(c.attrs["data-card"] for c in row.find_all(class_="card")) == sorted(c.code for c in seat.hand)
        assert f"R{seat.round}" in row.find(class_="facts").text
    melds = root.find(class_="replay-melds").find_all(class_="meld")
    assert len(melds) == len(step.table)
    assert root.find(class_="stock").attrs["aria-label"] == f"Stock: {step.stock} cards"
    assert root.find(class_="discard").find(class_="card").attrs["data-card"] == step.top.code
    names = [seat.name for seat in step.seats]
    assert root.find(class_="turn").text.startswith(names[step.current])
    assert [r.attrs["data-seat"] for r in seats if r.attrs["aria-current"] == "true"] == [str(step.current)]
    assert root.find(class_="words").text == "".join(step.words)
    assert [line.text for line in root.find(class_="words").items()] == list(step.words)
    dispatch(s, "replay-go", "start")                     # as dealt: no melds, one card turned up
    step, root = s.ui.replay.step, shown(s)
    assert [(x.tag, x.text) for x in root.find(class_="replay-melds").items()] == [("p", "No melds on the table yet.")]
    discard = root.find("span", class_="discard")
    assert discard.attrs["class"] == "discard" and len(discard.items()) == 1
    assert discard.find(class_="card").attrs["aria-label"] == f"Discard pile: {step.top.name}"
    most = 0
    for _ in range(16):                                   # on past a step with two lines, to a buried top
        dispatch(s, "step", "1")
        step, root = s.ui.replay.step, shown(s)
        assert [line.text for line in root.find(class_="words").items()] == list(step.words)
        most = max(most, len(step.words))
    assert most > 1
    discard = root.find("span", class_="discard")
    assert discard.attrs["class"] == "discard buried"
    assert discard.find(class_="card").attrs["aria-label"] == f"Discard pile: {step.top.name}, buried"


def test_each_seat_is_a_row_of_facts_over_a_fan_of_small_cards_and_each_meld_a_group():
    s = over("game_303_5p.json")
    dispatch(s, "replay")
    dispatch(s, "replay-go", "end")                          # the deal as it ended: one hand empty, points
    step, root = s.ui.replay.step, shown(s)
    rows = root.find("ul", class_="replay-seats").items()
    for row, seat, drawn in zip(rows, step.seats, replay_model(s)["seats"]):
        facts = row.find(class_="facts").text.split(" · ")
        known = [f"R{drawn['round']}", *(["📥 down"] if seat.down else []), f"🂠 {len(seat.hand)}"]
        assert facts[:len(known)] == known
        assert facts[len(known):] == (["went out 🎉"] if not seat.hand else [facts[-1]]) and facts[-1].endswith(
            ("pts", "🎉"))
        fan = row.find(class_="fan")
        assert fan.attrs["class"] == ("fan many" if len(seat.hand) > 14 else "fan")
        assert fan.attrs["style"] == f"--n:{max(1, len(seat.hand) - 1)}"
        cards = fan.items()
        if seat.hand:
            assert all((c.tag, c.attrs["role"], "small" in c.attrs["class"].split()) == ("span", "img", True) for c in cards)
        else:
            assert [(c.attrs["class"], c.text) for c in cards] == [("nothing", "no cards")]
        assert row.attrs["aria-current"] in ("true", "false")
    assert any(not seat.hand for seat in step.seats) and any(seat.down for seat in step.seats)
    for meld in root.find(class_="replay-melds").items():
        owner, cards = meld.items()
        assert owner.attrs["class"] == "owner" and " · " in owner.text
        assert all((c.tag, c.attrs["role"], "small" in c.attrs["class"].split()) == ("span", "img", True)
                   for c in cards.items())


def test_the_replay_opens_with_the_focus_on_one_move_on_and_leaves_it_once_stepped():
    s = over()
    dispatch(s, "replay")

    def focused() -> list[str]:
        return [b.attrs["data-arg"] for b in shown(s).find(class_="replay-controls").items() if "data-autofocus" in b.attrs]

    assert focused() == ["forward"]
    dispatch(s, "step", "-1")                               # the player's own focus stays where it is
    assert focused() == []


@pytest.mark.parametrize("count, fan", [(14, "fan"), (15, "fan many")])
def test_a_hand_of_more_than_fourteen_cards_fans_tighter(count, fan):
    from game.ui.screens.replay.markup import replay_seat
    from game.ui.screens.parts import card_model

    hand = [card_model(c) for c in parse_cards(" ".join(["5H"] * count))]
    seat = {"seat": 1, "name": "Ace 1", "dealer": False, "current": False, "actor": False, "went_out": False,
            "round": 3, "down": False, "cards": hand, "points": None, "count": f"{count} cards"}
    row = parse(replay_seat(seat)).find("li")
    assert row.find(class_="fan").attrs["class"] == fan and len(row.find(class_="fan").items()) == count


def test_a_step_back_then_forward_shows_the_same_view():
    s = over()
    dispatch(s, "replay")
    s.ui.replay.go(len(s.ui.replay) // 2)                  # a step inside the deal
    before = replay_screen(replay_model(s))
    at = s.ui.replay.at
    dispatch(s, "replay-go", "back")
    assert s.ui.replay.at == at - 1 and replay_screen(replay_model(s)) != before
    dispatch(s, "replay-go", "forward")
    assert s.ui.replay.at == at
    assert replay_screen(replay_model(s)).replace(" data-autofocus", "") == before.replace(" data-autofocus", "")
    dispatch(s, "step", "-1")                               # ← and → are the same steps
    assert s.ui.replay.at == at - 1
    dispatch(s, "step", "1")
    assert s.ui.replay.at == at


def test_no_step_past_the_game_s_ends_and_the_controls_there_are_disabled():
    s = over()
    dispatch(s, "replay")
    last, deals = len(s.ui.replay), s.ui.replay.count
    dispatch(s, "replay-go", "end")
    assert s.ui.replay.at == last and s.ui.replay.final
    for act, arg in (("replay-go", "forward"), ("replay-go", "end"), ("step", "1")):
        dispatch(s, act, arg)
        assert (s.ui.replay.deal, s.ui.replay.at) == (deals, last)
    assert controls(shown(s)) == {"start": True, "back": True, "forward": False, "end": False}
    assert shown(s).find(class_="counter").text == f"move {last} of {last}"
    dispatch(s, "replay-go", "start")                       # ⏮ stays within the deal
    for act, arg in (("replay-go", "start"),):
        dispatch(s, act, arg)
        assert (s.ui.replay.deal, s.ui.replay.at) == (deals, 0)
    assert controls(shown(s)) == {"start": False, "back": True, "forward": True, "end": True}
    dispatch(s, "replay-deal", "1")                         # the first deal as dealt: nothing before it
    for act, arg in (("replay-go", "back"), ("replay-go", "start"), ("step", "-1")):
        dispatch(s, act, arg)
        assert (s.ui.replay.deal, s.ui.replay.at) == (1, 0)
    root = shown(s)
    assert controls(root) == {"start": False, "back": False, "forward": True, "end": True}
    assert root.find(class_="counter").text == "as dealt"
    last = len(s.ui.replay)
    assert root.find(class_="words").text == f"Deal 1 as dealt: {last} moves to come"
    assert all("pts" not in row.find(class_="facts").text for row in root.find_all("li", class_="replay-seat"))
    dispatch(s, "replay-go", "end")                         # the deal's end: each seat's points
    step = s.ui.replay.step
    facts = [row.find(class_="facts").text for row in shown(s).find_all("li", class_="replay-seat")]
    assert facts and all(f.endswith("went out 🎉" if n == step.result.went_out else f"{step.result.points[n]} pts")
                         for n, f in enumerate(facts))
    dispatch(s, "replay-go", "start")
    dispatch(s, "replay-go", "sideways")                    # an arg it does not know: nothing
    dispatch(s, "replay-deal", "x")
    assert (s.ui.replay.deal, s.ui.replay.at) == (1, 0)


def test_the_steps_go_on_across_deals_to_the_final_scores():
    """◀ ▶ walk the whole game: on from a deal's end is the next deal as dealt, back from a deal
    as dealt the one before at its end; every step is the log replayed that far; the last shows
    the places of the game-over screen."""
    s = over()
    log = s.log
    dispatch(s, "replay")
    dispatch(s, "replay-deal", "1")
    replay, bounds = s.ui.replay, deal_bounds(log)
    hands = hands_after_each_move(log)
    seen = claims = 0
    while True:
        first, _ = bounds[replay.deal - 1]
        if replay.at in (0, len(replay)) or seen % 97 == 0:     # deal ends, and a sample between
            assert [seat.hand for seat in replay.step.seats] == hands[first + replay.at]
        step = replay.step
        if step.phase is Phase.CLAIMS and claims < 3:           # the claim is said in the rulebook's word
            claims += 1
            assert shown(s).find(class_="turn").text == \
                f"{step.seats[step.current].name} to steal {step.top.symbol} or let it go"
        seen += 1
        assert seen <= len(log.actions) + len(bounds), "▶ never reaches the game's end"
        if replay.final:
            break
        assert dispatch(s, "step", "1")
    assert seen == len(log.actions) - (len(bounds) - 1) + len(bounds)  # every move but the NextDeals, and each deal as dealt
    assert claims == 3
    root = shown(s)
    final = root.find(class_="replay-final")
    game_over = parse(table_screen(table_model(s))).find(data_zone="summary")
    assert final.find("table").text == game_over.find(class_="places").text
    dispatch(s, "step", "-1")
    assert shown(s).find_all(class_="replay-final") == []
    dispatch(s, "replay-deal", "2")
    dispatch(s, "step", "-1")
    assert (replay.deal, replay.at) == (1, len(replay.deal_replay(1)))
    assert [c.text for c in shown(s).find(class_="replay-deals").find_all(data_act="replay-deal")] == \
        [str(n) for n in range(1, len(bounds) + 1)]


def test_back_to_the_scores_by_the_button_escape_or_new_game():
    s = over()
    dispatch(s, "replay")
    dispatch(s, "replay-close")
    assert s.ui.replay is None and parse(table_screen(table_model(s))).find(data_zone="summary")
    dispatch(s, "replay")
    dispatch(s, "menu")
    assert s.ui.replay is None and s.ui.screen == "start"


def test_the_page_shows_the_replay_in_place_of_the_table_and_escape_closes_it():
    text = (Path(__file__).parent / "golden" / "game_101_3p.json").read_text()
    log = GameLog.from_json(text)
    record = Record("g", "sprout", log.to_json(), len(log.actions), over=True)
    app = App({SAVE_KEY: record.to_json()}, {"speed": "0"})
    assert 'data-zone="summary"' in app.boot()["html"]
    frame = app.intent("replay")
    assert frame["screen"] == "table" and 'data-screen="replay"' in frame["html"] and frame["timer"] is None
    assert frame["writes"] == []                            # a replay changes nothing saved
    frame = app.intent("step", "1")
    assert f'data-step="{app.session.ui.replay.at}"' in frame["html"]
    frame = app.escape()
    assert 'data-screen="replay"' not in frame["html"] and 'data-zone="summary"' in frame["html"]


def test_a_table_its_log_does_not_lead_to_says_it_cannot_be_replayed():
    s = finished(["5H", "KC", "9D"], (100, 50, 0), down=[0], dead=False)   # a table built by hand
    assert dispatch(s, "replay")
    assert s.ui.replay is None
    summary = parse(table_screen(table_model(s))).find(data_zone="summary")
    assert summary.find(class_="message").text == CANNOT_REPLAY and s.ui.tone == "error"


def test_the_cards_a_move_puts_somewhere_new_are_marked():
    log, replay = golden("game_101_3p.json")
    start, _ = deal_bounds(log)[-1]
    for step, action in zip(replay.steps[1:], log.actions[start:]):
        if isinstance(action, Discard) and step.top is not None and step.result is None:
            assert action.card.key in step.moved and step.top == action.card
        if step.words == () or not step.moved:
            continue
        assert all(not (key in {c.key for c in replay.steps[step.number - 1].seats[step.actor].hand}
                        and key in {c.key for c in step.seats[step.actor].hand}) for key in step.moved)


def test_the_golden_games_are_three_four_and_five_players():
    assert {json.loads(p.read_text())["players"] for p in GOLDEN} == set(LEVELS)


def test_a_deal_matches_only_the_table_it_ended_as():
    log, replay = golden("game_101_3p.json")
    state = log.replay()
    assert replay.matches(state)
    a, b = state.seats[0], state.seats[1]
    if a.hand and b.hand:
        a.hand[0], b.hand[0] = b.hand[0], a.hand[0]               # same phase, melds and result
    else:
        (a if a.hand else b).hand.append(state.stock.pop())
    assert not replay.matches(state)
    assert not replay.matches(log.new_game())                     # no deal played yet: no result


def test_the_games_end_comes_from_replaying_the_whole_log_and_says_why_it_does_not():
    data = json.loads((Path(__file__).parent / "golden" / "game_101_3p.json").read_text())
    data["actions"][-1] = {"type": "Discard", "card": "JK/9"}       # no such card in the shoe's hand
    log = GameLog.from_json(json.dumps(data))
    with pytest.raises(ValueError) as engine:
        log.replay()
    replay = GameReplay(log, deal=1)                                 # the first deal replays
    with pytest.raises(ReplayError) as caught:
        replay.final_state()
    assert str(caught.value) == str(engine.value) and str(engine.value)


def test_forward_and_back_stop_at_the_games_ends_and_back_from_the_first_move_is_the_deal_as_dealt():
    log, _ = golden("game_101_3p.json")
    replay = GameReplay(log, deal=1)
    replay.go(1)
    assert replay.back() and (replay.deal, replay.at) == (1, 0)
    assert replay.back() is False and (replay.deal, replay.at) == (1, 0)
    replay.show(replay.count)
    replay.go(len(replay))
    assert replay.forward() is False and replay.final


def test_a_deal_that_does_not_replay_says_where_it_breaks():
    text = (Path(__file__).parent / "golden" / "game_101_3p.json").read_text()
    log = GameLog.from_json(text)
    bounds = deal_bounds(log)
    for deal in (0, len(bounds) + 1):
        with pytest.raises(ReplayError) as caught:
            DealReplay.of_log(log, deal=deal)
        assert str(caught.value) == f"this game has no deal {deal}"

    def damaged(at: int) -> GameLog:
        data = json.loads(text)
        data["actions"][at] = {"type": "Discard", "card": "JK/9"}          # a card no hand holds
        return GameLog.from_json(json.dumps(data))

    start, _ = bounds[-1]
    with pytest.raises(ReplayError) as caught:                             # the deal's own third move
        DealReplay.of_log(damaged(start + 2))
    assert str(caught.value).startswith("move 3 of the deal is not legal here: ")
    broken = damaged(bounds[0][0] + 2)                                     # deal 2 cannot even begin
    with pytest.raises(ValueError) as engine:
        broken.replay(upto=bounds[1][0])
    with pytest.raises(ReplayError) as caught:
        DealReplay.of_log(broken, deal=2)
    assert str(caught.value) == str(engine.value) and "move 3 " in str(engine.value)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_each_step_holds_its_number_the_seats_standing_the_buried_top_and_the_dealer(path):
    log, replay = golden(path.name)
    start, _ = deal_bounds(log)[-1]
    state, rules = log.replay(upto=start), log.rules()
    for number, step in enumerate(replay.steps):
        action = log.actions[start + number - 1] if number else None
        if action is not None:
            state.apply(action)
        assert step.number == number and step.turn_ended == isinstance(action, Discard)
        assert (step.buried, step.dealer, step.current) == (state.top_buried, state.dealer, state.current_player)
        assert [(s.down, s.steals_left, s.round, s.total) for s in step.seats] == \
            [(seat.down, rules.claims_left(state.steals_used(n)), seat.round, seat.total)
             for n, seat in enumerate(state.seats)]


def test_a_card_drawn_from_the_stock_is_marked_as_moved():
    log, replay = golden("game_202_4p.json")
    start, _ = deal_bounds(log)[-1]
    draws = 0
    for step, action in zip(replay.steps[1:], log.actions[start:]):
        if isinstance(action, Draw) and step.words and step.words[-1].endswith("drew from the stock"):
            before = replay.steps[step.number - 1].seats[step.actor].hand
            new = {c.key for c in step.seats[step.actor].hand} - {c.key for c in before}
            assert len(new) == 1 and new <= step.moved, step.number
            draws += 1
    assert draws > 5


@pytest.mark.parametrize("rulebook, words", [
    ("gallery", ("Player 2 chose the stock: Q♥ is up for buying first", "Player 3 claimed Q♥ 🛒",
                 "Player 3 bought Q♥ 🛒")),
    ("aggravation", ("Player 2 chose the stock: Q♥ is up for stealing first", "Player 3 claimed Q♥ 🫳",
                     "Player 3 stole Q♥ 🫳")),
])
def test_a_claim_is_said_in_the_rulebooks_words(rulebook, words):
    state = table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH", phase=Phase.DRAW,
                  turn=1, claimable_from=0, rules=PRESETS[rulebook])
    steps = steps_of(state, [Draw(), Steal()])
    assert steps[1].words == words[:1]
    assert steps[2].words == (*words[1:], "Player 2 drew from the stock")


def test_going_down_and_out_in_one_move_says_both():
    melds = (check_meld(parse_cards("5H 5S 5D"), MeldKind.SET), check_meld(parse_cards("6H 7H 8H 9H"), MeldKind.RUN))
    words = move_words(GoDown(melds), 1, None, Phase.PLAY, [Event("went_down", 1), Event("went_out", 1)],
                       ["You", "Ana"], claim_words(PRESETS["contract"]))
    assert words == ("Ana went down 📥 with 2 melds, 7 cards", "Ana went out 🎉")
    one = move_words(GoDown(melds[1:]), 0, None, Phase.PLAY, [Event("went_down", 0)], ["You", "Ana"],
                     claim_words(PRESETS["contract"]))
    assert one == ("You went down 📥 with 1 meld, 4 cards",)


def test_the_replay_opens_with_no_message_left_and_marks_every_control_the_player_moves_it_by():
    s = over()
    s.say("an earlier word", "error")
    dispatch(s, "replay")
    assert s.ui.message == "" and s.ui.replay is not None and not s.ui.replay.moved_by_player
    for act, arg in (("replay-go", "back"), ("step", "1"), ("replay-deal", "1"), ("replay-go", "end")):
        s.ui.replay.moved_by_player = False
        dispatch(s, act, arg)
        assert s.ui.replay.moved_by_player, (act, arg)
    for act, arg in (("replay-go", "sideways"), ("step", "2"), ("replay-deal", "x")):
        s.ui.replay.moved_by_player = False
        dispatch(s, act, arg)
        assert not s.ui.replay.moved_by_player, (act, arg)


@pytest.mark.parametrize("name, level", [("game_101_3p.json", "sprout"), ("presets/game_606_3p_gallery_bots.json", "ace")])
def test_the_game_over_replay_goes_back_to_the_scores_and_shares_the_game_it_replays(name, level):
    from game.ui.store import kept
    from game.ui.screens.library import intents as library

    s = over(name)
    s.level = level
    query = kept.share_query(s.log, level, s.state.deal_number)       # the last deal, the one on the screen
    summary = parse(table_screen(table_model(s))).find(data_zone="summary")
    assert summary.find(data_act="share").attrs["data-arg"] == query
    assert len(summary.find(class_="last-moves").find_all("li")) == 8
    s.say("Something else to say")                            # only a replay that fails is noted here
    assert parse(table_screen(table_model(s))).find(data_zone="summary").find_all(class_="message") == []
    dispatch(s, "replay")
    root = shown(s)
    close = root.find(data_act="replay-close")
    assert close.text == "✕ Back to the scores"
    deal = s.ui.replay.deal
    assert deal > 1
    query = kept.share_query(s.log, level, deal)
    assert f"level={level}" in query and f"rules={s.log.preset}" in query and f"&deal={deal}&moves=" in query
    assert root.find(data_act="share").attrs["data-arg"] == query
    library.share(s, f"copied https://example.org/aggravation/{query}")   # the page's answer to 🔗
    said = shown(s).find(class_="share-said").text
    assert said.startswith("✓ Link copied.") and f"at deal {deal} of this one, dealt exactly as it was" in said
    dispatch(s, "replay-close")
    assert s.ui.replay is None and parse(table_screen(table_model(s))).find(data_zone="summary") is not None


def test_the_move_just_made_is_marked_on_its_melds_and_discard_and_the_controls_read_as_drawn():
    s = over()
    dispatch(s, "replay")
    dispatch(s, "replay-deal", "1")
    replay = s.ui.replay
    while not any("went down" in line for line in replay.step.words):
        assert dispatch(s, "step", "1") and replay.deal == 1
    who = replay.step.seats[replay.step.actor].name
    melds = shown(s).find(class_="replay-melds").find_all(class_="meld")
    assert melds and all(m.attrs["class"] == "meld just" for m in melds)
    assert all(m.attrs["aria-label"].startswith(f"{who}’s ") for m in melds)
    assert all("just" in c.attrs["class"].split() for m in melds for c in m.find_all(class_="card"))
    assert shown(s).find(class_="discard").find_all(class_="just") == []
    dispatch(s, "step", "1")
    assert replay.step.words[0].endswith(f"discarded {replay.step.top.symbol}")
    root = shown(s)
    assert all(m.attrs["class"] == "meld" and all("just" not in c.attrs["class"] for c in m.find_all(class_="card"))
               for m in root.find(class_="replay-melds").find_all(class_="meld"))
    assert "just" in root.find(class_="discard").find(class_="card").attrs["class"].split()
    controls = root.find(class_="replay-controls").find_all("button")
    assert [(b.attrs["class"], b.find("span", aria_hidden="true").text, len(b.find_all("i", class_="edge")), "disabled" in b.attrs)
            for b in controls] == [("btn first", "◀", 1, False), ("btn back", "◀", 0, False),
                                   ("btn primary forward", "▶", 0, False), ("btn last", "▶", 1, False)]
    assert [(b.find(class_="sr").text, b.attrs["title"]) for b in controls] == [(name, name) for name in (
        "The deal as dealt", "One move back", "One move on", "The deal's last move")]
    dispatch(s, "replay-go", "start")
    assert [("disabled" in b.attrs) for b in shown(s).find(class_="replay-controls").find_all("button")] == \
        [True, True, False, False]                           # the game's first step: nothing before it
    dispatch(s, "step", "1")
    assert [("disabled" in b.attrs) for b in shown(s).find(class_="replay-controls").find_all("button")] == \
        [False, False, False, False]                         # one move in: ⏮ and ◀ go back
    chips = shown(s).find(class_="replay-deals").find_all("button")
    assert [(c.attrs["data-act"], c.attrs["data-arg"], c.text, c.attrs["aria-pressed"]) for c in chips] == \
        [("replay-deal", str(n), str(n), "true" if n == 1 else "false") for n in range(1, replay.count + 1)]


def test_each_seat_in_the_replay_shows_its_standing_and_its_hand_sorted_by_number():
    from game.ui.words import sort_hand

    s = over("game_202_4p.json")
    dispatch(s, "replay")
    dispatch(s, "replay-deal", "2")
    replay = s.ui.replay
    while not any(" drew" in line for line in replay.step.words):
        assert dispatch(s, "step", "1") and replay.deal == 2
    for end in (False, True):
        step = replay.step
        rows = shown(s).find_all("li", class_="replay-seat")
        for n, (row, seat) in enumerate(zip(rows, step.seats)):
            classes = row.attrs["class"].split()
            assert ("current" in classes, "just" in classes, "out" in classes) == \
                (step.current == n, step.actor == n, bool(step.result) and step.result.went_out == n)
            assert bool(row.find_all(class_="dealer")) == (step.dealer == n)
            played = step.result.rounds_played[n] if step.result else seat.round
            assert row.find(class_="facts").text.startswith(f"R{played}")
            cards = row.find_all(class_="card")
            assert [c.attrs["data-card"] for c in cards] == [c.code for c in sort_hand(seat.hand, "number", s.state.rules)]
            assert [c.attrs["data-key"] for c in cards if "just" in c.attrs["class"].split()] == \
                [c.key for c in sort_hand(seat.hand, "number", s.state.rules) if c.key in step.moved]
            assert row.find(class_="fan").attrs["aria-label"] == f"{seat.name}: {plural(len(seat.hand), 'card')}"
        if not end:
            assert any("just" in c.attrs["class"] for c in rows[step.actor].find_all(class_="card"))
            dispatch(s, "replay-go", "end")
    assert any(seat.round != played for seat, played in zip(replay.step.seats, replay.step.result.rounds_played))


def test_the_replay_says_whose_turn_it_is_and_what_they_may_do():
    from types import SimpleNamespace

    from game.cards import Card
    from game.ui.screens.replay.model import replay_turn

    names, seven = ["Ann", "Ben"], Card.parse("7H")

    def turn(phase, top=seven, buried=False, result=None):
        return replay_turn(SimpleNamespace(result=result, current=1, top=top, buried=buried, phase=phase), names, "buy")

    assert turn(Phase.DRAW) == "Ben to draw or take 7♥"
    assert turn(Phase.DRAW, buried=True) == turn(Phase.DRAW, top=None) == "Ben to draw"
    assert turn(Phase.SWAP) == "Ben to swap with 7♥ or pass"
    assert turn(Phase.CLAIMS) == "Ben to buy 7♥ or let it go"
    assert turn(Phase.CLAIMS, top=None) == "Ben to buy the discard or let it go"
    assert turn(Phase.PLAY) == "Ben to play and discard"
    assert turn(Phase.GAME_OVER) == ""
    assert turn(Phase.DEAL_OVER, result=object()) == "Everyone scores the cards left in hand"
