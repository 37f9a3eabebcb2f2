"""A finished deal, step by step: the table after each of its moves, every hand face up.

Built from the game's log (game/log.py), which the engine replays exactly: step k of a
deal is the state after its first k actions, applied to the state the deal was dealt in
(step 0). All the steps are taken once, when the replay opens (a deal is a few hundred
actions at most; the whole game's replay up to the deal is ~50 ms under CPython), and kept
as small frozen snapshots, so stepping back and forth only picks a snapshot.

Nothing here is particular to the last deal or to the game-over screen: ``deal_bounds``
finds every deal in a log, and ``DealReplay.of_log(log, deal)`` replays any of them, for
a later replay of any finished game (issue 12).

>>> from game.log import GameLog
>>> from game.state import new_game
>>> log = GameLog(seed=3, players=3)
>>> game = log.new_game()
>>> for _ in range(4):
...     log.play(game, game.legal_actions()[0])
>>> replay = DealReplay.of_log(log)
>>> len(replay), replay.at, replay.steps[-1].seats[1].hand == tuple(game.seats[1].hand)
(4, 4, True)
>>> replay.go(-10), replay.go(99)
(0, 4)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from game.actions import Action, Discard, Draw, GoDown, NextDeal, Pass, Steal
from game.cards import Card
from game.i18n import Later, Message, ngettext
from game.log import GameLog
from game.melds import Meld
from game.state import DealResult, Event, GameState, IllegalAction, Phase

from ...words import ClaimWords, claim_words, event_text


class ReplayError(ValueError):
    """The log does not replay to the game it belongs to; the message says where it breaks."""


@dataclass(frozen=True)
class SeatAt:
    """One seat at one step: its hand (face up: the deal is over) and its standing."""

    name: str
    hand: tuple[Card, ...]
    round: int
    total: int
    down: bool
    steals_left: Optional[int]  # None: no limit (Gallery's buys)


@dataclass(frozen=True)
class Step:
    """The table after ``number`` moves of the deal (0: as dealt), and that move in words.

    ``moved`` holds the keys of the cards the move put somewhere new (a hand, a meld, the
    pile's top), for the page to highlight; ``actor`` is the seat that made the move."""

    number: int
    seats: tuple[SeatAt, ...]
    table: tuple[tuple[int, Meld], ...]    # (owner, meld), in the table's order
    top: Optional[Card]
    buried: bool
    stock: int
    phase: Phase
    current: Optional[int]
    dealer: int
    actor: Optional[int]
    words: tuple[str, ...]
    moved: frozenset[str]
    result: Optional[DealResult]           # how the deal ended, at its last step
    turn_ended: bool = False               # the move was a discard: the next player's turn


def deal_bounds(log: GameLog) -> list[tuple[int, int]]:
    """Each deal's moves as (first action, end) index pairs into ``log.actions``, deal 1 first.

    A deal starts after the NextDeal that deals it (the first deal at 0); the NextDeal
    itself belongs to no deal."""
    starts = [0] + [n + 1 for n, action in enumerate(log.actions) if isinstance(action, NextDeal)]
    ends = [n for n, action in enumerate(log.actions) if isinstance(action, NextDeal)] + [len(log.actions)]
    return list(zip(starts, ends))


class DealReplay:
    """The steps of one deal and the one on show (``at``), kept within 0..len(self)."""

    def __init__(self, deal: int, steps: list[Step]) -> None:
        self.deal = deal
        self.steps = steps
        self.at = len(self)                 # a deal opens at its end

    def __len__(self) -> int:
        """How many moves the deal had (its steps are 0..len)."""
        return len(self.steps) - 1

    @property
    def step(self) -> Step:
        return self.steps[self.at]

    def go(self, to: int) -> int:
        """Show step ``to``, held within the deal's bounds; the step shown."""
        self.at = max(0, min(len(self), to))
        return self.at

    def matches(self, state: GameState) -> bool:
        """Its last step is ``state``: the same hands, melds, phase and result (a log that
        replays to another game, as a table built by hand in a test, is not offered)."""
        last = self.steps[-1]
        return (last.phase is state.phase and last.table == tuple((m.owner, m.meld) for m in state.table)
                and [seat.hand for seat in last.seats] == [tuple(seat.hand) for seat in state.seats]
                and last.result == (state.results[-1] if state.results else None))

    @classmethod
    def of_log(cls, log: GameLog, deal: Optional[int] = None) -> DealReplay:
        """Deal number ``deal`` of ``log`` (1 is the first; by default the last), at its end.

        ReplayError when the log does not replay (a damaged log: never from a game played here)."""
        bounds = deal_bounds(log)
        number = len(bounds) if deal is None else deal
        if not 1 <= number <= len(bounds):
            raise ReplayError(f"this game has no deal {number}")
        first, end = bounds[number - 1]
        try:
            state = log.replay(upto=first)
        except ValueError as error:
            raise ReplayError(str(error)) from None
        return cls(number, steps_of(state, log.actions[first:end]))


class GameReplay:
    """A whole game step by step: each deal's DealReplay in turn, built when first shown.

    ◀ and ▶ carry on across deals (back from a deal as dealt is the deal before at its end; on
    from a deal's end is the next one as dealt), so the player can walk from the first card dealt
    to the final scores. Only the deal on show is stepped: the others keep where they were left.

    >>> from game.log import GameLog
    >>> from game.actions import NextDeal
    >>> log = GameLog(seed=3, players=3)
    >>> game = log.new_game()
    >>> while game.deal_number == 1 or game.legal_actions()[0] == NextDeal():
    ...     log.play(game, game.legal_actions()[0])
    >>> replay = GameReplay(log, deal=1)
    >>> _ = replay.go(len(replay))
    >>> replay.forward(), (replay.deal, replay.at)
    (True, (2, 0))
    >>> replay.back(), (replay.deal, replay.at == len(replay.deal_replay(1)))
    (True, (1, True))
    """

    def __init__(self, log: GameLog, deal: Optional[int] = None) -> None:
        """The game opened at deal ``deal`` (by default the last), at its end; ReplayError if it does not replay."""
        self.log = log
        self.count = len(deal_bounds(log))
        self.rules = log.rules()
        self.deals: dict[int, DealReplay] = {}
        self.current = self.deal_replay(self.count if deal is None else deal)
        self.moved_by_player = False       # stepped since it opened (the page's focus follows)
        self._final: Optional[GameState] = None

    def deal_replay(self, number: int) -> DealReplay:
        """Deal ``number``'s steps (built once, at its end the first time); ReplayError if it cannot be."""
        if number not in self.deals:
            self.deals[number] = DealReplay.of_log(self.log, number)
        return self.deals[number]

    def show(self, number: int, at: Optional[int] = None) -> None:
        """Show deal ``number`` (held within 1..count) at step ``at`` (by default where it was left)."""
        self.current = self.deal_replay(max(1, min(self.count, number)))
        if at is not None:
            self.current.go(at)

    # The deal on show, as DealReplay has it: the screen reads these.
    @property
    def deal(self) -> int:
        return self.current.deal

    @property
    def at(self) -> int:
        return self.current.at

    @property
    def step(self) -> Step:
        return self.current.step

    @property
    def steps(self) -> list[Step]:
        return self.current.steps

    def __len__(self) -> int:
        return len(self.current)

    def go(self, to: int) -> int:
        return self.current.go(to)

    def matches(self, state: GameState) -> bool:
        """The game's last deal ends as ``state`` (see DealReplay.matches)."""
        return self.deal_replay(self.count).matches(state)

    def final_state(self) -> GameState:
        """The game as it ended (for its places and winners), replayed once when first asked."""
        if self._final is None:
            try:
                self._final = self.log.replay()
            except ValueError as error:
                raise ReplayError(str(error)) from None
        return self._final

    @property
    def first(self) -> bool:
        """The first deal as dealt: nothing before it."""
        return self.deal == 1 and self.at == 0

    @property
    def final(self) -> bool:
        """The last move of the last deal: the game's final scores."""
        return self.deal == self.count and self.at == len(self)

    def forward(self) -> bool:
        """One move on, into the next deal (as dealt) from a deal's end; False at the game's end."""
        if self.at < len(self):
            self.go(self.at + 1)
        elif self.deal < self.count:
            self.show(self.deal + 1, 0)
        else:
            return False
        return True

    def back(self) -> bool:
        """One move back, into the deal before (at its end) from a deal as dealt; False at the start."""
        if self.at > 0:
            self.go(self.at - 1)
        elif self.deal > 1:
            self.show(self.deal - 1)
            self.go(len(self))
        else:
            return False
        return True


def steps_of(state: GameState, actions: Sequence[Action]) -> list[Step]:
    """The snapshots of a deal from ``state`` (as dealt) through each of ``actions``, in turn.

    ``state`` is played on: pass one that is not needed afterwards."""
    names = [seat.name for seat in state.seats]
    steps = [snapshot(state, 0, None, (), frozenset(), False)]
    where = places(state)
    for number, action in enumerate(actions, start=1):
        actor, phase, seen = state.current_player, state.phase, len(state.events)
        top = state.pile[-1] if state.pile else None
        try:
            state.apply(action)
        except IllegalAction as error:
            raise ReplayError(f"move {number} of the deal is not legal here: {error}") from None
        words = move_words(action, actor, top, phase, state.events[seen:], names, claim_words(state.rules))
        before, where = where, places(state)
        moved = frozenset(card.key for card, place in where.items() if place != before.get(card))
        steps.append(snapshot(state, number, actor, words, moved, isinstance(action, Discard)))
    return steps


def snapshot(state: GameState, number: int, actor: Optional[int], words: tuple[str, ...],
             moved: frozenset[str], turn_ended: bool) -> Step:
    rules = state.rules
    seats = tuple(SeatAt(seat.name, tuple(seat.hand), seat.round, seat.total, seat.down,
                         rules.claims_left(state.steals_used(n)))
                  for n, seat in enumerate(state.seats))
    over = state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER)
    return Step(number, seats, tuple((m.owner, m.meld) for m in state.table),
                state.pile[-1] if state.pile else None, state.top_buried, len(state.stock), state.phase,
                state.current_player, state.dealer, actor, words, moved,
                state.results[-1] if over and state.results else None, turn_ended)


