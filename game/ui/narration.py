"""The table in words, for a screen reader: what each frame newly shows, said once.

The page keeps one polite live region outside the screens it redraws (index.html #narration) and
puts this text in it: the moves since the last frame ("Scout 2 discarded the seven of hearts"),
then, when it asks something of the player, what to do now (the table's own prompt, its card
glyphs said in words, its emoji left out, as a screen reader would read them out by their names:
"inbox tray"). A sighted player reads the same on the table; this is the same story, heard.

Within a turn the player's own steps are told as the eye sees them: the card a draw brought ("You
drew the seven of hearts"), the table's answer to a key (an error, a claim's outcome), the 💡 hint,
each frame's change while going down ("Frame 1, set of 3: needs 2 more cards") and whether every
frame is ready, and the prompt whenever it changes. Each is said once: ``Said`` remembers what was.

>>> from game.cards import parse_cards
>>> from game.tabletop import Event
>>> event_words(Event("stole", 1, tuple(parse_cards("7H"))), ["You", "Scout 1"], claim="steal")
'Scout 1 stole the seven of hearts and took a penalty card'
>>> in_words("Your turn: draw from the stock 🂠, or take K♥ 🫳")
'Your turn: draw from the stock, or take king of hearts'
>>> in_words("set A♥ A♠ 2♦=A, run 🃏=7♥ 8♥")
'set ace of hearts ace of spades two of diamonds standing for an ace, run joker standing for the seven of hearts eight of hearts'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from game.cards import RANKS, spoken
from game.i18n import N_, _, shown
from game.tabletop import Event

from .words import event_text

CARD = re.compile(r"\b(10|[2-9AJQK])([♣♦♥♠])")
STANDS = re.compile(r"=(10|[2-9AJQK])([♣♦♥♠]?)")          # a wild in a meld: 2♦=A, 🃏=7♥
SUIT_LETTERS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
# Pictographs and their variation selector: a screen reader says each by its name.
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2190-\u21FF\u2300-\u23FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]")
# The moments that ask something of the player: the prompt is said after the moves.
ASKING = ("turn", "offer", "end")
# What a steal or a buy costs, said after its log line (the log's 🫳 / 🛒 says it to the eye), by the
# rules' claim word (game.rules: Rules.claim_word).
PRICES = {
    # Translators: {line} is a whole log line, e.g. "Cy stole the seven of hearts"; the penalty card is
    # the card from the stock a steal costs. Read out by a screen reader.
    "steal": N_("{line} and took a penalty card"),
    # Translators: {line} is a whole log line, e.g. "Cy bought the seven of hearts"; the fee card is the
    # card from the stock a buy costs. Read out by a screen reader.
    "buy": N_("{line} and took a fee card"),
}


@dataclass
class Said:
    """What the live region last said of each thing told only when it changes."""

    prompt: str = ""                      # the prompt told last ('' while others play)
    answer: Any = None                    # the table's answer told last (Ui.said: a new one each time)
    hint: Any = None                      # the 💡 hint told last (Ui.hint)
    frames: tuple[str, ...] = ()          # each frame's words told last, while going down


def told(s, fresh: Sequence[Event], cues: Sequence[str], said: Optional[Said] = None) -> str:
    """The frame's words: its new moves, what changed in the player's own turn, then the prompt
    when the frame asks something or the prompt changed on the player's turn."""
    said = said or Said()
    claim = s.state.rules.claim_word
    lines = [line for line in (event_words(e, s.names, drawn_card(s, e), claim) for e in fresh) if line]
    own = any(e.seat == s.seat for e in fresh)
    lines += [line for line in own_news(s, said, own) if line not in lines]
    if any(e.kind == "went_down" for e in fresh):
        lines.append(in_words(last_deal_now(s)))     # 🏁 going down on the last round: said as it is shown
    asking = any(cue in ASKING for cue in cues)
    now = in_words(prompt_now(s)) if asking or s.my_turn() else ""
    if now and (asking or now != said.prompt) and now not in lines:   # '🎉 Cy went out' follows 'Cy went out'
        lines.append(now if "turn" not in cues or now.startswith(your_turn()) else turn_told(now))
        lines[-1] = unrepeated(lines[-1], lines[:-1])
    said.prompt = now
    return ". ".join(line.rstrip(".") for line in lines if line) + ("." if lines else "")


def your_turn() -> str:
    # Translators: the words the table's prompts on the player's turn begin with ("Your turn: draw…"),
    # exactly as translated there: a prompt that begins with them is read out as it is.
    return _("Your turn")


def turn_told(prompt: str) -> str:
    """The prompt with the turn's news before it, when the prompt itself does not say it."""
    # Translators: read out by a screen reader when the player's turn comes; {prompt} is the
    # table's prompt of the moment (what to do now).
    return _("Your turn. {prompt}").format(prompt=prompt)


def unrepeated(prompt: str, lines: Sequence[str]) -> str:
    """The prompt without a head the line before it just said: an offer's 'Cy discarded the seven
    of hearts: steal it…' after 'Cy discarded the seven of hearts' is 'Steal it…'. (An English
    reading: in another language a prompt that does not match is said whole, which is only longer.)

    >>> unrepeated("Cy discarded seven of hearts: steal it?", ["Cy discarded the seven of hearts"])
    'Steal it?'
    """
    head, _, rest = prompt.partition(": ")
    if rest and lines and lines[-1].replace(" the ", " ") == head.replace(" the ", " "):
        return rest[:1].upper() + rest[1:]
    return prompt


