"""💡 Hint: on the player's own turn in a solo game, one sentence naming the move and the card.

The sentence comes from the advice that drives the guided deal's coach (session/advice.py: the
solver's word on this hand) and, for a discard no card can be spared for, from the bots' own
judgement of the least useful card (game/bots/evaluate.py). It is worked out from what the
player may know and nothing else: their own view (game/view.py: their hand, the table, the pile)
and the engine's list of their own legal moves, which reads only their hand and the table. No
other hand and no stock order reaches it, so a hint can never give away a hidden card.

The hint is kept in the session (the moment it was asked in), so its words are kept as Messages
(game/i18n.py), said in the language the table is drawn in; a count in them is a ``Later``.

A hint shown lasts for the moment it was asked in (any move ends it: it is about that moment);
a game in which one was asked is marked (``Session.hints``) and the statistics count it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from game.actions import Discard, GoDown, LayOff, Swap, TakeDiscard
from game.cards import Card
from game.i18n import Later, Message, _, ngettext
from game.i18n import shown as in_language
from game.legal import ends_for
from game.melds import is_wild
from game.state import Phase

from ...session import advice
from ...session.session import Session
from ...words import listed
from .melds import meld_name

# The phases a hint speaks to: the player's own turn (a claim on offer has its own question).
HINTED = (Phase.SWAP, Phase.DRAW, Phase.PLAY)


@dataclass(frozen=True)
class Hint:
    """One hint: its sentence, the move it advises (a ``data-act``) and the card it names."""

    text: str                     # a Message (or Later): said in the language drawn in
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
        s.say(Message("💡 Hints come on your own turn in a game against the bots (⚙️ Settings switches them)"))
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
        why = Message("no swap brought your contract closer")
        if top is None:
            return Hint(Message("💡 Pass: no card you could give for the discard brings your contract closer"), "pass",
                        why=why)
        return Hint(Message("💡 Pass: no card you could give for {card} brings your contract closer", card=top.symbol),
                    "pass", why=why)
    # Translators: the swap round's hint: {give} the hand's card, {top} the discard, {why} e.g. "it goes with your 7♣".
    return Hint(Message("💡 Swap {give} for {top}: {why}", give=give.symbol, top=top.symbol, why=with_words(v, top)),
                "swap", give, closer(top))


def closer(card: Card) -> Message:
    return Message("{card} brought your contract closer", card=card.symbol)


def draw_hint(v, legal: Sequence) -> Hint:
    top = v.top
    if top is None:
        return Hint(Message("💡 Draw from the stock: the discard pile is empty"), "draw")
    card = top.symbol
    if v.top_buried or TakeDiscard() not in legal:
        return Hint(Message("💡 Draw from the stock: 🔒 {card} is buried, so nobody may take it", card=card), "draw")
    if v.me.down:
        fits = [p for p in v.table if ends_for(p.meld, top, v.rules)]
        if fits:
            # Translators: {meld} is whose meld and which, e.g. "Scout 1’s run of hearts", "your set of 8s".
            return Hint(Message("💡 Take {card}: it lays straight off on {meld}", card=card, meld=meld_words(v, fits[0])),
                        "take", top, Message("{card} would have gone straight onto a meld", card=card))
        return Hint(Message("💡 Draw from the stock: {card} fits no meld on the table", card=card), "draw",
                    why=Message("{card} fitted no meld", card=card))
    if advice.brings_closer(*advice.from_view(v), top):
        return Hint(Message("💡 Take {card}: {why}", card=card, why=with_words(v, top)), "take", top, closer(top))
    return Hint(Message("💡 Draw from the stock: {card} would not bring your contract closer", card=card), "draw",
                why=Message("{card} did not bring your contract closer", card=card))


def with_words(v, card: Card) -> Message:
    """'it goes with your 7♣ and 7♠ for the set of 3': the meld of the contract the card helps."""
    found = advice.goes_with(*advice.from_view(v), card)
    if found is None:
        return Message("it brings your contract closer")
    meld, mates = found
    if not mates:
        # Translators: {meld} is one meld of the contract, with its article: "the set of 3".
        return Message("it starts {meld} of your contract", meld=meld)
    # Translators: {cards} are card glyphs listed ("7♣ and 7♠"); {meld} one meld of the contract: "the set of 3".
    return Message("it goes with your {cards} for {meld}", cards=Later(listed, [c.symbol for c in mates]), meld=meld)


def meld_words(v, placed) -> Message:
    """"Scout 1’s run of hearts", "your set of 8s"."""
    if placed.owner == v.seat:
        # Translators: a meld of yours inside a sentence: {meld} is "run of hearts", "set of 8s".
        return Message("your {meld}", meld=meld_name(placed.meld))
    # Translators: another player's meld inside a sentence: "Scout 1’s run of hearts".
    return Message("{owner}’s {meld}", owner=v.players[placed.owner].name, meld=meld_name(placed.meld))


def play_hint(v, legal: Sequence) -> Hint:
    if any(isinstance(a, GoDown) for a in legal):
        # Translators: {contract} is the contract in words: "two sets of 3".
        return Hint(Message("💡 You can go down now: 📥 Go down… lays {contract}", contract=v.contract.describe()),
                    "godown", why=Message("you could have gone down"))
    offs = sorted((a for a in legal if isinstance(a, LayOff)), key=lambda a: is_wild(a.card, v.rules))
    if offs:
        first = offs[0]
        cards = {a.card.key for a in offs}
        room = len(v.hand) - v.rules.keep_for(v.me.round)     # a card kept back for the last discard
        text = Later(lay_off_words, first.card.symbol, meld_words(v, v.table[first.meld]), len(cards), room)
        return Hint(text, "layoff", first.card,
                    Message("{card} could go on a meld, one card fewer to pay for", card=first.card.symbol))
    cards = [a.card for a in legal if isinstance(a, Discard)]
    if not cards:
        return Hint(Message("💡 Lay down every card you hold to go out: this round has no discard"), "layoff")
    return discard_hint(v, cards)


def lay_off_words(card: str, meld: Message, fits: int, room: int) -> str:
    """'💡 Lay off 7♥ on your run of hearts (🧲 lays off all 3 that fit)': the hint, and what 🧲 would do
    when more than one card fits (``room``: how many may go, a card kept back for the last discard)."""
    if min(fits, room) < 2:
        return _("💡 Lay off {card} on {meld}").format(card=card, meld=in_language(meld))
    if fits == 2:
        more = _("🧲 lays off both that fit")
    elif fits <= room:
        more = ngettext("🧲 lays off all {n} that fit", "🧲 lays off all {n} that fit", fits).format(n=fits)
    else:
        more = ngettext("🧲 lays off {room} of the {n} that fit: one card stays for your discard",
                        "🧲 lays off {room} of the {n} that fit: one card stays for your discard", fits).format(room=room, n=fits)
    # Translators: {more} says what 🧲 would lay off as well, e.g. "🧲 lays off both that fit".
    return _("💡 Lay off {card} on {meld} ({more})").format(card=card, meld=in_language(meld), more=more)


def points_words(card: str, points: int, spare: bool) -> str:
    """A discard's hint that names its points (a Later: the count decides the words)."""
    if spare:
        return ngettext("💡 Discard {card}: your contract can spare it, and at {n} point it costs the most if someone goes out",
                        "💡 Discard {card}: your contract can spare it, and at {n} points it costs the most if someone goes out",
                        points).format(card=card, n=points)
    return ngettext("💡 Discard {card}: it fits no meld, and at {n} point it costs the most if someone goes out",
                    "💡 Discard {card}: it fits no meld, and at {n} points it costs the most if someone goes out",
                    points).format(card=card, n=points)