def places(state: GameState) -> dict[Card, object]:
    """Where each card in sight lies: ('hand', seat), ('meld', n) or 'pile' (its top only).

    Cards are their own keys (a card is unique within the shoe): no strings built per step."""
    where: dict[Card, object] = {state.pile[-1]: "pile"} if state.pile else {}
    for n, table_meld in enumerate(state.table):
        for card in table_meld.meld.cards:
            where[card] = ("meld", n)
    for n, seat in enumerate(state.seats):
        for card in seat.hand:
            where[card] = ("hand", n)
    return where


def move_words(action: Action, actor: int, top: Optional[Card], phase: Phase,
               events: Sequence[Event], names: Sequence[str], claim: ClaimWords) -> tuple[str, ...]:
    """One move in words: what the player did, then what followed from it (a steal, a draw,
    a new stock, the deal's end). Claims on a discard make no event of their own until the
    last one is in, so the claim itself is said from the action (there is a ``top`` then: a
    claim is always on the pile's top card)."""
    who, lines = names[actor], []      # each line a Message (or Later): said in the language drawn in
    if isinstance(action, Pass) and phase is Phase.CLAIMS:
        lines.append(Message("{who} let {card} go", who=who, card=top.symbol))
    elif isinstance(action, Steal):
        lines.append(Message("{who} claimed {card} {icon}", who=who, card=top.symbol, icon=claim.icon))
    elif isinstance(action, Draw) and not events:
        lines.append(Message("{who} chose the stock: {card} is up for stealing first", who=who, card=top.symbol)
                     if claim.verb == "steal" else
                     Message("{who} chose the stock: {card} is up for buying first", who=who, card=top.symbol))
    for event in events:
        if event.kind == "went_down" and isinstance(action, GoDown):
            lines.append(Message("{who} went down 📥 with {size}", who=who, size=Later(contract_cards, action)))
        elif event_text(event, names):
            lines.append(Later(event_text, event, names))
    return tuple(lines)


def contract_cards(action: GoDown) -> str:
    """'3 melds, 10 cards': the size of a going down, said briefly (the melds are on show)."""
    melds, cards = len(action.melds), sum(m.size for m in action.melds)
    return (ngettext("{n} meld", "{n} melds", melds).format(n=melds) + ", "
            + ngettext("{n} card", "{n} cards", cards).format(n=cards))
