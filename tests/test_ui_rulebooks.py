"""The two other rulebooks on the page, without a browser: choosing one, its table, its words.

Expected words and numbers are literals from SPEC §10 (Gallery) and §11 (Contract Rummy).
"""
from __future__ import annotations

from game.ui.app import App
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.screens.start.markup import start_screen
from game.ui.screens.table.markup import table_screen
from game.ui.store.settings import SETTINGS_KEY, Settings
from game.ui.screens.start.model import start_model
from game.ui.screens.table.model import table_model
from html_tree import parse
from support import MemoryStore as Store


def pressed(root, group: str) -> list[str]:
    """The data-arg of the pressed chips of a start-screen group (by its aria-label)."""
    chips = root.find(role="group", aria_label=group).find_all("button")
    return [c.attrs["data-arg"] for c in chips if c.attrs.get("aria-pressed") == "true"]


def start_root(s: Session):
    return parse(start_screen(start_model(s)))


def test_the_start_screen_offers_three_rulebooks_aggravation_first_and_chosen():
    s = Session(Store())
    root = start_root(s)
    chips = root.find(role="group", aria_label="Rules").find_all("button")
    assert [c.text for c in chips] == ["Aggravation", "Gallery", "Contract Rummy"]
    assert pressed(root, "Rules") == ["rulebook=aggravation"]


def test_each_preset_offers_its_own_table_sizes():
    root = start_root(Session(Store()))
    gallery = root.find(role="group", aria_label="Players at a Gallery table").find_all("button")
    contract = root.find(role="group", aria_label="Players at a Contract Rummy table").find_all("button")
    assert [b.text for b in gallery] == ["2", "3", "4", "5", "6"]            # SPEC §10: 2-6 players
    assert [b.text for b in contract] == ["3", "4", "5", "6", "7", "8"]      # SPEC §11: 3-8 players


def test_a_rulebook_and_a_table_size_picked_are_remembered_and_start_that_game():
    store = Store()
    s = Session(store)
    dispatch(s, "set", "rulebook=contract")
    dispatch(s, "set", "players=contract:7")
    assert pressed(start_root(s), "Rules") == ["rulebook=contract"]
    again = Session(store, Settings.from_json(store.get(SETTINGS_KEY)))
    assert again.settings.rulebook == "contract" and again.settings.players_for("contract") == 7
    dispatch(again, "level", "ace")
    assert again.log.preset == "contract" and again.state.players == 7
    assert [seat.name for seat in again.state.seats][:2] == ["You", "Ace 1"]
    assert len(again.state.seats[HUMAN].hand) == 10                          # rounds 1-4 deal 10


def test_a_table_size_outside_the_rulebook_is_refused():
    s = Session(Store())
    for arg in ("players=gallery:7", "players=contract:2", "players=aggravation:4", "players=gallery:x",
                "players=nonsense:4", "rulebook=poker"):
        dispatch(s, "set", arg)
    assert s.settings.rulebook == "aggravation" and s.settings.players == {}


def test_aggravations_house_rules_do_not_follow_into_another_rulebook():
    s = Session(Store())
    dispatch(s, "house", "ace_wrap")
    dispatch(s, "set", "rulebook=gallery")
    dispatch(s, "level", "scout")
    assert s.log.preset == "gallery" and s.log.house_rules == ()
    assert s.state.players == 4                                                # the default table size
    dispatch(s, "settings")
    assert house_now(s) == "This game plays by the rules of Gallery Aggravation Rummy: no house rules."
    dispatch(s, "set", "rulebook=aggravation")
    dispatch(s, "menu")
    dispatch(s, "level", "scout")
    dispatch(s, "confirm")
    assert s.log.preset == "aggravation" and s.log.house_rules == ("ace_wrap",) and s.state.players == 4
    dispatch(s, "settings")
    assert house_now(s) == "This game — House rules: ace wrap-around. Switch them for your next game under New game."


