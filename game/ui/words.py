"""The game's words for what happened: the short log and the sort order of a hand.

Pure functions of engine values, so the page and its tests read the same text.

>>> from game.cards import parse_cards
>>> from game.rules import AGGRAVATION
>>> [c.code for c in sort_hand(parse_cards("KH 2C 5S JK 5H AH"), "number", AGGRAVATION)]
['JK', '2C', 'AH', '5H', '5S', 'KH']
>>> [c.code for c in sort_hand(parse_cards("KH 2C 5S JK 5H AH"), "suit", AGGRAVATION)]
['JK', '2C', 'AH', '5H', 'KH', '5S']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from game.cards import Card, listed_now
from game.i18n import SOURCE, Counted, Later, Message, N_, _, drawing, ngettext, shown
from game.melds import is_wild
from game.number_formats import FORMATS
from game.rules import CLAIM_EVENTS, Rules
from game.state import Event, seat_name

# Short names of the house rules (game.rules.HOUSE_RULES holds their one-line descriptions).
HOUSE_NAMES = {
    "wild_swap": N_("wild swap"),
    "advance_after_miss": N_("everyone advances"),
    "steal_limit_per_game": N_("steal limit per game"),
    "ace_wrap": N_("ace wrap-around"),
}
# A meld's kind as a heading names it (game.rules.MeldKind's values), translated where shown.
MELD_KINDS = {"set": N_("set"), "run": N_("run")}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3, "": 4}
# The hand's two orders after its wilds ("⇅ Sort by …" steps through them, number first).
NATURAL_ORDERS = {"number": lambda card: (card.rank, SUIT_ORDER[card.suit]),
                  "suit": lambda card: (SUIT_ORDER[card.suit], card.rank)}
SORTS = tuple(NATURAL_ORDERS)


def sort_hand(cards: Sequence[Card], order: str, rules: Rules) -> list[Card]:
    """The hand as shown: wilds at the left (jokers first), then by number or by suit.

    ``order`` is one of ``SORTS``; any other word is a bug, and raises (KeyError) rather than
    quietly sorting some other way."""
    natural = NATURAL_ORDERS[order]

    def key(card: Card) -> tuple:
        if is_wild(card, rules):
            return (0, not card.is_joker, SUIT_ORDER[card.suit], card.copy)
        return (1, *natural(card), card.copy)

    return sorted(cards, key=key)


# One log line per public event: {who} is the seat's name, {0} and {1} its cards.
EVENT_LINES = {
    "swapped": N_("{who} swapped {0} for {1}"),
    "passed": N_("{who} passed on the swap"),
    "took": N_("{who} took {0}"),
    "drew": N_("{who} drew from the stock"),
    "stole": N_("{who} stole {0} 🫳"),
    "bought": N_("{who} bought {0} 🛒"),
    "went_down": N_("{who} went down 📥"),
    "laid_off": N_("{who} laid off {0}"),
    "laid_down": N_("{who} laid down another meld"),
    "waits": N_("{who} has no card left and waits"),
    "swapped_wild": N_("{who} swapped {0} for {1} on the table"),
    "discarded": N_("{who} discarded {0}"),
    "rebuilt": N_("The discards were shuffled into a new stock"),
    "went_out": N_("{who} went out 🎉"),
    "dead_deal": N_("The stock ran out: a dead deal"),
}
# The same lines when the one who moved is the player reading them: a language's verb agrees with "you".
YOUR_LINES = {
    "swapped": N_("You swapped {0} for {1}"),
    "passed": N_("You passed on the swap"),
    "took": N_("You took {0}"),
    "drew": N_("You drew from the stock"),
    "stole": N_("You stole {0} 🫳"),
    "bought": N_("You bought {0} 🛒"),
    "went_down": N_("You went down 📥"),
    "laid_off": N_("You laid off {0}"),
    "laid_down": N_("You laid down another meld"),
    "waits": N_("You have no card left and wait"),
    "swapped_wild": N_("You swapped {0} for {1} on the table"),
    "discarded": N_("You discarded {0}"),
    "went_out": N_("You went out 🎉"),
}


@dataclass(frozen=True)
class ClaimWords:
    """How a rulebook names taking a passed-over discard with a card from the stock as its price:
    Aggravation steals it (🫳, a penalty card), the other rulebooks buy it (🛒, a fee card).

    ``verb``, ``past``, ``doing`` and ``price`` are English keys (``past`` is the engine's event,
    compared with ``Event.kind``): a sentence about a claim is a whole message per claim (``is_steal``
    picks it), never these words put into one; ``title``, ``left()`` and ``price_name`` are said."""

    icon: str
    verb: str
    past: str
    doing: str
    price: str

    @property
    def is_steal(self) -> bool:
        return self.verb == "steal"

    @property
    def title(self) -> str:
        """The claim's button: 'Steal', 'Buy' (a Message)."""
        # Translators: a button: take the discard another player passed over, paying a card from the stock.
        return Message("Steal") if self.is_steal else Message("Buy")

    @property
    def price_name(self) -> str:
        """What the claim costs: 'penalty card', 'fee card' (a Message)."""
        # Translators: the card from the stock a steal costs ("You also take a penalty card").
        return Message("penalty card") if self.is_steal else Message("fee card")

    def left(self, count: Optional[int]) -> str:
        """What follows the icon: '2 left', 'no limit' (a Message)."""
        # Translators: how many steals (or buys) a player has left: "🫳 2 left", "🛒 no limit".
        return Message("no limit") if count is None else Counted("{n} left", "{n} left", count)

    def brief(self, count: Optional[int]) -> str:
        """What the seat's short line shows: '🫳2', '🛒∞'."""
        return f"{self.icon}{'∞' if count is None else count}"


