"""Every rule choice of a game as one frozen value; presets are values too.

Logic elsewhere reads these fields and never a literal: a preset or a house
rule is a different ``Rules``, not a different code path.

>>> AGGRAVATION.contract(3).describe()
'a set of 3 and a run of 4'
>>> AGGRAVATION.points_of_rank(13), AGGRAVATION.points_of_rank(0)
(10, 20)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class MeldKind(str, Enum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True)
class MeldSpec:
    """One meld a contract names: its kind and its exact size."""

    kind: MeldKind
    size: int

    def describe(self, article: str = "a") -> str:
        return f"{article} {self.kind.value} of {self.size}"


NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}


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
            else f"{NUMBER_WORDS.get(count, count)} {spec.kind.value}s of {spec.size}"
            for spec, count in groups
        ]
        return " and ".join(parts)


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


@dataclass(frozen=True)
class Rules:
    """A complete ruleset. The default values are the Aggravation preset."""

    name: str = "Aggravation"
    contracts: tuple[Contract, ...] = AGGRAVATION_CONTRACTS
    decks: int = 4
    jokers_per_deck: int = 2
    hand_size: int = 11
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
    # The deal.
    swap_round: bool = True
    exact_contract: bool = True
    keep_card_to_discard: int = 1
    # Stealing.
    steal_limit: int = 4
    steal_limit_per_game: bool = False
    steal_when_down: bool = False
    max_hand: int = 19
    steal_penalty: int = 1
    # The stock.
    stock_rebuilds: int = 2
    # House rules (off in the Aggravation preset).
    wild_swap: bool = False
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


AGGRAVATION = Rules()

HOUSE_RULES = {
    "wild_swap": "Swap a wild off the table for the natural card it stands for",
    "advance_after_miss": "Everyone moves on to the next round, down or not",
    "steal_limit_per_game": "The steal limit counts per game, not per deal",
    "ace_wrap": "Runs may wrap around the ace (K-A-2)",
}

PRESETS = {"aggravation": AGGRAVATION}