def house_now(s: Session) -> str:
    """The table's settings panel: what rules this game plays by."""
    return parse(table_screen(table_model(s))).find(class_="house-now").text


def test_a_preset_game_is_saved_and_resumed_with_its_rulebook_and_named_on_the_start_screen():
    store = Store()
    app = App(store, {"speed": "0"})
    s = app.session
    dispatch(s, "set", "rulebook=gallery")
    dispatch(s, "set", "players=gallery:2")
    dispatch(s, "level", "sprout")
    for write in app.frame()["writes"]:
        store[write[0]] = write[1]
    again = Session(store)
    assert again.resume() and again.log.preset == "gallery" and again.state.players == 2
    dispatch(again, "menu")
    resume = start_root(again).find(class_="resume").text
    assert start_root(again).find(class_="lead").text == "Or start a new game:"
    assert resume.startswith("▶ Back to your Gallery · Sprout game — deal 1")


def test_the_table_names_its_rulebook_and_buys_with_a_cart():
    s = Session(Store(), Settings(steal="wait", speed="instant"))
    s.start("scout", 3, preset="contract")
    root = parse(table_screen(table_model(s)))
    assert "Contract Rummy" in root.find("header").text
    bar = root.find(class_="bar").text
    assert "🛒 3 left" in bar and "🫳" not in bar                               # SPEC §11: 3 buys a round
    s.start("scout", 3, preset="gallery")
    bar = parse(table_screen(table_model(s))).find(class_="bar").text
    assert "🛒 no limit" in bar                                                  # SPEC §10: no buy limit


# ------------------------------------------------------------ Gallery: drawing from deep in the pile


def session_on(state) -> Session:
    """The page's session on a built table (test_ui_table_spec.session_at), its log under the
    rulebook the table was built with."""
    from game.rules import PRESETS
    from test_ui_table_spec import session_at

    s = session_at(state)
    s.log.preset = next(name for name, rules in PRESETS.items() if rules is state.rules)
    return s


def test_the_pile_fans_out_and_a_deep_card_comes_with_every_card_above_it():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table

    s = session_on(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH 9C",
                              phase=Phase.DRAW, turn=0, rules=PRESETS["gallery"]))
    root = parse(table_screen(table_model(s)))
    assert root.find(data_act="pile").text == "⤵ Dig into the pile"
    dispatch(s, "pile")
    fan = parse(table_screen(table_model(s))).find(data_zone="pile-fan")
    cards = fan.find(class_="fan-cards").items()
    labels = [b.find(class_="sr").text for b in cards]
    assert labels == ["Take 4♦ and the 2 cards above it", "Take Q♥ and the card above it", "Take 9♣"]
    assert [(b.tag, b.attrs["data-act"], "small" in b.attrs["class"].split()) for b in cards] == [("button", "dig", True)] * 3
    deep = fan.find_all("button")[0].attrs["data-arg"]
    dispatch(s, "dig", deep)
    assert sorted(c.code for c in s.state.seats[HUMAN].hand) == sorted("5H 6H 7H QS 4D QH 9C".split())
    assert s.state.pile == [] and s.state.phase is Phase.PLAY
    assert s.ui.message == "You took 4♦ and the 2 cards above it"
    assert parse(table_screen(table_model(s))).find_all(data_zone="pile-fan") == []


def test_aggravation_never_offers_to_dig_into_the_pile():
    from game.state import Phase
    from scenario import table

    s = session_on(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH 9C",
                              phase=Phase.DRAW, turn=0))
    assert parse(table_screen(table_model(s))).find_all(data_act="pile") == []
    dispatch(s, "pile")
    assert s.ui.message == "Only the top discard may be taken at this table" and not s.ui.digging


# ------------------------------------------------------------ compulsory lay-offs (Gallery)


