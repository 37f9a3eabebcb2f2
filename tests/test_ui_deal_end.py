"""The end of a deal on the page, step by step, and the game-over screen (issue 10).

A deal that ends here shows, in order: the going-out play over the table (for a moment, on the
clock), everyone's cards with the points they score (until the player taps "See the scores"),
then the scores with the result at the top. Game over lists places 1..n (ties share one) with
totals and rounds reached, and the final deal's last moves. Read off the rendered HTML.
"""
from __future__ import annotations

from game.cards import parse_cards
from game.rules import AGGRAVATION
from game.solver import solve
from game.state import DealResult, Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.store.saves import SAVE_KEY
from game.ui.store.settings import Settings
from game.ui.screens.table.model import table_model
from html_tree import Node, parse
from scenario import table
from support import MemoryStore
from test_ui_table_spec import finished, pick, session_at


def shown(s: Session) -> Node:
    return parse(table_screen(table_model(s)))


def zones(root: Node) -> list[str]:
    return [z for z in ("went-out", "leftovers", "summary") if root.find_all(data_zone=z)]


def bot_goes_out() -> Session:
    """Scout 1 (down, holding 8♥ K♣) lays 8♥ off on its run 5♥6♥7♥ and goes out on K♣."""
    state = table(hands=["5C 9D KS", "8H KC", "QD QH JK 4S"], stock="3S 4D", pile="6D", phase=Phase.PLAY,
                  turn=1, down=[1], melds=[(1, "run", "5H 6H 7H")])
    s = session_at(state, bots="scout")
    s.settings = Settings(steal="off", speed="normal")
    while s.state.phase is Phase.PLAY:
        assert s.pending()[0] == "bot"
        assert s.step(s.token())
    return s


def test_a_bot_going_out_shows_its_play_then_everyones_cards_then_the_scores():
    s = bot_goes_out()
    assert s.state.phase is Phase.DEAL_OVER
    root = shown(s)
    assert zones(root) == ["went-out"]                     # the table is still there, under the note
    note = root.find(data_zone="went-out")
    assert note.find("h2").text == "🎉 Scout 1 went out"
    assert [li.find(class_="line").text for li in note.find_all("li")] == ["Scout 1 laid off 8♥", "Scout 1 discarded K♣"]
    assert [c.attrs["data-card"] for c in note.find_all(class_="card")] == ["8H", "KC"]
    assert root.find(class_="prompt").text == "🎉 Scout 1 went out"
    assert root.find_all(data_zone="hand") and root.find_all(data_zone="table")

    kind, delay = s.pending()                               # on the clock, long enough to see
    assert kind == "reveal" and delay >= 1800
    assert s.step(s.token())
    root = shown(s)
    assert zones(root) == ["leftovers"] and s.pending() is None   # waits for the player
    rows = root.find(data_zone="leftovers").find_all("li", class_="left")
    assert [r.find("b").text for r in rows] == ["You", "Scout 1", "Scout 2"]
    # Card points (SPEC §5): 5+5+10 = 20; nothing; Q Q 10+10, joker 20, 4 is 5 = 45.
    assert [r.find(class_="pts").text for r in rows] == ["20 pts", "0 pts", "45 pts"]
    assert [[c.attrs["data-card"] for c in r.find_all(class_="card")] for r in rows] == [
        ["5C", "9D", "KS"], [], ["JK", "4S", "QD", "QH"]]
    assert [(r.attrs["class"], r.text) for r in rows] == [
        ("left", "You 20 pts 3 cards5♣9♦K♠"), ("left out", "Scout 1 0 pts went out 🎉no cards"),
        ("left", "Scout 2 45 pts 4 cards🃏4♠Q♦Q♥")]
    assert all((c.tag, c.attrs["role"], "small" in c.attrs["class"].split()) == ("span", "img", True)
               for r in rows for c in r.find_all(class_="card"))             # small pictures, not buttons
    board = root.find(data_zone="leftovers")
    assert board.find("h2").text == "Deal 1 is over"
    assert all(isinstance(row, Node) for row in board.find("ul").children)   # rows, nothing between
    assert rows[2].find(class_="cards").attrs["aria-label"] == "Scout 2: 4 cards, 45 points"
    assert "data-autofocus" in root.find(data_act="scores").attrs

    dispatch(s, "scores")
    root = shown(s)
    summary = root.find(data_zone="summary")
    assert summary.find("h2").text == "Deal 1 is over" and root.find(class_="prompt").text == "The deal is over"
    assert summary.find(class_="how").text == "Scout 1 went out."
    assert summary.find(class_="places-key").text == "Cards left in hand: 3–10 = 5 · J–K = 10 · A = 15 · 2 and 🃏 = 20"
    assert [b.attrs["data-act"] for b in summary.find_all("button")] == ["next", "menu"]   # Next deal, or New game
    dispatch(s, "next")
    assert s.state.phase is Phase.SWAP and s.ui.ending == "" and zones(shown(s)) == []


