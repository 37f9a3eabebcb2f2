"""The template of a rulebook's 📜 rules page: rules.html, rules-gallery.html, rules-contract.html
(and rules.<lang>.html in each other language).

``render(page)`` draws the head, the rulebooks' and languages' links, the contents and the
sections a rulebook has (prose.py for the game's rules, below for the rest). Which sections appear
follows the ``Rules``: a joker swap section only where a joker can be swapped, round 7's where a
round goes out without a discard.
"""
from __future__ import annotations

from game.rules import DEFAULT_PRESET

from . import prose
from .about import differences, house, levels, others, screen, words
from .parts import (BOOKS, CARD, NAV_NAME, PAGE, SUITS, Page, attr, blk, contract_words, items, joker,
                    localized, number_word, para, points_rows, red, section, shown)

LANG_NAMES = {"en": "English", "es": "Español", "de": "Deutsch", "fr": "Français", "qps": "⟦Pseudo⟧"}


def render(page: Page) -> str:
    _ = page.tr.gettext
    parts = sections(page)
    toc = " · ".join(f'<a href="#{sid}">{label}</a>' for sid, label, _html in parts)
    body = "\n".join([*(html for _sid, _label, html in parts), print_note(page)])
    home = page.book == DEFAULT_PRESET
    return f"""<!doctype html>
<html lang="{page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{_("📜 Rules — {name}").format(name=page.name)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/rules.css">
</head>
<body>
<header class="top">
  <nav class="links" aria-label="{attr(_("Rules page"))}">
{links(page)}
  </nav>
  <nav class="books" aria-label="{attr(_("Rulebooks"))}">
{books(page)}
  </nav>{languages(page)}
  <h1{' id="aggravation"' if home else ""}><span class="suits" aria-hidden="true">{SUITS}</span>
    📜 {_("The rules of {name}").format(name=page.name)}</h1>
  <p class="lead">{lead(page)}</p>
  <nav class="toc" aria-label="{attr(_("Contents"))}">
    {toc}
  </nav>
</header>

<main>

{body}
</main>

<footer class="bottom">
  <a class="back" href="index.html">{_("← Back to the game")}</a>
</footer>
</body>
</html>
"""


def links(page: Page) -> str:
    _ = page.tr.gettext
    rows = [f'    <a class="back" href="index.html">{_("← Back to the game")}</a>',
            f'    <a class="card-link" href="{localized(CARD[page.book], page.lang)}">'
            f'{_("🖨️ Open the printable rules card")}</a>']
    if page.book == DEFAULT_PRESET:
        rows.append(f'    <a class="learn-link" href="index.html?learn=1">{_("🎓 Play a guided first deal")}</a>')
    return "\n".join(rows)


def books(page: Page) -> str:
    return "\n".join(f'    <a href="{localized(PAGE[book], page.lang)}"{current(book == page.book)}>'
                     f"{NAV_NAME[book]}</a>" for book in BOOKS)


def current(here: bool) -> str:
    return ' aria-current="page"' if here else ""


def languages(page: Page) -> str:
    """The same page in the other languages it is drawn in (none while English is the only one)."""
    if len(page.langs) < 2:
        return ""
    _ = page.tr.gettext
    links = " · ".join(f'<a href="{localized(PAGE[page.book], lang)}" hreflang="{lang}" lang="{lang}"'
                       f'{current(lang == page.lang)}>{LANG_NAMES[lang]}</a>'
                       for lang in page.langs)
    return f'\n  <nav class="langs" aria-label="{attr(_("Languages"))}">{links}</nav>'


