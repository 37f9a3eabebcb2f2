"""The replay as plain data: the step on show (every hand, the melds, the pile, whose turn, the
move in words), the controls, a chip per deal, and at the game's last move its final places.
"""
from __future__ import annotations

from typing import Any, Optional

from game.i18n import _, ngettext
from game.state import Phase

from ...session.screen_state import HUMAN
from ...session.session import Session
from ...standings import places, why_won
from ...store.kept import share_model
from ...words import sort_hand
from ..parts import button_model, card_model, meld_cards, meld_label

Model = dict[str, Any]


def replay_model(s: Session) -> Model:
    """The game-over replay (ui.replay): see replay_view; ✕ goes back to the scores."""
    replay = s.ui.replay
    return replay_view(replay, button_model("replay-close", _("✕ Back to the scores")),
                       share_model(s.log, s.level, s.ui.shared, replay.deal))


def replay_view(replay, close: Model, share: Model) -> Model:
    """A game's replay (steps.py GameReplay) at its step: every hand face up (the game is
    over), the melds, the pile and stock, whose turn, the move just made in words, the controls,
    a chip per deal, and at the last move of the last deal the final places. ``close``: the ✕
    button; ``share``: 🔗 Share this deal (kept.share_model), under the table."""
    step, rules, at, last = replay.step, replay.rules, replay.at, len(replay)
    names = [seat.name for seat in step.seats]
    points = step.result.points if step.result else None
    final = replay.final
    return {
        "deal": replay.deal, "deals": replay.count, "at": at, "last": last, "close": close,
        "counter": _("as dealt") if at == 0 else _("move {at} of {last}").format(at=at, last=last),
        "words": list(step.words) if at else [
            ngettext("Deal {deal} as dealt: {n} move to come", "Deal {deal} as dealt: {n} moves to come", last
                     ).format(deal=replay.deal, n=last)],
        "turn": replay_turn(step, names, rules.claim_word),
        "seats": [replay_seat(step, n, rules, points) for n in range(len(names))],
        "table": [{"owner": names[owner], "kind": meld.kind.value,
                   "cards": [dict(c, just=c["key"] in step.moved) for c in meld_cards(meld, rules)],
                   "label": meld_label(meld, names[owner], rules),
                   "just": any(c.key in step.moved for c in meld.cards)}
                  for owner, meld in step.table],
        "stock": step.stock,
        "top": card_model(step.top, just=step.top.key in step.moved) if step.top else None,
        "buried": step.buried,
        "buttons": [button_model("replay-go", "⏮", at > 0, arg="start", style="first"),
                    button_model("replay-go", "◀", not replay.first, arg="back", style="back"),
                    button_model("replay-go", "▶", not final, arg="forward", style="primary forward"),
                    button_model("replay-go", "⏭", at < last, arg="end", style="last")],
        "labels": {"start": _("The deal as dealt"), "back": _("One move back"), "forward": _("One move on"),
                   "end": _("The deal's last move")},
        "chips": [{"act": "replay-deal", "arg": str(n), "label": str(n), "on": n == replay.deal}
                  for n in range(1, replay.count + 1)],
        "final": final_places(replay) if final else None,
        "autofocus": not replay.moved_by_player,
        "share": share,
    }


def final_places(replay) -> Model:
    """The game's final scores, at the replay's last move: the places, as the game-over screen has them."""
    state = replay.final_state()
    v = state.view(HUMAN)
    names = [seat.name for seat in state.seats]
    winners = [names[n] for n in v.winners]
    return {"places": places(v, names), "winners": winners, "why_won": why_won(v, names), "last_round": v.rules.rounds}


def replay_seat(step, n: int, rules, points: Optional[tuple[int, ...]]) -> Model:
    """One seat at one step: its standing and its whole hand, small cards in the page's order. At the
    deal's end the round is the one it played (the engine has already moved the seat on)."""
    seat = step.seats[n]
    played = step.result.rounds_played[n] if step.result is not None else seat.round
    cards = [card_model(c, just=c.key in step.moved) for c in sort_hand(seat.hand, "number", rules)]
    return {"seat": n, "name": seat.name, "round": played,
            "down": seat.down, "current": step.current == n, "actor": step.actor == n, "dealer": step.dealer == n,
            "cards": cards, "count": ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards)),
            "points": None if points is None else points[n],
            "went_out": step.result is not None and step.result.went_out == n}


def replay_turn(step, names: list[str], claim: str) -> str:
    """Whose turn it is at this step, and to do what."""
    if step.result is not None:
        return _("Everyone scores the cards left in hand")
    who = names[step.current]
    top = step.top.symbol if step.top else _("the discard")
    if step.phase is Phase.SWAP:
        return _("{who} to swap with {card} or pass").format(who=who, card=top)
    if step.phase is Phase.DRAW:
        return (_("{who} to draw") if step.buried or not step.top else _("{who} to draw or take {card}")).format(who=who, card=top)
    if step.phase is Phase.CLAIMS:
        return (_("{who} to steal {card} or let it go") if claim == "steal" else
                _("{who} to buy {card} or let it go")).format(who=who, card=top)
    return _("{who} to play and discard").format(who=who) if step.phase is Phase.PLAY else ""
