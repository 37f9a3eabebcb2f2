"""Every rule choice of a game as one frozen value; presets are values too.

Logic elsewhere reads these fields and never a literal: a preset or a house
rule is a different ``Rules``, not a different code path.

>>> AGGRAVATION.contract(3).describe()
'a set of 3 and a run of 4'
>>> AGGRAVATION.points_of_rank(13), AGGRAVATION.points_of_rank(0)
(10, 20)

The other two rulebooks (SPEC §10, §11) are values of the same class:

>>> GALLERY.contract(8).describe(), CONTRACT_RUMMY.deal_size(5), CONTRACT_RUMMY.decks_for(6)
('a set of 5 and a pair', 12, 3)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Optional

from .card_names import count_word
from .cards import and_list
from .i18n import Message, N_


class MeldKind(str, Enum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True)
class MeldSpec:
    """One meld a contract names: its kind and its exact size."""

    kind: MeldKind
    size: int

    @property
    def is_pair(self) -> bool:
        """A set of exactly two (Gallery): worded and framed as a pair, grown like a set."""
        return self.kind is MeldKind.SET and self.size == PAIR_SIZE

    @property
    def noun(self) -> str:
        return "pair" if self.is_pair else self.kind.value

    def describe(self, article: str = "a") -> str:
        """'a set of 3', 'the run of 4', 'a pair' (a Message: said in the language drawn in)."""
        if (article, self.noun) not in SPEC_WORDS:      # a form no sentence of the game says: English only
            return f"{article} pair" if self.is_pair else f"{article} {self.kind.value} of {self.size}"
        return Message(SPEC_WORDS[article, self.noun], size=self.size)


PAIR_SIZE = 2
# One meld of a contract, with an article: "a set of 3" as a contract names it, "the run of 4" as
# advice points at one of its melds. {size}: how many cards the meld holds.
SPEC_WORDS = {
    # Translators: one meld of a contract ("a set of 3 and a run of 4"): a set is cards of one number,
    # a run cards in sequence of one suit, a pair two cards of one number; {size} is how many cards.
    ("a", "set"): N_("a set of {size}"), ("a", "run"): N_("a run of {size}"), ("a", "pair"): N_("a pair"),
    # Translators: one meld of the player's contract, pointed at ("2 more sevens for the set of 3").
    ("the", "set"): N_("the set of {size}"), ("the", "run"): N_("the run of {size}"), ("the", "pair"): N_("the pair"),
}
# Several melds alike in a contract: "two sets of 3" (the counts the rulebooks use, in words).
SPECS_WORDS = {
    # Translators: melds alike in a contract ("two sets of 3 and a run of 4"); {size}: cards in each.
    (2, "set"): N_("two sets of {size}"), (3, "set"): N_("three sets of {size}"),
    (2, "run"): N_("two runs of {size}"), (3, "run"): N_("three runs of {size}"), (2, "pair"): N_("two pairs"),
}
# Translators: melds alike in a contract, a count no rulebook uses; {count}: how many, in words ("four").
SPECS_OTHER = {"set": N_("{count} sets of {size}"), "run": N_("{count} runs of {size}"), "pair": N_("{count} pairs")}


@dataclass(frozen=True)
class Contract:
    """What one round asks a player to lay down, all at once."""

    melds: tuple[MeldSpec, ...]

    @property
    def cards(self) -> int:
        return sum(spec.size for spec in self.melds)

    def describe(self) -> str:
        """'two sets of 3', 'a set of 3 and a run of 4', 'a run of 7'."""
        groups: list[tuple[MeldSpec, int]] = []
        for spec in self.melds:
            if groups and groups[-1][0] == spec:
                groups[-1] = (spec, groups[-1][1] + 1)
            else:
                groups.append((spec, 1))
        parts = [
            spec.describe() if count == 1
            else Message(SPECS_WORDS[count, spec.noun], size=spec.size) if (count, spec.noun) in SPECS_WORDS
            else Message(SPECS_OTHER[spec.noun], count=count_word(count) if count <= 4 else str(count), size=spec.size)
            for spec, count in groups
        ]
        return and_list(parts)


def _contract(*parts: tuple[str, int]) -> Contract:
    return Contract(tuple(MeldSpec(MeldKind(kind), size) for kind, size in parts))


S, R = "set", "run"
AGGRAVATION_CONTRACTS = (
    _contract((S, 3), (S, 3)),
    _contract((R, 3), (R, 3)),
    _contract((S, 3), (R, 4)),
    _contract((R, 7)),
    _contract((S, 4), (R, 4)),
    _contract((R, 8)),
    _contract((S, 4), (S, 4)),
    _contract((R, 9)),
    _contract((S, 5), (R, 3)),
    _contract((S, 5), (R, 5)),
    _contract((S, 5), (S, 5)),
)

# Card points by rank (1 = ace … 13 = king, 0 = joker).
AGGRAVATION_POINTS = (20, 15, 20) + (5,) * 8 + (10, 10, 10)


class WinnerPool(str, Enum):
    """Whose totals the game's winner is chosen from."""

    FINISHERS = "finishers"  # those who went down on the last round (Aggravation)
    EVERYONE = "everyone"    # every player, the finisher included (Gallery, Contract Rummy)


