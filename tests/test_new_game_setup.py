"""SPEC §1: a table of you plus 2–4 bots; a new game's seats, names and player count."""
import pytest

from game.log import GameLog, LogError
from game.state import new_game


def test_a_new_game_seats_three_players_unless_told_otherwise():
    assert new_game(seed=1).players == 3


@pytest.mark.parametrize("players", [2, 6])
def test_a_table_outside_three_to_five_players_is_refused_with_the_range(players):
    with pytest.raises(ValueError, match="^Aggravation takes 3 to 5 players$"):
        new_game(seed=1, players=players)


def test_a_saved_game_with_too_many_players_says_it_cannot_start():
    with pytest.raises(LogError, match="cannot start: Aggravation takes 3 to 5 players"):
        GameLog(seed=1, players=7).replay()


def test_unnamed_seats_are_numbered_from_one():
    game = new_game(seed=1, players=4)
    assert [seat.name for seat in game.seats] == ["Player 1", "Player 2", "Player 3", "Player 4"]


def test_named_seats_keep_their_names_in_order():
    game = new_game(seed=1, players=3, names=["You", "Sprout 1", "Sprout 2"])
    assert [p.name for p in game.view(0).players] == ["You", "Sprout 1", "Sprout 2"]


def test_one_name_per_player_or_a_clear_error():
    with pytest.raises(ValueError, match="^one name per player$"):
        new_game(seed=1, players=3, names=["You", "Sprout 1"])


def test_a_rulebook_without_the_swap_round_starts_with_the_first_draw():
    from dataclasses import replace

    from game.actions import Draw, TakeDiscard
    from game.rules import AGGRAVATION
    from game.state import Phase

    game = new_game(seed=1, players=3, rules=replace(AGGRAVATION, swap_round=False))
    assert game.phase is Phase.DRAW and game.current_player == 1  # left of the dealer, seat 0
    assert game.legal_actions() == [Draw(), TakeDiscard()]
