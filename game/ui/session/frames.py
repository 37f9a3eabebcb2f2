"""Going down: the frames the player fills, one per meld of the contract.

Frames hold card *keys* (``QH/2``) so two identical cards stay distinct. This
module is pure: it decides where a tapped card goes, whether a frame holds a
real meld of its spec, and what it still needs, in the player's words.

>>> from game.cards import parse_cards
>>> from game.rules import AGGRAVATION
>>> spec = AGGRAVATION.contract(1).melds[0]
>>> frame_status(parse_cards("KH KS"), spec, AGGRAVATION).need
'needs 1 more card'
>>> frame_status(parse_cards("KH KS JK"), spec, AGGRAVATION).ok
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from game.cards import Card
from game.i18n import Later, Message, N_, ngettext
from game.melds import Meld, explain, explain_closest, is_wild, read_meld
from game.rules import MeldKind, MeldSpec, Rules

# What a further meld may be (Gallery, once down), by the kinds of the contract's melds, in its order.
EXTRA_KINDS = {
    # Translators: what a further meld may be; {n} is the fewest cards a meld holds (3).
    ("set",): N_("a set of {n} or more cards"),
    ("run",): N_("a run of {n} or more cards"),
    ("set", "run"): N_("a set or a run of {n} or more cards"),
    ("run", "set"): N_("a run or a set of {n} or more cards"),
}


@dataclass
class Frames:
    """The open going-down frames: card keys per frame, the active frame, chosen readings."""

    keys: list[list[str]]
    active: int = 0
    readings: list[int] = field(default_factory=list)

    @classmethod
    def open(cls, specs: Sequence[MeldSpec]) -> Frames:
        return cls([[] for _ in specs], 0, [0 for _ in specs])

    def placed(self) -> set[str]:
        return {key for frame in self.keys for key in frame}

    def frame_of(self, key: str) -> Optional[int]:
        return next((n for n, frame in enumerate(self.keys) if key in frame), None)

    def to_data(self) -> dict:
        """As the save holds them (game/ui/store/saves.py: frames_field)."""
        return {"keys": [list(frame) for frame in self.keys], "active": self.active,
                "readings": list(self.readings)}


def restore(data: Optional[dict], hand: Sequence[Card], specs: Sequence[MeldSpec]) -> Optional[Frames]:
    """Saved frames back on this hand and contract, or None when they do not fit them exactly
    (another contract, a card no longer held, a card twice, a frame over its size): a reload
    then simply opens no frames.

    >>> from game.cards import parse_cards
    >>> hand = parse_cards("KH KS JK 5C")
    >>> from game.rules import AGGRAVATION
    >>> specs = AGGRAVATION.contract(1).melds
    >>> restore({"keys": [["KH/0", "KS/0"], []], "active": 0, "readings": [0, 0]}, hand, specs).keys
    [['KH/0', 'KS/0'], []]
    >>> restore({"keys": [["KH/0", "KH/0"], []], "active": 0, "readings": [0, 0]}, hand, specs) is None
    True
    """
    if not data or len(data["keys"]) != len(specs):
        return None
    held = {card.key for card in hand}
    placed = [key for frame in data["keys"] for key in frame]
    if len(placed) != len(set(placed)) or not set(placed) <= held:
        return None
    if any(len(frame) > spec.size for frame, spec in zip(data["keys"], specs)):
        return None
    return Frames([list(frame) for frame in data["keys"]], data["active"], list(data["readings"]))


@dataclass(frozen=True)
class FrameStatus:
    ok: bool
    need: str                     # what the frame still needs ('' when ok)
    readings: tuple[Meld, ...]    # every reading when ok (the player may pick one)


def frame_status(cards: Sequence[Card], spec: MeldSpec, rules: Rules) -> FrameStatus:
    """Is this frame a real meld of exactly its spec? If not, what does it need?"""
    size = len(cards)
    if size > spec.size:
        # Translators: a going-down frame's state; {meld} is the meld it is for ("set of 3"), {n} its size.
        return FrameStatus(False, Message("too many cards: {meld} holds exactly {n}", meld=Later(spec.describe),
                                          n=spec.size), ())
    problem = partial_problem(cards, spec.kind, rules)
    if problem:
        return FrameStatus(False, problem, ())
    if size < spec.size:
        return FrameStatus(False, Later(more_cards, spec.size - size), ())
    found = tuple(read_meld(cards, spec.kind, rules))
    if not found:
        return FrameStatus(False, explain(cards, spec.kind, rules), ())
    return FrameStatus(True, "", found)


def more_cards(n: int) -> str:
    # Translators: what a going-down frame still needs (after the meld it is for: "Frame 1, set of 3: …").
    return ngettext("needs {n} more card", "needs {n} more cards", n).format(n=n)


def partial_problem(cards: Sequence[Card], kind: MeldKind, rules: Rules) -> str:
    """Why these cards can never grow into a meld of ``kind`` ('' when they still might)."""
    fixed = [c for c in cards if not is_wild(c, rules)]
    if kind is MeldKind.SET:
        ranks = sorted({c.rank for c in fixed})
        if len(ranks) > 1:
            return explain(cards, kind, rules) if len(cards) >= rules.min_meld_size else (
                Message("a set is cards of one number"))
        return ""
    suits = {c.suit for c in fixed}
    if len(suits) > 1:
        return Message("a run is all one suit")
    ranks = [c.rank for c in fixed]
    if len(ranks) != len(set(ranks)):
        return Message("a run holds each number once")
    return ""


def fits(cards: Sequence[Card], card: Card, spec: MeldSpec, rules: Rules) -> bool:
    """Would ``card`` keep this frame on its way to a meld of ``spec``?"""
    grown = list(cards) + [card]
    return len(grown) <= spec.size and not partial_problem(grown, spec.kind, rules)


def choose_frame(
    frames: Frames, by_key: dict[str, Card], card: Card, specs: Sequence[MeldSpec],
    rules: Rules,
) -> Optional[int]:
    """Where a tapped card goes: the active frame if it fits, else the first it fits, else any room."""
    def cards_in(n: int) -> list[Card]:
        return [by_key[k] for k in frames.keys[n] if k in by_key]

    order = [frames.active] + [n for n in range(len(specs)) if n != frames.active]
    for n in order:
        if fits(cards_in(n), card, specs[n], rules):
            return n
    for n in order:
        if len(frames.keys[n]) < specs[n].size:
            return n
    return None


def toggle(
    frames: Frames, card: Card, by_key: dict[str, Card], specs: Sequence[MeldSpec],
    rules: Rules,
) -> str:
    """Tap a card: into a frame if in the hand, back to the hand if framed. Returns a note."""
    where = frames.frame_of(card.key)
    if where is not None:
        frames.keys[where].remove(card.key)
        frames.readings[where] = 0
        return ""
    target = choose_frame(frames, by_key, card, specs, rules)
    if target is None:
        return Message("Every frame is full: tap a framed card to take it back")
    frames.keys[target].append(card.key)
    frames.readings[target] = 0
    if len(frames.keys[target]) >= specs[target].size:
        frames.active = next(
            (n for n in range(len(specs)) if len(frames.keys[n]) < specs[n].size), frames.active
        )
    return ""


def chosen_melds(
    frames: Frames, by_key: dict[str, Card], specs: Sequence[MeldSpec], rules: Rules
) -> Optional[tuple[Meld, ...]]:
    """The melds to lay, with each frame's chosen reading; None unless every frame is valid."""
    melds = []
    for n, spec in enumerate(specs):
        status = frame_status([by_key[k] for k in frames.keys[n]], spec, rules)
        if not status.ok:
            return None
        melds.append(status.readings[frames.readings[n] % len(status.readings)])
    return tuple(melds)