class TieBreak(str, Enum):
    """What settles equal lowest totals before the win is shared."""

    WENT_OUT = "went_out"    # the tied player who went out in the last deal
    LAST_DEAL = "last_deal"  # the lower score in the last deal
    SHARED = "shared"        # nothing: they share it


@dataclass(frozen=True)
class Rules:
    """A complete ruleset. The default values are the Aggravation preset."""

    name: str = "Aggravation"
    contracts: tuple[Contract, ...] = AGGRAVATION_CONTRACTS
    decks: int = 4
    jokers_per_deck: int = 2
    # (most players, decks) rows, smallest first; empty: always ``decks``.
    decks_by_players: tuple[tuple[int, int], ...] = ()
    hand_size: int = 11
    # Cards dealt by round number (1-based); empty: always ``hand_size``.
    deal_sizes: tuple[int, ...] = ()
    min_players: int = 3
    max_players: int = 5
    # Scoring: points indexed by rank, 0 = joker.
    points: tuple[int, ...] = AGGRAVATION_POINTS
    # Melds.
    min_meld_size: int = 3
    max_run_length: int = 13
    twos_wild: bool = True
    min_naturals: int = 1
    ace_wrap: bool = False
    pairs: bool = False                 # a contract may name a pair (a set of two)
    distinct_runs: bool = False         # two runs of one going down may not be the same cards
    # The deal.
    swap_round: bool = True
    buried_discards: bool = True        # a covered discard, uncovered again, may not be taken
    pile_dig: bool = False              # draw any pile card together with every card above it
    exact_contract: bool = True
    keep_card_to_discard: int = 1
    no_discard_rounds: tuple[int, ...] = ()  # rounds gone out by playing every card, no discard
    extra_melds: bool = False           # once down, lay more melds of the contract's kinds
    must_lay_off: bool = False          # once down, lay off every card that fits before discarding
    lay_off_when_going_down: bool = True  # lay off on the turn you went down
    take_backs: bool = True             # a player may take back what reveals no card (game/takeback.py)
    # Claiming a passed-over discard with a card from the stock as its price.
    claim_word: str = "steal"           # "steal" (Aggravation) or "buy" (the presets)
    steal_limit: Optional[int] = 4      # None: no limit
    steal_limit_per_game: bool = False
    steal_when_down: bool = False
    max_hand: Optional[int] = 19        # a claim may not take the hand past this; None: no cap
    steal_penalty: int = 1
    # The stock.
    stock_rebuilds: int = 2
    # The game's end.
    end_after_last_round: bool = False  # the game ends once the last round was played, gone down or not
    winner_pool: WinnerPool = WinnerPool.FINISHERS
    tie_break: TieBreak = TieBreak.WENT_OUT
    # House rules (off in the Aggravation preset).
    wild_swap: bool = False
    wild_swap_runs_only: bool = False   # only a wild in a run may be swapped (Contract Rummy)
    wild_swap_when_down: bool = False   # only a player who is down may swap
    advance_after_miss: bool = False

    @property
    def rounds(self) -> int:
        return len(self.contracts)

    def contract(self, round_number: int) -> Contract:
        """The contract of a 1-based round number."""
        return self.contracts[round_number - 1]

    def points_of_rank(self, rank: int) -> int:
        return self.points[rank]

    def with_house_rules(self, **switches: bool) -> Rules:
        return replace(self, **switches)

    def deal_size(self, round_number: int) -> int:
        """Cards each player is dealt in a round: Contract Rummy deals more in later rounds."""
        return self.deal_sizes[round_number - 1] if self.deal_sizes else self.hand_size

    def decks_for(self, players: int) -> int:
        """Decks in the shoe for a table this size: Contract Rummy grows its shoe with the table."""
        for most, decks in self.decks_by_players:
            if players <= most:
                return decks
        return self.decks

    def min_size(self, kind: MeldKind) -> int:
        """The smallest meld of ``kind``: a set may be a pair where contracts name pairs."""
        return PAIR_SIZE if self.pairs and kind is MeldKind.SET else self.min_meld_size

    def same_frame_twice(self, spec: MeldSpec) -> int:
        """0 when two melds of a contract may be the very same frame (two sets of 7s, or two
        runs 5-8♥ from two decks), 1 when not (Contract Rummy's runs): what a search skips."""
        return int(self.distinct_runs and spec.kind is MeldKind.RUN)

    def keep_for(self, round_number: int) -> int:
        """Cards a player must keep after laying cards: none in a round gone out without a discard."""
        return 0 if self.goes_out_by_play(round_number) else self.keep_card_to_discard

    def goes_out_by_play(self, round_number: int) -> bool:
        """Whether emptying the hand by laying cards goes out (and discarding the last card does not)."""
        return round_number in self.no_discard_rounds

    def claims_left(self, used: int) -> Optional[int]:
        """Steals (or buys) a player has left after ``used``; None when there is no limit."""
        return None if self.steal_limit is None else max(0, self.steal_limit - used)

    def claim_fits(self, hand_size: int) -> bool:
        """Whether a hand of ``hand_size`` may claim: the discard and the price card stay within
        the cap (Aggravation's 19 cards; Gallery's buys have none, like its deep pick)."""
        return self.max_hand is None or hand_size + 1 + self.steal_penalty <= self.max_hand

    @property
    def claim_event(self) -> str:
        """The event's name for a claimed discard: 'stole' or 'bought'."""
        return CLAIM_EVENTS[self.claim_word]


