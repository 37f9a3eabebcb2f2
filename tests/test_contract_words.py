"""SPEC §2 and §9: a contract is data, and its words follow the data — including rulebooks whose
contracts repeat one meld more often than any Aggravation round does."""
from game.rules import Contract, MeldKind, MeldSpec


def test_many_of_one_meld_are_counted_in_figures_past_four():
    five_sets = Contract((MeldSpec(MeldKind.SET, 3),) * 5)
    assert five_sets.describe() == "5 sets of 3"
    four_runs = Contract((MeldSpec(MeldKind.RUN, 3),) * 4)
    assert four_runs.describe() == "four runs of 3"