def test_the_players_own_going_out_and_a_dead_deal():
    state = table(hands=["5H", "KC 8C", "9D 2C"], stock="3S 4S", pile="6D", phase=Phase.PLAY, turn=0, down=[0])
    s = session_at(state)
    pick(s, "5H")
    dispatch(s, "discard")
    root = shown(s)
    assert root.find(class_="prompt").text == "🎉 You went out"
    assert [li.find(class_="line").text for li in root.find(data_zone="went-out").find_all("li")] == ["You discarded 5♥"]
    assert s.pending() == ("reveal", 0)                    # the tests' instant speed: at once
    dispatch(s, "scores")                                   # a tap skips ahead
    assert zones(shown(s)) == ["summary"]

    dead = session_at(table(hands=["5H 6H", "KC", "9D"], stock="", pile="6D", phase=Phase.DRAW, turn=0))
    dead.state.rebuilds = 2
    dispatch(dead, "draw")
    root = shown(dead)
    assert zones(root) == ["leftovers"]                    # nobody went out: the hands at once
    assert root.find(data_zone="leftovers").find(class_="how").text.startswith("Dead deal: the stock ran out.")


def test_the_last_deals_hands_say_the_game_is_over():
    state = table(hands=["5H", "6C", "KD"], stock="", pile="6D", phase=Phase.DRAW, turn=0, rounds=[11, 11, 11],
                  down=[0])
    state.rebuilds = 2
    s = session_at(state)
    dispatch(s, "draw")                                     # the stock is dry: a dead deal ends the game
    assert s.state.phase is Phase.GAME_OVER
    assert shown(s).find(data_zone="leftovers").find("h2").text == "The game is over"


def test_a_game_resumed_at_the_end_of_a_deal_shows_the_scores():
    s = Session(MemoryStore(), Settings(steal="off", speed="instant"))
    s.start("sprout", 2)
    from test_ui_saves import play
    while s.state.phase is not Phase.DEAL_OVER:
        play(s, 1)
    assert s.ui.ending in ("play", "hands")
    again = Session(s.storage)
    assert again.resume()
    assert again.ui.ending == "" and zones(shown(again)) == ["summary"]   # no play to replay


def test_game_over_lists_places_with_totals_and_rounds_ties_sharing_a_place():
    s = finished(["5H", "6C", "KD"], (100, 100, 0), down=[0, 1], dead=True)
    summary = shown(s).find(data_zone="summary")
    assert summary.find("h2").text == "🏆 You and Scout 1 win the game!"
    assert places_rows(summary) == [["1st", "You", "11 ✓", "105"], ["1st", "Scout 1", "11 ✓", "105"],
                                    ["3rd", "Scout 2", "11", "10"]]   # lowest total, but not down
    rows = summary.find("table", class_="places").find("tbody").items()
    assert [row.attrs.get("class") for row in rows] == ["winner", "winner", None]
    assert "next round" not in summary.text and "same round" not in summary.text
    assert [(b.attrs["data-act"], b.text) for b in summary.find_all("button")] == [
        ("menu", "New game"), ("replay", "▶ Replay the last deal"), ("stats", "📊 Your statistics"),
        ("share", "🔗 Share this deal")]
    assert summary.find("ol", class_="last-moves").find_all("li")[-1].text == "The stock ran out: a dead deal"


