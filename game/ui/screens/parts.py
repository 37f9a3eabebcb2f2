"""The models of the parts several screens show: a card's face, a meld's cards with what each
wild stands for, a button. Plain dicts for the markup (screens/html.py) to draw.
"""
from __future__ import annotations

from typing import Any

from game.cards import Card, SUIT_SYMBOLS, rank_text, spoken
from game.i18n import _, shown
from game.melds import Meld

from ..words import MELD_KINDS

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
        said = spoken(rank, suit, "the" if suit else "a") if wild else ""
        out.append(card_model(card, wild_as=label, wild_said=said, wild=wild, index=index))
    return out


def said_name(c: Model) -> str:
    """A card's name as a screen reader says it: 'seven of hearts'; a wild on the table says what
    it stands for ('two of clubs, wild, standing for a five'); one in hand, that it is wild."""
    if c.get("wild_said"):
        return _("{card}, wild, standing for {stands_for}").format(card=c["name"], stands_for=c["wild_said"])
    return _("{card}, wild").format(card=c["name"]) if c.get("wild") else shown(c["name"])


def meld_label(meld: Meld, owner: str, rules) -> str:
    cards = ", ".join(said_name(c) for c in meld_cards(meld, rules))
    kind = _(MELD_KINDS.get(meld.kind.value, meld.kind.value))
    if owner == "You":
        return _("Your {kind}: {cards}").format(kind=kind, cards=cards)
    return _("{owner}’s {kind}: {cards}").format(owner=owner, kind=kind, cards=cards)


def button_model(act: str, label: str, enabled: bool = True, arg: str = "", style: str = "") -> Model:
    return {"act": act, "label": label, "enabled": enabled, "arg": arg, "style": style}