def fill_from(frames: Frames, melds: Sequence[Meld], rules: Rules) -> None:
    """Put a solver's fill into the frames, keeping the reading it chose."""
    for n, meld in enumerate(melds):
        frames.keys[n] = [c.key for c in meld.cards]
        readings = read_meld(meld.cards, meld.kind, rules)
        frames.readings[n] = next(
            (i for i, r in enumerate(readings) if (r.rank, r.suit, r.cards) == (meld.rank, meld.suit, meld.cards)), 0
        )
    frames.active = 0


def extra_kinds(contract, rules: Rules) -> str:
    """What a further meld may be (Gallery, once down): 'a set or a run of 3 or more cards'."""
    kinds = tuple(dict.fromkeys(spec.kind.value for spec in contract.melds))
    return Message(EXTRA_KINDS[kinds], n=rules.min_meld_size)


def extra_meld(cards: Sequence[Card], contract, rules: Rules) -> tuple[Optional[Meld], str]:
    """The picked cards read as a further meld of one of the contract's kinds, or (None, why not)."""
    kinds = list(dict.fromkeys(spec.kind for spec in contract.melds))
    if len(cards) < rules.min_meld_size:
        # Translators: {n} is the fewest cards a meld holds (3); {kinds} what it may be ("a set or a run of 3 or more cards").
        return None, Message("A further meld needs at least {n} cards: {kinds}", n=rules.min_meld_size,
                             kinds=extra_kinds(contract, rules))
    for kind in kinds:
        readings = read_meld(cards, kind, rules)
        if readings:
            return readings[0], ""
    return None, explain_closest(cards, kinds, rules)   # what the player seems to be making
