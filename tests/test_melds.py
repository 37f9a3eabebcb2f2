"""SPEC §1 card codes and §3 melds: one or more tests per rule, plus the readable reasons."""
import pytest

from game.cards import Card, CardError, parse_cards
from game.layoff import lay_off, lay_off_ends
from game.melds import HIGH, LOW, MeldError, check_meld, explain, is_wild, read_meld
from game.rules import AGGRAVATION, MeldKind

SET, RUN = MeldKind.SET, MeldKind.RUN
WRAP = AGGRAVATION.with_house_rules(ace_wrap=True)


def cards(text):
    return parse_cards(text)


def describe(text, kind=None, rules=AGGRAVATION):
    return check_meld(cards(text), kind, rules).describe(rules)


def is_meld(text, kind, rules=AGGRAVATION):
    return bool(read_meld(cards(text), kind, rules))


# ---------------------------------------------------------------- card codes (§1)


@pytest.mark.parametrize("code", ["AC", "2D", "9H", "TS", "JC", "QH", "KD", "JK"])
def test_card_code_round_trips(code):
    assert Card.parse(code).code == code
    assert Card.parse(Card.parse(code).key).key == Card.parse(code).key


def test_ten_may_be_written_10_and_case_does_not_matter():
    assert Card.parse("10h") == Card.parse("TH")
    assert Card.parse("qh").code == "QH"
    assert Card.parse("jk").is_joker


def test_symbols_show_suits_and_the_joker():
    assert [c.symbol for c in cards("TD QH AS 2C JK")] == ["10♦", "Q♥", "A♠", "2♣", "🃏"]


def test_repeated_codes_are_distinct_copies():
    hand = cards("QH QH JK JK")
    assert len(set(hand)) == 4
    assert [c.key for c in hand] == ["QH/0", "QH/1", "JK/0", "JK/1"]


@pytest.mark.parametrize("bad", ["ZZ", "1H", "QX", "Q", "QHH", "11H", "QH/x", ""])
def test_bad_codes_raise_a_card_error_naming_the_code(bad):
    with pytest.raises(CardError) as caught:
        Card.parse(bad)
    assert repr(bad) in str(caught.value)


# ---------------------------------------------------------------- sets and runs


def test_a_set_is_three_or_more_of_one_rank_any_suits():
    assert describe("7H 7S 7C") == "set 7♣ 7♥ 7♠"
    assert is_meld("7H 7S 7C 7D 7H", SET)
    assert not is_meld("7H 7S", SET)
    assert not is_meld("7H 7S 8C", SET)


def test_a_run_is_three_or_more_consecutive_of_one_suit():
    assert describe("5H 6H 7H") == "run 5♥ 6♥ 7♥"
    assert is_meld("3S 4S 5S 6S 7S 8S", RUN)
    assert not is_meld("5H 6H 7S", RUN)
    assert not is_meld("5H 6H 8H", RUN)
    assert not is_meld("5H 6H", RUN)


def test_run_cards_may_be_given_in_any_order():
    assert describe("7H 5H 6H", RUN) == "run 5♥ 6♥ 7♥"


def test_ace_is_low_or_high():
    assert is_meld("AH 2H 3H", RUN)
    assert is_meld("QH KH AH", RUN)
    assert check_meld(cards("QH KH AH"), RUN).stands_for()[-1] == (14, "H")


def test_ace_is_never_both_in_one_run():
    assert not is_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", RUN)


def test_runs_do_not_wrap_past_the_king():
    assert not is_meld("KH AH 3H", RUN)
    assert not is_meld("QS KS AS JK 3S", RUN)


def test_k_a_2_is_not_a_run_without_the_house_rule():
    readings = read_meld(cards("KH AH 2H"), RUN)
    # Without wrap, the two can only play wild: Q-K-A, never K-A-2.
    assert all(m.rank != 13 for m in readings)
    assert [m.describe() for m in readings] == ["run 2♥=Q♥ K♥ A♥"]


