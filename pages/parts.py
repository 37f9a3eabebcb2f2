"""What the rules page and the printable card both draw: paths, card glyphs, the joker mark,
contracts and numbers in words.

A page is drawn with one ``Translations`` (game/i18n.py): its ``gettext``/``ngettext`` are bound
to the names ``_`` and ``ngettext`` where a message is written, so Babel finds every message by
reading this folder (scripts/catalogs.py). Messages may hold inline markup (<b>, <i>, <kbd>) for
translators to keep; anything that varies (a number, a link, cards) is a {placeholder}.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.i18n import SOURCE, N_, Translations
from game.rules import PRESETS, Contract, MeldSpec, Rules

BOOKS = tuple(PRESETS)  # aggravation, gallery, contract: the order the pages list them in
PAGE = {"aggravation": "rules.html", "gallery": "rules-gallery.html", "contract": "rules-contract.html"}
CARD = {"aggravation": "print/index.html", "gallery": "print/gallery.html", "contract": "print/contract.html"}
NAV_NAME = {"aggravation": "Aggravation", "gallery": "Gallery", "contract": "Contract Rummy"}  # names: never translated

# The joker mark of the cards (assets/cards): a figure, labelled "joker" where it is read as a card.
JOKER_PATH = ('<path d="M6.4 17.6C6.4 13.6 4.8 10.4 1.4 10 4 7.4 8.2 8.4 9.8 11.6 9.2 7.4 10.6 3.6 14 2.6 12.6 '
              '5.6 13.4 8.8 14.2 11.6 15.8 8.4 20 7.4 22.6 10 19.2 10.4 17.6 13.6 17.6 17.6z"/><rect x="5" '
              'y="18.6" width="14" height="3.2" rx="1"/><circle cx="2" cy="12" r="1.9"/><circle cx="15.6" '
              'cy="2.2" r="1.9"/><circle cx="22" cy="12" r="1.9"/>')
SUITS = ('<span class="blk">♣</span><span class="red">♦</span><span class="red">♥</span>'
         '<span class="blk">♠</span>')

# Translators: numbers in words, for counts ("two sets of 3", "eleven rounds", "four ordinary decks");
# "two" is also the card's name in the points table ("Two, joker").
NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
                7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("eleven"),
                12: N_("twelve"), 13: N_("thirteen")}


@dataclass(frozen=True)
class Page:
    """One page to draw: a rulebook in a language, and the languages it is drawn in."""

    book: str
    lang: str
    tr: Translations
    langs: tuple[str, ...] = (SOURCE,)

    @property
    def rules(self) -> Rules:
        return PRESETS[self.book]

    @property
    def name(self) -> str:
        return self.rules.name


def localized(path: str, lang: str) -> str:
    """A page's path in a language: English keeps today's URL, others add the code (rules.es.html)."""
    return path if lang == SOURCE else path.replace(".html", f".{lang}.html")


def relative(path: str, start: str) -> str:
    """``path`` (from the site's root) as a link from the page at ``start``."""
    return "../" * start.count("/") + path


def joker(page: Page, labelled: bool = True) -> str:
    """The joker mark, read as "joker" where it stands for a card, hidden where a word says it."""
    label = f'role="img" aria-label="{page.tr.gettext("joker")}"' if labelled else 'aria-hidden="true"'
    return f'<svg class="jm" viewBox="0 0 24 24" {label} focusable="false">{JOKER_PATH}</svg>'


def red(cards: str) -> str:
    return f'<span class="red">{cards}</span>'


def blk(cards: str) -> str:
    return f'<span class="blk">{cards}</span>'


def shown(*parts: str, colour: str = "") -> str:
    """Cards shown as an example, in the cards' own font."""
    cls = f"cards {colour}".strip()
    return f'<span class="{cls}">{" ".join(parts)}</span>'


def number_word(page: Page, n: int) -> str:
    """'eleven': a count in words where the pages write it so, a numeral past twelve."""
    return page.tr.gettext(NUMBER_WORDS[n]) if n in NUMBER_WORDS else str(n)


def meld_words(page: Page, spec: MeldSpec, count: int, short: bool) -> str:
    """One group of a contract: 'a set of 3', 'two runs of 4' (short: 'set of 3', '2 runs of 4')."""
    _, ngettext = page.tr.gettext, page.tr.ngettext
    kind = "pair" if spec.is_pair else spec.kind.value
    if short and count == 1:
        # Translators: short, in the printable card's narrow contracts table: "set of 3 + 2 runs of 4".
        text = {"pair": _("pair"), "set": _("set of {size}"), "run": _("run of {size}")}[kind]
    else:
        # Translators: {count} is a number in words ("two"), a numeral in the printable card's table;
        # {size} is how many cards each meld has. A contract joins them: "a set of 3 and a run of 4".
        text = {"pair": ngettext("a pair", "{count} pairs", count),
                "set": ngettext("a set of {size}", "{count} sets of {size}", count),
                "run": ngettext("a run of {size}", "{count} runs of {size}", count)}[kind]
    return text.format(count=count if short else number_word(page, count), size=spec.size)


def contract_words(page: Page, contract: Contract, short: bool = False) -> str:
    """'a set of 3 and two runs of 4' (game/rules.py's words in English); 'set of 3 + 2 runs of 4' short."""
    _ = page.tr.gettext
    groups: list[list[Any]] = []
    for spec in contract.melds:
        if groups and groups[-1][0] == spec:
            groups[-1][1] += 1
        else:
            groups.append([spec, 1])
    parts = [meld_words(page, spec, count, short) for spec, count in groups]
    if short:
        return " + ".join(parts)
    return listed(page, parts)


def times(page: Page, n: int) -> str:
    """'once', 'twice', 'three times'."""
    _ = page.tr.gettext
    # Translators: how often the stock can be rebuilt: "shuffled into a new stock — twice a deal at most".
    return {1: _("once"), 2: _("twice")}.get(n) or page.tr.ngettext("{n} time", "{n} times", n).format(n=n)


def card_count(page: Page) -> int:
    """Cards in the shoe when it has one size (decks × (52 + jokers))."""
    rules = page.rules
    return rules.decks * (52 + rules.jokers_per_deck)


def points_rows(page: Page, short: bool) -> list[tuple[str, int]]:
    """The points table's rows from the rulebook's points: one row per score, lowest first, its
    ranks in the order 2 … 10, J, Q, K, A, joker."""
    rules = page.rules
    order = [*range(2, 14), 1, 0]
    scores = sorted({rules.points_of_rank(rank) for rank in order})
    return [(rank_label(page, [r for r in order if rules.points_of_rank(r) == score], short), score)
            for score in scores]


def rank_label(page: Page, ranks: list[int], short: bool) -> str:
    """'3 to 10', 'Jack, queen, king', 'Two, joker' (short: '3 – 10', 'J Q K', '2 and 🃏')."""
    _ = page.tr.gettext
    numbers = [r for r in ranks if 2 <= r <= 10]
    words: list[str] = []
    if len(numbers) > 1:
        low, high = numbers[0], numbers[-1]
        # Translators: card ranks in the points table: "3 to 10".
        words.append(f"{low} – {high}" if short else _("{low} to {high}").format(low=low, high=high))
    elif numbers and (short or numbers != [2]):
        words.append(str(numbers[0]))
    faces = [r for r in ranks if r not in numbers or (numbers == [2] and not short and r == 2)]
    long_names = {11: _("jack"), 12: _("queen"), 13: _("king"), 1: _("ace"), 2: _("two")}
    # Translators: "Ace" is the printable card's short label in the points table, next to "J Q K".
    short_names = {11: "J", 12: "Q", 13: "K", 1: _("Ace")}
    for rank in faces:
        if rank == 0:
            words.append(joker(page) if short else _("joker") + " " + joker(page, labelled=False))
        else:
            words.append(short_names[rank] if short else long_names[rank])
    if short:
        return _short_join(page, words, ranks)
    text = ", ".join(words)
    return text[:1].upper() + text[1:]


def _short_join(page: Page, words: list[str], ranks: list[int]) -> str:
    """The card's labels: 'J Q K' as the cards print them; 'Ace and 🃏' where a word meets the mark."""
    _ = page.tr.gettext
    if 0 in ranks and len(words) > 1:
        return _("{cards} and {joker}").format(cards=" ".join(words[:-1]), joker=words[-1])
    return " ".join(words)


def attr(text: str) -> str:
    """Text inside an attribute's quotes (a message may hold an apostrophe or a quote)."""
    return text.replace("&", "&amp;").replace('"', "&quot;")


def listed(page: Page, items: list[str], final: str = "and") -> str:
    """'two, three or four', 'a, b and c': a sentence's list, its last word by the language."""
    _ = page.tr.gettext
    if len(items) < 2:
        return "".join(items)
    # Translators: a list in a sentence: {first} is every item but the last, joined by ", " ("a, b and c").
    joined = {"and": _("{first} and {last}"), "or": _("{first} or {last}")}[final]
    return joined.format(first=_(", ").join(items[:-1]), last=items[-1])


def section(sid: str, heading: str, body: str, **attrs: str) -> str:
    """A page section: an anchor, its heading (emoji first, never translated), its blocks."""
    return f'<section id="{sid}">\n  <h2>{heading}</h2>\n{body}\n</section>\n'


def items(*texts: str, cls: str = "", tag: str = "ul") -> str:
    klass = f' class="{cls}"' if cls else ""
    rows = "\n".join(f"    <li>{t}</li>" for t in texts if t)
    return f"  <{tag}{klass}>\n{rows}\n  </{tag}>"


def para(*texts: str, cls: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    return "\n".join(f"  <p{klass}>{t}</p>" for t in texts if t)


def terms(pairs: list[tuple[str, str]], cls: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    rows = "\n".join(f"    <dt>{dt}</dt><dd>{dd}</dd>" for dt, dd in pairs)
    return f"  <dl{klass}>\n{rows}\n  </dl>"
