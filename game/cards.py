"""Cards with identity, their text codes, and the seeded shoe.

Four decks hold four queens of hearts, so a card carries a ``copy`` number
besides its rank and suit: two Q♥ stay distinct in hands, logs and checks.
The short code (``QH``, ``TD``, ``JK``) names what a card *is*; the key
(``QH/2``) names which physical card it is.

>>> Card.parse("QH")
Card.parse('QH')
>>> Card.parse("qh/2").key
'QH/2'
>>> str(Card.parse("JK")), Card.parse("TD").symbol
('JK', '10♦')
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from .card_names import card_name, rank_word
from .i18n import Later, _, shown

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKER = "JK"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
ACE, TWO, KING, ACE_HIGH = 1, 2, 13, 14


def type_named(value: object) -> str:
    """What kind of value this is, for a message: 'an int', 'a list', 'None'."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


class CardError(ValueError):
    """A card code that does not name a card; the message names the code."""


@dataclass(frozen=True, order=True)
class Card:
    """One physical card: rank 1–13 (0 for a joker), suit letter ('' for a joker), copy."""

    rank: int
    suit: str
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def code(self) -> str:
        return JOKER if self.is_joker else RANKS[self.rank - 1] + self.suit

    @property
    def key(self) -> str:
        """The code plus the copy number: unique within a shoe."""
        return f"{self.code}/{self.copy}"

    @property
    def symbol(self) -> str:
        """What the player sees: ``10♦``, ``Q♥``, ``🃏``."""
        return "🃏" if self.is_joker else rank_text(self.rank) + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Its name in words, as a screen reader says it: 'seven of hearts', 'queen of hearts', 'joker'
        (a Message: said in the language being drawn where shown, game/card_names.py)."""
        return card_name(self.rank, self.suit or None)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        text = self.code if self.copy == 0 else self.key
        return f"Card.parse({text!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QH``, ``10h``, ``JK`` or a key like ``QH/2``; raise CardError otherwise."""
        if not isinstance(text, str):
            raise CardError(f"a card code is text, not {type_named(text)}")
        raw = text
        text = text.strip().upper()
        copy = 0
        if "/" in text:
            text, _, number = text.partition("/")
            if not (number.isascii() and number.isdigit() and len(number) <= 3):
                raise CardError(f"{raw!r} is not a card: the copy after '/' must be a number up to 999")
            copy = int(number)
        if text == JOKER:
            return cls(0, "", copy)
        if text.startswith("10"):
            text = "T" + text[2:]
        if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
            raise CardError(
                f"{raw!r} is not a card: use a rank A 2-9 T J Q K and a suit C D H S (like QH), or JK"
            )
        return cls(RANKS.index(text[0]) + 1, text[1], copy)


def rank_text(rank: int) -> str:
    """The printed rank: 'A', '2'…'10', 'J', 'Q', 'K' (14 is the high ace)."""
    if rank == ACE_HIGH:
        rank = ACE
    return "10" if rank == 10 else RANKS[rank - 1]


def spoken(rank: int, suit: Optional[str] = None, article: str = "") -> str:
    """A rank (and suit) in words: 'seven of hearts'; with ``article`` 'a': 'a seven', 'an eight'
    (a Message, each language's own words: game.card_names.card_name).

    >>> spoken(7, "H"), spoken(8, article="a"), spoken(14, "D", "the")
    ('seven of hearts', 'an eight', 'the ace of diamonds')
    """
    return card_name(rank, suit, article)


def rank_name(rank: int) -> str:
    """A rank named alone: 'ace', 'king', '7' (a Message for the named ones: game.card_names.rank_word)."""
    return rank_word(rank)


def and_list(items: Sequence[str]) -> str:
    """Items as a sentence lists them, "♣, ♥ and ♠": every message and heading lists this way.
    Kept words (a Later): English now, the language drawn in where shown, each item too.

    >>> and_list(["♣"]), and_list(["♣", "♥"]), and_list(["♣", "♥", "♠"])
    ('♣', '♣ and ♥', '♣, ♥ and ♠')
    """
    items = tuple(items)
    return Later(listed_now, *items) if len(items) > 1 else items[0] if items else ""


def listed_now(*items: Any) -> str:
    """Items listed in the language being drawn ("Ana, Ben and Cy"), each item said in it too."""
    said = [str(shown(item)) for item in items]
    if len(said) < 2:
        return "".join(said)
    # Translators: the end of a list, "Ana, Ben and Cy": {items} is every item but the last, each
    # followed by ", " but the last of them; {last} the last item.
    return _("{items} and {last}").format(items=", ".join(said[:-1]), last=said[-1])


def parse_cards(codes: list[str] | str) -> list[Card]:
    """Parse codes, numbering repeated codes as distinct copies (``QH QH`` → two cards)."""
    if isinstance(codes, str):
        codes = codes.split()
    seen: dict[str, int] = {}
    cards = []
    for code in codes:
        card = Card.parse(code)
        if "/" not in code:
            card = Card(card.rank, card.suit, seen.get(card.code, 0))
            seen[card.code] = card.copy + 1
        cards.append(card)
    return cards


def new_shoe(decks: int, jokers_per_deck: int) -> list[Card]:
    """Every card of the shoe in a fixed order (shuffle it with a seeded RNG)."""
    cards = [
        Card(rank, suit, copy)
        for copy in range(decks)
        for suit in SUITS
        for rank in range(1, 14)
    ]
    cards += [Card(0, "", copy) for copy in range(decks * jokers_per_deck)]
    return cards


def shuffled_shoe(decks: int, jokers_per_deck: int, rng: random.Random) -> list[Card]:
    shoe = new_shoe(decks, jokers_per_deck)
    rng.shuffle(shoe)
    return shoe
