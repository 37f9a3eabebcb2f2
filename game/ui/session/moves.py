"""The session's moves: what the person at the screen does (draw, take, lay off, discard, claim),
each handed to the engine, which refuses with a reason the table then shows.

A mixin of ``Session`` (session.py). Every accepted move is saved (saving.py); the screens'
intents (screens/*/intents.py) call these after reading the tap.
"""
from __future__ import annotations

from typing import Optional

from game.actions import (Action, Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard,
                          TakeFromPile)
from game.layoff import best_lay_off, lay_off_ends
from game.legal import extra_melds
from game.melds import is_wild
from game.i18n import Later, Message, N_, ngettext
from game.state import IllegalAction, Phase

from . import heeding, passing
from . import offer as steal_offer
from ..store import stats
from ..words import claim_words, sort_hand
from .coach import tip as lesson_tip
from .screen_state import MOVE, TURN, Moment, sentences

# A first game at a level with a brisk table says once what to expect (Session.greet), by the
# rules' claim word: the opponents steal (Aggravation) or buy (the other rulebooks) what they need.
FIRST_TABLE = {
    # Translators: said once, at a first game at the Scout level ("Scout" is the level's name, kept).
    ("scout", "steal"): N_("🧭 A Scout table: {opponents} opponents who steal what they need. A deal often ends in "
                           "4–10 of your turns: go down as soon as you can"),
    ("scout", "buy"): N_("🧭 A Scout table: {opponents} opponents who buy what they need. A deal often ends in "
                         "4–10 of your turns: go down as soon as you can"),
    # Translators: said once, at a first game at the Ace level ("Ace" is the level's name, kept).
    ("ace", "steal"): N_("🏆 An Ace table: {opponents} sharp opponents who steal what they need and go down fast. "
                         "A deal here can end before you have had many turns"),
    ("ace", "buy"): N_("🏆 An Ace table: {opponents} sharp opponents who buy what they need and go down fast. "
                       "A deal here can end before you have had many turns"),
}


