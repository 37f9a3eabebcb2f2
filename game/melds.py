"""Sets and runs: checking cards, reading wilds, and laying off.

A meld on the table is a ``Meld``: its kind, its cards in table order, and the
rank it starts at (a set's rank; a run's lowest position) plus a run's suit.
From those every wild's meaning follows, so the table can always say what a
wild stands for, and a reading never has to be guessed again.

Run positions count 1 (ace low) … 13 (king), 14 (ace high). Without the
wrap-around house rule a run stays inside 1…14 and is at most 13 long, which
is exactly "an ace is high or low, never both"; with it, positions cycle.

>>> from game.cards import parse_cards
>>> m = check_meld(parse_cards("5H 6H JK"), MeldKind.RUN)
>>> m.describe()
'run 5♥ 6♥ 🃏=7♥'
>>> [m.describe() for m in read_meld(parse_cards("2H 3H 4H"), MeldKind.RUN)]
['run 2♥ 3♥ 4♥', 'run 3♥ 4♥ 2♥=5♥']
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterable, Iterator, Optional, Sequence

from .card_names import a_rank, ranks_word
from .cards import ACE, ACE_HIGH, KING, SUIT_SYMBOLS, TWO, Card, and_list, rank_text
from .i18n import Counted, Message
from .rules import AGGRAVATION, PAIR_SIZE, MeldKind, Rules

LOW, HIGH = "low", "high"


class MeldError(ValueError):
    """Cards that do not make the meld asked for; the message (``str()``: a Message) says why, for a player."""

    def __str__(self) -> str:
        return self.args[0] if self.args else ""


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    cards: tuple[Card, ...]
    rank: int
    suit: Optional[str] = None

    @property
    def size(self) -> int:
        return len(self.cards)

    def position_rank(self, index: int, rules: Rules = AGGRAVATION) -> int:
        """The rank the card at ``index`` stands for (14 = the high ace)."""
        if self.kind is MeldKind.SET:
            return self.rank
        return wrap_rank(self.rank + index, rules)

    def stands_for(self, rules: Rules = AGGRAVATION) -> list[tuple[int, Optional[str]]]:
        """(rank, suit) for each card; a wild in a set stands for the rank, any suit."""
        out = []
        for index, card in enumerate(self.cards):
            rank = self.position_rank(index, rules)
            if self.kind is MeldKind.RUN:
                out.append((rank, self.suit))
            else:
                out.append((rank, card.suit if is_natural(card, rank, None) else None))
        return out

    def wild_flags(self, rules: Rules = AGGRAVATION) -> list[bool]:
        """Whether each card is playing as a wild here."""
        return [
            not is_natural(card, rank, self.suit if self.kind is MeldKind.RUN else None)
            for card, (rank, _) in zip(self.cards, self.stands_for(rules))
        ]

    @property
    def high(self) -> int:
        return self.rank + len(self.cards) - 1

    def describe(self, rules: Rules = AGGRAVATION) -> str:
        """'run 5♥ 6♥ 🃏=7♥' — each wild shows what it stands for (a run past the ace wraps, whatever ``rules``)."""
        if self.kind is MeldKind.RUN and self.high > ACE_HIGH:
            rules = replace(rules, ace_wrap=True)
        parts = []
        for card, wild, (rank, suit) in zip(self.cards, self.wild_flags(rules), self.stands_for(rules)):
            text = card.symbol
            if wild:
                text += "=" + rank_text(rank) + (SUIT_SYMBOLS[suit] if suit else "")
            parts.append(text)
        cards = " ".join(parts)
        if self.kind is MeldKind.RUN:
            # Translators: a meld as a frame shows it, its cards' glyphs after ("run 5♥ 6♥ 🃏=7♥": the joker is a 7♥).
            return Message("run {cards}", cards=cards)
        return Message("pair {cards}", cards=cards) if self.size == PAIR_SIZE else Message("set {cards}", cards=cards)


def wrap_rank(position: int, rules: Rules) -> int:
    """A run position's rank; with ace wrap, positions past the king cycle to the ace."""
    return cycle_rank(position) if rules.ace_wrap else position


