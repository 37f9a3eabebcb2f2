"""SPEC §7, "What the player sees", read off the rendered table without a browser.

Each test builds an exact table (tests/scenario.py), plays on it through the page's own session
and intents where the point is something that happens (a steal, a rebuild, the end of a deal),
and reads the HTML the page would show (tests/html_tree.py) — the zone, not the whole page, so
the 🔒 in the prompt cannot pass for the one on the pile. Expected words and numbers are
literals from SPEC §2/§5/§7, never read back from the code under test.
"""
from __future__ import annotations

from game.actions import Draw
from game.log import GameLog
from game.rules import PRESETS
from game.cards import parse_cards
from game.state import DealResult, Event, Phase, seat_name
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session, make_bot
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.store.settings import Settings
from game.ui.screens.table.model import table_model
from html_tree import Node, parse
from scenario import table
from support import MemoryStore

NAMES = ["You", "Scout 1", "Scout 2"]


def session_at(state, bots: str = "", preset: str = "aggravation") -> Session:
    """The page's session on a built table; ``bots`` names the level that plays the other seats."""
    players = len(state.seats)
    for seat, name in zip(state.seats, NAMES):
        seat.name = seat_name(name)
    s = Session(MemoryStore(), Settings(steal="wait", speed="instant"))
    s.state, s.log, s.ui.screen = state, GameLog(0, players, preset=preset, names=NAMES[:players]), "table"
    if bots:
        s.bots = {seat: make_bot(bots) for seat in range(1, players)}
    return s


def shown(s: Session) -> Node:
    return parse(table_screen(table_model(s)))


def acts(root: Node) -> list[str]:
    return [b.attrs["data-act"] for b in root.find(class_="actions").find_all("button")]


def log_lines(root: Node) -> list[str]:
    return [li.text for li in root.find("ol", class_="log").find_all("li")]


def pick(s: Session, code: str) -> None:
    dispatch(s, "card", next(c.key for c in s.state.seats[HUMAN].hand if c.code == code))


# ------------------------------------------------------------ the table


def test_a_buried_top_card_shows_the_lock_and_only_the_stock_is_offered():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                         phase=Phase.DRAW, turn=0, top_buried=True))
    pile = shown(s).find(data_zone="discard")
    top = pile.find("button", data_act="discard-pile")
    assert top.attrs["class"] == "pile-top buried" and top.text == "Q♥🔒"
    assert pile.items() == [top]                                                # the pile's top and nothing else
    assert pile.find(class_="lock").text == "🔒"
    assert pile.find(data_card="QH").attrs["aria-label"] == "Discard pile: queen of hearts, buried: nobody may take it"
    assert acts(shown(s)) == ["draw"]

    s.state.top_buried = False
    root = shown(s)
    pile = root.find(data_zone="discard")
    assert pile.find_all(class_="lock") == [] and "🔒" not in pile.text
    assert pile.find(data_card="QH").attrs["aria-label"] == "Discard pile: queen of hearts"
    top = pile.find("button", data_act="discard-pile")
    assert (top.attrs["class"], top.text) == ("pile-top", "Q♥")
    assert acts(root) == ["draw", "take"] and root.find(data_act="take").text == "Take Q♥"
    s.state.pile.clear()
    pile = shown(s).find(data_zone="discard")
    assert [(item.tag, item.attrs, item.text) for item in pile.items()] == [("span", {"class": "pile-empty"}, "empty")]


