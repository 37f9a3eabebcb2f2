"""SPEC §3 melds: which reading of the cards is chosen, and the whole sentence a refusal says.

The reading chosen decides what each wild stands for on the table (and so what may be laid
off or swapped for it later); the reason is the one sentence a player reads when cards do not
make the meld asked for, by the ``check`` command or a frame that is full."""
import pytest

from game.cards import parse_cards
from game.melds import Meld, MeldError, check_meld, natural_count, read_meld, verify
from game.rules import AGGRAVATION, CONTRACT_RUMMY, GALLERY, MeldKind

SET, RUN = MeldKind.SET, MeldKind.RUN


def best(text, kind=RUN, rules=AGGRAVATION):
    return check_meld(parse_cards(text), kind, rules).describe(rules)


def reason(text, kind=RUN, rules=AGGRAVATION):
    with pytest.raises(MeldError) as caught:
        check_meld(parse_cards(text), kind, rules)
    return str(caught.value)


# ---------------------------------------------------------------- the reading chosen


def test_fewest_wilds_wins_whatever_order_the_cards_come_in():
    # 2♥ as itself beats 2♥ standing for 5♥, even when the player put it last.
    assert best("3H 4H 2H") == "run 2♥ 3♥ 4♥"


def test_room_at_both_ends_wins_whatever_order_the_cards_come_in():
    # A-2-3 is closed below the ace; 2-3-4 can still grow both ways.
    assert best("JK 2H 3H") == "run 2♥ 3♥ 🃏=4♥"


def test_a_two_of_the_runs_suit_plays_as_itself_beside_a_wild_two_of_another_suit():
    assert best("2S 2H 3H 4H") == "run 2♥ 3♥ 4♥ 2♠=5♥"


def test_every_reading_of_twos_and_jokers_keeps_a_natural():
    readings = read_meld(parse_cards("2H JK JK"), RUN)
    assert [m.describe() for m in readings] == ["run 2♥ 🃏=3♥ 🃏=4♥", "run 🃏=A♥ 2♥ 🃏=3♥"]
    assert all(natural_count(m) >= 1 for m in readings)


# ---------------------------------------------------------------- the reason, word for word


@pytest.mark.parametrize("text, kind, rules, words", [
    ("7H 8H", RUN, AGGRAVATION, "A run needs at least 3 cards"),
    ("7H 7S", SET, AGGRAVATION, "A set needs at least 3 cards"),
    ("7H", SET, GALLERY, "A set needs at least 2 cards"),  # Gallery's pairs are sets of two
    ("JK JK JK", RUN, AGGRAVATION, "A run needs at least one natural card, not only wilds"),
    ("5H 6H 7S", RUN, AGGRAVATION, "A run is all one suit; this mixes ♥ and ♠"),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KS", RUN, AGGRAVATION,
     "A run is all one suit; this mixes ♥ and ♠"),  # 13 cards is not too long: the suit is wrong
    ("KH AH 3H JK", RUN, AGGRAVATION,
     "An ace is high or low, never both, and a run does not wrap past the king"),
    ("AH 3H 5H", RUN, AGGRAVATION, "Your run needs 2 more ♥ between A and 3 (or 2 wilds)"),
    # As far from a run with the ace low (A…9) as high (6…A): the reason reads it low.
    ("AH 6H 9H", RUN, AGGRAVATION, "Your run needs 6 more ♥ between A and 6 (or 6 wilds)"),
    # Where twos are plain cards a two counts as a number of its own.
    ("2H 2S 7C", SET, CONTRACT_RUMMY, "A set is cards of one number; this has 2, 7"),
])
def test_a_refusal_says_why_in_one_whole_sentence(text, kind, rules, words):
    assert reason(text, kind, rules) == words


def test_without_a_kind_asked_for_the_reason_speaks_of_the_kind_the_cards_look_like():
    # `python -m game check` with no --kind: one number looks like a set, several like a run.
    assert reason("7H 7S", None) == "A set needs at least 3 cards"
    assert reason("7H 8H", None) == "A run needs at least 3 cards"
    assert reason("7H 8S 9D", None) == "A run is all one suit; this mixes ♦, ♥ and ♠"
    assert reason("7H JK", None) == "A set needs at least 3 cards"  # a wild says nothing of the kind
    assert reason("2H 7S", None, CONTRACT_RUMMY) == "A run needs at least 3 cards"  # a plain two is a number


# ---------------------------------------------------------------- a reading the engine is handed


WRAP = AGGRAVATION.with_house_rules(ace_wrap=True)
THIRTEEN = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"


def forged(kind, text, rank, suit=None):
    return Meld(kind, tuple(parse_cards(text)), rank, suit)


def verdict(meld, rules=AGGRAVATION):
    try:
        verify(meld, rules)
    except MeldError as error:
        return str(error)
    return "ok"