def cycle_rank(position: int) -> int:
    """The rank of a run position when runs wrap around: K, A, 2 … after the king."""
    return (position - 1) % KING + 1


def is_wild(card: Card, rules: Rules = AGGRAVATION) -> bool:
    """Jokers always; twos when the rules make them wild (a two may still play as itself)."""
    return card.is_joker or (rules.twos_wild and card.rank == TWO)


def is_natural(card: Card, rank: int, suit: Optional[str]) -> bool:
    """Whether ``card`` is itself the card of ``rank`` (14 = ace) and ``suit`` (None: any)."""
    if card.is_joker:
        return False
    same_rank = card.rank == rank or (card.rank == ACE and rank == ACE_HIGH)
    return same_rank and (suit is None or card.suit == suit)


def natural_count(meld: Meld, rules: Rules = AGGRAVATION) -> int:
    return meld.wild_flags(rules).count(False)


# ---------------------------------------------------------------- reading cards


def read_meld(cards: Sequence[Card], kind: MeldKind, rules: Rules = AGGRAVATION) -> list[Meld]:
    """Every reading of ``cards`` as a meld of ``kind``, best for lay-offs first.

    Wilds are interchangeable, so readings differ only in where the wilds stand;
    an empty list means the cards are no meld of that kind.
    """
    if kind is MeldKind.SET:
        found = list(_set_readings(cards, rules))
    else:
        found = sorted(_run_readings(cards, rules), key=lambda m: _room_rank(m, cards, rules))
    return found


def check_meld(
    cards: Sequence[Card], kind: Optional[MeldKind] = None, rules: Rules = AGGRAVATION
) -> Meld:
    """The best reading of ``cards`` as a meld (of ``kind`` if given); MeldError says why not."""
    kinds = [kind] if kind else [MeldKind.SET, MeldKind.RUN]
    for each in kinds:
        found = read_meld(cards, each, rules)
        if found:
            return found[0]
    raise MeldError(explain(cards, kind, rules) if kind else explain_closest(cards, kinds, rules))


def _room_rank(meld: Meld, given: Sequence[Card], rules: Rules) -> tuple[int, int, int, int]:
    """Sort key: open ends first (more lay-off room), then fewer wilds, then the order given."""
    open_ends = sum(1 for end in (LOW, HIGH) if open_end(meld, end, rules) is not None)
    kept = sum(1 for a, b in zip(meld.cards, given) if a == b)
    return (-open_ends, meld.wild_flags(rules).count(True), -kept, meld.rank)


def _set_readings(cards: Sequence[Card], rules: Rules) -> Iterator[Meld]:
    if len(cards) < rules.min_size(MeldKind.SET):
        return
    fixed = [c for c in cards if not is_wild(c, rules)]
    ranks = {c.rank for c in fixed}
    if len(ranks) > 1:
        return
    if ranks:
        rank = ranks.pop()
    elif any(c.rank == TWO for c in cards):
        rank = TWO
    else:
        return
    meld = Meld(MeldKind.SET, naturals_first(cards, rank), rank)
    if natural_count(meld, rules) >= rules.min_naturals:
        yield meld


def naturals_first(cards: Sequence[Card], rank: int) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (not is_natural(c, rank, None), c.is_joker, c.suit)))


def _run_starts(length: int, rules: Rules) -> range:
    if length > rules.max_run_length:
        return range(0)
    if rules.ace_wrap:
        return range(ACE, KING + 1)
    return range(ACE, ACE_HIGH - length + 2)


def _run_readings(cards: Sequence[Card], rules: Rules) -> Iterator[Meld]:
    if len(cards) < rules.min_meld_size:
        return
    fixed = [c for c in cards if not is_wild(c, rules)]
    suits = {c.suit for c in fixed} or {c.suit for c in cards if not c.is_joker}
    if len({c.suit for c in fixed}) > 1:
        return
    seen: set[tuple] = set()
    for suit in sorted(suits):
        for start in _run_starts(len(cards), rules):
            for meld in _place_run(cards, fixed, suit, start, rules):
                signature = (meld.rank, meld.suit, tuple(c.code for c in meld.cards))
                if signature not in seen:
                    seen.add(signature)
                    yield meld