def test_each_opponent_shows_round_contract_cards_steals_left_down_and_total():
    state = table(hands=["5H 6H 7H QS 9C", "KC KD KS 4C 4D 4S 8H", "2C 3C JD QD"], stock="9S 8S",
                  pile="4H", phase=Phase.DRAW, turn=0, rounds=[2, 3, 11], down=[1])
    state.seats[1].total, state.seats[1].steals_this_deal = 85, 1
    state.seats[2].total, state.seats[2].steals_this_deal = 240, 4
    s = session_at(state)
    root = shown(s)
    first, second = (root.find("li", class_="opp", data_seat=str(n)) for n in (1, 2))
    assert first.find("b").text == "Scout 1"
    assert first.find(class_="round").text == "R3: a set of 3 and a run of 4"
    for words in ("🂠 7 cards", "🫳 3 left", "📥 down", "85 pts"):
        assert words in first.text
    assert second.find(class_="round").text == "R11: two sets of 5"
    for words in ("🂠 4 cards", "🫳 0 left", "not down", "240 pts"):
        assert words in second.text
    assert root.find(data_zone="table").find(class_="empty").text == "No melds on the table yet."
    # What a phone's tile shows folded (issue 41: down or not and the total without a tap), and the details under it.
    assert [[(b.attrs["class"], b.text) for b in seat.find(class_="brief").items()] for seat in (first, second)] == [
        [("n", "🂠7"), ("s", "🫳3"), ("pts", "85 pts"), ("is-down", "📥 down")],
        [("n", "🂠4"), ("s", "🫳0"), ("pts", "240 pts"), ("not-down", "not down")]]
    assert [seat.find(class_="more").text for seat in (first, second)] == [
        "R3: a set of 3 and a run of 4 🂠 7 cards 🫳 3 left 📥 down 85 pts",
        "R11: two sets of 5 🂠 4 cards 🫳 0 left not down 240 pts"]
    bar = root.find(class_="bar")
    assert bar.find(class_="round").text == "Round 2: two runs of 3"
    assert bar.find(class_="mine").text == "5 cards · 0 pts · 🫳 4 left"
    s.state.seats[0].down = True
    assert shown(s).find(class_="bar").find(class_="mine").text == "5 cards · 0 pts · 🫳 4 left · 📥 down"


def test_the_stock_count_follows_the_stock():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D",
                         phase=Phase.DRAW, turn=0))
    stock = shown(s).find(data_zone="stock")
    assert stock.attrs["aria-label"] == "Stock: 3 cards" and stock.find(class_="count").text == "3"
    dispatch(s, "draw")
    stock = shown(s).find(data_zone="stock")
    assert stock.attrs["aria-label"] == "Stock: 2 cards" and stock.find(class_="count").text == "2"


def test_the_seat_to_play_is_marked_and_the_table_says_whose_turn_it_is():
    state = table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D", phase=Phase.DRAW, turn=1)
    root = shown(session_at(state))
    seats = {n: root.find("li", class_="opp", data_seat=str(n)) for n in (1, 2)}
    assert seats[1].attrs["class"].split() == ["opp", "current"] and seats[1].attrs["aria-current"] == "true"
    assert seats[2].attrs["class"].split() == ["opp"] and seats[2].attrs["aria-current"] == "false"
    assert root.find(class_="table-screen").attrs["data-my-turn"] == "false"

    state.turn = 0
    root = shown(session_at(state))
    assert all(root.find("li", class_="opp", data_seat=str(n)).attrs["aria-current"] == "false" for n in (1, 2))
    assert root.find(class_="table-screen").attrs["data-my-turn"] == "true"


def test_each_seats_short_line_shows_its_steals_left_and_an_unlimited_rulebook_shows_none():
    state = table(hands=["5H 6H 7H QS 9C", "KC KD KS 4C", "2C 3C JD QD"], stock="9S 8S", pile="4H",
                  phase=Phase.DRAW, turn=0)
    state.seats[1].steals_this_deal, state.seats[2].steals_this_deal = 1, 4
    root = shown(session_at(state))
    assert [root.find("li", data_seat=str(n)).find(class_="s").text for n in (1, 2)] == ["🫳3", "🫳0"]

    gallery = table(hands=["5H 6H 7H QS 9C", "KC KD KS 4C", "2C 3C JD QD"], stock="9S 8S", pile="4H",
                    phase=Phase.DRAW, turn=0, rules=PRESETS["gallery"])
    s = session_at(gallery)
    s.log = GameLog(0, 3, "gallery", names=NAMES)
    root = shown(s)
    assert [root.find("li", data_seat=str(n)).find(class_="s").text for n in (1, 2)] == ["🛒∞", "🛒∞"]
    assert root.find("h1").text == "🃏 Gallery" and root.find("h1").attrs["title"] == "Gallery Aggravation Rummy"


def test_the_card_picked_is_the_one_pressed_and_a_fresh_deal_is_marked_for_dealing():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D",
                         phase=Phase.DRAW, turn=0))
    root = shown(s)
    assert root.find(class_="table-screen").attrs["data-fresh"] == "true"      # nothing played yet
    assert root.find("h1").text == "🃏 Aggravation"
    dispatch(s, "draw")
    pick(s, "6H")
    root = shown(s)
    assert "data-fresh" not in root.find(class_="table-screen").attrs
    hand = root.find(data_zone="hand").find_all(data_act="card")
    assert [c.attrs["data-card"] for c in hand if c.attrs.get("aria-pressed") == "true"] == ["6H"]
    assert [c.attrs["data-card"] for c in hand if "selected" in c.attrs["class"].split()] == ["6H"]
    discard = root.find("button", data_act="discard")
    assert discard.text == "Discard 6♥" and "disabled" not in discard.attrs


