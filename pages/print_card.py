"""The template of a rulebook's 🖨️ printable rules card: print/index.html, print/gallery.html,
print/contract.html (and print/<name>.<lang>.html in each other language).

One side of one A4 or US Letter sheet, a 3 × 3 grid of panels folded into a card for the deck box
(print/card.css lays it out, print/fit.js fits it to a phone's screen). The panels a rulebook gets
follow its ``Rules``, as the rules page's sections do; every number is read from it.
"""
from __future__ import annotations

from typing import Callable

from .parts import (CARD, PAGE, SUITS, Page, attr, blk, contract_words, items, joker, listed, localized,
                    number_word, para, points_rows, red, relative, shown, terms, times)
from .card_panels import buried, claims, differences, joker_swap, must_lay_off, points, points_and_fold, stock_and_end
from .prose import deal_runs, shoe_table

LONG = ' class="long"'  # a two-line title on the cover
CREASES = (("v v1", "top", "bottom", "① "), ("v v2", "top", "bottom", "② "),
           ("h h1", "left", "right", "③ "), ("h h2", "left", "right", "④ "))


def render(page: Page) -> str:
    _ = page.tr.gettext
    here = localized(CARD[page.book], page.lang)
    panels = "\n\n".join(f"    <!-- {n} · {name} -->\n    <section class=\"panel{' cover' if n == 1 else ''}\">\n"
                         f"{draw(page)}\n    </section>" for n, (name, draw) in enumerate(plan(page), start=1))
    folds = [_("fold back"), _("fold forward")] * 2
    creases = "\n".join(f'  <div class="crease {cls}" aria-hidden="true"><span class="mark {a}">{mark}{fold}</span>'
                        f'<span class="mark {b}">{mark}{fold}</span></div>'
                        for (cls, a, b, mark), fold in zip(CREASES, folds))
    rules_page = relative(localized(PAGE[page.book], page.lang), here)
    return f"""<!doctype html>
<html lang="{page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_("{name} — printable rules card").format(name=page.name)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="card.css">
<script src="fit.js" defer></script>
</head>
<body>

<nav class="toolbar" aria-label="{attr(_("Printable card"))}">
  <a class="back" href="{relative("index.html", here)}">{_("← Back to the game")}</a>
  <a class="back" href="{rules_page}">📜 {_("{name} rules page").format(name=short_name(page))}</a>
  <button type="button" class="print-button" onclick="print()">{_("🖨️ Print")}</button>
  <p class="print-tip">{_("One side of one sheet, A4 or US Letter. Print at <b>actual size / 100 %</b>, then fold "
                          "it along the dashed lines (instructions in the bottom-right panel) into a card for the "
                          "deck box.")}</p>
</nav>

<main class="sheet" aria-label="{attr(_("Rules card, one sheet"))}">

  <!-- Fold guides: creases between the panels, with labels in the page margin. -->
  <div class="frame" aria-hidden="true"></div>
{creases}
  <p class="margin-note" aria-hidden="true"><span>{_("How to fold: blank border back along the dotted frame · "
                                                     "creases ① ② ③ ④ in order · the title panel ends up on the "
                                                     "front")}</span></p>

  <div class="grid">

{panels}

  </div>
</main>
</body>
</html>
"""


def short_name(page: Page) -> str:
    """The rulebook's name in the card's link back to its rules page ("{name} rules page"): a name,
    never translated (Aggravation, Gallery, Contract Rummy)."""
    return "Gallery" if page.book == "gallery" else page.name


def plan(page: Page) -> list[tuple[str, Callable[[Page], str]]]:
    """The nine panels, in reading order, as the rulebook needs them."""
    rules = page.rules
    first = [("cover", cover), ("contracts", contracts), ("melds", melds), ("turn", turn)]
    if rules.buried_discards:
        return first + [("going down, laying off", going_down), ("buried discards", buried),
                        ("stealing", claims), ("stock, end of deal", stock_and_end),
                        ("points, winning, folding", points_and_fold)]
    if rules.must_lay_off:
        return first + [("lay-offs", must_lay_off), ("buying", claims), ("end of a deal, stock", stock_and_end),
                        ("points", points), ("differences, folding", differences)]
    return first + [("buying", claims), ("joker swap", joker_swap), ("round 7, stock", stock_and_end),
                    ("points, winning", points), ("differences, folding", differences)]


def h2(text: str) -> str:
    return f"      <h2>{text}</h2>"