def places_rows(summary: Node) -> list[list[str]]:
    body = summary.find("table", class_="places").find("tbody")
    return [[cell.text for cell in row.items()] for row in body.items()]


def test_places_after_the_winner_follow_the_round_reached_then_the_total():
    def game_over(rounds, totals) -> Node:
        state = table(hands=["5H", "KC", "9D"], stock="3S", pile="6D", phase=Phase.PLAY, turn=0,
                      rounds=rounds, down=[0])
        for seat, total in zip(state.seats, totals):
            seat.total = total
        s = session_at(state)
        pick(s, "5H")
        dispatch(s, "discard")
        dispatch(s, "scores")
        return shown(s).find(data_zone="summary")

    # The only finisher wins on 300; Scout 2 reached round 11 (not down), Scout 1 round 9.
    assert places_rows(game_over([11, 9, 11], (300, 50, 120))) == [
        ["1st", "You", "11 ✓", "300"], ["2nd", "Scout 2", "11", "125"], ["3rd", "Scout 1", "9", "60"]]
    # Same round, same total (55 + K♣ 10, 60 + 9♦ 5): a shared place.
    assert places_rows(game_over([11, 10, 10], (300, 55, 60))) == [
        ["1st", "You", "11 ✓", "300"], ["2nd", "Scout 1", "10", "65"], ["2nd", "Scout 2", "10", "65"]]


def test_the_dealer_has_a_named_badge_and_counts_say_card_or_cards():
    state = table(hands=["5H", "KC", "9D 2C"], stock="3S 4S", pile="6D", phase=Phase.DRAW, turn=1, dealer=1)
    root = shown(session_at(state))
    dealer = root.find("li", class_="opp", data_seat="1").find(class_="dealer")
    assert dealer.find(class_="sr").text == "dealer" and dealer.attrs["title"] == "Dealer"
    assert root.find("li", class_="opp", data_seat="2").find_all(class_="dealer") == []
    assert [root.find("li", class_="opp", data_seat=n).find(class_="who").text for n in "12"] == [
        "Scout 1 DdealerR1", "Scout 2R1"]                                     # the badge, and nothing for the rest
    assert "🎴" not in root.text
    assert "🂠 1 card " in root.find("li", class_="opp", data_seat="1").text + " "
    assert "🂠 2 cards" in root.find("li", class_="opp", data_seat="2").text
    assert "1 card ·" in root.find(class_="bar").text
    assert root.find(data_zone="hand").attrs["aria-label"] == "Your hand: 1 card"
    assert root.find(class_="bar").find_all(class_="dealer") == []
    mine = shown(session_at(table(hands=["5H", "KC", "9D"], stock="3S", pile="6D", phase=Phase.DRAW,
                                  turn=1, dealer=0)))
    assert mine.find(class_="bar").find(class_="dealer").find(class_="sr").text == "dealer"


def test_a_set_short_of_aces_or_kings_says_their_names():
    missing = solve(parse_cards("AH AS KC KD 9C 4D"), AGGRAVATION.contract(1), AGGRAVATION).missing
    assert missing == "Needs one more ace for the set of 3 and one more king for the set of 3 (or 2 wilds)"
    missing = solve(parse_cards("AH KC 9D 4S 6C 7H"), AGGRAVATION.contract(1), AGGRAVATION).missing
    assert "two more" in missing and "As" not in missing and "Ks" not in missing