CLAIM_EVENTS = {"steal": "stole", "buy": "bought"}

AGGRAVATION = Rules()

GALLERY_CONTRACTS = (
    _contract((S, 3), (S, 3)),
    _contract((S, 3), (R, 4)),
    _contract((R, 7)),
    _contract((S, 4), (R, 4)),
    _contract((R, 8)),
    _contract((S, 4), (S, 4)),
    _contract((R, 9)),
    _contract((S, 5), (S, PAIR_SIZE)),
    _contract((S, 5), (R, 3)),
    _contract((S, 5), (R, 5)),
    _contract((R, 11)),
    _contract((S, 5), (S, 5)),
)

GALLERY = Rules(
    name="Gallery Aggravation Rummy",
    contracts=GALLERY_CONTRACTS,
    min_players=2,
    max_players=6,
    pairs=True,
    swap_round=False,
    buried_discards=False,
    pile_dig=True,
    keep_card_to_discard=0,
    extra_melds=True,
    must_lay_off=True,
    claim_word="buy",
    steal_limit=None,
    max_hand=None,
    winner_pool=WinnerPool.EVERYONE,
    tie_break=TieBreak.SHARED,
)

CONTRACT_RUMMY_CONTRACTS = (
    _contract((S, 3), (S, 3)),
    _contract((S, 3), (R, 4)),
    _contract((R, 4), (R, 4)),
    _contract((S, 3), (S, 3), (S, 3)),
    _contract((S, 3), (S, 3), (R, 4)),
    _contract((S, 3), (R, 4), (R, 4)),
    _contract((R, 4), (R, 4), (R, 4)),
)

# Contract Rummy: 2-9 are 5, 10 J Q K are 10, aces and jokers 15.
CONTRACT_RUMMY_POINTS = (15, 15) + (5,) * 8 + (10, 10, 10, 10)

CONTRACT_RUMMY = Rules(
    name="Contract Rummy",
    contracts=CONTRACT_RUMMY_CONTRACTS,
    decks=4,
    decks_by_players=((4, 2), (6, 3), (8, 4)),
    deal_sizes=(10, 10, 10, 10, 12, 12, 12),
    min_players=3,
    max_players=8,
    points=CONTRACT_RUMMY_POINTS,
    twos_wild=False,
    distinct_runs=True,
    swap_round=False,
    buried_discards=False,
    no_discard_rounds=(7,),
    lay_off_when_going_down=False,
    claim_word="buy",
    steal_limit=3,
    stock_rebuilds=1,
    end_after_last_round=True,
    winner_pool=WinnerPool.EVERYONE,
    tie_break=TieBreak.LAST_DEAL,
    wild_swap=True,
    wild_swap_runs_only=True,
    wild_swap_when_down=True,
    advance_after_miss=True,
)

HOUSE_RULES = {
    "wild_swap": N_("Swap a wild off the table for the natural card it stands for"),
    "advance_after_miss": N_("Everyone moves on to the next round, down or not"),
    "steal_limit_per_game": N_("The steal limit counts per game, not per deal"),
    "ace_wrap": N_("Runs may wrap around the ace (K-A-2)"),
}

PRESETS = {"aggravation": AGGRAVATION, "gallery": GALLERY, "contract": CONTRACT_RUMMY}
DEFAULT_PRESET = "aggravation"  # the game's own rulebook: old logs without a preset are its games
