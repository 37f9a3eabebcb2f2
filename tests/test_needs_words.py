"""What a hand still needs, as the rest of "To go down you still need …", in the player's language.

The solver says "Needs {needs} (or 2 wilds)"; the table wants only what follows "Needs". That part is
taken off the message, not cut off its English letters: a cut string kept the English frame round
the translated list ("noch nötig: 1 × 7 für den Satz aus 3 (or 2 wilds)")."""
from __future__ import annotations

from game.cards import parse_cards
from game.i18n import GAME_DOMAIN, install, mo_path, shown, speaking
from game.rules import AGGRAVATION
from game.ui.session.advice import needs_of

HANDS = ("KH KS 7D 7C 5H 6H 9S 9C JD QD 3C",        # one more 7 and one more king (or 2 wilds)
         "2C 3D 5S 7H 9D JD KC AH 4S 6S 8H")        # two more of each; the wild covers one


def needs(hand: str, lang: str) -> str:
    with speaking(lang):
        return str(shown(needs_of(tuple(parse_cards(hand)), AGGRAVATION.contract(1), AGGRAVATION)))


def test_what_a_hand_needs_reads_in_english_as_before():
    assert needs(HANDS[0], "en") == "one more 7 for the set of 3 and one more king for the set of 3 (or 2 wilds)"
    assert needs(HANDS[1], "en").startswith("two more aces for the set of 3")


def test_what_a_hand_needs_is_all_in_german_without_the_solvers_own_frame():
    install("de", mo_path("de", domain=GAME_DOMAIN).read_bytes())
    for hand in HANDS:
        said = needs(hand, "de")
        assert "wild" not in said.replace("wilde", "") and "short" not in said, said    # no English left
        assert not said.lower().startswith("noch nötig"), said     # "… brauchst du noch noch nötig: …"
    assert needs(HANDS[0], "de").endswith("(oder 2 wilde Karten)")


def test_the_cards_that_would_do_are_each_said_in_the_language_drawn_in():
    """'jack, queen or king': the list's commas joined names, each a message, not their English."""
    from game.i18n import PSEUDO, Later, Message
    from game.ui.session.advice import commas, rank_name

    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())
    said = Message("{items} or {last}", items=Later(commas, rank_name(11), rank_name(12)), last=rank_name(13))
    assert said == "jack, queen or king"
    with speaking(PSEUDO):
        assert shown(said) == "⟦⟦jack⟧, ⟦queen⟧ or ⟦king⟧⟧"


def test_a_meld_read_out_names_each_natural_card_in_the_language_drawn_in():
    from game.i18n import PSEUDO
    from game.melds import Meld, MeldKind
    from game.ui.screens.parts import meld_label

    install(PSEUDO, mo_path(PSEUDO, domain=GAME_DOMAIN).read_bytes())
    meld = Meld(MeldKind.SET, tuple(parse_cards("KC KS KH")), 13)
    with speaking(PSEUDO):
        label = meld_label(meld, "You", AGGRAVATION)
    assert "⟦king of ⟦clubs⟧⟧" in label and "king of clubs" not in label, label


def test_one_more_face_card_takes_its_own_article():
    """'una reina más', 'un rey más': each face its own message, as a language's article follows the card."""
    install("es", mo_path("es", domain=GAME_DOMAIN).read_bytes())
    said = needs("QH QS 7D 7C 5H 6H 9S 4C JD 3D 3C", "es")
    assert "una reina más" in said and "un reina" not in said, said