def test_going_down_and_out_in_one_turn_shows_each_meld_laid():
    state = table(hands=["5H 5S JK 9C 9S 9D KC", "KD 8C", "9H 2C"], stock="3S 4S", pile="6D",
                  phase=Phase.PLAY, turn=0)
    s = session_at(state)
    for act in ("godown", "fill", "lay"):
        dispatch(s, act)
    pick(s, "KC")
    dispatch(s, "discard")
    note = shown(s).find(data_zone="went-out")
    assert note.attrs["aria-label"] == "You went out" and note.find("h2").text == "🎉 You went out"
    lines = note.find("ol").items()
    assert [li.find(class_="line").text for li in lines] == ["You went down 📥", "You discarded K♣"]
    line, *groups = lines[0].items()                        # the words, then each meld's cards
    assert [group.attrs["class"] for group in groups] == ["cards", "cards"]
    melds = [[c.attrs["data-card"] for c in group.items()] for group in groups]
    assert sorted(map(sorted, melds)) == [["5H", "5S", "JK"], ["9C", "9D", "9S"]]
    assert all((c.tag, c.attrs["role"], "small" in c.attrs["class"].split()) == ("span", "img", True)
               for group in groups for c in group.items())   # small pictures, not buttons
    assert "=5" in lines[0].text                           # the joker says what it stands for


def test_the_going_out_turn_shows_only_that_turns_moves_and_melds():
    state = table(hands=["5H 6H 7H 2C 9C 9S 9D KC", "KD 8C", "9H 3C"], stock="3S 4S", pile="6D", phase=Phase.PLAY,
                  turn=0, rounds=[3, 3, 3], down=[1], melds=[(1, "set", "QD QH QS")])   # a set of 3 and a run of 4
    s = session_at(state)
    for act in ("godown", "fill", "lay"):
        dispatch(s, act)
    pick(s, "KC")
    dispatch(s, "discard")
    lines = shown(s).find(data_zone="went-out").find_all("li")
    assert [li.find(class_="line").text for li in lines] == ["You went down 📥", "You discarded K♣"]
    melds = [[c.attrs["aria-label"] for c in group.find_all(class_="card")]
             for group in lines[0].find_all(class_="cards")]
    assert sorted(melds) == [["nine of clubs", "nine of diamonds", "nine of spades"],   # not Scout 1's queens
                             ["two of clubs, wild, standing for the four of hearts", "five of hearts", "six of hearts",
                              "seven of hearts"]]


def test_the_going_out_turn_starts_at_the_bots_draw():
    state = table(hands=["5C 9D KS", "8H", "QD QH JK 4S"], stock="3S 4D", pile="6D", phase=Phase.PLAY,
                  turn=0, down=[1], melds=[(1, "run", "5H 6H 7H")])
    s = session_at(state, bots="scout")
    s.settings = Settings(steal="off", speed="normal")
    pick(s, "KS")
    dispatch(s, "discard")                                   # the player's discard, then Scout 1's turn
    for _ in range(10):
        if s.state.phase is Phase.DEAL_OVER:
            break
        assert s.step(s.token())
    lines = shown(s).find(data_zone="went-out").find_all("li")
    assert [li.find(class_="line").text for li in lines][0].startswith("Scout 1 laid off")
    assert not any(li.find(class_="line").text.startswith(("You", "Scout 1 drew", "Scout 1 took")) for li in lines)


def test_a_wild_swapped_on_the_going_out_turn_shows_the_natural_given():
    from game.rules import AGGRAVATION

    state = table(hands=["4H KC", "KD 8C", "9H 3C"], stock="3S 4S", pile="6D", phase=Phase.PLAY, turn=0,
                  down=[0, 1], melds=[(1, "run", "2C 5H 6H")], rules=AGGRAVATION.with_house_rules(wild_swap=True))
    s = session_at(state)
    pick(s, "4H")
    dispatch(s, "wild", "0:0")                               # 4♥ for the 2♣ standing in for it
    pick(s, "2C")
    dispatch(s, "meld", "0")
    dispatch(s, "end", "high")
    pick(s, "KC")
    dispatch(s, "discard")
    lines = shown(s).find(data_zone="went-out").find_all("li")
    assert [(li.find(class_="line").text, [c.attrs["data-card"] for c in li.find_all(class_="card")])
            for li in lines] == [("You swapped 4♥ for 2♣ on the table", ["4H"]), ("You laid off 2♣", ["2C"]),
                                 ("You discarded K♣", ["KC"])]