def test_the_log_shows_the_deals_last_fourteen_moves_oldest_first():
    state = table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D", phase=Phase.DRAW, turn=0)
    thrown = parse_cards("AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC AD 2H 3S 4C 5D 6H 7S")
    state.events = [Event("discarded", n % 3, (card,)) for n, card in enumerate(thrown)]
    assert log_lines(shown(session_at(state))) == [f"{NAMES[n % 3]} discarded {thrown[n].symbol}" for n in range(6, 20)]


def prompt_of(state, s: Session = None) -> str:
    return shown(s or session_at(state)).find(class_="prompt").text


def test_the_prompt_says_who_is_playing_or_what_the_player_may_draw():
    def at(phase: Phase, turn: int, pile: str = "4D QH", buried: bool = False) -> str:
        return prompt_of(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile=pile,
                               phase=phase, turn=turn, top_buried=buried))

    assert at(Phase.DRAW, 1) == "Scout 1 is playing…"
    assert at(Phase.SWAP, 2) == "🔄 Swap round: Scout 2 is deciding…"
    assert at(Phase.DRAW, 0) == "Your turn: draw from the stock or take Q♥"
    assert at(Phase.DRAW, 0, buried=True) == ("Your turn: draw from the stock (🔒 buried: once covered by another "
                                               "discard, a card may not be taken)")
    assert at(Phase.DRAW, 0, pile="") == "Your turn: draw"


def test_the_round_gone_out_by_play_says_so_before_the_player_is_down():
    state = table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D", phase=Phase.PLAY, turn=0,
                  rounds=[7, 6, 6], rules=PRESETS["contract"])
    assert prompt_of(state) == ("To go down you still need 12 cards for three runs of 4; the hand holds 4. "
                                "Pick a card to discard. "
                                "This round you go out by laying down every card, with no discard")
    state.seats[0].round = 6
    assert prompt_of(state) == ("To go down you still need 11 cards for a set of 3 and two runs of 4; "
                                "the hand holds 4. Pick a card to discard")


def test_the_claim_timer_runs_only_on_the_players_own_claim():
    state = table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D 7H", phase=Phase.CLAIMS,
                  turn=2, claimable_from=1)
    state.claimants = [0]
    s = session_at(state)
    s.settings = Settings(steal="short", speed="instant")
    timer = shown(s).find(class_="timer")
    assert timer.attrs["style"] == "animation-duration:3000ms"
    assert prompt_of(state, s) == "🫳 Scout 1 discarded 7♥: steal it? You also take a penalty card"
    state.claimants = [2]                                  # another seat's claim: no bar for the player
    assert shown(s).find_all(class_="timer") == []
    state.phase, state.claimants, state.turn = Phase.DRAW, [], 0
    assert shown(s).find_all(class_="timer") == []


def test_the_note_says_why_a_discard_up_for_stealing_is_not_offered_and_only_then():
    def notes(turn: int, claimable_from, phase: Phase = Phase.DRAW, down=(), claimants=()) -> list[str]:
        state = table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D 7H", phase=phase,
                      turn=turn, claimable_from=claimable_from, down=down)
        state.claimants = list(claimants)
        return [p.text for p in shown(session_at(state)).find_all("p", class_="note")]

    assert notes(2, 1, down=[0]) == ["🫳 not offered: You are down: no more steals this deal"]
    assert notes(2, None) == []                          # nothing to steal
    assert notes(1, 0) == []                             # the player's own discard
    assert notes(0, 2, phase=Phase.CLAIMS, claimants=[1]) == []   # the player passed it over


def buttons_of(s: Session) -> list[tuple[str, str, str, bool]]:
    """The action bar: (act, words, classes, disabled) of each button, in order."""
    return [(b.attrs["data-act"], b.text, b.attrs["class"], "disabled" in b.attrs)
            for b in shown(s).find(class_="actions").find_all("button")]