def _place_run(
    cards: Sequence[Card], fixed: list[Card], suit: str, start: int, rules: Rules
) -> Iterator[Meld]:
    """Place the naturals of ``cards`` in the run ``suit`` from ``start``; wilds fill the rest."""
    ranks = [wrap_rank(start + i, rules) for i in range(len(cards))]
    slots: list[Optional[Card]] = [None] * len(cards)
    for card in fixed:
        spot = _free_spot(slots, ranks, card, suit)
        if spot is None:
            return
        slots[spot] = card
    wilds = [c for c in cards if c not in fixed]
    twos_here = [c for c in wilds if c.rank == TWO and c.suit == suit]
    choices: list[Optional[Card]] = [None] + twos_here[:1]
    for natural_two in choices:
        placed = list(slots)
        rest = list(wilds)
        if natural_two is not None:
            spot = _free_spot(placed, ranks, natural_two, suit)
            if spot is None:
                continue
            placed[spot] = natural_two
            rest.remove(natural_two)
        if len(cards) - len(rest) < rules.min_naturals:
            continue
        rest.sort(key=lambda c: (c.is_joker, c.suit))
        filled = tuple(slot if slot is not None else rest.pop(0) for slot in placed)
        yield Meld(MeldKind.RUN, filled, start, suit)


def _free_spot(slots: list[Optional[Card]], ranks: list[int], card: Card, suit: str) -> Optional[int]:
    for index, rank in enumerate(ranks):
        if slots[index] is None and is_natural(card, rank, suit):
            return index
    return None


# ---------------------------------------------------------------- run ends


def open_end(meld: Meld, end: str, rules: Rules) -> Optional[int]:
    """The run position one past ``end``, or None when that end is closed."""
    if meld.kind is not MeldKind.RUN or meld.size >= rules.max_run_length:
        return None
    position = meld.rank - 1 if end == LOW else meld.high + 1
    if rules.ace_wrap:
        return position
    return position if ACE <= position <= ACE_HIGH else None


# ---------------------------------------------------------------- reasons


def closest_kind(cards: Sequence[Card], kinds: Sequence[MeldKind], rules: Rules = AGGRAVATION) -> MeldKind:
    """Of ``kinds``, the one ``cards`` come closest to: the fewest natural cards out of place.

    7♥ 7♠ 2♣ where twos are plain cards is one card off a set of 7s and two off any run, so it
    is explained as a set; on a tie, mixed numbers read as a run.

    >>> from game.cards import parse_cards
    >>> from game.rules import CONTRACT_RUMMY
    >>> closest_kind(parse_cards("7H 7S 2C"), [MeldKind.SET, MeldKind.RUN], CONTRACT_RUMMY).value
    'set'
    >>> closest_kind(parse_cards("5H 6H 7S"), [MeldKind.SET, MeldKind.RUN]).value
    'run'
    """
    fixed = [c for c in cards if not is_wild(c, rules)]
    ranks = Counter(c.rank for c in fixed)
    off = {
        MeldKind.SET: len(fixed) - max(ranks.values(), default=0),
        MeldKind.RUN: len(fixed) - _most_in_one_run(fixed, len(cards)),
    }
    tie_break = MeldKind.SET if len(ranks) <= 1 else MeldKind.RUN
    return min(kinds, key=lambda kind: (off[kind], kind is not tie_break))


def _most_in_one_run(fixed: Sequence[Card], length: int) -> int:
    """The most of ``fixed`` that one run of ``length`` cards could hold (one suit, one of each rank)."""
    best = 0
    for suit in {c.suit for c in fixed}:
        ranks = {c.rank for c in fixed if c.suit == suit}
        positions = ranks | ({ACE_HIGH} if ACE in ranks else set())
        for low in range(ACE, ACE_HIGH + 1):
            window = {r for r in positions if low <= r < low + length}
            best = max(best, len({ACE if r == ACE_HIGH else r for r in window}))
    return best