# A GoDown or a saved game carries the reading the player chose; verify checks it as given, so
# a forged or damaged one is refused with a reason, and every true one (at each limit) passes.
@pytest.mark.parametrize("meld, rules, words", [
    (forged(RUN, "5H 6H 7H", 5, "X"), AGGRAVATION, "A run needs a suit"),
    (forged(RUN, "5H 6H 7H", 5, None), AGGRAVATION, "A run needs a suit"),
    (forged(RUN, THIRTEEN + " JK", 1, "H"), AGGRAVATION, "A run can be at most 13 cards long"),
    (forged(RUN, THIRTEEN, 1, "H"), AGGRAVATION, "ok"),
    (forged(RUN, "JK AH 2H", 0, "H"), AGGRAVATION, "A run cannot start there"),
    (forged(RUN, "AH 2H 3H", 1, "H"), AGGRAVATION, "ok"),
    (forged(RUN, "QH KH AH", 12, "H"), AGGRAVATION, "ok"),
    (forged(RUN, "KH AH 2H", 13, "H"), AGGRAVATION,
     "An ace is high or low, never both, and a run does not wrap past the king"),
    (forged(RUN, "KH AH 2H", 13, "H"), WRAP, "ok"),
    (forged(RUN, "AH 2H 3H", 14, "H"), WRAP, "A run cannot start there"),
    (forged(RUN, "5H 6H", 5, "H"), AGGRAVATION, "A run needs at least 3 cards"),
    (forged(RUN, "5H 6H 9S", 5, "H"), AGGRAVATION, "A run is all one suit; this mixes ♥ and ♠"),
    (forged(RUN, "5H 6S 7H", 5, "H"), AGGRAVATION, "A run is all one suit; this mixes ♥ and ♠"),
    (forged(RUN, "5H 6H 7H", 5, "S"), AGGRAVATION, "5♥ cannot stand in the place of 5♠"),
    (forged(RUN, "5H 2S 7H", 5, "H"), AGGRAVATION, "ok"),  # the two is a wild here …
    (forged(RUN, "5H 2S 7H", 5, "H"), CONTRACT_RUMMY, "A run is all one suit; this mixes ♥ and ♠"),  # … not here
    (forged(SET, "KH KS KD", 7), AGGRAVATION, "K♥ cannot stand in the place of 7"),
    (forged(SET, "KH KS KD", 0), AGGRAVATION, "A set's rank must be between ace and king"),
    (forged(SET, "KH KS KD", 14), AGGRAVATION, "A set's rank must be between ace and king"),
    (forged(SET, "AH AS AD", 1), AGGRAVATION, "ok"),
    (forged(SET, "KH KS KD", 13), AGGRAVATION, "ok"),
    (forged(SET, "JK JK JK", 7), AGGRAVATION, "A set needs at least one natural card, not only wilds"),
    (forged(SET, "7H 7S", 7), GALLERY, "ok"),
    (forged(SET, "7H", 7), GALLERY, "A set needs at least 2 cards"),
])
def test_a_reading_handed_to_the_engine_is_checked_as_given(meld, rules, words):
    assert verdict(meld, rules) == words


def test_one_card_twice_in_a_meld_is_refused():
    seven = parse_cards("7H")[0]
    assert verdict(Meld(SET, (seven, seven, *parse_cards("7D")), 7)) == "The same card cannot be in a meld twice"


@pytest.mark.parametrize("rules", [AGGRAVATION, WRAP, GALLERY, CONTRACT_RUMMY],
                         ids=["aggravation", "ace-wrap", "gallery", "contract"])
@pytest.mark.parametrize("text", ["JK AH 2H", "AH 2H 3H", "KH AH 2H", "QH KH JK", "2H 3H 4H", "2H JK JK",
                                  "2S 2H 3H 4H", "JK 5H JK", "KH JK 2C 3H"])
def test_every_reading_offered_is_one_the_engine_accepts(text, rules):
    """What read_meld offers (Fill, the bots, the frames) must pass verify when it is laid."""
    given = parse_cards(text)
    for meld in read_meld(given, RUN, rules):
        assert sorted(meld.cards) == sorted(given)
        assert verdict(meld, rules) == "ok", meld.describe(rules)


def test_two_twos_and_a_joker_are_offered_as_a_run_in_either_twos_suit():
    readings = [m.describe() for m in read_meld(parse_cards("2S 2H JK"), RUN)]
    assert readings == ["run 2♠ 2♥=3♠ 🃏=4♠", "run 2♥ 2♠=3♥ 🃏=4♥", "run 2♠=A♥ 2♥ 🃏=3♥", "run 2♥=A♠ 2♠ 🃏=3♠"]


def test_where_twos_are_plain_a_two_of_another_suit_breaks_a_run():
    assert read_meld(parse_cards("2S 3H 4H"), RUN, CONTRACT_RUMMY) == []
    assert [m.describe() for m in read_meld(parse_cards("2S 3H 4H"), RUN)] == ["run 2♠=2♥ 3♥ 4♥", "run 3♥ 4♥ 2♠=5♥"]
