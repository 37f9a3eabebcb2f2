"""The printable card's later panels: buried discards, claims, the stock and a deal's end, points
and winning, a joker swap, compulsory lay-offs, the differences from Aggravation and how to fold.
"""
from __future__ import annotations

from .parts import Page, blk, items, joker, listed, number_word, points_rows, red, times


def h2(text: str) -> str:
    return f"      <h2>{text}</h2>"


def p(text: str, cls: str = "") -> str:
    return f'      <p{f" class={chr(34)}{cls}{chr(34)}" if cls else ""}>{text}</p>'


def ul(*texts: str, cls: str = "", tag: str = "ul") -> str:
    return "\n".join("    " + line for line in items(*texts, cls=cls, tag=tag).splitlines())


def buried(page: Page) -> str:
    _ = page.tr.gettext
    seven, queen, three = red("7♥"), blk("Q♠"), blk("3♣")
    story = [("red", "7♥", _("{seven} is discarded: free to take.")),
             ("blk", "Q♠", _("{queen} lands on it: the {seven} is buried.")),
             ("red lock", "7♥🔒", _("The {queen} is stolen: {seven} shows again, still buried.")),
             ("blk", "3♣", _("{three} is discarded on top: the pile is live."))]
    rows = "\n".join(f'        <li><span class="mini {cls}">{card}</span><span>'
                     f"{text.format(seven=seven, queen=queen, three=three)}</span></li>" for cls, card, text in story)
    return "\n".join([h2("🔒 " + _("Buried discards")),
                      p(_("Once the next discard lands on a card, that card is <b>buried</b>: nobody may take it "
                          "from the pile for the rest of the deal.")),
                      p(_("<b>The surprise:</b> if the top card is stolen, the card below it is face up again — "
                          "yet <b>still buried</b>. The game marks it 🔒; draw from the stock instead. The next "
                          "discard covers it, and the pile is live again.")),
                      f'      <ol class="pile">\n{rows}\n      </ol>'])


def claims(page: Page) -> str:
    _, ngettext, rules = page.tr.gettext, page.tr.ngettext, page.rules
    steal = rules.claim_word == "steal"
    if steal:
        opening = _("A player discards at the end of their turn. The <b>next player</b> may simply take that card "
                    "as their draw. If they don’t, <b>anyone else</b> may steal it: they take the discard "
                    "<b>and</b> the top card of the stock as a penalty.")
    else:
        opening = _("A player discards. The <b>next player</b> may take it as their draw — then it is not for "
                    "sale. If not, <b>anyone else</b> may buy it: the discard <b>plus</b> the top stock card as "
                    "the price.")
    if rules.steal_limit is None:
        limit = _("<b>No limit</b> on buys.")
    elif steal:
        limit = ngettext("<b>{n}</b> steal per player per deal.", "<b>{n}</b> steals per player per deal.",
                         rules.steal_limit).format(n=rules.steal_limit)
    else:
        limit = ngettext("<b>{n}</b> buy per player per round.", "<b>{n}</b> buys per player per round.",
                         rules.steal_limit).format(n=rules.steal_limit)
    limits = [limit, _("None once you are down."),
              _("Never past <b>{n}</b> cards in hand.").format(n=rules.max_hand) if rules.max_hand
              else _("No cap on your hand’s size."),
              _("Only while the stock can pay the penalty card.") if steal else _("Only while the stock can pay.")]
    who = (_("<b>Two claims?</b> Everyone claims without seeing the others; the card goes to the claimant whose "
             "turn comes soonest after the discarder. Speed never counts.") if steal else
           _("<b>Two buyers?</b> Everyone answers blind; the one closest to the discarder’s left gets it. Speed "
             "never counts."))
    after = _("A steal does not change whose turn it is.") if steal else _("A buy does not change whose turn it is.")
    return "\n".join([h2("🫳 " + _("Stealing") if steal else "🛒 " + _("Buying")), p(opening),
                      ul(*limits, cls="limits"), p(who), p(after)])


def stock_and_end(page: Page) -> str:
    """The end of a deal and an empty stock (round 7 first where a round goes out without a discard)."""
    _, rules = page.tr.gettext, page.rules
    out = []
    if rules.no_discard_rounds:
        number = rules.no_discard_rounds[0]
        out += [h2(f"{number}️⃣ " + _("Round {round}: no discard").format(round=number)),
                p(_("You go out only by putting <b>every</b> card on the table. That turn you may go down and "
                    "lay off together; you finish without a discard.")),
                p(_("You may not discard your last card. A turn that doesn’t empty your hand ends with a "
                    "discard."))]
    stock = [h2("♻️ " + _("When the stock runs out")),
             p(_("All discards except the top one are shuffled into a new stock — {times} a deal at most.")
               .format(times=times(page, rules.stock_rebuilds)))]
    if rules.advance_after_miss:
        stock.append(p(_("Needed again? The deal ends and everyone scores what they hold.")))
    else:
        stock.append(p(_("Needed again, or nothing left to shuffle? It is a <b>dead deal</b>: scored as usual, "
                         "nobody went out, and whoever went down still moves up.")))
    end = [h2("🏁 " + _("End of a deal")),
           p(_("A player who is down discards their last card (or the deal dies). Then:")),
           ul(_("Everyone adds the points still in hand to their total."),
              _("Went down this deal? Next round."), _("Didn’t? Same round again."))]
    if rules.no_discard_rounds:
        return "\n".join(out + stock)
    return "\n".join(stock + end if rules.buried_discards else end + stock)