# ``past`` is the engine's own event name for the claim (game.rules.CLAIM_EVENTS).
CLAIM_WORDS = {"steal": ClaimWords("🫳", "steal", CLAIM_EVENTS["steal"], "stealing", "penalty card"),
               "buy": ClaimWords("🛒", "buy", CLAIM_EVENTS["buy"], "buying", "fee card")}


def claim_words(rules: Rules) -> ClaimWords:
    """The claim's words under ``rules`` (its ``claim_word``).

    >>> from game.rules import PRESETS
    >>> w = claim_words(PRESETS["gallery"])
    >>> w.title, w.left(None), w.brief(None), claim_words(PRESETS["contract"]).brief(1)
    ('Buy', 'no limit', '🛒∞', '🛒1')
    """
    return CLAIM_WORDS[rules.claim_word]


# The rulebooks as the page names them (game.rules.PRESETS holds the rules; Rules.name the full name).
RULEBOOK_NAMES = {"aggravation": "Aggravation", "gallery": "Gallery", "contract": "Contract Rummy"}


def rulebook_blurb(rules: Rules) -> str:
    """A rulebook in one line, from its rules: what sets it apart at a glance.

    >>> from game.rules import PRESETS
    >>> [rulebook_blurb(PRESETS[name]) for name in ("aggravation", "gallery", "contract")]  # doctest: +NORMALIZE_WHITESPACE
    ['11 contracts · 4 decks · 2s and jokers wild · 4 steals a deal',
     '12 contracts · 4 decks · 2s and jokers wild · pairs · dig into the pile · buys without limit',
     '7 contracts · 2–4 decks · only jokers wild · 3 buys a deal']
    """
    decks = sorted({decks for _, decks in rules.decks_by_players} | ({rules.decks} if not rules.decks_by_players else set()))
    parts = [ngettext("{n} contract", "{n} contracts", rules.rounds).format(n=rules.rounds),
             ngettext("{n} deck", "{n} decks", decks[0]).format(n=decks[0]) if len(decks) == 1
             else _("{least}–{most} decks").format(least=decks[0], most=decks[-1]),
             _("2s and jokers wild") if rules.twos_wild else _("only jokers wild")]
    if rules.pairs:
        parts.append(_("pairs"))
    if rules.pile_dig:
        parts.append(_("dig into the pile"))
    parts.append(claim_limit(rules))
    return " · ".join(parts)


def claim_limit(rules: Rules) -> str:
    """'4 steals a deal', '3 buys a deal', 'buys without limit': how many claims a player has."""
    n, steal, per_game = rules.steal_limit, rules.claim_word == "steal", rules.steal_limit_per_game
    if n is None:
        return _("steals without limit") if steal else _("buys without limit")
    if steal:
        return (ngettext("{n} steal a game", "{n} steals a game", n) if per_game
                else ngettext("{n} steal a deal", "{n} steals a deal", n)).format(n=n)
    return (ngettext("{n} buy a game", "{n} buys a game", n) if per_game
            else ngettext("{n} buy a deal", "{n} buys a deal", n)).format(n=n)