def test_the_action_buttons_of_each_phase_word_for_word():
    hands = ["5H 5D 5S 9C 9D 9S QS", "KC KD", "2C 3C"]

    def at(phase: Phase, turn: int = 0, pile: str = "4D QH", rules=PRESETS["aggravation"], **more) -> Session:
        state = table(hands=hands, stock="9S 8S 3D", pile=pile, phase=phase, turn=turn, rules=rules, **more)
        return session_at(state)

    swap = at(Phase.SWAP)
    assert buttons_of(swap) == [("swap", "🔄 Swap", "btn primary", True), ("pass", "Pass", "btn", False)]
    pick(swap, "QS")
    assert buttons_of(swap) == [("swap", "🔄 Swap Q♠", "btn primary", False), ("pass", "Pass", "btn", False)]
    draw = [("draw", "🂠 Draw from the stock", "btn primary", False), ("take", "Take Q♥", "btn", False)]
    assert buttons_of(at(Phase.DRAW)) == draw
    assert buttons_of(at(Phase.DRAW, rules=PRESETS["gallery"], pile="QH")) == draw   # one card: nothing to dig
    digging = at(Phase.DRAW, rules=PRESETS["gallery"])
    assert buttons_of(digging) == draw + [("pile", "⤵ Dig into the pile", "btn", False)]
    dispatch(digging, "pile")
    assert buttons_of(digging)[-1] == ("pile", "✕ Close the pile", "btn", False)
    claims = at(Phase.CLAIMS, turn=2, claimable_from=1)
    claims.state.claimants = [0]
    assert buttons_of(claims) == []                              # Q♥ does not help this hand: not asked
    claims.settings.ask = "every"
    assert buttons_of(claims) == [("steal", "🫳 Steal Q♥", "btn primary", False), ("pass", "Let it go", "btn", False)]

    play = at(Phase.PLAY)
    assert buttons_of(play) == [("godown", "📥 Go down…", "btn", False), ("discard", "Discard", "btn primary", True)]
    dispatch(play, "godown")
    assert buttons_of(play) == [("lay", "✅ Lay it down", "btn primary", True), ("fill", "✨ Fill for me", "btn", False),
                                ("cancel", "Cancel", "btn", False)]
    dispatch(play, "fill")
    assert buttons_of(play)[0] == ("lay", "✅ Lay it down", "btn primary flash", False)


