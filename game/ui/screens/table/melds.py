"""The melds on the table as the player sees them: grouped by owner, the player's own first (on a
phone they are the first thing on the felt, never below the others), and, while a card is picked,
which melds and which ends take it.

Which ends take the picked card is the engine's answer, never the page's guess: the lay-offs in
``state.legal_actions()`` (through ``Session.lay_offs``), so a rule that refuses a lay-off (round 7's
going-down turn, a hand that must keep a card) refuses the highlight too.
"""
from __future__ import annotations

from typing import Any, Optional

from game.cards import Card, rank_name
from game.i18n import Message, N_, _, shown
from game.melds import LOW
from game.rules import MeldKind
from game.state import Phase

from ...session.session import Session
from ..parts import card_model, meld_cards, meld_label

Model = dict[str, Any]
Ends = list[Optional[str]]          # where a card goes on a meld: [None] a set, 'low'/'high' a run's ends


def picked_card(s: Session) -> Optional[Card]:
    """The hand card the player has picked, while it is one they could lay off (not while
    going down or picking a further meld, when a tap puts cards in frames)."""
    if s.ui.frames is not None or s.ui.extra is not None:
        return None
    return s.hand_card(s.ui.selected)


def lay_off_targets(s: Session, v) -> Optional[dict[int, Ends]]:
    """Meld number → the ends that take the picked card, from the engine's legal lay-offs; a meld
    left out takes it nowhere. None while the question does not arise: no card picked, not the
    player's turn to play, or not down yet (then every meld says why when tapped)."""
    card = picked_card(s)
    if card is None or not s.my_turn() or v.phase is not Phase.PLAY or not v.me.down:
        return None
    face = (card.rank, card.suit)            # the engine lists one copy of each face
    found: dict[int, Ends] = {}
    for off in s.lay_offs():
        if (off.card.rank, off.card.suit) == face:
            found.setdefault(off.meld, []).append(off.end)
    return found


# A meld in a few words, for a label: one message per suit and per named rank, so each language
# words its own ("escalera de corazones", "Herz-Folge").
RUNS = {"C": N_("run of clubs"), "D": N_("run of diamonds"), "H": N_("run of hearts"), "S": N_("run of spades"),
        "": N_("run of cards")}
SETS = {"ace": N_("set of aces"), "jack": N_("set of jacks"), "queen": N_("set of queens"), "king": N_("set of kings")}


def meld_name(meld) -> Message:
    """'run of hearts', 'set of kings', 'set of 8s': a meld in a few words, for a label."""
    if meld.kind is MeldKind.RUN:
        return Message(RUNS.get(meld.suit or "", RUNS[""]))
    rank = rank_name(meld.rank)
    if rank in SETS:
        return Message(SETS[rank])
    # Translators: a set of cards of one number, {rank} the number: "set of 8s".
    return Message("set of {rank}s", rank=rank)


def _whose(owner: int, s: Session, names: list[str], meld) -> str:
    """'your run of hearts', 'Ben’s set of 8s': a meld inside a sentence."""
    if owner == s.seat:
        return _("your {meld}").format(meld=shown(meld_name(meld)))
    return _("{owner}’s {meld}").format(owner=names[owner], meld=shown(meld_name(meld)))


def _title(owner: int, s: Session, names: list[str], meld) -> str:
    """'Your run of hearts', 'Ben’s set of 8s': a meld as a label starts."""
    if owner == s.seat:
        # Translators: a meld of yours as a label starts: {meld} is "run of hearts", "set of 8s".
        return _("Your {meld}").format(meld=shown(meld_name(meld)))
    return _("{owner}’s {meld}").format(owner=names[owner], meld=shown(meld_name(meld)))


def _lay_here(card: str, where: str, end: Optional[str], cards: list[Model]) -> str:
    """'Lay 7♥ off on your run of hearts, low end, before 9♥': where on a run the card would go
    (what the end card is or stands for)."""
    if end is None or not cards:
        # Translators: {card} a card glyph, {meld} whose meld: "your run of hearts".
        return _("Lay {card} off on {meld}").format(card=card, meld=where)
    edge = cards[0] if end == LOW else cards[-1]
    at = edge["wild_as"] or f'{edge["rank"]}{edge["suit"]}'
    if end == LOW:
        # Translators: {edge} the card glyph at the run's low end (or the one a wild there stands for).
        return _("Lay {card} off on {meld}, low end, before {edge}").format(card=card, meld=where, edge=at)
    return _("Lay {card} off on {meld}, high end, after {edge}").format(card=card, meld=where, edge=at)


def meld_model(s: Session, v, names: list[str], placed, targets: Optional[dict[int, Ends]],
               card: Optional[Card]) -> Model:
    """One table meld: its cards and label, and, while a card is picked, whether and where it fits
    (``fits``: None, no question; [] not here; else the ends, each a ``slot`` to tap)."""
    index, meld, rules = placed.index, placed.meld, v.rules
    cards = meld_cards(meld, rules)
    title = _title(placed.owner, s, names, meld)
    fits = None if targets is None else targets.get(index, [])
    slots = []
    if card is None or fits is None:
        # Translators: a meld's button: {meld} is "Your run of hearts", "Ben’s set of 8s".
        pick = _("{meld}: lay off here").format(meld=title)
    elif not fits:
        pick = _("{meld}: {card} does not fit here").format(meld=title, card=card.symbol)
    else:
        where = _whose(placed.owner, s, names, meld)
        for end in fits:
            slots.append({"end": end, "arg": f"{index}:{end}" if end else str(index),
                          "label": _lay_here(card.symbol, where, end, cards)})
        pick = slots[0]["label"] if len(slots) == 1 else _("{meld}: {card} fits either end").format(meld=title, card=card.symbol)
    return {"index": index, "owner": names[placed.owner], "seat": placed.owner, "mine": placed.owner == s.seat,
            "kind": meld.kind.value, "cards": cards, "label": meld_label(meld, names[placed.owner], rules),
            "pick": pick, "fits": fits, "slots": slots}


def table_melds(s: Session, v, names: list[str]) -> tuple[list[Model], list[Model]]:
    """The table's melds in the engine's order, and the same melds grouped by owner: the
    player's own first, then the others in turn order from the player's left."""
    targets = lay_off_targets(s, v)
    card = picked_card(s) if targets is not None else None
    melds = [meld_model(s, v, names, placed, targets, card) for placed in v.table]
    seats = len(names)
    groups = []
    for seat in ((s.seat + n) % seats for n in range(seats)):
        mine = [m for m in melds if m["seat"] == seat]
        if mine:
            groups.append({"seat": seat, "mine": seat == s.seat, "melds": mine,
                           "owner": _("Your melds") if seat == s.seat else names[seat]})
    return melds, groups


def picked_model(s: Session) -> Optional[Model]:
    """The picked card's face, for the ghost slots that show where it would go."""
    card = picked_card(s)
    return None if card is None else card_model(card, symbol=card.symbol)