def test_a_discard_with_a_card_that_fits_is_refused_and_one_tap_lays_off_all_that_fits():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table

    s = session_on(table(hands=["8H 9H KC 3S", "KD KS", "2C 3C"], stock="9S 8S 3D", pile="4D",
                              phase=Phase.PLAY, turn=0, down=[0, 1], melds=[(1, "run", "5H 6H 7H")],
                              rules=PRESETS["gallery"]))
    root = parse(table_screen(table_model(s)))
    assert "every card that fits" in root.find(class_="prompt").text
    assert root.find(data_act="layoff-all").text == "🧲 Lay off all that fits"
    dispatch(s, "card", next(c.key for c in s.state.seats[HUMAN].hand if c.code == "KC"))
    dispatch(s, "discard")
    assert s.ui.tone == "error" and "first" in s.ui.message                # the engine's reason
    assert len(s.state.seats[HUMAN].hand) == 4
    dispatch(s, "layoff-all")
    assert sorted(c.code for c in s.state.seats[HUMAN].hand) == ["3S", "KC"]
    assert [c.code for c in s.state.table[0].meld.cards] == ["5H", "6H", "7H", "8H", "9H"]
    assert s.ui.message == "You laid off 8♥, 9♥"
    assert parse(table_screen(table_model(s))).find_all(data_act="layoff-all") == []
    dispatch(s, "card", next(c.key for c in s.state.seats[HUMAN].hand if c.code == "KC"))
    dispatch(s, "discard")
    assert [c.code for c in s.state.pile][-1] == "KC"


def test_contract_rummy_asks_for_a_discard_on_the_turn_you_go_down():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table

    rules = PRESETS["contract"]
    s = session_on(table(hands=["KH KS KC 4D 4C 4S 8H 9C", "QD QS QC", "2C 3C"], stock="9S 8S 3D", pile="4H",
                              phase=Phase.PLAY, turn=0, melds=[(1, "set", "QD QS QC")], down=[1], rules=rules))
    dispatch(s, "fill")
    dispatch(s, "lay")
    assert s.state.seats[HUMAN].down
    assert s.ui.message == "You went down. Discard to end your turn"
    assert "discard now" in parse(table_screen(table_model(s))).find(class_="prompt").text


# ------------------------------------------------------------ further melds once down (Gallery)


def test_once_down_a_gallery_player_lays_another_meld_of_the_contracts_kinds():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table

    s = session_on(table(hands=["9C 9D 9S 4H 7S KD", "KS KC", "2C 3C"], stock="9H 8S 3D", pile="4D",
                              phase=Phase.PLAY, turn=0, down=[0], melds=[(0, "set", "QH QS QC")],
                              rules=PRESETS["gallery"]))         # round 1: two sets of 3
    assert parse(table_screen(table_model(s))).find(data_act="another").text == "📥 Lay another meld…"
    dispatch(s, "another")
    assert s.ui.message == "Tap the cards of your new meld: a set of 3 or more cards"
    keys = {c.code: c.key for c in s.state.seats[HUMAN].hand}
    for code in ("9C", "9D", "4H"):
        dispatch(s, "card", keys[code])
    frame = parse(table_screen(table_model(s))).find(data_zone="extra")
    assert frame.find(class_="need").text == "A set of 9s, but 4♥ is not a 9"
    assert "disabled" in parse(table_screen(table_model(s))).find(data_act="lay-extra").attrs
    dispatch(s, "card", keys["4H"])                          # taken back
    dispatch(s, "card", keys["9S"])
    dispatch(s, "lay-extra")
    assert [c.code for c in s.state.table[-1].meld.cards] == ["9C", "9D", "9S"]
    assert sorted(c.code for c in s.state.seats[HUMAN].hand) == ["4H", "7S", "KD"]
    assert s.ui.message == "You laid down another set" and s.ui.extra is None


