"""💡 Hint: on the player's own turn in a solo game, one sentence naming the move and the card.

The sentence comes from the advice that drives the guided deal's coach (session/advice.py: the
solver's word on this hand) and, for a discard no card can be spared for, from the bots' own
judgement of the least useful card (game/bots/evaluate.py). It is worked out from what the
player may know and nothing else: their own view (game/view.py: their hand, the table, the pile)
and the engine's list of their own legal moves, which reads only their hand and the table. No
other hand and no stock order reaches it, so a hint can never give away a hidden card.

A hint shown lasts for the moment it was asked in (any move ends it: it is about that moment);
a game in which one was asked is marked (``Session.hints``) and the statistics count it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from game.actions import Discard, GoDown, LayOff, Swap, TakeDiscard
from game.cards import Card, and_list
from game.legal import ends_for
from game.melds import is_wild
from game.state import Phase

from ...session import advice
from ...session.session import Session
from ...words import possessive
from .melds import meld_name

# The phases a hint speaks to: the player's own turn (a claim on offer has its own question).
HINTED = (Phase.SWAP, Phase.DRAW, Phase.PLAY)


@dataclass(frozen=True)
class Hint:
    """One hint: its sentence, the move it advises (a ``data-act``) and the card it names."""

    text: str
    act: str
    card: Optional[Card] = None
    why: str = ""                 # the reason in brief, said once if the player does otherwise


def offered(s: Session) -> bool:
    """Whether 💡 shows: the setting is on, the game is the player's alone against bots (not
    pass-and-play, not online), no lesson is coaching (its tips already say it), and it is the
    player's own turn to swap, draw or play."""
    return (s.settings.hint == "on" and s.people == 1 and not s.online and s.ui.coach is None
            and s.state is not None and s.my_turn() and s.state.phase in HINTED)


def ask(s: Session, _: str = "") -> None:
    """💡 (or H): the hint for this moment, shown until the table moves; the game is marked."""
    if not offered(s):
        s.say("💡 Hints come on your own turn in a game against the bots (⚙️ Settings switches them)")
        return
    found = advise(s.state.view(s.seat), s.state.legal_actions())
    s.ui.hint = (found, s.moment().instant())
    s.hints += 1


def shown(s: Session) -> Optional[Hint]:
    """The hint asked for at this very moment, if any (a move since then ends it)."""
    if s.ui.hint is None or s.state is None or s.ui.hint[1] != s.moment().instant():
        return None
    return s.ui.hint[0]


def advise(v, legal: Sequence) -> Hint:
    """The hint for the player whose view ``v`` is, given their legal moves ``legal``."""
    if v.phase is Phase.SWAP:
        return swap_hint(v, legal)
    if v.phase is Phase.DRAW:
        return draw_hint(v, legal)
    return play_hint(v, legal)


def swap_hint(v, legal: Sequence) -> Hint:
    top = v.top
    give = advice.best_swap(*advice.from_view(v), top) if top else None
    if give is None or Swap(give) not in legal:
        return Hint(f"💡 Pass: no card you could give for {top.symbol if top else 'the discard'} brings your "
                    "contract closer", "pass", why="no swap brought your contract closer")
    return Hint(f"💡 Swap {give.symbol} for {top.symbol}: {with_words(v, top)}", "swap", give,
                f"{top.symbol} brought your contract closer")


def draw_hint(v, legal: Sequence) -> Hint:
    top = v.top
    if top is None:
        return Hint("💡 Draw from the stock: the discard pile is empty", "draw")
    if v.top_buried or TakeDiscard() not in legal:
        return Hint(f"💡 Draw from the stock: 🔒 {top.symbol} is buried, so nobody may take it", "draw")
    if v.me.down:
        fits = [p for p in v.table if ends_for(p.meld, top, v.rules)]
        if fits:
            return Hint(f"💡 Take {top.symbol}: it lays straight off on {meld_words(v, fits[0])}", "take", top,
                        f"{top.symbol} would have gone straight onto a meld")
        return Hint(f"💡 Draw from the stock: {top.symbol} fits no meld on the table", "draw",
                    why=f"{top.symbol} fitted no meld")
    if advice.brings_closer(*advice.from_view(v), top):
        return Hint(f"💡 Take {top.symbol}: {with_words(v, top)}", "take", top,
                    f"{top.symbol} brought your contract closer")
    return Hint(f"💡 Draw from the stock: {top.symbol} would not bring your contract closer", "draw",
                why=f"{top.symbol} did not bring your contract closer")