def test_the_longest_run_is_thirteen_cards():
    thirteen = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    assert is_meld(thirteen, RUN)
    assert not is_meld(thirteen + " JK", RUN)
    assert "at most 13" in explain(cards(thirteen + " JK"), RUN)


def test_ace_wrap_house_rule_allows_k_a_2():
    assert not is_meld("KH AH 3H", RUN)
    meld = check_meld(cards("QH KH AH 2H 3H"), RUN, WRAP)
    assert [r for r, _ in meld.stands_for(WRAP)] == [12, 13, 1, 2, 3]
    assert is_meld("KD AD 2D", RUN, WRAP)


# ---------------------------------------------------------------- wilds


def test_jokers_are_always_wild():
    assert describe("5H 6H JK") == "run 5♥ 6♥ 🃏=7♥"
    assert describe("9C 9D JK") == "set 9♣ 9♦ 🃏=9"
    no_twos = AGGRAVATION.with_house_rules(twos_wild=False)
    assert is_wild(Card.parse("JK"), no_twos)
    assert not is_wild(Card.parse("2H"), no_twos)


def test_a_two_may_play_wild():
    assert describe("9C 9D 2H") == "set 9♣ 9♦ 2♥=9"
    assert describe("5S 6S 2H") == "run 5♠ 6♠ 2♥=7♠"


def test_a_natural_two_sits_between_ace_and_three():
    meld = check_meld(cards("AH 2H 3H"), RUN)
    assert meld.wild_flags() == [False, False, False]
    assert meld.describe() == "run A♥ 2♥ 3♥"


def test_a_set_of_twos_is_a_set():
    meld = check_meld(cards("2H 2S 2C"), SET)
    assert meld.rank == 2
    assert meld.wild_flags() == [False, False, False]
    assert check_meld(cards("2H 2S JK"), SET).describe() == "set 2♥ 2♠ 🃏=2"


def test_every_meld_holds_at_least_one_natural():
    assert not is_meld("JK JK JK", SET)
    assert not is_meld("JK JK JK", RUN)
    assert "at least one natural" in explain(cards("JK JK JK"), SET)
    # No other limit on wilds: one natural and many wilds is fine.
    assert is_meld("7H JK JK JK 2C", SET)
    assert is_meld("7H JK JK JK 2C", RUN)


def test_two_playing_natural_counts_as_the_natural():
    assert is_meld("2H JK JK", RUN)  # 2♥ is the natural of A-2-3 or 2-3-4 …
    assert is_meld("2H JK JK", SET)  # … or of a set of twos


def test_each_wild_stands_for_one_recorded_card():
    meld = check_meld(cards("5H JK 7H JK"), RUN)
    assert meld.stands_for() == [(4, "H"), (5, "H"), (6, "H"), (7, "H")] or \
        meld.stands_for() == [(5, "H"), (6, "H"), (7, "H"), (8, "H")]
    assert meld.wild_flags().count(True) == 2
    assert "🃏=6♥" in meld.describe()


def test_a_wild_in_a_set_stands_for_the_rank_in_no_suit():
    meld = check_meld(cards("KH KS JK"), SET)
    assert meld.stands_for() == [(13, "H"), (13, "S"), (13, None)]


def test_ambiguous_wild_readings_are_all_offered_best_room_first():
    readings = [m.describe() for m in read_meld(cards("5H 6H JK"), RUN)]
    assert sorted(readings) == ["run 5♥ 6♥ 🃏=7♥", "run 🃏=4♥ 5♥ 6♥"]


def test_ambiguous_two_reads_natural_or_wild():
    readings = [m.describe() for m in read_meld(cards("2H 3H 4H"), RUN)]
    assert readings == ["run 2♥ 3♥ 4♥", "run 3♥ 4♥ 2♥=5♥"]


def test_readings_prefer_open_ends_for_lay_off_room():
    best = check_meld(cards("QH KH JK"), RUN)
    assert best.describe() == "run 🃏=J♥ Q♥ K♥"  # J-Q-K leaves both ends open; Q-K-A does not