def test_the_further_meld_frame_says_its_kinds_then_reads_the_meld_with_its_wild():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table

    s = session_on(table(hands=["9C 9D 2H 4H 7S KD", "KS KC", "2C 3C"], stock="9H 8S 3D", pile="4D",
                              phase=Phase.PLAY, turn=0, down=[0], melds=[(0, "set", "QH QS QC")],
                              rules=PRESETS["gallery"]))
    dispatch(s, "another")
    frame = parse(table_screen(table_model(s))).find(data_zone="extra")
    assert frame.find(class_="frame").attrs["class"] == "frame open active"
    assert frame.text == "Another meld" "tap cards below" "A set of 3 or more cards"
    keys = {c.code: c.key for c in s.state.seats[HUMAN].hand}
    for code in ("2H", "9C", "9D"):
        dispatch(s, "card", keys[code])
    frame = parse(table_screen(table_model(s))).find(data_zone="extra")
    assert [c.find(class_="sr").text for c in frame.find_all(class_="card")] == \
        ["nine of clubs", "nine of diamonds", "two of hearts, wild, standing for a nine"]                  # as the meld reads, not as tapped
    assert frame.find(class_="need").text == "✓ set 9♣ 9♦ 2♥=9"
    assert frame.find(class_="frame").attrs["class"] == "frame ok active"
    assert frame.find(class_="frame-cards").text == "9♣nine of clubs" "9♦nine of diamonds" "2♥=9two of hearts, wild, standing for a nine"
    s = session_on(table(hands=["5H 6H 2C 8H KD", "KS KC", "3C 3D"], stock="9H 8S 3D", pile="4D", phase=Phase.PLAY,
                         turn=0, rounds=[2, 1, 1], down=[0], melds=[(0, "set", "QH QS QC"), (0, "run", "9S TS JS QS")],
                         rules=PRESETS["gallery"]))                        # round 2: a set of 3 and a run of 4
    dispatch(s, "another")
    for key in [c.key for c in s.state.seats[HUMAN].hand if c.code != "KD"]:
        dispatch(s, "card", key)
    frame = parse(table_screen(table_model(s))).find(data_zone="extra")
    assert frame.find(class_="need").text == "✓ run 5♥ 6♥ 2♣=7♥ 8♥"
    assert frame.find_all(class_="card")[2].find(class_="sr").text == "two of clubs, wild, standing for the seven of hearts"


def test_find_one_for_me_picks_a_further_meld_and_aggravation_has_none():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table

    built = dict(hands=["9C 9D 9S 4H 7S KD", "KS KC", "2C 3C"], stock="9H 8S 3D", pile="4D", phase=Phase.PLAY,
                 turn=0, down=[0], melds=[(0, "set", "QH QS QC")])
    s = session_on(table(**built, rules=PRESETS["gallery"]))
    dispatch(s, "another")
    dispatch(s, "find-extra")
    assert sorted(s.state.seats[HUMAN].hand[i].code for i in range(6)
                  if s.state.seats[HUMAN].hand[i].key in s.ui.extra) == ["9C", "9D", "9S"]
    dispatch(s, "cancel")
    assert s.ui.extra is None
    plain = session_on(table(**built))
    assert parse(table_screen(table_model(plain))).find_all(data_act="another") == []
    dispatch(plain, "another")
    assert plain.ui.extra is None and plain.ui.tone == "error"


# ------------------------------------------------------------ the game's end


def test_contract_rummy_round_7_goes_out_by_play_and_the_lowest_total_of_all_wins():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table
    from test_ui_deal_end import places_rows

    state = table(hands=["8H", "KC", "9D"], stock="3S 4S", pile="6D", phase=Phase.PLAY, turn=0,
                  rounds=[7, 7, 7], down=[0], melds=[(0, "run", "4H 5H 6H 7H")], rules=PRESETS["contract"])
    for seat, total in zip(state.seats, (300, 50, 120)):
        seat.total = total
    s = session_on(state)
    assert "You go out by laying off your last card" in parse(table_screen(table_model(s))).find(class_="prompt").text
    dispatch(s, "card", s.state.seats[HUMAN].hand[0].key)
    dispatch(s, "meld", "0")
    assert s.state.phase is Phase.GAME_OVER and s.state.pile[-1].code == "6D"   # no discard: out by play
    dispatch(s, "scores")
    summary = parse(table_screen(table_model(s))).find(data_zone="summary")
    assert summary.find("h2").text == "🏆 Scout 1 wins the game!"               # SPEC §11: lowest total of all
    assert places_rows(summary) == [["1st", "Scout 1", "7", "60"], ["2nd", "Scout 2", "7", "125"],
                                    ["3rd", "You", "7 ✓", "300"]]


