"""Everything a player can do, as small frozen values that print and parse as JSON.

The current player is implied by the state, so an action says only *what*; a
seat number passed to ``GameState.apply`` guards against acting out of turn.

>>> from game.cards import Card
>>> action_from_json(action_to_json(Discard(Card.parse("QH/2"))))
Discard(card=Card.parse('QH/2'))
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, Optional, Union

from .cards import ACE, KING, SUITS, Card, CardError, type_named
from .melds import HIGH, LOW, Meld
from .rules import AGGRAVATION, MeldKind, Rules


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
class TakeFromPile:
    """Draw ``card`` from deeper in the discard pile, with every card above it (Gallery)."""

    card: Card


@dataclass(frozen=True)
class Steal:
    """Claim the discard out of turn, with the top card of the stock as a penalty."""


@dataclass(frozen=True)
class GoDown:
    """Lay the whole contract at once, each meld with the reading the player chose."""

    melds: tuple[Meld, ...]


@dataclass(frozen=True)
class LayMeld:
    """Once down, lay one more meld of a kind the contract names (Gallery)."""

    extra: Meld


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


Action = Union[Swap, Pass, Draw, TakeDiscard, TakeFromPile, Steal, GoDown, LayMeld, LayOff, SwapWild, Discard,
               NextDeal]
ACTION_CLASSES = (Swap, Pass, Draw, TakeDiscard, TakeFromPile, Steal, GoDown, LayMeld, LayOff, SwapWild, Discard,
                  NextDeal)
CARD_ACTIONS = (Swap, Discard, LayOff, SwapWild, TakeFromPile)  # the actions that name a hand or pile card
ACTION_TYPES = {cls.__name__: cls for cls in ACTION_CLASSES}
KINDS = {kind.value: kind for kind in MeldKind}


class ActionFormatError(ValueError):
    """A saved action that cannot be read back; the message says which part is wrong."""


# ------------------------------------------------------------ shape checks

RANK_RANGE = range(ACE, KING + 1)


def shown(value: Any) -> str:
    """Name ``value`` in a message: short, and safe for a 5 MB string, a huge int or a deep list."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if -10**15 < value < 10**15 else "a very large number"
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else repr(value[:24]) + "…"
    return type_named(value)


def is_whole(value: Any) -> bool:
    """An int and not a bool: ``True`` is 1 to Python, never to a log or the rules."""
    return type(value) is int


def is_card(value: Any) -> bool:
    """A Card whose fields name a real card: a joker, or rank 1–13 of C D H S; copy ≥ 0."""
    if not isinstance(value, Card) or not is_whole(value.rank) or not is_whole(value.copy):
        return False
    if value.copy < 0:
        return False
    if value.rank == 0:
        return value.suit == ""
    return value.rank in RANK_RANGE and is_suit(value.suit)


def is_suit(value: Any) -> bool:
    """One of the letters C D H S (``"" in "CDHS"`` is true, so the length counts too)."""
    return isinstance(value, str) and len(value) == 1 and value in SUITS


def meld_problem(meld: Any) -> Optional[str]:
    """Why ``meld`` is not a well-formed Meld value, or None (whether it is *legal* is verify's job)."""
    if not isinstance(meld, Meld):
        return f"a meld is needed, not {shown(meld)}"
    if not isinstance(meld.kind, MeldKind):
        return f"a meld is a set or a run, not {shown(meld.kind)}"
    if not isinstance(meld.cards, tuple) or not all(is_card(c) for c in meld.cards):
        return "a meld's cards must be a tuple of cards"
    if not is_whole(meld.rank) or meld.rank not in RANK_RANGE:
        return f"a meld's rank is a whole number from 1 (ace) to 13 (king), not {shown(meld.rank)}"
    if meld.kind is MeldKind.SET and meld.suit is not None:
        return f"a set names no suit, but this one names {shown(meld.suit)}"
    if meld.kind is MeldKind.RUN and not is_suit(meld.suit):
        return f"a run names its suit (C, D, H or S), not {shown(meld.suit)}"
    return None