def explain_closest(cards: Sequence[Card], kinds: Sequence[MeldKind], rules: Rules = AGGRAVATION) -> str:
    """Why ``cards`` are none of ``kinds``, told for the reading closest to working: a set of 7s
    with one odd card names that card, not the suits a run would mix."""
    kind = closest_kind(cards, kinds, rules)
    return (kind is MeldKind.SET and _odd_ones_out(cards, rules)) or explain(cards, kind, rules)


def _odd_ones_out(cards: Sequence[Card], rules: Rules) -> str:
    """'A set of 7s, but 2♣ is not a 7 …' when most of the naturals share a number; else ''."""
    fixed = [c for c in cards if not is_wild(c, rules)]
    common = Counter(c.rank for c in fixed).most_common(2)
    if len(cards) < rules.min_size(MeldKind.SET) or len(common) < 2 or common[0][1] == common[1][1]:
        return ""
    rank = common[0][0]
    odd_cards = [c for c in fixed if c.rank != rank]
    odd = and_list([c.symbol for c in odd_cards])
    # Translators: {ranks} names a number in the plural ("7s", "aces"); {cards} are cards' glyphs
    # (2♣, or "2♣ and 9♥"); {one} one card of that number ("a 7", "an ace").
    text = (Message("A set of {ranks}, but {cards} is not {one}", ranks=ranks_word(rank), cards=odd, one=a_rank(rank))
            if len(odd_cards) == 1 else
            Message("A set of {ranks}, but {cards} are not {ranks}", ranks=ranks_word(rank), cards=odd))
    if not rules.twos_wild and any(c.rank == TWO for c in odd_cards):
        return Message("{reason}: twos are plain cards at this table, not wilds", reason=text)
    return text


def explain(cards: Sequence[Card], kind: MeldKind, rules: Rules = AGGRAVATION) -> str:
    """Why ``cards`` are not a meld of ``kind``, in a player's words (a Message)."""
    if len(cards) < rules.min_size(kind):
        return _at_least(kind, rules.min_size(kind))
    fixed = [c for c in cards if not is_wild(c, rules)]
    if not fixed and not any(c.rank == TWO for c in cards):
        return _no_natural(kind)
    if kind is MeldKind.SET:
        # Translators: {ranks} are the different numbers the cards show: "7, 9, K".
        return Message("A set is cards of one number; this has {ranks}",
                       ranks=", ".join(sorted({rank_text(c.rank) for c in fixed})))
    return _explain_run(cards, fixed, rules)


def _at_least(kind: MeldKind, n: int) -> Counted:
    if kind is MeldKind.SET:
        return Counted("A set needs at least {n} card", "A set needs at least {n} cards", n)
    return Counted("A run needs at least {n} card", "A run needs at least {n} cards", n)


def _no_natural(kind: MeldKind) -> Message:
    # Translators: a natural card is one that is not a wild (a joker, or a two where twos are wild).
    return (Message("A set needs at least one natural card, not only wilds") if kind is MeldKind.SET
            else Message("A run needs at least one natural card, not only wilds"))


def _too_long(rules: Rules) -> Counted:
    return Counted("A run can be at most {n} card long", "A run can be at most {n} cards long", rules.max_run_length)


