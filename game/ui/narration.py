"""The table in words, for a screen reader: what each frame newly shows, said once.

The page keeps one polite live region outside the screens it redraws (index.html #narration) and
puts this text in it: the moves since the last frame ("Scout 2 discarded the seven of hearts"),
then, when it asks something of the player, what to do now (the table's own prompt, its card
glyphs said in words, its emoji left out, as a screen reader would read them out by their names:
"inbox tray"). A sighted player reads the same on the table; this is the same story, heard.

>>> from game.cards import parse_cards
>>> from game.tabletop import Event
>>> event_words(Event("stole", 1, tuple(parse_cards("7H"))), ["You", "Scout 1"])
'Scout 1 stole the seven of hearts'
>>> in_words("Your turn: draw from the stock 🂠, or take K♥ 🫳")
'Your turn: draw from the stock, or take king of hearts'
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

from game.cards import RANKS, spoken
from game.tabletop import Event

from .words import event_text

CARD = re.compile(r"\b(10|[2-9AJQK])([♣♦♥♠])")
SUIT_LETTERS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
# Pictographs and their variation selector: a screen reader says each by its name.
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2190-\u21FF\u2300-\u23FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]")
# The moments that ask something of the player: the prompt is said after the moves.
ASKING = ("turn", "offer", "end")


def told(s, fresh: Sequence[Event], cues: Sequence[str]) -> str:
    """The frame's words: its new moves, then the prompt when the frame asks something."""
    lines = [line for line in (event_words(e, s.names) for e in fresh) if line]
    if any(e.kind == "went_down" for e in fresh):
        lines.append(in_words(last_deal_now(s)))     # 🏁 going down on the last round: said as it is shown
    if any(cue in ASKING for cue in cues):
        now = in_words(prompt_now(s))
        lines.append(now if "turn" not in cues or now.startswith("Your turn") else f"Your turn. {now}")
    return ". ".join(line.rstrip(".") for line in lines if line) + ("." if lines else "")


def prompt_now(s) -> str:
    from .screens.table.prompts import prompt   # the table's own words (its module draws the table)

    return prompt(s, s.state.view(s.seat))


def last_deal_now(s) -> str:
    from .screens.table.prompts import last_deal

    return last_deal(s, s.state.view(s.seat))


def event_words(event: Event, names: Sequence[str]) -> Optional[str]:
    """One log line with its cards named ('Scout 2 took the four of diamonds'); None if no line."""
    line = event_text(event, names, lambda c: "a joker" if c.is_joker else spoken(c.rank, c.suit, "the"))
    return None if line is None else in_words(line)


def in_words(text: str) -> str:
    """Card glyphs said in words, pictographs left out, spaces tidied."""
    text = CARD.sub(lambda m: spoken(10 if m[1] == "10" else RANKS.index(m[1]) + 1, SUIT_LETTERS[m[2]]), text)
    text = EMOJI.sub("", text.replace("🃏", "joker"))
    return re.sub(r"\s+([,.:;])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