def with_words(v, card: Card) -> str:
    """'it goes with your 7♣ and 7♠ for the set of 3': the meld of the contract the card helps."""
    found = advice.goes_with(*advice.from_view(v), card)
    if found is None:
        return "it brings your contract closer"
    meld, mates = found
    if not mates:
        return f"it starts {meld} of your contract"
    return f"it goes with your {and_list([c.symbol for c in mates])} for {meld}"


def meld_words(v, placed) -> str:
    """"Scout 1’s run of hearts", "your set of 8s"."""
    owner = "your" if placed.owner == v.seat else possessive(v.players[placed.owner].name)
    return f"{owner} {meld_name(placed.meld)}"


def play_hint(v, legal: Sequence) -> Hint:
    if any(isinstance(a, GoDown) for a in legal):
        return Hint(f"💡 You can go down now: 📥 Go down… lays {v.contract.describe()}", "godown",
                    why="you could have gone down")
    offs = sorted((a for a in legal if isinstance(a, LayOff)), key=lambda a: is_wild(a.card, v.rules))
    if offs:
        first = offs[0]
        cards = {a.card.key for a in offs}
        room = len(v.hand) - v.rules.keep_for(v.me.round)     # a card kept back for the last discard
        more = "" if min(len(cards), room) < 2 else " (🧲 lays off both that fit)" if len(cards) == 2 else \
            f" (🧲 lays off all {len(cards)} that fit)" if len(cards) <= room else \
            f" (🧲 lays off {room} of the {len(cards)} that fit: one card stays for your discard)"
        return Hint(f"💡 Lay off {first.card.symbol} on {meld_words(v, v.table[first.meld])}{more}", "layoff",
                    first.card, f"{first.card.symbol} could go on a meld, one card fewer to pay for")
    cards = [a.card for a in legal if isinstance(a, Discard)]
    if not cards:
        return Hint("💡 Lay down every card you hold to go out: this round has no discard", "layoff")
    return discard_hint(v, cards)


def discard_hint(v, cards: list[Card]) -> Hint:
    """Before going down: a card the contract can spare (the coach's), else the one the bots judge
    least useful. Once down: the natural card worth most points (nothing left fits a meld)."""
    rules = v.rules
    if v.me.down:
        card = min(cards, key=lambda c: (is_wild(c, rules), -rules.points_of_rank(c.rank), c.code))
        if any(ends_for(p.meld, card, rules) for p in v.table):     # it fits, but the last card is the discard
            return Hint(f"💡 Discard {card.symbol}: it would fit a meld, but your last card must be your discard",
                        "discard", card, "your last card had to be your discard")
        return Hint(f"💡 Discard {card.symbol}: it fits no meld, and at {rules.points_of_rank(card.rank)} points "
                    "it costs the most if someone goes out", "discard", card, f"{card.symbol} cost the most points")
    hand, contract, _ = advice.from_view(v)
    spare = advice.spare_of(hand, contract, rules)
    if spare is not None and spare in cards:
        return Hint(f"💡 Discard {spare.symbol}: your contract can spare it, and at {rules.points_of_rank(spare.rank)} "
                    "points it costs the most if someone goes out", "discard", spare,
                    f"your contract could spare {spare.symbol}")
    from game.bots.evaluate import Evaluator   # the bots' judgement: loaded only when a hint asks it

    card = Evaluator(rules).least_useful(list(v.hand), v.me.round, cards)
    return Hint(f"💡 Discard {card.symbol}: every card counts, and it does the least for your contract "
                f"(you still need {advice.needs_of(hand, contract, rules)})", "discard", card,
                f"{card.symbol} did the least for your contract")


def hint_model(s: Session) -> Optional[dict]:
    """The table's 💡: in a game against the bots with hints on, always there (between your turns
    disabled, so the bar never shifts as turns go round), and the sentence once asked."""
    if s.settings.hint != "on" or s.people != 1 or s.online or s.ui.coach is not None:
        return None
    if not offered(s):
        return {"text": "", "enabled": False}
    found = shown(s)
    return {"text": found.text if found else "", "enabled": True}


INTENTS = {"hint": ask}
