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
from typing import Optional, Sequence

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKER = "JK"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
# A card's rank as a screen reader should say it ("seven of hearts", not "7 of hearts").
RANK_WORDS = {**RANK_NAMES, 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
              9: "nine", 10: "ten"}
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
        """Its name in words, as a screen reader says it: 'seven of hearts', 'queen of hearts', 'joker'."""
        if self.is_joker:
            return "joker"
        return spoken(self.rank, self.suit)

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
    """A rank (and suit) in words: 'seven of hearts'; with ``article`` 'a': 'a seven', 'an eight'.

    >>> spoken(7, "H"), spoken(8, article="a"), spoken(14, "D", "the")
    ('seven of hearts', 'an eight', 'the ace of diamonds')
    """
    words = RANK_WORDS[ACE if rank == ACE_HIGH else rank] + (f" of {SUIT_NAMES[suit]}" if suit else "")
    if article == "a" and words[0] in "aeiou":
        article = "an"
    return f"{article} {words}" if article else words


def rank_name(rank: int) -> str:
    if rank == ACE_HIGH:
        rank = ACE
    return RANK_NAMES.get(rank, str(rank))


def and_list(items: Sequence[str]) -> str:
    """Items as a sentence lists them, "♣, ♥ and ♠": every message and heading lists this way.

    >>> and_list(["♣"]), and_list(["♣", "♥"]), and_list(["♣", "♥", "♠"])
    ('♣', '♣ and ♥', '♣, ♥ and ♠')
    """
    items = list(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


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