def event_text(event: Event, names: Sequence[str], card_text: Callable[[Card], str] = lambda c: c.symbol) -> Optional[str]:
    """One log line ('Scout 2 stole 7♥'), or None for events not worth a line; ``card_text``
    names each card (a screen reader's words: game/ui/narration.py).

    >>> from game.cards import parse_cards
    >>> event_text(Event("took", 1, tuple(parse_cards("4D QH 9C"))), ["You", "Scout 1"])
    'Scout 1 took 4♦ and the 2 cards above it'
    """
    line = EVENT_LINES.get(event.kind)
    if line is None:
        return None
    name = names[event.seat] if 0 <= event.seat < len(names) else ""
    you = name == "You" and event.kind in YOUR_LINES
    who = shown(seat_name(name))
    line = _(YOUR_LINES[event.kind] if you else line)
    if event.kind == "took" and len(event.cards) > 1:      # a deep pick (Gallery): the card, then those above
        above = len(event.cards) - 1
        line = (ngettext("You took {0} and the card above it", "You took {0} and the {n} cards above it", above) if you
                else ngettext("{who} took {0} and the card above it", "{who} took {0} and the {n} cards above it", above)
                ).replace("{n}", str(above))
    return line.format(*(card_text(card) for card in event.cards), who=who)


def log_lines(events: Sequence[Event], names: Sequence[str], keep: int = 6) -> list[str]:
    """The last ``keep`` lines worth showing, oldest first."""
    lines = [line for line in (event_text(e, names) for e in events) if line]
    return lines[-keep:]


def cards_above(count: int) -> str:
    """The cards a deep pick (Gallery) takes with the one tapped: 'the card above it', 'the 2 cards above it'.

    >>> cards_above(1), cards_above(3)
    ('the card above it', 'the 3 cards above it')
    """
    return ngettext("the card above it", "the {n} cards above it", count).format(n=count)


# The nouns ``plural`` counts, each a whole counted message (a language counts its own way).
COUNTED = {
    # Translators: how many cards a hand holds: "1 card", "11 cards".
    "card": ("{n} card", "{n} cards"),
    # Translators: how many cards a frame still lacks: "needs 2 more cards".
    "more card": ("{n} more card", "{n} more cards"),
    # Translators: points, short: "12 pts".
    "pt": ("{n} pt", "{n} pts"),
}


def plural(count: int, word: str) -> str:
    """'1 card', '3 cards': a count and its noun (a Counted message for the nouns of ``COUNTED``;
    a new noun is added there, with its whole singular and plural, never by adding 's').

    >>> plural(1, "card"), plural(0, "card"), plural(12, "pt")
    ('1 card', '0 cards', '12 pts')
    """
    forms = COUNTED.get(word)
    if forms is None:
        raise KeyError(f"{word!r}: add its singular and plural to words.COUNTED")
    singular, many = forms
    return Counted(singular, many, count)


def cards_count(count: int) -> str:
    """'1 card', '11 cards' (a Counted message)."""
    return Counted("{n} card", "{n} cards", count)