def lead(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    rounds = number_word(page, rules.rounds)
    if rules.end_after_last_round:
        return _("{Rounds} rounds that the whole table plays together, each with a harder contract than the "
                 "last. Only jokers are wild, buys are rationed, and the last round has no discard.").format(
            Rounds=rounds.capitalize())
    if rules.pile_dig:
        return _("Aggravation as one household plays it: {rounds} contracts, a pair among them, buying instead "
                 "of stealing, digging into the discard pile, and laying off whether you like it or "
                 "not.").format(rounds=rounds)
    return _("Contract rummy in {rounds} rounds. Each deal you chase one contract — a fixed group of melds — "
             "and the cards you can’t get rid of count against you.").format(rounds=rounds)


def sections(page: Page) -> list[tuple[str, str, str]]:
    """(anchor, contents label, html) of every section the rulebook has, in reading order."""
    _, rules = page.tr.gettext, page.rules
    home = page.book == DEFAULT_PRESET
    plan = [("aim", _("The aim"), prose.aim), ("table", _("Cards &amp; table"), prose.table),
            ("contracts", _("Contracts"), contracts),
            ("melds", _("Melds, pairs &amp; wilds") if rules.pairs else _("Melds &amp; wilds") if rules.twos_wild
             else _("Melds &amp; jokers"), prose.melds)]
    plan += [("deal", _("A deal"), prose.deal)] if rules.swap_round else [("turn", _("A turn"), prose.turn)]
    if rules.buried_discards:
        plan.append(("buried", _("Buried discards"), prose.buried))
    plan.append(("stealing", _("Stealing"), prose.claims) if rules.claim_word == "steal"
                else ("buying", _("Buying"), prose.claims))
    if rules.wild_swap:
        plan.append(("swap", _("Joker swap"), joker_swap))
    if not rules.swap_round:
        plan.append(("out", _("Going out &amp; waiting") if rules.must_lay_off else _("Going out"), going_out))
    for number in rules.no_discard_rounds:
        plan.append((f"round{number}", _("Round {round}").format(round=number), no_discard))
    plan += [("stock", _("Empty stock"), prose.stock), ("scoring", _("Scoring &amp; winning"), scoring),
             ("screen", _("On screen"), screen), ("levels", _("Levels"), levels)]
    plan += ([("house", _("House rules"), house), ("rulebooks", _("Other rulebooks"), others)] if home
             else [("differences", _("Next to Aggravation"), differences)])
    plan.append(("words", _("Words"), words))
    return [(sid, label, draw(page)) for sid, label, draw in plan]


def contracts(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    dealt = bool(rules.deal_sizes)
    heads = [_("Round"), _("Contract"), *([_("Cards dealt")] if dealt else []), _("Cards to go down")]
    rows = []
    for number in range(1, rules.rounds + 1):
        contract = rules.contract(number)
        cells = [number, contract_words(page, contract), *([rules.deal_size(number)] if dealt else []),
                 contract.cards]
        rows.append("      <tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th scope="col">{h}</th>' for h in heads)
    own = ("" if rules.advance_after_miss else para(
        _("Your round belongs to you, not to the table. You play the contract of <i>your</i> round, so in "
          "one deal you might be on round 6 while an opponent is still on round 3.")))
    after = (items(prose.exact(page), _("Two runs in one contract may not be the same suit <i>and</i> the "
                                        "same numbers: {run} twice is one run too many, but {run} with {other} "
                                        "or with {red} is fine.").format(
        run=shown(blk("5♠ 6♠ 7♠ 8♠")), other=shown(blk("6♠ 7♠ 8♠ 9♠")), red=shown(red("5♥ 6♥ 7♥ 8♥"))))
             if rules.distinct_runs else "")
    table = ('  <div class="table-wrap">\n  <table class="contracts">\n'
             f"    <thead><tr>{head}</tr></thead>\n    <tbody>\n" + "\n".join(rows) +
             "\n    </tbody>\n  </table>\n  </div>")
    title = _("The {count} contracts").format(count=number_word(page, rules.rounds))
    return section("contracts", "📋 " + title, "\n".join(filter(None, [own, table, after])))


def joker_swap(page: Page) -> str:
    _ = page.tr.gettext
    return section("swap", "🔁 " + _("Joker swap"), para(
        _("On your turn, once you are down, you may take a joker out of a <b>run</b> on the table by putting "
          "the natural card it stands for in its place; the joker goes into your hand. A joker in a set stays "
          "where it is."),
        _("On the table: {run} (the joker is {nine}). Put your {nine} there and take the joker.").format(
            run=shown(red("7♦ 8♦"), joker(page), red("10♦")), nine=red("9♦"))))


def going_out(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    if rules.must_lay_off:
        return section("out", "🏁 " + _("Going out, and waiting"), para(
            _("A deal ends when a player who is down discards their last card."),
            _("Laying off and further melds can empty your hand before you get to discard. Then you "
              "<b>wait</b>: on your next turn you draw, lay off whatever fits (you must), and discard if you "
              "still hold a card. If the drawn card fits a meld too, you are waiting again."),
            _("When somebody goes out (or the deal dies, below), everyone adds the points still in their hand "
              "to their total. Everyone who went down this deal moves up a round; the others play the same "
              "round again.")))
    last = rules.no_discard_rounds[0] - 1 if rules.no_discard_rounds else rules.rounds
    return section("out", "🏁 " + _("Going out, and the end of a deal"), para(
        _("In rounds 1 to {last} a player goes out by discarding their last card. The deal ends at once: "
          "everyone adds up the cards left in their hand and adds that to their total. The going-out player "
          "scores nothing for the deal. Then the whole table moves on to the next round.").format(last=last)))


def no_discard(page: Page) -> str:
    _, number = page.tr.gettext, page.rules.no_discard_rounds[0]
    return section(f"round{number}", f"{number}️⃣ " + _("Round {round}: no discard").format(round=number), para(
        _("In the last round you go out only by putting <b>every</b> card on the table. On the turn you go out "
          "you may go down and lay off together — the one time laying off on the turn you go down is allowed "
          "— and you finish without a discard. You may not discard your last card, and the game will not let "
          "you leave yourself a single card that fits nowhere."),
        _("A turn that does not empty your hand still ends with a discard, as usual.")))


def scoring(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    rows = "\n".join(f"      <tr><td>{label}</td><td>{points}</td></tr>" for label, points in points_rows(page, False))
    table = ('  <div class="table-wrap">\n  <table class="points">\n'
             f'    <thead><tr><th scope="col">{_("Card left in hand")}</th><th scope="col">{_("Points")}</th>'
             f"</tr></thead>\n    <tbody>\n{rows}\n    </tbody>\n  </table>\n  </div>")
    if rules.end_after_last_round:
        win = _("After round {last} the lowest total wins. Equal totals go to the player with the lower score "
                "in round {last}; if that is equal too, they share the win.")
    elif rules.winner_pool.value == "everyone":
        win = _("The game ends at the end of the first deal in which anybody goes down on <b>round {last}</b>. "
                "Then <b>every</b> player is in the running, not only those on round {last}: the lowest total "
                "wins. The player who finished the game can lose it that way — which is the aggravation. Equal "
                "lowest totals share the win.")
    else:
        win = _("The game finishes at the end of the first deal in which anyone goes down on <b>round "
                "{last}</b>. Only the players who did so are in the running: the lowest total among them wins. "
                "If they are level, the one who went out wins. If that still doesn’t separate them, they share "
                "the victory.")
    return section("scoring", "🏆 " + _("Scoring and winning"), "\n".join(
        [table, para(_("Totals run across the whole game, and lower is better."), win.format(last=rules.rounds))]))


def print_note(page: Page) -> str:
    _ = page.tr.gettext
    link = f'<a class="card-link" href="{localized(CARD[page.book], page.lang)}">{_("🖨️ Open the printable rules card")}</a>'
    return section("print", "🖨️ " + _("A card for the deck box"), para(
        _("The rules also fit on one side of a single sheet (A4 or US Letter). Print it, fold it along the "
          "dashed lines — no scissors — and it becomes a card that lives in the deck box."), link))
