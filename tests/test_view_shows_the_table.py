"""SPEC §7: what a seat's view shows of the table — each player's round and contract, cards in
hand, steals left, down or not and total; whose turn, who deals, which deal, rebuilds left, and
the deals played so far."""
from game.actions import Discard
from game.view import PublicSeat
from game.state import Phase
from scenario import table


def test_every_player_is_shown_as_the_table_sees_them():
    game = table(["5H 6H", "KC 8C 9C", "9D TD 2C 3C"], stock="3S 4S", phase=Phase.PLAY,
                 rounds=[1, 3, 8], down=[1])
    game.seats[2].total, game.seats[2].steals_this_deal = 45, 3
    assert game.view(0).players[1:] == (
        PublicSeat(1, "Player 2", 3, "a set of 3 and a run of 4", 3, 4, True, 0),
        PublicSeat(2, "Player 3", 8, "a run of 9", 4, 1, False, 45),
    )


def test_the_view_says_who_laid_each_meld_on_the_table():
    game = table(["5H 6H", "KC 8C", "9D TD"], stock="3S 4S", phase=Phase.PLAY, down=[1, 2],
                 melds=[(2, "set", "7H 7S 7C"), (1, "run", "3S 4S 5S"), (2, "run", "9C TC JC")])
    for seat in range(3):
        assert [(m.index, m.owner, m.meld) for m in game.view(seat).table] == [
            (n, placed.owner, placed.meld) for n, placed in enumerate(game.table)]
        assert [m.owner for m in game.view(seat).table] == [2, 1, 2]


def test_the_view_says_whose_turn_who_deals_which_deal_and_rebuilds_left():
    game = table(["5H 6H", "KC 8C", "9D TD"], stock="3S 4S", phase=Phase.PLAY, turn=2, dealer=1)
    game.deal_number, game.rebuilds = 5, 1
    view = game.view(0)
    assert (view.turn, view.dealer, view.deal_number, view.rebuilds_left) == (2, 1, 5, 1)


def test_the_view_keeps_the_finished_deals_and_the_winners():
    game = table(["5H", "KC 8C", "9D TD"], stock="3S 4S", phase=Phase.PLAY, down=[0], rounds=[11, 2, 2])
    game.apply(Discard(game.seats[0].hand[0]))
    view = game.view(1)
    assert view.results == tuple(game.results) and len(view.results) == 1
    assert view.winners == (0,) and view.phase is Phase.GAME_OVER