# ------------------------------------------------------------ 🛒 buying, offered like a steal


def test_a_buy_is_offered_with_a_cart_and_its_outcome_is_told_in_buying_words():
    s = Session(Store(), Settings(steal="wait", ask="every", speed="instant", rulebook="contract"))
    s.start("scout", 11)
    told = []
    for _ in range(400):
        offer = s.offer()
        if offer is not None and not offer.answer:
            root = parse(table_screen(table_model(s)))
            assert root.find(data_act="steal").text == f"🛒 Buy {offer.card.symbol}"
            assert "buy it before" in root.find(class_="prompt").text and "fee card" in root.find(class_="prompt").text
            dispatch(s, "steal")
            assert s.ui.message.startswith(f"🛒 You claimed {offer.card.symbol}")
            s.step(s.token())
            told.append(s.ui.message)
            if "You bought" in s.ui.message:
                break
            continue
        if s.my_turn():
            s._play(s.state.legal_actions()[0])
        elif s.pending() is not None:
            s.step(s.token())
        else:
            break
    assert any(m.startswith("🛒 You bought") and m.endswith("the top card of the stock as the fee card") for m in told), told
    assert "🛒 2 left" in parse(table_screen(table_model(s))).find(class_="bar").text     # 3 a round, 1 used


def test_contract_rummy_round_7_may_go_down_and_lay_off_the_rest_on_one_turn():
    from game.rules import PRESETS
    from game.state import Phase
    from scenario import table

    # Round 7, three runs of 4, 13 cards in hand: 12 go down, the hearts card left fits the hearts run.
    hand = "2H 3H 4H 5H 6S 7S 8S 9S JC QC KC AC 6H"
    s = session_on(table(hands=[hand, "KD KS QD QS", "2C 3C 4C 5C"], stock="9D 8D 3D", pile="4D",
                              phase=Phase.PLAY, turn=0, rounds=[7, 7, 7], rules=PRESETS["contract"]))
    dispatch(s, "fill")
    dispatch(s, "lay")
    assert s.state.seats[HUMAN].down and [c.code for c in s.state.seats[HUMAN].hand] in (["2H"], ["6H"])
    assert s.ui.message == "You went down. Lay off the rest to go out"
    assert "to go out, with no discard" in parse(table_screen(table_model(s))).find(class_="prompt").text
    dispatch(s, "layoff-all")
    assert s.state.seats[HUMAN].hand == [] and s.state.phase is Phase.GAME_OVER


def test_each_rulebooks_rules_page_and_card_are_linked_from_its_table_and_exist():
    from pathlib import Path

    root_dir = Path(__file__).resolve().parent.parent
    for preset, page, card in (("aggravation", "rules.html", "print/index.html"),
                               ("gallery", "rules-gallery.html", "print/gallery.html"),
                               ("contract", "rules-contract.html", "print/contract.html")):
        s = Session(Store(), Settings(steal="off", speed="instant"))
        s.start("sprout", 5, preset=preset)
        hrefs = [a.attrs["href"] for a in parse(table_screen(table_model(s))).find("header").find_all("a")]
        assert hrefs == [page, card]
        assert (root_dir / page).is_file() and (root_dir / card).is_file()
        shown = start_root(Session(Store(), Settings(rulebook=preset))).find("p", class_="links", data_for=preset)
        assert [a.attrs["href"] for a in shown.find_all("a")] == [page, card]
