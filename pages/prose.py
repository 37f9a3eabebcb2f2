"""The rules page's sections about the game itself: the aim, the table, melds, a turn, claims,
the stock, the end of a deal, scoring. Which sections a rulebook gets, and what they say, follow
its ``Rules`` (a swap round, buried discards, a dig, compulsory lay-offs, a joker swap, rounds
gone out without a discard); every number is read from it.
"""
from __future__ import annotations

from .parts import (Page, blk, items, joker, listed, number_word, para, red, section, shown, terms, times)


def aim(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    rounds = number_word(page, rules.rounds)
    if rules.end_after_last_round:
        text = para(_("The game is exactly {rounds} rounds, one deal each, and everybody plays the same "
                      "round at the same time. Each round has a <b>contract</b>: the melds you must put "
                      "down before you can shed the rest of your hand.").format(rounds=rounds),
                    _("After every deal the whole table moves on to the next round, whether you made the "
                      "contract or not — a missed contract is simply a deal of points against you. After "
                      "round {last} the lowest total wins.").format(last=rules.rounds))
    elif rules.winner_pool.value == "everyone":
        text = para(_("{Rounds} rounds, each with its <b>contract</b>: the melds you must lay on the table "
                      "before the rest of your hand can follow. Get your contract down during a deal and "
                      "you move up a round; miss it and you play the same round again next deal.")
                    .format(Rounds=rounds.capitalize()),
                    _("Cards still in your hand when a deal ends are added to your score, and low is good. "
                      "The game stops once somebody has gone down on round {last} — and then the lowest "
                      "total at the table wins, which need not be the player who got there.")
                    .format(last=rules.rounds))
    else:
        text = para(_("There are {rounds} rounds, and every round has a <b>contract</b>: the melds you have "
                      "to lay on the table before you may start shedding the rest of your hand. Make your "
                      "contract during a deal and you move on to the next round. Miss it and you are stuck "
                      "on the same round for another deal while the others may pull ahead.")
                    .format(rounds=rounds),
                    _("Whatever is still in your hand when a deal ends is added to your score, and a low "
                      "score is a good score. The game is decided once somebody gets round {last} down.")
                    .format(last=rules.rounds))
    return section("aim", "🎯 " + _("The aim"), text)


def table(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    seats = players(page)
    if rules.decks_by_players:
        shoe = _("<b>The shoe</b> grows with the table:") + shoe_table(page)
    else:
        shoe = _("<b>The shoe</b> is {decks} ordinary decks, each with its {jokers} jokers: {cards} cards, "
                 "shuffled together, so identical cards are normal.").format(
            decks=number_word(page, rules.decks), jokers=number_word(page, rules.jokers_per_deck),
            cards=rules.decks * (52 + rules.jokers_per_deck))
    dealer = _("<b>The dealer</b> moves one seat clockwise every deal, and the player on the dealer’s "
               "left plays first.")
    if rules.deal_sizes:
        sizes = _("{size} cards each in rounds {first} to {last}")
        deal = _("<b>The deal:</b> {sizes}.").format(sizes=", ".join(
            sizes.format(size=size, first=first, last=last) for size, first, last in deal_runs(page)))
    else:
        deal = _("<b>The deal:</b> {size} cards each.").format(size=rules.hand_size)
    deal += " " + _("One card is turned face up to start the discard pile; the rest is the <b>stock</b>.")
    deal += " " + (_("A swap round comes first (below).") if rules.swap_round else
                   _("There is no swap round: play starts straight away."))
    return section("table", "🪑 " + _("Cards and table"), items(seats, shoe, dealer, deal))


def players(page: Page) -> str:
    """Who sits down: a table size the player picks, or the opponents the level brings."""
    _, rules = page.tr.gettext, page.rules
    if page.book == "aggravation":
        counts = [number_word(page, n) for n in range(rules.min_players - 1, rules.max_players)]
        return _("<b>Players:</b> you and {counts} computer opponents (the level decides how many). "
                 "Seats go round clockwise.").format(counts=listed(page, counts, "or"))
    return _("<b>Players:</b> {low} to {high} players: you and {fewest} to {most} opponents. You choose "
             "the table size on the new-game screen.").format(
        low=rules.min_players, high=rules.max_players, fewest=number_word(page, rules.min_players - 1),
        most=number_word(page, rules.max_players - 1))


def deal_runs(page: Page) -> list[tuple[int, int, int]]:
    """Rounds dealt alike, as (cards, first round, last round)."""
    runs: list[list[int]] = []
    for number in range(1, page.rules.rounds + 1):
        size = page.rules.deal_size(number)
        if runs and runs[-1][0] == size:
            runs[-1][2] = number
        else:
            runs.append([size, number, number])
    return [(size, first, last) for size, first, last in runs]


def shoe_table(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    rows, low = [], rules.min_players
    for high, decks in rules.decks_by_players:
        if high < low:
            continue
        rows.append(f"<tr><td>{low}–{high}</td><td>{decks}</td><td>{decks * rules.jokers_per_deck}</td>"
                    f"<td>{decks * (52 + rules.jokers_per_deck)}</td></tr>")
        low = high + 1
    head = "".join(f'<th scope="col">{h}</th>' for h in (_("Players"), _("Decks"), _("Jokers"), _("Cards")))
    return ('\n      <div class="table-wrap">\n      <table class="shoe">\n'
            f"        <thead><tr>{head}</tr></thead>\n        <tbody>\n          "
            + "\n          ".join(rows) + "\n        </tbody>\n      </table>\n      </div>")


def melds(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    pair = [n for n in range(1, rules.rounds + 1) if any(s.is_pair for s in rules.contract(n).melds)]
    heading = (_("Melds, pairs and wilds") if pair else _("Melds and wilds") if rules.twos_wild
               else _("Melds and jokers"))
    defs = [(_("Set"), _("Three or more cards of one rank, in any suits, repeats included: {cards}.")
             .format(cards=shown(blk("K♣"), red("K♥"), red("K♥")))),
            (_("Run"), _("Three or more cards of one suit, one after another with no gaps: {cards}.")
             .format(cards=shown("9♦ 10♦ J♦ Q♦", colour="red")))]
    if pair:
        defs.append((_("Pair"), _("Only round {round} asks for one: exactly two cards of one rank, at least "
                                  "one of them natural — {cards} is a pair. Once it is on the table it is "
                                  "treated like a set, and more sevens can join it.")
                     .format(round=pair[0], cards=shown(red("7♥"), joker(page)))))
    defs.append((_("Aces in runs"), _("An ace can be the bottom of a run (A-2-3) or the top (Q-K-A), but not "
                                      "both ends of the same run, and a run never turns the corner: K-A-2 "
                                      "does not count. So the longest possible run is {longest} cards, ace "
                                      "to king.").format(longest=number_word(page, rules.max_run_length))))
    if rules.twos_wild:
        defs += [(_("Jokers"), _("Always wild.")),
                 (_("Twos"), _("You choose, every time you play one. A two can be wild, or it can be a plain "
                               "two — the card between the ace and the three in a run, or part of a set of "
                               "twos."))]
    else:
        defs += [(_("Jokers"), _("The <b>only</b> wild cards.")),
                 (_("Twos"), _("Plain cards here, the card between ace and three."))]
    notes = [_("Each meld must contain <b>at least one natural card</b> (a card playing itself). Apart from "
               "that, there is no cap on how many wilds a meld may hold."),
             _("Once a wild is on the table it stands for one definite card — a rank in a set, a rank and "
               "a position in a run — and the table labels it so everybody can see.")]
    if rules.twos_wild:
        notes.append(_("Sometimes the cards allow two readings: {joker_run} could be 5-6-7 or 4-5-6, and "
                       "{twos} could be a plain 2-3-4 or a 3-4-5 with the two wild. The player laying them "
                       "decides. When the game fills frames for you, and when the opponents play, the "
                       "reading that leaves the most room for later lay-offs is used.").format(
            joker_run=shown(red("5♥ 6♥"), joker(page)), twos=shown("2♥ 3♥ 4♥", colour="red")))
    notes.append(_("Two melds of the same kind may overlap in rank or suit: two separate sets of sevens are "
                   "two melds, not one."))
    return section("melds", "🧩 " + heading, terms(defs) + "\n" + items(*notes))


def exact(page: Page) -> str:
    """What going down asks: the contract, each meld exactly its size."""
    _ = page.tr.gettext
    return _("Going down lays every meld of the contract at once, each <b>exactly</b> the size it names: a "
             "run of 4 is four cards, not five, and a set of 3 is three, not four.")


def swap_round(page: Page) -> str:
    _ = page.tr.gettext
    return ("  <h3>" + _("1. The swap round") + "</h3>\n" + para(
        _("Before anybody draws, the table goes round once, starting with the player left of the dealer. "
          "When it comes to you, you may exchange one card from your hand for the face-up discard — or "
          "pass and keep your hand as it is. A card you hand over becomes the face-up discard offered to "
          "the next player, so consider what you are giving them."),
        _("During this lap nobody draws, nobody goes down and nobody steals.")))


def turn_steps(page: Page) -> str:
    """A turn's four steps, as the rulebook plays them."""
    _, rules = page.tr.gettext, page.rules
    if rules.pile_dig:
        draw = _("<b>Draw</b> the top card of the stock, the top card of the discard pile, or <b>dig</b>: "
                 "any card further down the pile, taking it <b>together with every card above it</b>, all "
                 "into your hand however many that makes.")
    elif rules.buried_discards:
        draw = _("<b>Draw.</b> Take the top card of the stock, or the top card of the discard pile as long "
                 "as it is not buried (see below).")
    else:
        draw = _("<b>Draw</b> the top card of the stock, or the top card of the discard pile.")
    down = _("<b>Go down</b> — once per deal, and only if you are not down yet: put your whole contract "
             "on the table in one go.")
    if rules.extra_melds:
        off = _("<b>Once you are down</b> (the turn you go down included) you may lay <b>further melds</b> "
                "of the kinds your contract names, and you <b>must lay off</b> every card that fits a meld "
                "on the table, yours or anybody’s, before you discard — even when that leaves your hand "
                "empty.")
    elif rules.lay_off_when_going_down:
        off = _("<b>Lay off</b> — only once you are down, and that includes the very turn you went down. "
                "Add cards from your hand to any meld on the table, your own or another player’s: another "
                "card of the rank on a set, or the next card at either end of a run. You always have to "
                "keep one card for the discard.")
    else:
        off = _("<b>Lay off</b> — only on your turns <b>after</b> the one you went down: add cards to any "
                "meld on the table, yours or anybody’s. Once down you lay no new melds; the rest of your "
                "hand goes by laying off and discarding.")
    out = _("<b>Discard</b> one card face up on the pile. Every turn ends this way. If that discard is the "
            "last card in your hand, you have <b>gone out</b> and the deal is over at once.")
    if rules.no_discard_rounds:
        out += " " + _("Round {round} goes out without one (below).").format(round=rules.no_discard_rounds[0])
    return items(draw, down, off, out, cls="steps", tag="ol")


def deal(page: Page) -> str:
    """Aggravation's deal: the swap round, the turns, the end of a deal."""
    _ = page.tr.gettext
    end = _("When somebody goes out (or the deal dies, see <a href=\"#stock\">empty stock</a>), every "
            "player adds up the cards still in their hand and adds that to their total. Everyone who went "
            "down this deal moves on to their next round. Everyone who didn’t plays the same round again "
            "next deal.")
    body = "\n".join([
        swap_round(page), "  <h3>" + _("2. Turns") + "</h3>",
        para(_("Play then runs clockwise, again from the player left of the dealer. A turn has four steps:")),
        turn_steps(page), para(exact(page)),
        para(_("Going down ties up six to ten cards at once, and every card left in your hand counts against "
               "you when the deal ends. Which cards you commit — and whether a joker goes into your contract "
               "or is kept back to lay off later — is worth a moment’s thought."), cls="note"),
        "  <h3>" + _("3. End of the deal") + "</h3>", para(end)])
    return section("deal", "🔄 " + _("A deal, step by step"), body)


def turn(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    note = ""
    if rules.must_lay_off:
        note = para(_("Compulsory lay-offs cut both ways: a card you were keeping for a meld of your own has "
                      "to go if it fits somebody else’s meld. The game will not let you discard while a card "
                      "still fits, and says which one."), cls="note")
    return section("turn", "🔄 " + _("A turn"), "\n".join(filter(None, [turn_steps(page), para(exact(page)), note])))


def buried(page: Page) -> str:
    _ = page.tr.gettext
    seven, queen, three = red("7♥"), blk("Q♠"), blk("3♣")
    story = items(_("{seven} is discarded. The next player could take it.").format(seven=seven),
                  _("They draw from the stock and discard {queen} on top. The {seven} is now buried.")
                  .format(seven=seven, queen=queen),
                  _("Somebody steals the {queen}. The {seven} is on top again, marked 🔒 — still buried.")
                  .format(seven=seven, queen=queen),
                  _("The next discard, say {three}, covers it. The {three} is free to take.").format(three=three),
                  cls="story", tag="ol")
    return section("buried", "🔒 " + _("Buried discards"), "\n".join([para(
        _("As soon as a discard has another card discarded on top of it, it is <b>buried</b>, and it stays "
          "buried until the deal ends. Nobody may take a buried card from the pile."),
        _("The case that catches people out: when the top discard gets stolen, the card that was under it "
          "is face up again — but it is still buried. The table shows it with a 🔒. You can see it, you just "
          "can’t take it, so draw from the stock instead. As soon as somebody discards on top of it, the "
          "pile is back to normal and the new top card may be taken.")), story]))


def claims(page: Page) -> str:
    """Stealing or buying a discard out of turn, with the rulebook's limits."""
    _, ngettext, rules = page.tr.gettext, page.tr.ngettext, page.rules
    steal = rules.claim_word == "steal"
    if steal:
        opening = _("When a player ends their turn with a discard, the player after them may simply take it "
                    "as their draw — that is an ordinary draw and costs nothing. If they don’t want it, any "
                    "other player may <b>steal</b> it. A thief takes the discard <b>and</b> the top card of "
                    "the stock as a penalty, so a steal always puts two cards in your hand.")
        limit = ngettext("Each player may steal <b>{n} time per deal</b>.",
                         "Each player may steal <b>{n} times per deal</b>.", rules.steal_limit or 0)
    else:
        opening = _("Whenever a player discards, the player after them may take that card as their ordinary "
                    "draw. If they don’t, any other player may <b>buy</b> it: the buyer takes the discard and, "
                    "as the price, the top card of the stock. A buy puts two cards in your hand and does not "
                    "change whose turn it is.")
        limit = (_("<b>No limit</b> on how many buys you make.") if rules.steal_limit is None else
                 ngettext("<b>{n} buy</b> per player per round.", "<b>{n} buys</b> per player per round.",
                          rules.steal_limit))
    limits = [limit.format(n=number_word(page, rules.steal_limit or 0) if steal else rules.steal_limit),
              _("Once you are down, you can’t steal at all.") if steal else _("None once you are down."),
              (_("A claim may never take your hand past <b>{n} cards</b>.").format(n=rules.max_hand)
               if rules.max_hand else _("No cap on your hand’s size.")),
              _("No claim when the stock can’t supply the card it costs.")]
    if rules.swap_round:
        limits.append(_("Nobody steals during the swap round."))
    who = _("<b>When several players want the same card:</b> every claim is collected first, and nobody — the "
            "opponents included — sees anyone else’s claim. The card then goes to the claimant whose turn "
            "would come soonest after the player who discarded it. How quickly you tap never matters.")
    title = "🫳 " + _("Stealing") if steal else "🛒 " + _("Buying")
    return section("stealing" if steal else "buying", title, "\n".join(
        [para(opening), items(*limits), para(who, _("A claim doesn’t move the turn: play carries on from where "
                                                    "it was."))]))


def stock(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    rebuilt = _("If a card has to come from the stock and the stock is empty, the discard pile is turned into "
                "a new stock: every discard except the top one is shuffled{buried}. This can happen {times} "
                "in one deal.").format(buried=_(", and the shuffled cards are no longer buried")
                                       if rules.buried_discards else "", times=times(page, rules.stock_rebuilds))
    if rules.advance_after_miss:
        dead = _("The next time the stock is needed after that, the deal ends there and everyone scores what "
                 "they hold.")
    else:
        dead = _("If the stock is needed again after that, or there is nothing to shuffle, the deal is "
                 "<b>dead</b>. It is scored exactly like any other deal — nobody went out, that’s all — and the "
                 "players who went down during it still move on to their next round.")
    return section("stock", "♻️ " + _("When the stock runs out"), para(rebuilt, dead))
