"""Advice acted against: once a game, kindly, the reason the tip or 💡 hint had.

A player who asked for a hint (or follows the guided deal's coach) and then does something else
may have had a good reason, or may have missed why the advice mattered. Saying the reason once,
after the move and without undoing anything, teaches without nagging: a second time in the same
game would read as scolding, so the game remembers it said it (``Session.reminded``).

Pure: the advice is read as it stood just before the move (``Advice``), the move is the engine's
action, and the words are built here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game.actions import (Action, Discard, Draw, GoDown, LayMeld, LayOff, Pass, Steal, Swap, TakeDiscard,
                          TakeFromPile)
from game.cards import Card
from game.i18n import Message

# The kind of move each action is, in the advice's words (a tip's or hint's ``act``). A move not
# listed here (a wild swapped off a meld, a card dug from the pile by hand) answers no advice.
KINDS: dict[type, str] = {Draw: "draw", TakeDiscard: "take", TakeFromPile: "take", Swap: "swap", Pass: "pass",
                          Steal: "steal", GoDown: "godown", LayMeld: "godown", LayOff: "layoff", Discard: "discard"}
# Advice acts that name one of those kinds another way (the coach points at its controls).
SAME_KIND = {"layoff-all": "layoff", "lay": "godown", "fill": "godown"}
# Kinds where the card matters: "discard K♠" and discarding Q♠ are different moves.
CARD_MATTERS = ("discard", "swap")


@dataclass(frozen=True)
class Advice:
    """What the table advised just before a move: the kind of move, its card, and why."""

    act: str
    card: Optional[Card]
    why: str


def against(advice: Optional[Advice], action: Action) -> bool:
    """Whether ``action`` went against ``advice`` (a move of another kind, or another card where
    the card is the point). Advice with no reason to give, or a move of no known kind, never is."""
    if advice is None or not advice.why:
        return False
    kind = KINDS.get(type(action))
    advised = SAME_KIND.get(advice.act, advice.act)
    if kind is None or advised not in KINDS.values():
        return False
    if kind != advised:
        return True
    return advised in CARD_MATTERS and advice.card is not None and getattr(action, "card", None) != advice.card


def words(advice: Advice) -> str:
    """The once-a-game sentence: the choice stays the player's, the reason is the advice's."""
    # Translators: said once a game after a move against the advice; {why} is the advice's reason, as the
    # rest of a sentence ("7♥ brought your contract closer").
    return Message("💡 Your call, and yours to make. Only so you know why it was advised: {why}", why=advice.why)