def _explain_run(cards: Sequence[Card], fixed: list[Card], rules: Rules) -> str:
    if len(cards) > rules.max_run_length:
        return _too_long(rules)
    suits = sorted({c.suit for c in fixed})
    if len(suits) > 1:
        # Translators: {suits} are suits' symbols: "♣ and ♥".
        return Message("A run is all one suit; this mixes {suits}", suits=and_list([SUIT_SYMBOLS[s] for s in suits]))
    ranks = [c.rank for c in fixed]
    doubled = sorted({r for r in ranks if ranks.count(r) > 1})
    if doubled:
        # Translators: {rank} is a number or a letter as printed on a card (7, K): "two 7s".
        return Message("A run holds each number once; this has two {rank}s", rank=rank_text(doubled[0]))
    symbol = SUIT_SYMBOLS[suits[0]] if suits else ""
    wilds = len(cards) - len(fixed)
    span = max(ranks) - min(ranks) + 1 if ranks else 0
    if ranks and span - len(ranks) > wilds:
        high_ace = [14 if r == ACE else r for r in ranks]
        high_span = max(high_ace) - min(high_ace) + 1
        if high_span - len(ranks) <= wilds or (
            not rules.ace_wrap and _circular_span(ranks) - len(ranks) <= wilds
        ):
            return Message("An ace is high or low, never both, and a run does not wrap past the king")
        if high_span < span:
            ranks, span = high_ace, high_span
        low, high = _widest_gap(sorted(ranks))
        need = span - len(ranks) - wilds
        # Translators: {suit} is a suit's symbol (♥); {low} and {high} cards' numbers as printed (5, 9).
        return Counted("Your run needs one more {suit} between {low} and {high} (or a wild)",
                       "Your run needs {n} more {suit} between {low} and {high} (or {n} wilds)", need,
                       suit=symbol, low=rank_text(low), high=rank_text(high))
    return Message("These cards do not line up as a run in one suit without wrapping past the ace")


def _circular_span(ranks: list[int]) -> int:
    """How many positions the ranks cover if runs could wrap past the king."""
    ordered = sorted(set(ranks))
    gaps = [b - a for a, b in zip(ordered, ordered[1:])] + [ordered[0] + KING - ordered[-1]]
    return KING - max(gaps) + 1


def _widest_gap(ranks: list[int]) -> tuple[int, int]:
    pairs = list(zip(ranks, ranks[1:]))
    return max(pairs, key=lambda p: p[1] - p[0]) if pairs else (ranks[0], ranks[0])


def hand_points(cards: Iterable[Card], rules: Rules = AGGRAVATION) -> int:
    """What a hand counts against its holder at the end of a deal."""
    return sum(rules.points_of_rank(c.rank) for c in cards)


def verify(meld: Meld, rules: Rules = AGGRAVATION) -> None:
    """Check that a meld value is a true reading of its cards; MeldError says why not.

    Actions carry melds with the reading the player chose, so the engine checks
    the reading itself rather than re-guessing one.
    """
    if len(meld.cards) < rules.min_size(meld.kind):
        raise MeldError(_at_least(meld.kind, rules.min_size(meld.kind)))
    if len(set(meld.cards)) != len(meld.cards):
        raise MeldError(Message("The same card cannot be in a meld twice"))
    if meld.kind is MeldKind.RUN:
        _verify_run_shape(meld, rules)
    elif not ACE <= meld.rank <= KING:
        raise MeldError(Message("A set's rank must be between ace and king"))
    suit = meld.suit if meld.kind is MeldKind.RUN else None
    for index, card in enumerate(meld.cards):
        rank = meld.position_rank(index, rules)
        if not (is_wild(card, rules) or is_natural(card, rank, suit)):
            if not read_meld(meld.cards, meld.kind, rules):
                raise MeldError(explain(meld.cards, meld.kind, rules))
            where = rank_text(rank) + (SUIT_SYMBOLS[suit] if suit else "")
            # Translators: {card} is a card's glyph (7♥); {place} a card's or a number's as printed (8♥, 8).
            raise MeldError(Message("{card} cannot stand in the place of {place}", card=card.symbol, place=where))
    if natural_count(meld, rules) < rules.min_naturals:
        raise MeldError(_no_natural(meld.kind))


def _verify_run_shape(meld: Meld, rules: Rules) -> None:
    if meld.suit not in SUIT_SYMBOLS:
        raise MeldError(Message("A run needs a suit"))
    if meld.size > rules.max_run_length:
        raise MeldError(_too_long(rules))
    if meld.rank < ACE or (rules.ace_wrap and meld.rank > KING):
        raise MeldError(Message("A run cannot start there"))
    if not rules.ace_wrap and meld.high > ACE_HIGH:
        raise MeldError(Message("An ace is high or low, never both, and a run does not wrap past the king"))