def malformed(action: Any) -> Optional[str]:
    """Why ``action`` is not a well-formed action value, or None when every field has its type.

    Actions come from the page, the bots and saved logs. Checking their shape
    here, once, lets the rules code trust each field; whether the move is
    *legal* is the rules' question, answered after this one.
    """
    if type(action) not in ACTION_CLASSES:
        return f"{shown(action)} is not a move in this game"
    name = type(action).__name__
    if isinstance(action, CARD_ACTIONS) and not is_card(action.card):
        return f"{name} needs a card, not {shown(action.card)}"
    if isinstance(action, (LayOff, SwapWild)) and not is_whole(action.meld):
        return f"{name} needs a meld number, not {shown(action.meld)}"
    if isinstance(action, LayOff) and not (action.end is None or action.end in (LOW, HIGH)):
        return f"a run's end is 'low' or 'high', not {shown(action.end)}"
    if isinstance(action, SwapWild) and not is_whole(action.index):
        return f"SwapWild needs a place in the meld, not {shown(action.index)}"
    if isinstance(action, LayMeld):
        return meld_problem(action.extra)
    if isinstance(action, GoDown):
        if not isinstance(action.melds, tuple):
            return f"GoDown needs a tuple of melds, not {shown(action.melds)}"
        for meld in action.melds:
            problem = meld_problem(meld)
            if problem:
                return problem
    return None


# ------------------------------------------------------------ JSON


def meld_to_json(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind.value, "rank": meld.rank, "suit": meld.suit, "cards": [c.key for c in meld.cards]}


def meld_from_json(data: Any) -> Meld:
    """A meld from its JSON object; ActionFormatError unless every field is exactly right."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"a meld is an object, not {shown(data)}")
    kind, cards = data.get("kind"), data.get("cards")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ActionFormatError(f"a meld is a set or a run, not {shown(kind)}")
    if not isinstance(cards, list):
        raise ActionFormatError(f"a meld's cards are a list, not {shown(cards)}")
    meld = Meld(KINDS[kind], tuple(card_from_json(c) for c in cards), data.get("rank"), data.get("suit"))
    problem = meld_problem(meld)
    if problem:
        raise ActionFormatError(problem)
    return meld


def card_from_json(text: Any) -> Card:
    """A card from its key (``QH/2``); only short text is parsed, so a message stays short."""
    if not isinstance(text, str) or len(text) > 10:
        raise ActionFormatError(f"{shown(text)} is not a card")
    try:
        return Card.parse(text)
    except CardError as error:
        raise ActionFormatError(str(error)) from None


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(action).__name__}
    if isinstance(action, CARD_ACTIONS):
        data["card"] = action.card.key
    if isinstance(action, (LayOff, SwapWild)):
        data["meld"] = action.meld
    if isinstance(action, LayOff):
        data["end"] = action.end
    if isinstance(action, SwapWild):
        data["index"] = action.index
    if isinstance(action, GoDown):
        data["melds"] = [meld_to_json(m) for m in action.melds]
    if isinstance(action, LayMeld):
        data["extra"] = meld_to_json(action.extra)
    return data


def action_from_json(data: Any) -> Action:
    """Read one action back; ActionFormatError on anything that is not exactly an action.

    Each field the action's class declares is read (a field with a default,
    like a lay-off's ``end``, may be left out); keys it does not declare are ignored.
    """
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise ActionFormatError(f"not an action: {shown(kind if isinstance(data, dict) else data)}")
    values = {}
    for spec in fields(ACTION_TYPES[kind]):
        if spec.name not in data and spec.default is MISSING:
            raise ActionFormatError(f"{kind} is missing its {spec.name}")
        values[spec.name] = _field_from_json(spec.name, data.get(spec.name, spec.default))
    action = ACTION_TYPES[kind](**values)
    problem = malformed(action)
    if problem:
        raise ActionFormatError(problem)
    return action


def _field_from_json(name: str, value: Any) -> Any:
    if name == "card":
        return card_from_json(value)
    if name == "melds":
        if not isinstance(value, list):
            raise ActionFormatError(f"GoDown needs a list of melds, not {shown(value)}")
        return tuple(meld_from_json(m) for m in value)
    if name == "extra":
        return meld_from_json(value)
    return value  # numbers and ends: malformed() checks them on the built action


def describe(action: Action, rules: Rules = AGGRAVATION) -> str:
    """Short text for logs and debugging: 'Discard Q♥', 'LayOff 7♥ on meld 2 (high)'.

    ``rules`` give a wild's meaning in a GoDown's melds; a malformed action is
    described as such rather than raising, since debugging is when it turns up.
    """
    problem = malformed(action)
    if problem:
        return f"malformed move: {problem}"
    name = type(action).__name__
    if isinstance(action, (Swap, Discard, TakeFromPile)):
        return f"{name} {action.card.symbol}"
    if isinstance(action, LayMeld):
        return "LayMeld " + action.extra.describe(rules)
    if isinstance(action, LayOff):
        end = f" ({action.end})" if action.end else ""
        return f"LayOff {action.card.symbol} on meld {action.meld}{end}"
    if isinstance(action, SwapWild):
        return f"SwapWild {action.card.symbol} into meld {action.meld} at {action.index}"
    if isinstance(action, GoDown):
        return "GoDown " + " | ".join(m.describe(rules) for m in action.melds)
    return name