def joker_swap(page: Page) -> str:
    _ = page.tr.gettext
    return "\n".join([
        h2("🔁 " + _("Joker swap")),
        p(_("On your turn, once down, put the natural card in a <b>run</b> where a joker stands for it, and take "
            "the joker into your hand. A joker in a set stays.")),
        # Translators: a label in the example "7♦ 8♦ 🃏 10♦ + your 9♦": the card you put in the joker's place.
        p(f"{red('7♦ 8♦')} {joker(page)} {red('10♦')}\n        <span class=\"lbl\">{_('+ your')}</span> "
          f"{red('9♦')}", cls="example"),
        p(_("The run keeps its cards; the joker is yours to play again.")),
        h2("🏁 " + _("End of a deal")),
        ul(_("Everyone adds the points still in hand; going out scores 0."),
           _("Then <b>everyone</b> moves to the next round, made or missed."))])


def must_lay_off(page: Page) -> str:
    _ = page.tr.gettext
    return "\n".join([
        h2("➕ " + _("Laying off is a must")),
        p(_("Once down, every card in your hand that fits a meld on the table — yours or anybody’s — <b>must</b> "
            "go there before you discard, even if that empties your hand.")),
        # Translators: labels of the example "Table: 9♦ 10♦ J♦ — you hold Q♦".
        p(f'<span class="lbl">{_("Table:")}</span> {red("9♦ 10♦ J♦")}\n        <span class="lbl">'
          f'{_("you hold")}</span> {red("Q♦")}', cls="example"),
        p(_("The {queen} must be laid off, even if you were saving it.").format(queen=red("Q♦"))),
        h2("⏳ " + _("Waiting")),
        p(_("Hand empty but no discard made? You <b>wait</b>. Next turn: draw, lay off what fits, and discard if "
            "you still hold a card — that goes out."))])


def points(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    rows = "\n".join(f"        <tr><td>{label}</td><td>{score}</td></tr>" for label, score in points_rows(page, True))
    if rules.end_after_last_round:
        win = [_("After round {last} the lowest total wins. Tied? The lower round-{last} score wins; still tied, "
                 "they share the win.")]
    elif rules.winner_pool.value == "everyone":
        win = [_("The game ends after the first deal in which somebody goes down on <b>round {last}</b>."),
               _("Then the lowest total of <b>all</b> players wins — the one who finished may lose. Equal lowest "
                 "totals share the win.")]
    else:
        win = [_("The game ends after the first deal in which somebody goes down on <b>round {last}</b>. Of those "
                 "who did, the lowest total wins; tied, the one who went out; still tied, they share the win.")]
    return "\n".join([h2("🧮 " + _("Card points")), f'      <table class="points">\n{rows}\n      </table>',
                      p(_("Low is good."), cls="small"), h2("🏆 " + _("Winning")),
                      *(p(w.format(last=rules.rounds)) for w in win)])


def how_to_fold(page: Page) -> str:
    _ = page.tr.gettext
    steps = "\n".join(f"          <li>{s}</li>" for s in (
        _("Fold the blank border back along the dotted frame."),
        _("Columns: crease ① back, ② forward (a zig-zag)."), _("Rows: ③ back, ④ forward. Title on top.")))
    return f'      <div class="howto">\n        <h3>📐 {_("How to fold")}</h3>\n        <ol>\n{steps}\n        </ol>\n      </div>'


def points_and_fold(page: Page) -> str:
    return points(page) + "\n" + how_to_fold(page)


def differences(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    if rules.pile_dig:
        pair = next(n for n in range(1, rules.rounds + 1) if any(s.is_pair for s in rules.contract(n).melds))
        rows = [_("{rounds} contracts, a pair in round {pair}.").format(rounds=rules.rounds, pair=pair),
                _("No swap round, no buried discards."), _("Buys instead of steals, no limit."),
                _("Digging in the discard pile."), _("Further melds, lay-offs a must, waiting."),
                _("Lowest total of everyone wins.")]
    else:
        sizes = listed(page, [str(n) for n in sorted(set(rules.deal_sizes))], "or")
        rows = [_("{rounds} rounds, all on the same round.").format(rounds=rules.rounds),
                _("{low} to {high} players; {sizes} dealt.").format(low=rules.min_players, high=rules.max_players,
                                                                  sizes=sizes),
                _("Only jokers wild; other points."), _("No swap round, no buried cards."),
                _("{n} buys a round, not steals.").format(n=rules.steal_limit),
                _("One stock rebuild only.") if rules.stock_rebuilds == 1 else
                _("{n} stock rebuilds.").format(n=number_word(page, rules.stock_rebuilds))]
    return "\n".join([h2("📚 " + _("Next to Aggravation")), ul(*rows), how_to_fold(page)])