def discard_hint(v, cards: list[Card]) -> Hint:
    """Before going down: a card the contract can spare (the coach's), else the one the bots judge
    least useful. Once down: the natural card worth most points (nothing left fits a meld)."""
    rules = v.rules
    if v.me.down:
        card = min(cards, key=lambda c: (is_wild(c, rules), -rules.points_of_rank(c.rank), c.code))
        if any(ends_for(p.meld, card, rules) for p in v.table):     # it fits, but the last card is the discard
            return Hint(Message("💡 Discard {card}: it would fit a meld, but your last card must be your discard",
                                card=card.symbol), "discard", card, Message("your last card had to be your discard"))
        return Hint(Later(points_words, card.symbol, rules.points_of_rank(card.rank), False), "discard", card,
                    Message("{card} cost the most points", card=card.symbol))
    hand, contract, _ = advice.from_view(v)
    spare = advice.spare_of(hand, contract, rules)
    if spare is not None and spare in cards:
        return Hint(Later(points_words, spare.symbol, rules.points_of_rank(spare.rank), True), "discard", spare,
                    Message("your contract could spare {card}", card=spare.symbol))
    from game.bots.evaluate import Evaluator   # the bots' judgement: loaded only when a hint asks it

    card = Evaluator(rules).least_useful(list(v.hand), v.me.round, cards)
    # Translators: {needs} is what the contract still lacks: "one more 7 for the set of 3 (or a wild)".
    return Hint(Message("💡 Discard {card}: every card counts, and it does the least for your contract "
                        "(you still need {needs})", card=card.symbol, needs=advice.needs_of(hand, contract, rules)),
                "discard", card, Message("{card} did the least for your contract", card=card.symbol))


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