def test_the_buttons_once_down_under_each_rulebooks_lay_off_rules():
    def down(rules) -> Session:
        state = table(hands=["5H 5D 5S QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D", phase=Phase.PLAY,
                      turn=0, down=[0], melds=[(0, "set", "QC QD QH")], rules=rules)
        return session_at(state)

    laying = ("layoff-all", "🧲 Lay off all that fits", "btn primary", False)
    assert buttons_of(down(PRESETS["aggravation"])) == [laying, ("discard", "Discard", "btn primary", True)]
    gallery = down(PRESETS["gallery"])                    # lay-offs compulsory: 🧲 is the way on, not Discard
    another = ("another", "📥 Lay another meld…", "btn", False)
    assert buttons_of(gallery) == [another, laying, ("discard", "Discard", "btn", True)]
    dispatch(gallery, "another")
    assert buttons_of(gallery) == [("lay-extra", "✅ Lay this meld", "btn primary", True),
                                   ("find-extra", "✨ Find one for me", "btn", False), ("cancel", "Cancel", "btn", False)]
    dispatch(gallery, "find-extra")
    assert buttons_of(gallery)[0] == ("lay-extra", "✅ Lay this meld", "btn primary flash", False)


def test_the_swap_round_is_announced_and_gone_once_the_lap_is_over():
    s = Session(MemoryStore(), Settings(steal="off", speed="instant"))
    s.start("sprout", 5)
    banner = "🔄 Swap round: swap one card with the discard, or pass"
    assert shown(s).find(class_="banner").text == banner          # a bot swaps first: still announced
    while s.state.current_player != HUMAN:
        assert s.step(s.token())
    root = shown(s)
    assert root.find(class_="banner").text == banner
    top = s.state.pile[-1].symbol
    assert root.find(class_="prompt").text == f"🔄 Swap round: pick a card to give for {top}, or pass"
    assert acts(root) == ["swap", "pass"]
    card = s.state.seats[HUMAN].hand[0]
    dispatch(s, "card", card.key)                                  # a card picked: where it would go
    after = s.names[(HUMAN + 1) % len(s.names)]
    assert shown(s).find(class_="prompt").text == (f"🔄 Swap {card.symbol} for {top}? {card.symbol} goes face up, "
                                                   f"for {after} to take next")
    dispatch(s, "pass")
    while s.state.phase is Phase.SWAP:
        assert s.step(s.token())
    assert shown(s).find_all(class_="banner") == []


def test_sorting_by_number_and_by_suit_keeps_the_hand_and_puts_wilds_left():
    s = session_at(table(hands=["KH 2C 5S JK 5H AH 9D TD", "KC KD", "QC QD"], stock="9S 8S",
                         pile="4D", phase=Phase.DRAW, turn=0))
    held = [c.key for c in s.state.seats[HUMAN].hand]

    def order() -> list[str]:
        return [c.attrs["data-card"] for c in shown(s).find(data_zone="hand").find_all("button")]

    # The button names what a tap does (sort the other way), not the order shown now.
    assert shown(s).find(data_act="sort").text == "⇅ Sort by suit"
    assert order() == ["JK", "2C", "AH", "5H", "5S", "9D", "TD", "KH"]
    dispatch(s, "sort")
    assert shown(s).find(data_act="sort").text == "⇅ Sort by number"
    assert order() == ["JK", "2C", "9D", "TD", "AH", "5H", "KH", "5S"]
    dispatch(s, "sort")
    assert order() == ["JK", "2C", "AH", "5H", "5S", "9D", "TD", "KH"]
    assert [c.key for c in s.state.seats[HUMAN].hand] == held     # sorting never changes the hand


def test_fill_for_me_says_what_is_missing_on_the_page_and_lays_nothing():
    """📥 Go down… is enabled only when the solver finds the contract (issue 31): otherwise the
    prompt says what is missing, and 📥 or ✨ Fill for me (its keys) say it again, opening no frames."""
    s = session_at(table(hands=["7H 7S 9D 9C KS 4S", "KC KD", "QC QD"], stock="8S", pile="4D",
                         phase=Phase.PLAY, turn=0))
    missing = "one more 7 for the set of 3 and one more 9 for the set of 3 (or 2 wilds)"
    root = shown(s)
    assert "disabled" in root.find(data_act="godown").attrs
    assert root.find(class_="prompt").text == f"To go down you still need {missing}. Pick a card to discard"
    for act in ("godown", "fill"):
        dispatch(s, act)
        root = shown(s)
        message = root.find(class_="message")
        assert "error" in message.attrs["class"].split()
        assert message.text == f"Not yet: to go down you still need {missing}"
        assert s.ui.frames is None and root.find_all(data_zone="frames") == []
    assert len(root.find(data_zone="hand").find_all("button")) == 6
    assert root.find(data_zone="table").find_all(class_="meld") == [] and not s.state.seats[HUMAN].down


# ------------------------------------------------------------ steals and the stock


def test_a_steal_with_one_stock_card_left_takes_it_and_the_next_draw_rebuilds():
    """Scout 1 discarded 7♥; Scout 2 draws, so the player may steal while the stock holds ONE card:
    the steal takes 7♥ and that last card, the 🔒 card under 7♥ shows, and Scout 2's draw then
    needs the stock: it is rebuilt from the discards under the top."""
    state = table(hands=["AC 3C 4C 5C 6C", "KC KD KS 4D", "QC QD QS 5D"], stock="9S", pile="3D 4H 5S 7H",
                  phase=Phase.DRAW, turn=2, claimable_from=1)
    s = session_at(state)
    s.settings.ask = "every"                 # 7♥ does not help this hand: asked about all the same
    s.state.apply(Draw(), 2)
    assert s.pending() == ("claim", None) and acts(shown(s)) == ["steal", "pass"]
    assert shown(s).find(data_act="steal").text == "🫳 Steal 7♥"
    dispatch(s, "steal")
    me = s.state.seats[HUMAN]
    assert [c.code for c in me.hand][-2:] == ["7H", "9S"]             # the discard, then the penalty
    root = shown(s)
    assert log_lines(root)[-3:] == ["You stole 7♥ 🫳", "The discards were shuffled into a new stock",
                                    "Scout 2 drew from the stock"]
    assert root.find(data_zone="stock").find(class_="count").text == "1"
    pile = root.find(data_zone="discard")
    assert pile.find(class_="lock").text == "🔒" and pile.find(data_card="5S")
    assert "🫳 3 left" in root.find(class_="bar").text and "7 cards" in root.find(class_="bar").text


def test_a_second_rebuild_really_happens_in_a_played_deal_and_a_third_need_ends_it_dead():
    """The stock was rebuilt once already and is empty: the player's draw rebuilds it a second
    time (SPEC §4.5: twice a deal), then the bots and the player play it down; the next time
    it is needed the deal ends as a dead deal."""
    state = table(hands=["5H 9C", "KC 8D", "QC 6S"], stock="", pile="3C 4D 7S JH QH",
                  phase=Phase.DRAW, turn=0)
    state.rebuilds = 1
    s = session_at(state, bots="sprout")
    s.settings.change("steal", "off")
    dispatch(s, "draw")
    assert s.state.rebuilds == 2 and not s.ui.message
    root = shown(s)
    assert log_lines(root)[-2:] == ["The discards were shuffled into a new stock", "You drew from the stock"]
    assert root.find(data_zone="stock").attrs["aria-label"] == "Stock: 3 cards"   # 4 under the top, 1 drawn
    assert [c.code for c in s.state.pile] == ["QH"]
    for _ in range(60):                     # play on: draw, discard the highest card, bots in between
        if s.state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            break
        if s.pending() is not None:         # a bot's move, or the player's steal offer lapsing (off)
            assert s.step(s.token())
        elif s.state.phase is Phase.DRAW:
            dispatch(s, "draw")
        else:
            pick(s, max(s.state.seats[HUMAN].hand, key=lambda c: c.rank).code)
            dispatch(s, "discard")
    assert s.state.phase is Phase.DEAL_OVER and s.state.rebuilds == 2
    dispatch(s, "scores")                   # a dead deal shows everyone's cards first, then the scores
    root = shown(s)
    assert root.find(data_zone="summary").find("p", class_="how").text == "Dead deal: the stock ran out."
    assert log_lines(root)[-1] == "The stock ran out: a dead deal"
    # One rebuild shown on this table (the deal's first came before it was built), never a third.
    assert [e.kind for e in s.state.events].count("rebuilt") == 1


# ------------------------------------------------------------ the end of a deal and of the game


def results_rows(root: Node) -> list[list[str]]:
    body = root.find("table", class_="results").find("tbody")
    return [[cell.text for cell in row.items()] for row in body.items()]


def sheet(root: Node) -> tuple[list[str], list[list[str]], list[str]]:
    """The score sheet's heads, its rows (deal, then each player's points) and its totals row."""
    grid = root.find("table", class_="sheet")
    heads = [cell.text for cell in grid.find("thead").find("tr").items()]
    rows = [[cell.text for cell in row.items()] for row in grid.find("tbody").items()]
    totals = [cell.text for cell in grid.find("tfoot").find("tr").items()]
    return heads, rows, totals


def test_the_end_of_a_deal_shows_points_who_moves_on_and_the_running_score_sheet():
    """Deal 2 ends when the player goes out; Scout 1 missed and plays round 1 again."""
    state = table(hands=["5H", "KC 8C", "9D 2C"], stock="3S 4S", pile="6D", phase=Phase.PLAY, turn=0,
                  rounds=[2, 1, 1], down=[0, 2])
    state.deal_number = 2
    state.results.append(DealResult(1, (0, 25, 40), (True, False, False), (1, 1, 1), 0, False))
    for seat, total in zip(state.seats, (0, 25, 40)):
        seat.total = total
    s = session_at(state)
    pick(s, "5H")
    dispatch(s, "discard")
    dispatch(s, "scores")
    root = shown(s)
    summary = root.find(data_zone="summary")
    assert summary.find("h2").text == "Deal 2 is over"
    assert summary.find("p", class_="how").text == "You went out."
    # Points: K=10 + 8=5; 9=5 + a two=20 (SPEC §5). Round played, points, next, total.
    assert results_rows(root) == [["You", "2", "0", "✓ next round", "0"],
                                  ["Scout 1", "1", "15", "↻ same round", "40"],
                                  ["Scout 2", "1", "25", "✓ next round", "65"]]
    # The leader starred by the rule that decides: the furthest round (You on 3), then the lower total.
    assert sheet(root) == (["Deal", "★You (leads)", "Scout 1", "Scout 2"], [["1", "0", "25", "40"], ["2", "0", "15", "25"]],
                           ["Total", "0", "40", "65"])
    assert summary.find("p", class_="sheet-key").text == "Low score wins · ★ leads (furthest round, then lowest total)"
    assert [(b.attrs["data-act"], b.text) for b in summary.find_all("button")] == [("next", "Next deal ▶"), ("menu", "New game")]
    assert [seat.round for seat in s.state.seats] == [3, 1, 2]


def finished(hands: list[str], totals: tuple[int, ...], down: list[int], dead: bool) -> Session:
    """Everyone on round 11; the player goes out by discarding, or (dead) the stock runs dry."""
    state = table(hands=hands, stock="" if dead else "3S", pile="6D", phase=Phase.DRAW if dead else Phase.PLAY,
                  turn=0, rounds=[11, 11, 11], down=down)
    state.rebuilds = 2
    for seat, total in zip(state.seats, totals):
        seat.total = total
    s = session_at(state)
    if dead:
        dispatch(s, "draw")
    else:
        pick(s, state.seats[HUMAN].hand[0].code)
        dispatch(s, "discard")
    assert s.state.phase is Phase.GAME_OVER
    dispatch(s, "scores")
    return s


def test_the_game_over_screen_names_the_winner_and_offers_a_new_game():
    root = shown(finished(["5H", "KC", "9D"], (100, 50, 0), down=[0], dead=False))
    summary = root.find(data_zone="summary")
    # Scout 2's total is lower but only who went down on round 11 can win (SPEC §5).
    assert summary.find("h2").text == "🏆 You win the game!"
    assert [p.text for p in summary.find_all("p", class_="places-key")] == [
        "Only you got round 11 down: the only one who could win.", "✓ got round 11 down"]
    assert [(b.attrs["data-act"], b.text) for b in summary.find_all("button")] == [
        ("menu", "New game"), ("replay", "▶ Replay the last deal"), ("stats", "📊 Your statistics"),
        ("share", "🔗 Share this deal")]
    assert root.find_all(data_act="next") == []
    assert sheet(root)[2] == ["Total", "100", "60", "5"]
    assert root.find(class_="prompt").text == "The game is over"


def test_a_bot_wins_alone_or_shares_a_tie_on_the_game_over_screen():
    alone = shown(finished(["5H", "6C", "KD"], (100, 90, 0), down=[0, 1], dead=True))
    assert alone.find(data_zone="summary").find("h2").text == "🏆 Scout 1 wins the game!"
    assert alone.find(data_zone="summary").find("p", class_="how").text == "Dead deal: the stock ran out."
    # The rule's reason under the places: Scout 2 has the lowest total but never got round 11 down.
    assert [p.text for p in alone.find(data_zone="summary").find_all("p", class_="places-key")] == [
        "Only you and Scout 1 got round 11 down; of them Scout 1 has the lowest total.", "✓ got round 11 down"]
    shared = shown(finished(["5H", "6C", "KD"], (100, 100, 0), down=[0, 1], dead=True))
    assert shared.find(data_zone="summary").find("h2").text == "🏆 You and Scout 1 win the game!"
    assert "of them you and Scout 1 share the lowest total." in shared.find(data_zone="summary").text


def test_a_three_way_tie_lists_its_winners_as_a_sentence_does():
    three = shown(finished(["5H", "6C", "7D"], (100, 100, 100), down=[0, 1, 2], dead=True))
    assert three.find(data_zone="summary").find("h2").text == "🏆 You, Scout 1 and Scout 2 win the game!"


def test_where_anyone_may_win_the_game_over_says_low_score_wins():
    from types import SimpleNamespace
    from game.ui.standings import lead_rule, leaders, why_won
    players = [SimpleNamespace(seat=n, total=total, round=7, down=False) for n, total in enumerate((80, 35, 35))]
    v = SimpleNamespace(rules=PRESETS["contract"], winners=[1, 2], players=players)
    assert why_won(v, ["You", "Ann", "Cy"]) == "Low score wins: Ann and Cy share the lowest total"
    alone = SimpleNamespace(rules=PRESETS["contract"], winners=[0], players=players)
    assert why_won(alone, ["You", "Ann", "Cy"]) == "Low score wins: you have the lowest total"   # not "You has"
    assert leaders(v) == [1, 2] and lead_rule(v) == "lowest total"
