"""Everything a player can do, as small frozen values that print and parse as JSON.

The current player is implied by the state, so an action says only *what*; a
seat number passed to ``GameState.apply`` guards against acting out of turn.

>>> from game.cards import Card
>>> action_from_json(action_to_json(Discard(Card.parse("QH/2"))))
Discard(card=Card.parse('QH/2'))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Union

from .cards import Card, CardError
from .melds import Meld
from .rules import MeldKind


@dataclass(frozen=True)
class Swap:
    """Swap round: give ``card`` from the hand, take the face-up discard."""

    card: Card


@dataclass(frozen=True)
class Pass:
    """Swap round: keep the hand. Steal claims: do not claim the discard."""


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the stock."""


@dataclass(frozen=True)
class TakeDiscard:
    """Take the face-up discard as this turn's draw."""


@dataclass(frozen=True)
class Steal:
    """Claim the discard out of turn, with the top card of the stock as a penalty."""


@dataclass(frozen=True)
class GoDown:
    """Lay the whole contract at once, each meld with the reading the player chose."""

    melds: tuple[Meld, ...]


@dataclass(frozen=True)
class LayOff:
    """Add ``card`` to the table meld numbered ``meld``, at a run's ``end`` ('low'/'high')."""

    card: Card
    meld: int
    end: Optional[str] = None


@dataclass(frozen=True)
class SwapWild:
    """House rule: put ``card`` in place of the wild at ``index`` of table meld ``meld``, taking the wild."""

    card: Card
    meld: int
    index: int


@dataclass(frozen=True)
class Discard:
    """End the turn by discarding ``card``; the last card discarded goes out."""

    card: Card


@dataclass(frozen=True)
class NextDeal:
    """Deal the next hand after a deal's summary."""


Action = Union[Swap, Pass, Draw, TakeDiscard, Steal, GoDown, LayOff, SwapWild, Discard, NextDeal]
ACTION_TYPES = {
    cls.__name__: cls
    for cls in (Swap, Pass, Draw, TakeDiscard, Steal, GoDown, LayOff, SwapWild, Discard, NextDeal)
}


class ActionFormatError(ValueError):
    """A saved action that cannot be read back; the message says which part is wrong."""


def meld_to_json(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind.value, "rank": meld.rank, "suit": meld.suit, "cards": [c.key for c in meld.cards]}


def meld_from_json(data: Any) -> Meld:
    try:
        kind = MeldKind(data["kind"])
        cards = tuple(Card.parse(text) for text in data["cards"])
        rank, suit = int(data["rank"]), data.get("suit")
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ActionFormatError(f"a meld in the log is malformed: {error}") from None
    if suit is not None and not isinstance(suit, str):
        raise ActionFormatError("a meld's suit must be a letter or null")
    return Meld(kind, cards, rank, suit)


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(action).__name__}
    if isinstance(action, (Swap, Discard, LayOff, SwapWild)):
        data["card"] = action.card.key
    if isinstance(action, (LayOff, SwapWild)):
        data["meld"] = action.meld
    if isinstance(action, LayOff):
        data["end"] = action.end
    if isinstance(action, SwapWild):
        data["index"] = action.index
    if isinstance(action, GoDown):
        data["melds"] = [meld_to_json(m) for m in action.melds]
    return data


def action_from_json(data: Any) -> Action:
    """Read one action back; ActionFormatError on anything that is not exactly an action."""
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise ActionFormatError(f"not an action: {str(data)[:60]}")
    kind = ACTION_TYPES[data["type"]]
    try:
        if kind in (Swap, Discard):
            return kind(Card.parse(data["card"]))
        if kind is LayOff:
            end = data.get("end")
            if end not in (None, "low", "high") or not isinstance(data["meld"], int):
                raise ActionFormatError("a lay-off names a meld number and an end (low, high or null)")
            return LayOff(Card.parse(data["card"]), data["meld"], end)
        if kind is SwapWild:
            if not isinstance(data["meld"], int) or not isinstance(data["index"], int):
                raise ActionFormatError("a wild swap names a meld number and a place in it")
            return SwapWild(Card.parse(data["card"]), data["meld"], data["index"])
        if kind is GoDown:
            melds = data["melds"]
            if not isinstance(melds, list):
                raise ActionFormatError("GoDown needs a list of melds")
            return GoDown(tuple(meld_from_json(m) for m in melds))
    except (KeyError, TypeError, AttributeError) as error:
        raise ActionFormatError(f"{data['type']} is missing {error}") from None
    except CardError as error:
        raise ActionFormatError(str(error)) from None
    return kind()


def describe(action: Action) -> str:
    """Short text for logs and debugging: 'Discard Q♥', 'LayOff 7♥ on meld 2 (high)'."""
    name = type(action).__name__
    if isinstance(action, (Swap, Discard)):
        return f"{name} {action.card.symbol}"
    if isinstance(action, LayOff):
        end = f" ({action.end})" if action.end else ""
        return f"LayOff {action.card.symbol} on meld {action.meld}{end}"
    if isinstance(action, SwapWild):
        return f"SwapWild {action.card.symbol} into meld {action.meld} at {action.index}"
    if isinstance(action, GoDown):
        return "GoDown " + " | ".join(m.describe() for m in action.melds)
    return name
