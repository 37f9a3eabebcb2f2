"""A card's name in words, through the catalogs, written whole by each language.

A rank's word, its article and the suit's place differ by language: Spanish says "la reina de
corazones" but "el rey de picas", German "die Herz-Sieben", French "le sept de pique". So no name
is put together from English pieces here: each rank has its own message with the suit as a value,
bare ("seven of {suit}") and with its article ("the seven of {suit}", "a seven"), and each language
writes the article, the word order and the suit's form its own way. The names are ``Message``s:
English as their value (the engine's words stay English and its tests unchanged), said in the
language being drawn wherever they are shown or put into other words.

>>> card_name(7, "H"), card_name(12, "S", "the"), card_name(8, article="a"), card_name(0)
('seven of hearts', 'the queen of spades', 'an eight', 'joker')
"""
from __future__ import annotations

from typing import Optional

from .i18n import Message, N_

# Translators: a suit as a card's name says it, the {suit} in "seven of {suit}": write it in the
# form your names of cards need ("cœur" for "le sept de cœur", "Herz" for "die Herz-Sieben").
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
# A card by its rank, bare: a card's name as a screen reader reads a card ("seven of hearts").
BARE = {
    1: N_("ace of {suit}"), 2: N_("two of {suit}"), 3: N_("three of {suit}"), 4: N_("four of {suit}"),  # Translators: a card's name, no article; {suit}: a suit
    5: N_("five of {suit}"), 6: N_("six of {suit}"), 7: N_("seven of {suit}"), 8: N_("eight of {suit}"),  # Translators: a card's name, no article; {suit}: a suit
    9: N_("nine of {suit}"), 10: N_("ten of {suit}"), 11: N_("jack of {suit}"), 12: N_("queen of {suit}"),  # Translators: a card's name, no article; {suit}: a suit
    13: N_("king of {suit}"),  # Translators: a card's name, no article; {suit}: a suit
}
# ...with the definite article, as a sentence names one card ("Ben discarded the seven of hearts").
THE = {
    1: N_("the ace of {suit}"), 2: N_("the two of {suit}"), 3: N_("the three of {suit}"),  # Translators: with the article this rank takes (la reina, el rey)
    4: N_("the four of {suit}"), 5: N_("the five of {suit}"), 6: N_("the six of {suit}"),  # Translators: with the article this rank takes (la reina, el rey)
    7: N_("the seven of {suit}"), 8: N_("the eight of {suit}"), 9: N_("the nine of {suit}"),  # Translators: with the article this rank takes (la reina, el rey)
    10: N_("the ten of {suit}"), 11: N_("the jack of {suit}"), 12: N_("the queen of {suit}"),  # Translators: with the article this rank takes (la reina, el rey)
    13: N_("the king of {suit}"),  # Translators: with the article this rank takes (la reina, el rey)
}
# ...and a rank with no suit, with the indefinite article: what a wild in a set stands for ("a five").
A = {
    1: N_("an ace"), 2: N_("a two"), 3: N_("a three"), 4: N_("a four"), 5: N_("a five"), 6: N_("a six"),  # Translators: a wild in a set stands for 'a five'
    7: N_("a seven"), 8: N_("an eight"), 9: N_("a nine"), 10: N_("a ten"), 11: N_("a jack"),  # Translators: a wild in a set stands for 'a five'
    12: N_("a queen"), 13: N_("a king"),  # Translators: a wild in a set stands for 'a five'
}
# Translators: the joker's name, as a screen reader reads a card.
JOKER = N_("joker")
# Translators: the joker as a sentence names it ("Ben discarded a joker").
A_JOKER = N_("a joker")
FORMS = {"": BARE, "the": THE, "a": A}
ACE, ACE_HIGH = 1, 14


def card_name(rank: int, suit: Optional[str] = None, article: str = "") -> Message:
    """A card (rank 1–14, 0 a joker; a suit letter) in words: bare with its suit, with ``the`` and
    its suit, or with ``a`` and no suit; a joker is 'joker', or 'a joker' with an article."""
    if rank == 0:
        return Message(A_JOKER if article else JOKER)
    rank = ACE if rank == ACE_HIGH else rank
    if (suit is None) != (article == "a"):   # a form no sentence of the game says: its English only
        return _english(rank, suit, article)
    message = FORMS[article][rank]
    return Message(message) if suit is None else Message(message, suit=Message(SUIT_WORDS[suit]))


def _english(rank: int, suit: Optional[str], article: str) -> str:
    """'a seven of hearts', 'the seven', 'seven': the other forms, as the engine always wrote them."""
    words = BARE[rank].format(suit=SUIT_WORDS[suit]) if suit else A[rank].split(" ", 1)[1]
    if article == "a" and words[0] in "aeiou":
        article = "an"
    return f"{article} {words}" if article else words


def stands_for(rank: int, suit: Optional[str]) -> Message:
    """What a wild on the table stands for: 'the jack of hearts' in a run, 'a five' in a set."""
    return card_name(rank, suit, "the" if suit else "a")


# A set's number as a hint names it: the picture cards and the ace in words, the others as printed.
RANKS_WORDS = {1: N_("aces"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings")}


def ranks_word(rank: int) -> Message:
    """A rank as a set of it is named: 'aces', 'kings', '7s' (a set of 7s)."""
    rank = ACE if rank == ACE_HIGH else rank
    if rank in RANKS_WORDS:
        return Message(RANKS_WORDS[rank])
    # Translators: {rank} is a number card's number (7): a set of 7s, of sevens; "7" in Spanish.
    return Message("{rank}s", rank=rank)


def a_rank(rank: int) -> Message:
    """One card of a rank, whatever its suit: 'an ace', 'a king', 'a 7', 'an 8'."""
    rank = ACE if rank == ACE_HIGH else rank
    if rank in RANKS_WORDS:
        return Message(A[rank])
    # Translators: {rank} is a number card's number (7, 8): "a 7", "an 8", any card of that number.
    return Message("an {rank}", rank=rank) if rank == 8 else Message("a {rank}", rank=rank)


# Translators: a rank's name alone, no article and no suit ("one more king" for a set of kings).
RANK_WORDS = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}


def rank_word(rank: int) -> str:
    """A rank named alone: 'ace', 'king'; a number card as printed ('7')."""
    rank = ACE if rank == ACE_HIGH else rank
    return Message(RANK_WORDS[rank]) if rank in RANK_WORDS else str(rank)


# Translators: a count in words, as a hint says it ("two more 7s", "at least one natural card").
COUNT_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five")}


def count_word(n: int) -> str:
    """A small count in words ('two'), a larger one in digits ('7')."""
    return Message(COUNT_WORDS[n]) if n in COUNT_WORDS else str(n)