def own_news(s, said: Said, moved: bool = False) -> list[str]:
    """The table's answer to the player's last step and the 💡 hint, if new; the frames' changes.
    The answer to a step that ``moved`` (its move is told already: 'You went down') only if it is
    an error."""
    lines = []
    if s.ui.said is not said.answer and s.ui.message and (not moved or s.ui.tone == "error"):
        lines.append(in_words(shown(s.ui.message)))
    said.answer = s.ui.said
    if s.ui.hint is not said.hint and (hint := shown_hint(s)):
        lines.append(in_words(hint))
    said.hint = s.ui.hint
    now = frames_words(s)
    lines += [line for n, line in enumerate(now) if n >= len(said.frames) or said.frames[n] != line]
    said.frames = now
    return lines


def shown_hint(s) -> str:
    from .screens.table.hint import shown as hint_shown   # the table's own hint (its module draws the table)

    found = hint_shown(s)
    return str(shown(found.text)) if found else ""


def frames_words(s) -> tuple[str, ...]:
    """While going down: each frame and what it needs (or that it is ready), and, once every frame
    is, that ✅ lays them down."""
    if s.ui.frames is None or s.state is None:
        return ()
    from .screens.table.going_down import frames_model

    made = frames_model(s, s.state.view(s.seat))
    each = tuple(frame_words(fr["index"] + 1, shown(fr["spec"]), shown(fr["reading"]) if fr["ok"] else None,
                             shown(fr["need"])) for fr in made["frames"])
    # Translators: read out by a screen reader once every frame holds a meld; "Lay it down" is the
    # table's ✅ button, as translated there.
    ready = _("Every frame is ready: Lay it down")
    return tuple(in_words(line) for line in each) + ((ready,) if made["all_ok"] else ())


def frame_words(n: int, meld: str, reading: Optional[str], need: str) -> str:
    """One frame as a screen reader says it: its number, the meld it is for, and what it holds or needs."""
    if reading is not None:
        # Translators: a going-down frame, read out by a screen reader: {n} its number, {meld} the meld
        # of the contract it is for ("set of 3"), {reading} the meld it holds ("three sevens").
        return _("Frame {n}, {meld}: ready, {reading}").format(n=n, meld=meld, reading=reading)
    # Translators: a going-down frame, read out by a screen reader: {n} its number, {meld} the meld of
    # the contract it is for ("set of 3"), {need} what it still needs ("needs 2 more cards").
    return _("Frame {n}, {meld}: {need}").format(n=n, meld=meld, need=need)


def drawn_card(s, event: Event):
    """The card the player on show just drew from the stock (the last in their hand), else None:
    the log says only 'drew from the stock', the hand shows which card came."""
    state = s.state
    if event.kind != "drew" or event.seat != s.seat or not state.events or state.events[-1] is not event:
        return None
    hand = state.seats[s.seat].hand
    return hand[-1] if hand else None


def prompt_now(s) -> str:
    from .screens.table.prompts import prompt   # the table's own words (its module draws the table)

    return str(shown(prompt(s, s.state.view(s.seat))))


def last_deal_now(s) -> str:
    from .screens.table.prompts import last_deal

    return str(shown(last_deal(s, s.state.view(s.seat))))


def event_words(event: Event, names: Sequence[str], drawn=None, claim: str = "") -> Optional[str]:
    """One log line with its cards named ('Scout 2 took the four of diamonds'); None if no line.
    ``drawn``: the card a draw from the stock brought the player ('You drew the seven of hearts');
    ``claim``: the rules' claim word ('steal', 'buy'): what a steal or buy costs is said with it."""
    if drawn is not None:
        # Translators: read out by a screen reader: {who} is the player on show (their name, or
        # "You"), {card} the card their draw from the stock brought, with its article ("the seven
        # of hearts", "a joker").
        if names[event.seat] == "You":
            # Translators: read out by a screen reader: the card the player's draw from the stock brought.
            return _("You drew {card}").format(card=card_words(drawn))
        return _("{who} drew {card}").format(who=shown(names[event.seat]), card=card_words(drawn))
    line = event_text(event, names, card_words)
    if line is not None and claim in PRICES and event.kind in ("stole", "bought"):
        line = _(PRICES[claim]).format(line=in_words(line))
    return None if line is None else in_words(line)


def card_words(card) -> str:
    """A card in words, with its article, as a log line names it: 'the seven of hearts', 'a joker'."""
    # Translators: the joker, named with its article in a sentence read out ("Ben discarded a joker").
    return _("a joker") if card.is_joker else spoken(card.rank, card.suit, "the")


def standing_for(card: str) -> str:
    # Translators: read out after a wild card in a meld ("two of diamonds standing for an ace");
    # {card} is the card it stands for, with its article ("the seven of hearts", "an ace").
    return _("standing for {card}").format(card=card)


def rank_of(glyph: str) -> int:
    return 10 if glyph == "10" else RANKS.index(glyph) + 1


def in_words(text: str) -> str:
    """Card glyphs said in words, pictographs left out, spaces tidied."""
    text = STANDS.sub(lambda m: " " + standing_for(spoken(rank_of(m[1]), SUIT_LETTERS.get(m[2]), "the" if m[2] else "a")),
                      text)
    text = CARD.sub(lambda m: shown(spoken(rank_of(m[1]), SUIT_LETTERS[m[2]])), text)
    # Translators: the joker as a screen reader names it in a meld's cards ("joker, seven of hearts").
    text = EMOJI.sub("", text.replace("🃏", _("joker")))
    return re.sub(r"\s+([,.:;])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