class Moves:
    """Session methods for the player's moves."""

    def say(self, text: str, tone: str = "info", lasts: str = "") -> None:
        """Put ``text`` under the prompt. ``lasts`` (screen_state.py): TURN for an answer to a tap
        that could not act now (it ends when another seat is to move: "wait for your turn" is then
        false or done), INSTANT for one about an open offer (any move closes it), MOVE for news (it
        stays until the player's next move); by default errors last the turn, the rest are news."""
        self.ui.say(text, tone, lasts or (TURN if tone == "error" else MOVE))

    def moment(self) -> Moment:
        """Where the table stands now, for what lives only as long as a moment (screen_state.py)."""
        if self.state is None:
            return Moment()
        return Moment(self.game, self.state.deal_number, self.seat, self.state.current_player, self.token())

    def _play(self, action: Action, seat: Optional[int] = -1, quiet: bool = False,
              automatic: bool = False) -> bool:
        """The person at the screen's move (``seat``: someone else's, or None between deals)."""
        if not automatic and self.sync_before_tap():   # another tab moved on: show it first
            return False
        seat = self.seat if seat == -1 else seat
        before, kept = self.state.phase, self.keeping(action)
        advised = self.advised() if seat == self.seat and not automatic else None
        try:
            self.log.play(self.state, action, seat)
        except IllegalAction as refusal:
            self.say(str(refusal), "error")
            return False
        self.noted(action, seat, before, kept)   # ↶ a step to take back, or the end of the steps
        self._gather(None)                    # the bots after the player in the claim order
        self._ended(before)
        if isinstance(action, NextDeal):
            self.ui.ending = ""
            self.ui.order = None              # a new hand: arranged afresh
            self.ui.veiled = self.people > 1  # ...seen by its owner alone
        self.put_down()
        if not quiet:
            self.say("")
        if reason := self._heed(advised, action):
            self.say(reason)
        self.save(automatic)
        return True

    def put_down(self) -> None:
        """The table moved: what the person held ready for a move (a picked card and its end, open
        frames, a fanned pile) is put down."""
        self.ui.selected = self.ui.end_for = None
        self.ui.frames = self.ui.extra = None
        self.ui.digging = False

    def _heed(self, advised: Optional[heeding.Advice], action: Action) -> str:
        """The reason of the advice ``action`` went against, the first time in this game; else ''."""
        if self.reminded or not heeding.against(advised, action):
            return ""
        self.reminded = True
        return heeding.words(advised)

    def advised(self) -> Optional[heeding.Advice]:
        """What the table advised at this moment: the 💡 hint shown, else the lesson's tip."""
        hint = self.ui.hint
        if hint is not None and hint[1] == self.moment().instant():
            found = hint[0]
            return heeding.Advice(found.act, found.card, found.why)
        if self.ui.coach is not None:
            tip = lesson_tip(self)
            return None if tip is None else heeding.Advice(tip.act, tip.card, tip.why)
        return None

    def greet(self) -> None:
        """A first game at Scout or Ace says, once, what kind of table it is: its deals can end
        before a newcomer has had many turns, and nothing else would prepare them for that. Said
        as news at the deal's start (it lasts until the player's first move); a game of people, none."""
        words = FIRST_TABLE.get((self.level, self.state.rules.claim_word))
        if words is None or self.people > 1 or not stats.new_at(self.saves, self.level):
            return
        self.say(Message(words, opponents=self.state.players - 1))

    def my_turn(self) -> bool:
        """The person whose hand is on show is to move (and may see it)."""
        return self.state is not None and self.state.current_player == self.seat and not self.hand_hidden()

    def hand_hidden(self) -> bool:
        return passing.hidden(self)

    def shown_hand(self) -> list:
        """The hand in the order the page shows it: sorted, unless the player arranged it (a drag
        or Shift+arrow); cards new since then go to the right end, in sorted order."""
        if self.hand_hidden():
            return []
        hand = sort_hand(self.state.seats[self.seat].hand, self.ui.sort, self.state.rules)
        if not self.ui.order:
            return hand
        place = {key: n for n, key in enumerate(self.ui.order)}
        arranged = sorted((c for c in hand if c.key in place), key=lambda c: place[c.key])
        return arranged + [c for c in hand if c.key not in place]

    def hand_card(self, key: Optional[str]):
        """The card of the hand on show with this key (None for no key, or a card not held)."""
        return next((c for c in self.shown_hand() if c.key == key), None)

    def lay_off(self, meld: int, end: Optional[str] = None) -> None:
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say(Message("Pick a card from your hand first, then the meld to lay it on"))
            return
        if not 0 <= meld < len(self.state.table):
            return
        if end is None and len(lay_off_ends(self.state.table[meld].meld, card, self.state.rules)) == 2:
            self.ui.end_for = (card.key, meld)
            # Translators: {card} is a card's glyph, such as 7♥.
            self.say(Message("{card} fits either end of that run: pick one", card=card.symbol))
            return
        self._play(LayOff(card, meld, end))       # no end: the one end it fits (the engine finds it)

    def extra_melds(self) -> list[LayMeld]:
        """Further melds the engine finds in the player's hand now (Gallery, once down)."""
        if not self.my_turn() or self.state.phase is not Phase.PLAY or not self.state.rules.extra_melds \
                or not self.state.seats[self.seat].down:
            return []
        return extra_melds(self.state)

    def lay_meld(self, meld) -> bool:
        return self._play(LayMeld(meld))

    def lay_offs(self) -> list[LayOff]:
        """The lay-offs the engine would take from the player now, naturals first (a wild kept
        back fits more places later)."""
        if not self.my_turn() or self.state.phase is not Phase.PLAY:
            return []
        # One frame asks several times (prompt, buttons, the lesson's tip): the engine's list is
        # taken once per table moment (a move changes the token; another game, the state).
        moment = (id(self.state), self.token())
        if self._offs is None or self._offs[0] != moment:
            found = [a for a in self.state.legal_actions() if isinstance(a, LayOff)]
            self._offs = (moment, sorted(found, key=lambda a: is_wild(a.card, self.state.rules)))
        return self._offs[1]

    def lay_off_all(self) -> None:
        """🧲 Lay off all that fits: each card that fits a meld goes there, one move at a time (each
        saved), until none fits — what a rulebook with compulsory lay-offs asks before a discard."""
        laid, before = [], self.ui.said
        while (offs := self.lay_offs()) and self._play(off := self._best_of(offs)):
            laid.append(off.card.symbol)
            if self.state.current_player != self.seat:
                break
        if laid:
            # Translators: {cards} lists the glyphs of the cards laid off, "7♥, 8♥".
            self.say(Message("You laid off {cards}", cards=", ".join(laid)))
        elif self.ui.said is before:     # no refusal said by this very step: an older message is stale
            self.say(Message("No card of yours fits a meld on the table"))

    def _best_of(self, offs: list[LayOff]) -> LayOff:
        """The lay-off after which the most cards of the hand can still be laid off."""
        state = self.state
        return best_lay_off(state.seats[self.seat].hand, [t.meld for t in state.table], offs, state.rules)

    def swap_wild(self, meld: int, index: int) -> None:
        """House rule: the picked natural card takes the place of the wild at ``index`` of ``meld``.

        The engine decides whether it may (and says why not); a picked *wild* cannot
        swap, so tapping a wild with one picked means laying it off on that meld.
        """
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say(Message("Pick the natural card from your hand first, then tap the wild it stands in for"))
            return
        if is_wild(card, self.state.rules) and self.state.rules.wild_swap:
            self.lay_off(meld)
            return
        if self._play(SwapWild(card, meld, index)):
            _, wild = self.state.events[-1].cards        # the swap's event: (the natural card, the wild)
            # Translators: {card} and {wild} are cards' glyphs: the natural card put in a meld, the wild taken from it.
            self.say(Message("You put {card} in its place and took {wild} into your hand", card=card.symbol,
                             wild=wild.symbol))

    def act(self, action: Action) -> None:
        self._play(action)

    def draw(self) -> None:
        self._play(Draw())

    def take(self) -> None:
        if self.state.phase is Phase.SWAP:
            self.swap()
        else:
            self._play(TakeDiscard())

    def dig(self, key: str) -> None:
        """A card of the fanned pile tapped: it and every card above it, as this turn's draw (the
        top card alone is the usual take)."""
        pile = self.state.pile
        card = next((c for c in pile if c.key == key), None)
        if card is None:
            return
        above = len(pile) - 1 - next(n for n, c in enumerate(pile) if c is card)
        if above == 0:
            self._play(TakeDiscard())
        elif self._play(TakeFromPile(card)):
            self.say(Later(took_from_pile, card.symbol, above))

    def swap(self) -> None:
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say(Message("Pick the card from your hand you would give for the discard"))
            return
        self._play(Swap(card))

    def discard(self) -> None:
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say(Message("Pick the card to discard first"))
            return
        self._play(Discard(card))

    def go_down(self, melds) -> bool:
        return self._play(GoDown(tuple(melds)))

    def steal(self) -> None:
        """🫳 tapped: while the next player decides, the claim is made at once (said in this very
        frame) and handed to the engine when it gathers claims; else the engine's Steal now."""
        offer = self.offer()
        if offer is None:
            self._play(Steal())
        elif not offer.answer:
            reason = self._heed(self.advised(), Steal())      # said again with the claim's outcome
            self.ui.answer = (offer.token, steal_offer.STEAL, reason)
            claimed = steal_offer.claimed(offer, self.names, claim_words(self.state.rules))
            self.say(Later(sentences, claimed, reason) if reason else claimed)

    def pass_(self) -> None:
        """The "Let it go" tap (or Pass in the swap round): an open offer closes at once."""
        offer = self.offer()
        if offer is None:
            self._play(Pass())
        elif not offer.answer:
            reason = self._heed(self.advised(), Pass())
            self.ui.answer = (offer.token, steal_offer.PASS)
            self.say(reason)

    def next_deal(self) -> None:
        if self._play(NextDeal(), seat=None):
            self.ui.coach = None               # the guided deal is over once the next one starts


def took_from_pile(card: str, above: int) -> str:
    """What a deep pick (Gallery) took: the card tapped (its glyph) and the cards above it."""
    # Translators: {card} is the glyph of the card tapped in the discard pile, such as 7♥.
    return ngettext("You took {card} and the card above it", "You took {card} and the {n} cards above it",
                    above).format(card=card, n=above)