def ordinal(n: int) -> str:
    """A place: '1st', '2nd', '3rd', '4th', '11th'.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= n % 100 <= 20:
        return _("{n}th").format(n=n)
    # Translators: a place in a game's standings, 1st; {n}st, {n}nd, {n}rd and {n}th are English's
    # four endings: a language with one way of writing places writes it in each ('{n}.', '{n}º').
    return {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n % 10, _("{n}th")).format(n=n)


def number(n: int) -> str:
    """A whole number as the language drawn in writes it: '12,345' in English, '12.345' in
    Spanish and German, '12 345' in French (game/number_formats.py, from Babel's data).

    >>> number(12345), number(-1234), number(999)
    ('12,345', '-1,234', '999')
    """
    group = FORMATS.get(drawing(), FORMATS[SOURCE])[0]
    return f"{n:,}".replace(",", group)


def percent(part: int, whole: int) -> str:
    """'67%' (French '67 %'): a share, rounded; '–' when there is nothing to share.

    >>> percent(2, 3), percent(0, 0)
    ('67%', '–')
    """
    if not whole:
        return "–"
    return FORMATS.get(drawing(), FORMATS[SOURCE])[1].format(n=round(100 * part / whole))


def capitalized(text: str) -> str:
    """``text`` with a capital first letter, in the language it is shown in: a Message's own
    ``capitalize()`` would read its English ('A set of 3' for 'un trío de 3').

    >>> capitalized(Message("a pair")), capitalized("a set or a run")
    ('A pair', 'A set or a run')
    """
    return Later(_capital, text)


def _capital(text: str) -> str:
    said = str(shown(text))
    return said[:1].upper() + said[1:]


def listed(items: Sequence[str]) -> str:
    """Items as a sentence lists them, "Ana, Ben and Cy", in the language drawn in (game.cards.and_list
    is the engine's English).

    >>> listed(["Ana"]), listed(["Ana", "Ben", "Cy"])
    ('Ana', 'Ana, Ben and Cy')
    """
    return listed_now(*items)


def house_line(names: Sequence[str]) -> str:
    """'House rules: wild swap, ace wrap-around', or '' when the game has none."""
    if not names:
        return ""
    return _("House rules: {names}").format(names=", ".join(_(HOUSE_NAMES[n]) if n in HOUSE_NAMES else n for n in names))


# Keeping the game: each said in one plain sentence.
UNREADABLE_SAVE = Message("Your saved game could not be loaded, so it has been set aside: "
                          "download a copy below, or pick a level to start a new game.")
# ...and said on the table instead, when a new game was picked before the start screen could say it
# (a level tapped while the game loaded, an address that names a deal).
SET_ASIDE_FOR_NEW_GAME = Message("Your saved game could not be loaded, so it has been set aside and a new one "
                                 "started: you can still download a copy.")
CANNOT_SAVE = Message("This browser is not letting the game save, so this game will be lost when you close the page.")
FOLLOWED = Message("You played on in another tab: this is where the game stands now.")
MOVED_ON = Message("This game moved on in another tab: this is where it stands now.")
# Another tab moved the saved game on: (what happened, what the choices do, the other choice).
ELSEWHERE = {
    "same": (N_("This game is open in another tab."),
             N_("Play on here and that tab will wait, or bring its moves here."),
             N_("↻ Load the other tab’s moves")),
    "other": (N_("Another tab has started a different game."),
              N_("Play on here and that tab will wait, or switch to its game."),
              N_("↻ Switch to that game")),
}


# The levels as the start screen offers them: (level, label, with Aggravation's table, with another
# rulebook's). How long a deal lasts in your turns: measured with a beginner's play in your seat
# (Sprout's bot), six Aggravation games a level, the middle half of the deals (see the closing
# note of issue 41): Sprout 8–15, Scout 4–10, Ace 3–8.
LEVELS = (("sprout", "🌱 Sprout", N_("2 opponents who play straight · deals last 8–15 of your turns"),
           N_("Opponents who play straight and take their time")),
          ("scout", "🧭 Scout", N_("3 opponents who steal · deals often end in 4–10 of your turns"),
           N_("Opponents who buy what they need and go down sooner")),
          ("ace", "🏆 Ace", N_("4 sharp opponents · a deal can end in 3 of your turns"),
           N_("Sharp opponents who plan their buys and go down fast")))

# A game of people sharing one device: its own choice on the start screen, and its name on the
# table, in the game to go back to and among the past games (the people play, not "you").
PASS_AND_PLAY = N_("👥 Pass and play")
ONLINE_TABLE = N_("🌐 Online table")       # a game of people on their own devices (screens/online/)
PASS_AND_PLAY_BLURB = N_("2 to 6 people take turns on this device, bots if you like")


def level_name(level: str) -> str:
    """'Scout': a level as its card on the start screen names it, without the icon."""
    return next((label.split(" ", 1)[1] for key, label, *_ in LEVELS if key == level), level.capitalize())


def bots_line(bots: int, level: str) -> str:
    """'no bots', '1 Scout bot', '2 Ace bots': who joins the people at a pass-and-play table.

    >>> bots_line(0, "ace"), bots_line(1, "scout"), bots_line(2, "ace")
    ('no bots', '1 Scout bot', '2 Ace bots')
    """
    if bots <= 0:
        return _("no bots")
    return ngettext("{n} {level} bot", "{n} {level} bots", bots).format(n=bots, level=level_name(level))


def people_game(people: int, bots: int, level: str) -> str:
    """'Pass and play · 3 people · 1 Scout bot': a pass-and-play game as the past games list it.

    >>> people_game(3, 0, "sprout"), people_game(2, 2, "ace")
    ('Pass and play · 3 people · no bots', 'Pass and play · 2 people · 2 Ace bots')
    """
    return _("Pass and play · {people} people · {bots}").format(people=people, bots=bots_line(bots, level))


CANNOT_REPLAY = Message("This deal cannot be replayed: its saved moves do not lead to this table")