def test_two_melds_of_one_kind_may_share_a_rank_or_a_suit():
    hand = cards("KH KS KC KD KH KS")
    first, second = check_meld(hand[:3], SET), check_meld(hand[3:], SET)
    assert first.rank == second.rank == 13
    assert check_meld(cards("3H 4H 5H"), RUN).suit == check_meld(cards("9H TH JH"), RUN).suit


# ---------------------------------------------------------------- laying off


def test_lay_off_at_either_end_of_a_run():
    run = check_meld(cards("5H 6H 7H"), RUN)
    assert lay_off(run, Card.parse("4H"), LOW).describe() == "run 4♥ 5♥ 6♥ 7♥"
    assert lay_off(run, Card.parse("8H"), HIGH).describe() == "run 5♥ 6♥ 7♥ 8♥"
    assert lay_off_ends(run, Card.parse("JK")) == [LOW, HIGH]
    assert lay_off(run, Card.parse("JK"), LOW).describe() == "run 🃏=4♥ 5♥ 6♥ 7♥"


def test_lay_off_on_a_set():
    meld = check_meld(cards("9C 9D 9H"), SET)
    assert lay_off(meld, Card.parse("9S"), None).size == 4
    assert lay_off(meld, Card.parse("2C"), None).describe() == "set 9♣ 9♦ 9♥ 2♣=9"
    with pytest.raises(MeldError, match="does not fit a set of 9s"):
        lay_off(meld, Card.parse("8S"), None)


def test_closed_ends_refuse_lay_offs():
    low = check_meld(cards("AH 2H 3H"), RUN)
    assert lay_off_ends(low, Card.parse("JK")) == [HIGH]
    with pytest.raises(MeldError, match="closed"):
        lay_off(low, Card.parse("JK"), LOW)
    high = check_meld(cards("QS KS AS"), RUN)
    assert lay_off_ends(high, Card.parse("JS")) == [LOW]
    full = check_meld(cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"), RUN)
    with pytest.raises(MeldError, match="13 cards"):
        lay_off(full, Card.parse("JK"), None)


def test_lay_off_past_the_king_with_ace_wrap():
    run = check_meld(cards("JH QH KH"), RUN, WRAP)
    grown = lay_off(run, Card.parse("AH"), HIGH, WRAP)
    grown = lay_off(grown, Card.parse("2H"), HIGH, WRAP)
    assert [r for r, _ in grown.stands_for(WRAP)] == [11, 12, 13, 1, 2]
    low = check_meld(cards("AS 2S 3S"), RUN, WRAP)
    assert lay_off(low, Card.parse("KS"), LOW, WRAP).stands_for(WRAP)[0] == (13, "S")


def test_lay_off_reason_names_the_cards_that_fit():
    run = check_meld(cards("5H 6H 7H"), RUN)
    with pytest.raises(MeldError, match="takes 4♥ or 8♥ or a wild"):
        lay_off(run, Card.parse("9H"), None)


# ---------------------------------------------------------------- reasons


@pytest.mark.parametrize("text, kind, words", [
    ("7H 7S", SET, "at least 3 cards"),
    ("7H 7S 8C", SET, "one number; this has 7, 8"),
    ("5H 6H 7S", RUN, "all one suit"),
    ("5H 5H 6H", RUN, "each number once"),
    ("5H 6H 8H", RUN, "needs one more ♥ between 6 and 8 (or a wild)"),
    ("5H 6H 9H", RUN, "needs 2 more ♥ between 6 and 9 (or 2 wilds)"),
    ("5H 9H JK", RUN, "needs 2 more ♥ between 5 and 9 (or 2 wilds)"),
    ("KH AH 3H JK", RUN, "never both, and a run does not wrap past the king"),
    ("AH KH 3H", RUN, "needs 9 more ♥ between 3 and K"),
    ("JK JK JK", RUN, "at least one natural"),
])
def test_reasons_say_why_in_a_players_words(text, kind, words):
    with pytest.raises(MeldError) as caught:
        check_meld(cards(text), kind)
    assert words in str(caught.value)