def cover(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    long = page.name != "Aggravation"
    title = page.name.replace("Gallery ", "Gallery<br>") if long else page.name
    rounds = number_word(page, rules.rounds)
    if rules.end_after_last_round:
        tagline = _("{rounds} rounds, everyone together").format(rounds=rounds)
        aim = _("Each round has a <b>contract</b> to lay down. After every deal the whole table moves on a round, "
                "made or missed. After round {last} the lowest total wins.").format(last=rules.rounds)
    else:
        tagline = (_("{rounds} contracts, buys and digs") if rules.pile_dig
                   else _("contract rummy in {rounds} rounds")).format(rounds=rounds)
        aim = _("Each deal, lay down your round’s <b>contract</b>. Make it and you move up a round; miss it and "
                "you play it again. Points left in hand count against you.")
    out = [f'      <p class="suits" aria-hidden="true">{SUITS}</p>',
           f"      <h1{LONG if long else ''}>{title}</h1>",
           # Translators: under the title on the folded card's cover: "· the rules card ·".
           f'      <p class="tagline">{tagline}<br>· {_("the rules card")} ·</p>', h2("🎯 " + _("The aim")),
           f"      <p>{aim}</p>", h2("🪑 " + _("The table"))]
    if rules.decks_by_players:
        sizes = ", ".join(_("{size} in rounds {first}–{last}").format(size=size, first=first, last=last)
                          for size, first, last in deal_runs(page))
        out += [f"      <p>{_('<b>Players:</b> {low} to {high}, clockwise. The shoe grows with the table:').format(low=rules.min_players, high=rules.max_players)}</p>",
                shoe_table(page).replace(' scope="col"', ""),
                f"      <p>{_('<b>Deal:</b> {sizes}; one card face up starts the pile.').format(sizes=sizes)}</p>"]
        return "\n".join(out)
    if page.book == "aggravation":
        seats = _("<b>Players:</b> you and {low}–{high} opponents, clockwise.").format(
            low=rules.min_players - 1, high=rules.max_players - 1)
    else:
        seats = _("<b>Players:</b> {low} to {high}, clockwise.").format(low=rules.min_players, high=rules.max_players)
    shoe = _("<b>Shoe:</b> {decks} decks + {jokers} jokers, {cards} cards.").format(
        decks=rules.decks, jokers=rules.decks * rules.jokers_per_deck, cards=rules.decks * (52 + rules.jokers_per_deck))
    deal = _("<b>Deal:</b> {size} cards each; one card face up starts the pile, the rest is the stock.").format(
        size=rules.hand_size)
    dealer = _("The dealer moves one seat a deal; left of the dealer starts.")
    if not rules.swap_round:
        dealer += " " + _("No swap round.")
    out += [items(*([shoe, seats] if page.book == "aggravation" else [seats, shoe]), deal, dealer)
            .replace("  <", "      <"), f'      <p class="keep">{_("Keep me in the deck box.")}</p>']
    return "\n".join(out)


def contracts(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    dealt = bool(rules.deal_sizes)
    # Translators: the printable card's narrow contracts table: "Rnd" abbreviates "Round"; "Dealt" is the
    # cards dealt in that round; "Cards" what going down takes.
    heads = [_("Rnd"), _("Contract"), *([_("Dealt")] if dealt else []), _("Cards")]
    rows = "\n".join("          <tr>" + "".join(f"<td>{c}</td>" for c in [
        n, contract_words(page, rules.contract(n), short=True), *([rules.deal_size(n)] if dealt else []),
        rules.contract(n).cards]) + "</tr>" for n in range(1, rules.rounds + 1))
    out = [h2("📋 " + _("The {count} contracts").format(count=number_word(page, rules.rounds)))]
    if not rules.advance_after_miss:
        out.append(f"      <p>{_('Your round is <b>your own</b>, not the table’s.')}</p>")
    head = "".join(f"<th>{h}</th>" for h in heads)
    out += [f'      <table class="contracts">\n        <thead><tr>{head}</tr></thead>\n        <tbody>\n{rows}\n'
            "        </tbody>\n      </table>",
            f'      <p class="small">{_("“Cards”: what going down takes, exactly, all melds at once.")}</p>']
    if rules.distinct_runs:
        out.append("      <p>" + _("Two runs of one contract may not be the same suit <b>and</b> the same numbers: "
                                   "{run} twice is out; with {other} or {red} it is fine.").format(
            run=shown("5♠–8♠"), other=shown("6♠–9♠"), red=shown("5♥–8♥", colour="red")) + "</p>")
    return "\n".join(out)


def melds(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    heading = (_("Melds, pairs &amp; wilds") if rules.pairs else _("Melds &amp; wilds") if rules.twos_wild
               else _("Melds &amp; jokers"))
    defs = [(_("Set"), _("3 or more cards of one rank, suits mixed freely:") + " "
             + shown(blk("8♣"), red("8♥"), blk("8♠"))),
            (_("Run"), _("3 or more cards of one suit in unbroken order:") + " " + shown(red("4♦ 5♦ 6♦ 7♦")))]
    if rules.pairs:
        defs.append((_("Pair"), _("Round {round} only: exactly 2 of one rank, one at least natural — {cards}. On "
                                  "the table it grows like a set.").format(round=pair_round(page),
                                                                           cards=shown(red("7♥"), joker(page)))))
    defs.append((_("Aces"), _("Low (A-2-3) or high (Q-K-A), not both; K-A-2 is no run. Runs stop at {n} cards.")
                 .format(n=rules.max_run_length)))
    wilds = (_("Jokers, always. A <b>two</b>: wild or a plain 2, your choice each time.") if rules.twos_wild
             else _("<b>Jokers only.</b> Twos are plain cards."))
    defs.append((_("Wilds"), joker(page) + " " + wilds))
    notes = [_("Every meld needs at least <b>one natural</b> card."),
             _("A wild on the table stands for one exact card; the table shows which.")]
    if rules.twos_wild and not rules.pairs:
        notes.append(_("If it could be read two ways — {cards} as 4-5-6 or 5-6-7 — you pick.").format(
            cards=red("5♥ 6♥") + " " + joker(page)))
    if not rules.twos_wild:
        notes.append(_("Sets and runs on the table grow to any legal size."))
    return "\n".join([h2("🧩 " + heading), indent(terms(defs)), indent(items(*notes))])


def pair_round(page: Page) -> int:
    rules = page.rules
    return next(n for n in range(1, rules.rounds + 1) if any(s.is_pair for s in rules.contract(n).melds))


def indent(block: str) -> str:
    return "\n".join("    " + line for line in block.splitlines())


def turn(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    out = []
    if rules.swap_round:
        out += [h2("🔄 " + _("First, the swap round")), "      <p>" + _(
            "One lap of the table, starting left of the dealer. On your go, trade one card from your hand for "
            "the face-up discard, or pass. What you give up is what the next player is offered. Nobody draws, "
            "goes down or steals during the lap.") + "</p>",
                h2(joker(page, labelled=False) + " " + _("Then, your turn"))]
    else:
        out.append(h2("🔄 " + _("Your turn")))
    if rules.pile_dig:
        draw = _("<b>Draw</b>: the top of the stock, the top discard, or <b>dig</b> — any card deeper in the pile "
                 "<b>with every card above it</b>, all into your hand.")
    elif rules.buried_discards:
        draw = _("<b>Draw</b> one card from the stock — or take the top discard, unless it is buried.")
    else:
        draw = _("<b>Draw</b> the top of the stock or the top discard.")
    down = _("<b>Go down</b> if you can and haven’t yet this deal: your whole contract, each meld its exact size.")
    if rules.extra_melds:
        off = _("<b>Once down</b> (that turn too): lay <b>further melds</b> of your contract’s kinds ({n}+ cards) "
                "and <b>lay off</b>.").format(n=rules.min_meld_size)
    elif rules.lay_off_when_going_down:
        off = _("<b>Lay off</b> spare cards on any meld on the table — only once you are down.")
    else:
        off = _("<b>Lay off</b> on any meld — only on turns <b>after</b> the one you went down. No new melds "
                "once down.")
    if rules.no_discard_rounds:
        out_step = _("<b>Discard</b> one card. Rounds 1–{last}: your last card and you are <b>out</b>.").format(
            last=rules.no_discard_rounds[0] - 1)
    else:
        out_step = _("<b>Discard</b> one card. Every turn ends this way. Discard your last card and you are "
                     "<b>out</b>: the deal is over.")
    out.append(indent(items(draw, down, off, out_step, cls="steps", tag="ol")))
    if rules.pile_dig:
        out.append('      <p class="tip">' + _("💡 A dig can fill a contract in one go — and every card it brings "
                                               "costs points if you are stuck with it.") + "</p>")
    elif rules.deal_sizes:
        big = max(deal_runs(page))
        out.append('      <p class="tip">' + _("💡 With {size} cards in rounds {first}–{last}, what you are left "
                                               "holding adds up fast.").format(size=big[0], first=big[1],
                                                                               last=big[2]) + "</p>")
    else:
        out.append('      <p class="small">' + _("Turns pass clockwise, starting with the player left of the "
                                                 "dealer.") + "</p>")
    return "\n".join(out)


def going_down(page: Page) -> str:
    _ = page.tr.gettext
    return "\n".join([
        h2("📥 " + _("Going down")),
        "      <p>" + _("All the melds of your contract at once, each <b>exactly</b> its named size: a run of 4 is "
                        "four cards, never five. No extra melds, no extra cards. Once per deal.") + "</p>",
        f'      <p class="example"><span class="lbl">{_("Round {round}:").format(round=example_round(page))}</span>\n        '
        f'{blk("9♠")} {red("9♦")} {joker(page)} &nbsp;+&nbsp;\n        {red("J♥ Q♥ K♥ A♥")}</p>',
        h2("➕ " + _("Laying off")),
        "      <p>" + _("From the turn you go down — that same turn counts — add cards to <b>any</b> meld on the "
                        "table, yours or anyone’s: more of the rank on a set, the next card at either end of a "
                        "run.") + "</p>",
        "      <p>" + _("Always keep one card back: a turn must end with a discard.") + "</p>",
        '      <p class="tip">' + _("💡 Every card still in hand when the deal ends costs points. Think before "
                                   "spending a joker on going down when it could lay off later.") + "</p>"])


def example_round(page: Page) -> int:
    """The round whose contract the going-down example lays: a set of 3 and a run of 4."""
    rules = page.rules
    return next(n for n in range(1, rules.rounds + 1)
                if [(s.kind.value, s.size) for s in rules.contract(n).melds] == [("set", 3), ("run", 4)])
