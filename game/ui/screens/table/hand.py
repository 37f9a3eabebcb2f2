"""What the keys and drags on the player's hand do: sort it, rearrange it, pick a card by key,
drop a card onto the table (there the table's own intents, intents.py, take over).
"""
from __future__ import annotations

from typing import Callable

from game.i18n import Message

from ...session.session import Session
from ...words import SORTS
from ..replay.intents import move_replay
from .intents import NEEDS_GAME as TABLE_INTENTS
from .intents import place, tap_card


def sort(s: Session, _: str) -> None:
    """⇅: sort the other way (an arrangement of the player's own is given up)."""
    s.arranging()                      # ↶ after the draw, an arrangement may be taken back
    s.ui.sort = SORTS[(SORTS.index(s.ui.sort) + 1) % len(SORTS)]
    s.ui.order = None


def move_card(s: Session, arg: str) -> None:
    """'key:target': the card takes the target card's place in the hand, as a drag leaves it
    (the others shift over); 'key:' puts it at the right end."""
    key, _, target = arg.partition(":")
    order = [c.key for c in s.shown_hand()]
    if key not in order or key == target or (target and target not in order):
        return
    s.arranging()
    at = order.index(target) if target else len(order) - 1
    order.remove(key)
    order.insert(at, key)
    s.ui.order = order


def shift_card(s: Session, arg: str) -> None:
    """Shift+←/→: the picked card one place left ('-1') or right ('1') in the hand."""
    order = _shown_keys(s)
    key = s.ui.selected
    if key not in order or arg not in ("-1", "1"):
        s.say(Message("Pick a card first (← → or 1–9), then Shift+← → moves it"))
        return
    at = order.index(key) + int(arg)
    if 0 <= at < len(order):
        move_card(s, f"{key}:{order[at]}")


def _shown_keys(s: Session) -> list[str]:
    """The hand cards on show (framed cards sit in their frames), left to right."""
    framed = s.ui.frames.placed() if s.ui.frames is not None else set()
    return [c.key for c in s.shown_hand() if c.key not in framed]


def step_pick(s: Session, arg: str) -> None:
    """←/→: the pick moves one card left or right along the hand (the first key picks an end);
    in the replay, one move back or on."""
    if s.ui.replay is not None:
        move_replay(s.ui.replay, "step", arg)
        s.ui.shared = None
        return
    keys = _shown_keys(s)
    if not keys or arg not in ("-1", "1") or s.ui.frames is not None:
        return
    if s.ui.selected in keys:
        at = (keys.index(s.ui.selected) + int(arg)) % len(keys)
    else:
        at = 0 if arg == "1" else len(keys) - 1
    s.ui.selected, s.ui.end_for = keys[at], None
    s.say("")


def pick_nth(s: Session, arg: str) -> None:
    """1–9: as tapping the hand's nth card from the left (a pick, or into a frame)."""
    keys = _shown_keys(s)
    if arg.isdecimal() and 1 <= int(arg) <= len(keys):
        tap_card(s, keys[int(arg) - 1])


DROPS = ("discard-pile", "meld", "wild", "stock")


def drop(s: Session, arg: str) -> None:
    """'key|act|arg': a card dragged from the hand (or a frame) onto a target. The same intents as
    tap-tap: the card is picked, then the target tapped; onto a hand card: the hand rearranged;
    onto a frame: into that frame; a framed card back onto the hand: out of its frame."""
    key, act, target = (arg.split("|") + ["", ""])[:3]
    if s.hand_card(key) is None:
        return
    frames = s.ui.frames
    if act == "card":
        if frames is not None and frames.frame_of(key) is not None:
            tap_card(s, key)
        else:
            move_card(s, f"{key}:{target}")
    elif act == "frame":
        if frames is not None:
            place(s, f"{key}:{target}")
    elif act in DROPS:
        if frames is None:
            s.ui.selected, s.ui.end_for = key, None
        TABLE_INTENTS["drop-stock" if act == "stock" else act](s, target)


NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "sort": sort,
    "move": move_card,
    "shift": shift_card,
    "step": step_pick,
    "nth": pick_nth,
    "drop": drop,
}
