"""A virtual screen reader in the page, for tests that play by ear (issue 42, point 4).

`@guidepup/virtual-screen-reader` (pinned in package.json, vendored for tests only by
scripts/vendor.py into assets/vendor/vsr/, never shipped: scripts/build.py) reads the live DOM
as a screen reader would: what the focus lands on, what a live region announces ("polite: …"),
and, moved item by item (``next``), the whole page. ``Ear`` starts it on the page and keeps what
it has spoken; a test hears through it and acts by keys only.

And the words a player hears, parsed: card names ("seven of hearts", "two of spades, wild",
"joker") into (rank, suit) pairs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

VSR = "./assets/vendor/vsr/index.browser.js"
START = """async (url) => {
  const { virtual } = await import(url);
  window.virtual = virtual;
  await virtual.start({ container: document.body });
}"""
# The reader's cursor moved item by item from where it stands (the top, once the page was redrawn
# under it) until it has said the items of one part of the page: [from the phrase that opens it,
# up to the one that closes it]. Bounded: twice round the page at most.
READ_PART = """async ([opens, closes]) => {
  const said = [];
  for (let n = 0; n < 2000; n++) {
    await virtual.next();
    const phrase = await virtual.lastSpokenPhrase();
    if (!said.length && !phrase.startsWith(opens)) continue;
    said.push(phrase);
    if (phrase.startsWith(closes)) return said;
  }
  return said;
}"""
# Listen (in the page, as the reader speaks) until a phrase said from ``start`` on matches
# ``source``; false after ``ms``. The reader's log is asked for asynchronously, so Playwright's
# wait_for_function (which takes a promise for a truthy answer) cannot poll it.
UNTIL = """async ([start, source, ms]) => {
  const pattern = new RegExp(source), end = performance.now() + ms;
  while (performance.now() < end) {
    if ((await virtual.spokenPhraseLog()).slice(start).some((p) => pattern.test(p))) return true;
    await new Promise((wake) => requestAnimationFrame(wake));
  }
  return false;
}"""

RANK_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "jack": 11, "queen": 12, "king": 13, "ace": 14}
SUITS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
CARD = re.compile(r"\b(joker|(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                  r"(clubs|diamonds|hearts|spades))\b")
JOKER = (0, "")


def card_of(words: str) -> Optional[tuple[int, str]]:
    """The first card named in ``words``: (rank, suit letter), a joker (0, '')."""
    found = CARD.search(words)
    if not found:
        return None
    return JOKER if found[1] == "joker" else (RANK_WORDS[found[2]], SUITS[found[3]])


def cards_in(words: str) -> list[tuple[int, str]]:
    return [JOKER if m[1] == "joker" else (RANK_WORDS[m[2]], SUITS[m[3]]) for m in CARD.finditer(words)]


def points(card: tuple[int, str]) -> int:
    """What a card left in hand costs, as the game's score sheet says it ('3–10 = 5 · J–K = 10 ·
    A = 15 · 2 and joker = 20'): a player's reason to throw it first."""
    rank = card[0]
    return 20 if rank in (0, 2) else 15 if rank == 14 else 10 if rank >= 10 else 5


@dataclass
class Ear:
    """The virtual screen reader on one page, and everything it has said so far."""

    page: object
    log: list[str] = field(default_factory=list)      # every phrase spoken, in order
    heard_to: int = 0                                  # how far the test has listened
    read_count: int = 0                                # phrases read on purpose (``read``)

    def start(self) -> Ear:
        self.page.evaluate(START, VSR)
        return self

    def spoken(self) -> list[str]:
        self.log = self.page.evaluate("async () => await virtual.spokenPhraseLog()")
        return self.log

    def new(self) -> list[str]:
        """What was said since the test last listened."""
        fresh = self.spoken()[self.heard_to:]
        self.heard_to = len(self.log)
        return fresh

    def until(self, pattern: str, timeout: int = 60_000) -> list[str]:
        """Listen until a phrase said from now on matches ``pattern`` (a regular expression); the
        phrases said meanwhile. The test waits on words, never on the clock."""
        found = self.page.evaluate(UNTIL, [self.heard_to, pattern, timeout])
        assert found, f"never heard /{pattern}/ after: {self.spoken()[self.heard_to - 12:]}"
        return self.new()

    def press(self, key: str, answer: str = ".") -> list[str]:
        """A key, then what the page says back (every key is answered in words: ``answer``)."""
        self.new()
        self.page.keyboard.press(key)
        return self.until(answer)

    def read(self, opens: str, closes: str) -> list[str]:
        """Move the reader's cursor through one part of the page, as a player reviews it."""
        part = self.page.evaluate(READ_PART, [opens, closes])
        self.read_count += len(part)
        self.new()
        return part
