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
>>> event_words(Event("stole", 1, tuple(parse_cards("7H"))), ["You", "Scout 1"], price="penalty card")
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
from game.tabletop import Event

from .words import claim_words, event_text

CARD = re.compile(r"\b(10|[2-9AJQK])([♣♦♥♠])")
STANDS = re.compile(r"=(10|[2-9AJQK])([♣♦♥♠]?)")          # a wild in a meld: 2♦=A, 🃏=7♥
SUIT_LETTERS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
# Pictographs and their variation selector: a screen reader says each by its name.
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2190-\u21FF\u2300-\u23FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]")
# The moments that ask something of the player: the prompt is said after the moves.
ASKING = ("turn", "offer", "end")


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
    price = claim_words(s.state.rules).price
    lines = [line for line in (event_words(e, s.names, drawn_card(s, e), price) for e in fresh) if line]
    own = any(e.seat == s.seat for e in fresh)
    lines += [line for line in own_news(s, said, own) if line not in lines]
    if any(e.kind == "went_down" for e in fresh):
        lines.append(in_words(last_deal_now(s)))     # 🏁 going down on the last round: said as it is shown
    asking = any(cue in ASKING for cue in cues)
    now = in_words(prompt_now(s)) if asking or s.my_turn() else ""
    if now and (asking or now != said.prompt) and now not in lines:   # '🎉 Cy went out' follows 'Cy went out'
        lines.append(now if "turn" not in cues or now.startswith("Your turn") else f"Your turn. {now}")
        lines[-1] = unrepeated(lines[-1], lines[:-1])
    said.prompt = now
    return ". ".join(line.rstrip(".") for line in lines if line) + ("." if lines else "")


def unrepeated(prompt: str, lines: Sequence[str]) -> str:
    """The prompt without a head the line before it just said: an offer's 'Cy discarded the seven
    of hearts: steal it…' after 'Cy discarded the seven of hearts' is 'Steal it…'.

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
        lines.append(in_words(s.ui.message))
    said.answer = s.ui.said
    if s.ui.hint is not said.hint and (hint := shown_hint(s)):
        lines.append(in_words(hint))
    said.hint = s.ui.hint
    now = frames_words(s)
    lines += [line for n, line in enumerate(now) if n >= len(said.frames) or said.frames[n] != line]
    said.frames = now
    return lines


def shown_hint(s) -> str:
    from .screens.table.hint import shown   # the table's own hint (its module draws the table)

    found = shown(s)
    return found.text if found else ""


def frames_words(s) -> tuple[str, ...]:
    """While going down: each frame and what it needs (or that it is ready), and, once every frame
    is, that ✅ lays them down."""
    if s.ui.frames is None or s.state is None:
        return ()
    from .screens.table.going_down import frames_model

    made = frames_model(s, s.state.view(s.seat))
    each = tuple(f"Frame {fr['index'] + 1}, {fr['spec']}: " + (f"ready, {fr['reading']}" if fr["ok"] else fr["need"])
                 for fr in made["frames"])
    return tuple(in_words(line) for line in each) + (("Every frame is ready: Lay it down",) if made["all_ok"] else ())


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

    return prompt(s, s.state.view(s.seat))


def last_deal_now(s) -> str:
    from .screens.table.prompts import last_deal

    return last_deal(s, s.state.view(s.seat))


def event_words(event: Event, names: Sequence[str], drawn=None, price: str = "") -> Optional[str]:
    """One log line with its cards named ('Scout 2 took the four of diamonds'); None if no line.
    ``drawn``: the card a draw from the stock brought the player ('You drew the seven of hearts');
    ``price``: what a steal or buy costs, said with it (the log's 🫳 says it to the eye)."""
    if drawn is not None:
        return f"{names[event.seat]} drew {card_words(drawn)}"
    line = event_text(event, names, card_words)
    if line is not None and price and event.kind in ("stole", "bought"):
        line = f"{in_words(line)} and took a {price}"
    return None if line is None else in_words(line)


def card_words(card) -> str:
    return "a joker" if card.is_joker else spoken(card.rank, card.suit, "the")


def rank_of(glyph: str) -> int:
    return 10 if glyph == "10" else RANKS.index(glyph) + 1


def in_words(text: str) -> str:
    """Card glyphs said in words, pictographs left out, spaces tidied."""
    text = STANDS.sub(lambda m: " standing for " + spoken(rank_of(m[1]), SUIT_LETTERS.get(m[2]), "the" if m[2] else "a"),
                      text)
    text = CARD.sub(lambda m: spoken(rank_of(m[1]), SUIT_LETTERS[m[2]]), text)
    text = EMOJI.sub("", text.replace("🃏", "joker"))
    return re.sub(r"\s+([,.:;])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
