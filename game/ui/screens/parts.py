"""The models of the parts several screens show: a card's face, a meld's cards with what each
wild stands for, a button. Plain dicts for the markup (screens/html.py) to draw.
"""
from __future__ import annotations

from typing import Any

from game.cards import Card, SUIT_SYMBOLS, rank_text
from game.melds import Meld

from ..words import possessive

Model = dict[str, Any]


def card_model(card: Card, **extra: Any) -> Model:
    """A card's face; ``extra`` marks it (``selected``, ``just``, a meld's ``wild_as``...)."""
    suit = card.suit
    return {
        "code": card.code, "key": card.key, "name": card.name,
        "rank": "🃏" if card.is_joker else rank_text(card.rank),
        "suit": SUIT_SYMBOLS.get(suit, ""), "red": suit in ("H", "D"), "joker": card.is_joker,
        **extra,
    }


def meld_cards(meld: Meld, rules) -> list[Model]:
    """Each card of a meld, a wild labelled with what it stands for under these rules."""
    out = []
    for index, (card, wild, (rank, suit)) in enumerate(zip(meld.cards, meld.wild_flags(rules), meld.stands_for(rules))):
        label = rank_text(rank) + (SUIT_SYMBOLS[suit] if suit else "") if wild else ""
        out.append(card_model(card, wild_as=label, wild=wild, index=index))
    return out


def meld_label(meld: Meld, owner: str, rules) -> str:
    parts = []
    for c in meld_cards(meld, rules):
        parts.append(c["name"] + (f" as {c['wild_as']}" if c["wild_as"] else ""))
    return f"{possessive(owner)} {meld.kind.value}: " + ", ".join(parts)


def button_model(act: str, label: str, enabled: bool = True, arg: str = "", style: str = "") -> Model:
    return {"act": act, "label": label, "enabled": enabled, "arg": arg, "style": style}
