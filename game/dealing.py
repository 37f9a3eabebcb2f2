"""Dealing, the stock and its rebuilds, and the end of a deal with its scoring.

>>> from game.state import new_game
>>> game = new_game(seed=1, players=3)
>>> len(game.stock) + len(game.pile) + sum(len(s.hand) for s in game.seats)
216
"""
from __future__ import annotations

from typing import Optional, Sequence

from .cards import Card, shuffled_shoe
from .melds import hand_points
from .rules import Rules, TieBreak, WinnerPool
from .tabletop import DealResult, Event, Phase, Tabletop


def start_deal(state: Tabletop, dealer: int) -> None:
    """Shuffle a fresh shoe, deal each hand, turn up one card, open the swap round."""
    rules = state.rules
    shoe = shuffled_shoe(rules.decks_for(state.players), rules.jokers_per_deck, state.rng)
    size = rules.deal_size(state.seats[0].round)  # varies only where everyone shares the round
    for seat in state.seats:
        seat.hand = [shoe.pop() for _ in range(size)]
        seat.down = False
        seat.steals_this_deal = 0
    state.pile = [shoe.pop()]
    state.stock = shoe
    state.dealer = dealer
    state.deal_number += 1
    state.table = []
    state.events = []
    state.top_buried = False
    state.claimable_from = None
    state.claimants, state.claims = [], []
    state.rebuilds = 0
    state.went_down_now = False
    first = state.next_seat(dealer)
    state.turn = first
    if rules.swap_round:
        state.phase = Phase.SWAP
        state.swaps_left = state.players
    else:
        state.phase = Phase.DRAW


def draw_from_stock(state: Tabletop) -> Optional[Card]:
    """The top stock card, rebuilding the stock when empty; None ends the deal as dead."""
    if not state.stock and not rebuild_stock(state):
        end_deal(state, went_out=None)
        return None
    return state.stock.pop()


def rebuild_stock(state: Tabletop) -> bool:
    """Shuffle every discard but the top into a new stock, if the rules still allow it."""
    if state.rebuilds >= state.rules.stock_rebuilds or len(state.pile) < 2:
        return False
    state.stock = state.pile[:-1]
    state.pile = state.pile[-1:]
    state.rng.shuffle(state.stock)
    state.rebuilds += 1
    state.events.append(Event("rebuilt", state.turn))
    return True


def finishers(rules: Rules, seats: Sequence) -> list[int]:
    """The seats that end the game if the deal ended now (none: another deal follows): those down on
    the last round, or every seat once all play it where the rules end the game there. Read from
    what the table shows (each seat's round and whether it is down), so a player's view can tell
    that this deal is the last as surely as the engine does at its end."""
    if rules.end_after_last_round and all(seat.round == rules.rounds for seat in seats):
        return list(range(len(seats)))
    return [n for n, seat in enumerate(seats) if seat.down and seat.round == rules.rounds]


def end_deal(state: Tabletop, went_out: Optional[int]) -> None:
    """Score hands, move on those who went down, and decide whether the game is over."""
    rules = state.rules
    points = tuple(hand_points(seat.hand, rules) for seat in state.seats)
    rounds = tuple(seat.round for seat in state.seats)
    advanced = tuple(seat.down or rules.advance_after_miss for seat in state.seats)
    finished = finishers(rules, state.seats)
    for seat, score, moves_on in zip(state.seats, points, advanced):
        seat.total += score
        if moves_on and seat.round < rules.rounds:
            seat.round += 1
    state.results.append(
        DealResult(state.deal_number, points, advanced, rounds, went_out, went_out is None)
    )
    ending = Event("dead_deal", -1) if went_out is None else Event("went_out", went_out)
    state.events.append(ending)
    state.claimable_from = None
    if finished:
        if rules.winner_pool is WinnerPool.EVERYONE:
            finished = list(range(state.players))
        state.winners = winners(state, finished, went_out, points)
        state.phase = Phase.GAME_OVER
    else:
        state.phase = Phase.DEAL_OVER


def winners(
    state: Tabletop, pool: list[int], went_out: Optional[int], last_points: tuple[int, ...] = (),
) -> tuple[int, ...]:
    """Lowest total in the pool; a tie goes by the rules' tie-break (who went out, or the
    lower last deal), and what that leaves tied shares the win."""
    best = min(state.seats[n].total for n in pool)
    tied = [n for n in pool if state.seats[n].total == best]
    tie_break = state.rules.tie_break
    if len(tied) > 1 and tie_break is TieBreak.WENT_OUT and went_out in tied:
        return (went_out,)
    if len(tied) > 1 and tie_break is TieBreak.LAST_DEAL and last_points:
        lowest = min(last_points[n] for n in tied)
        tied = [n for n in tied if last_points[n] == lowest]
    return tuple(tied)


def next_deal(state: Tabletop) -> None:
    start_deal(state, dealer=state.next_seat(state.dealer))
