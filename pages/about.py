"""The rules page's sections about this game rather than the card game: playing on screen (the
take-back and the keyboard's keys with it), the levels, house rules, the other rulebooks, how one
rulebook differs from Aggravation, and the words the game uses.
"""
from __future__ import annotations

from game.rules import AGGRAVATION, DEFAULT_PRESET, HOUSE_RULES, PRESETS

from .parts import PAGE, Page, items, listed, localized, number_word, para, section, terms


def screen(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    steal = rules.claim_word == "steal"
    aggravation = f'<a href="{localized(PAGE[DEFAULT_PRESET], page.lang)}#screen">Aggravation</a>'
    if page.book == DEFAULT_PRESET:
        rows = [_("<b>The table</b> shows each opponent’s round and contract, how many cards they hold, steals "
                  "left, whether they are down, and their total. Melds show what each wild stands for. The "
                  "discard pile shows a 🔒 when its top card is buried."),
                _("<b>⇅</b> next to your round switches your hand between sorting by number and by suit. It only "
                  "rearranges the display; wilds always sit at the left end."),
                _("<b>📥 Go down…</b> opens one empty frame for each meld of your contract. Tap a card to place "
                  "it, tap it again to take it back. A frame turns green ✓ once it holds a proper meld, and "
                  "<b>✅ Lay it down</b> lights up when every frame does. Cancel returns all the cards."),
                _("<b>✨ Fill for me</b> fills the frames for you (using as few wilds as it can, and getting rid "
                  "of high cards first) but lays nothing down — you can still change it. If your hand can’t "
                  "make the contract, it tells you what is missing."),
                _("<b>Drawing:</b> tap the stock, or the discard pile to take its top card. <b>Laying off:</b> "
                  "pick a card from your hand, then the meld. <b>Discarding:</b> pick a card, then the discard "
                  "pile (or Discard). A tap that can’t do anything right now tells you why."),
                _("<b>Dragging:</b> drag a card onto the discard pile to discard it, onto a meld to lay it off, "
                  "onto a frame to place it, or to another place in your hand to rearrange it (⇅ sorts it "
                  "again)."),
                _("<b>🫳 Steal</b> appears only when a steal is allowed for you, and only for a short while (you "
                  "can set how long, or have the game wait for you)."),
                _("<b>🔄 Swap round</b> is announced at the start of each deal: swap a card or pass."),
                _("After each deal a summary shows the points, who moves on, and the running score sheet.")]
    else:
        rows = [_("<b>🛒 Buy</b> is offered when you may buy a discard, for a short while, as 🫳 Steal is in "
                  "Aggravation; let it go and the card stays on the pile.")]
        if rules.pile_dig:
            rows.append(_("<b>⤵ Dig into the pile</b> fans the discard pile out, oldest card first; tap the card "
                          "you want, and it comes with every card above it (each card says how many)."))
        if rules.must_lay_off:
            rows.append(_("Once you are down the game will not take your discard while a card of yours fits a "
                          "meld: it names the card to lay off first, and <b>🧲 Lay off all that fits</b> (key "
                          "<kbd>A</kbd>) lays them all for you."))
        if rules.extra_melds:
            rows.append(_("<b>📥 Lay another meld…</b> (once you are down) opens one frame for a further set or "
                          "run: tap its cards, or ✨ find one for you, then ✅ lay it."))
        if rules.distinct_runs:
            rows.append(_("Going down opens one frame per meld of the round’s contract; <b>✨ Fill for me</b> "
                          "never fills two runs with the same suit and numbers."))
        if not rules.lay_off_when_going_down:
            rows.append(_("On the turn you go down the table asks for your discard: laying off starts on your "
                          "next turn."))
        for number in rules.no_discard_rounds:
            rows.append(_("In round {round} the turn that lays your last card on the table ends the deal: there "
                          "is no discard to make. Going down that round, the table offers to lay off the rest at "
                          "once when every card you have left fits.").format(round=number))
        rows.append(_("Going down, laying off, sorting and the score sheet work as in {aggravation}; the table "
                      "names the rulebook it plays.").format(aggravation=aggravation))
    rows.append(pass_and_play(page, steal))
    body = items(*rows) if page.book == DEFAULT_PRESET else items(*rows[:-1], other_take_back(page), rows[-1])
    if page.book == DEFAULT_PRESET:
        body += "\n" + take_back(page) + "\n" + keyboard(page)
    return section("screen", "🖐️ " + _("Playing on screen"), body)


def pass_and_play(page: Page, steal: bool) -> str:
    _ = page.tr.gettext
    # Translators: the start of a sentence in the next message: "{claim}, the device goes to each in turn…".
    claim = (_("When people may steal a passed-over discard") if steal
             else _("When people may buy a passed-over discard"))
    return _("<b>👥 Pass-and-play:</b> up to six people can share one phone or computer: tap <b>👥 Pass and "
             "play</b> on the start screen, pick how many, give each a name, and start a table of just you or "
             "with bots. Between turns a “Pass to …” screen hides every hand until its owner taps <b>👀 show "
             "my hand</b>, and it tells them what happened since they last looked. {claim}, the device goes to "
             "each in turn order, and each decides with their own hand in front of them; the first who claims "
             "it gets it, and anyone after them is not asked.").format(claim=claim)


def other_take_back(page: Page) -> str:
    """The take-back in a rulebook other than Aggravation: what it undoes there."""
    _, rules = page.tr.gettext, page.rules
    # Translators: one item of the list in the next message: "a lay-off, going down, {move}, the order…".
    move = _("a dig into the pile") if rules.pile_dig else _("a joker swap") if rules.wild_swap else ""
    link = f'<a href="{localized(PAGE[DEFAULT_PRESET], page.lang)}#take-back">{_("as in Aggravation")}</a>'
    return _("<b>↶ Take back</b> (<kbd>Ctrl</kbd>+<kbd>Z</kbd>) never reveals a card: on your turn it undoes, "
             "one step at a time, what you did since your draw — a lay-off, going down, {move}, the order of "
             "your hand — and your discard until the next player moves. A draw from the stock, a buy, a move "
             "that ends the deal and other players’ moves are never taken back; your statistics count the "
             "games you took a move back in ({link}).").format(move=move, link=link)


def take_back(page: Page) -> str:
    _ = page.tr.gettext
    return '  <h3 id="take-back">↶ ' + _("Taking a move back") + "</h3>\n" + para(
        _("A take-back never reveals a card. On your turn, <b>↶ Take back</b> (or <kbd>Ctrl</kbd>+<kbd>Z</kbd>) "
          "undoes, one step at a time, what you did since your draw: a lay-off, going down, a swap-round "
          "answer, a card taken from the pile, the order you gave your hand. Your discard can be taken back "
          "until the next player moves (against the bots they wait a moment; in pass-and-play until the "
          "device is handed over). A draw from the stock, a steal, a move that ends the deal and other "
          "players’ moves are never taken back, and your statistics count the games you took a move back in."))


def keyboard(page: Page) -> str:
    """The keys of the table (game/ui/screens/table/keys.py), as the rules page lists them."""
    _ = page.tr.gettext
    k = "<kbd>{}</kbd>".format
    keys = [(k("D"), _("draw from the stock")),
            (k("T"), _("take the discard (in the swap round: swap the picked card for it)")),
            (f"{k('←')} {k('→')} " + _("or") + f" {k('1')}–{k('9')}",
             _("pick a card in your hand (while going down, the number puts that card in a frame)")),
            (f"{k('Shift')}+{k('←')} {k('→')}", _("move the picked card along your hand")),
            (k("X"), _("discard the picked card")),
            (k("M"), _("lay the picked card off on a meld it fits")),
            (k("A"), _("🧲 lay off all that fits (once you are down)")),
            (f"{k('G')} · {k('F')} · {k('L')}", _("📥 Go down… · ✨ Fill for me · ✅ Lay it down")),
            (f"{k('S')} · {k('P')}", _("🫳 Steal · Let it go (in the swap round: Pass)")),
            (k("O"), _("⇅ sort the hand the other way")),
            (k("H"), _("💡 a hint for your turn (in a game against the bots; ⚙️ Settings turns it off)")),
            (f"{k('Ctrl')}+{k('Z')}", _("↶ take back your last step (see {link})").format(
                link='<a href="#take-back">' + _("Taking a move back") + "</a>")),
            (k("N"), _("at the end of a deal: on to the scores, then the next deal")),
            (k("Esc"), _("cancel: put the picked card back, close the frames or the settings"))]
    return ('  <h3 id="keyboard">⌨️ ' + _("Keyboard") + "</h3>\n" + terms(keys, cls="keys") + "\n"
            + para(_("Tab and Enter reach every button too.")))


def levels(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    if page.book == DEFAULT_PRESET:
        rows = [("🌱 Sprout", _("Two opponents who play it straight. They never steal; they go down as soon as "
                               "they can, lay off, and throw away sensible cards.")),
                ("🧭 Scout", _("Three opponents who pick up discards that help them, lay off, and steal when it "
                              "pays.")),
                ("🏆 Ace", _("Four opponents who hang on to wilds, use the swap round cleverly, and take every "
                            "steal that is worth it."))]
        note = _("The level changes how well your opponents play, never what they know. Each one sees its own "
                 "hand and what is on the table — melds, the face-up discards, card counts, rounds, scores and "
                 "steals used — exactly the same as you.")
    else:
        ace = (_("Plans ahead: digs into the pile when what comes up with a card brings its contract closer, "
                 "and buys every card that does, and every wild.") if rules.pile_dig else
               _("Buys every card that brings its contract closer, and reads what the others pick up before "
                 "choosing a discard."))
        rows = [("🌱 Sprout", _("Plays straight: draws from the stock, goes down as soon as it can, lays off, "
                               "and never buys.")),
                ("🧭 Scout", _("Picks up discards that help and buys a card when it completes its contract.")),
                ("🏆 Ace", ace)]
        note = _("Opponents see what you see of the table: their own hand, the melds, the discard pile, card "
                 "counts, rounds, scores and buys. A buyer’s price card stays hidden from everybody else.")
    return section("levels", "🙂 " + _("Levels"), terms(rows, cls="levels") + "\n" + para(note))


def house(page: Page) -> str:
    _ = page.tr.gettext
    rows = [_("<b>Swapping a wild off the table.</b> Some tables let you give the natural card a wild stands for "
              "and take the wild back into your hand. <i>Here, wilds stay where they are.</i>"),
            _("<b>Moving on after a miss.</b> Some tables send everybody to the next round whatever happened. "
              "<i>Here, if you didn’t go down, you repeat your round.</i>"),
            _("<b>How many steals.</b> Some tables allow {n} steals in the whole game, which makes stealing dry "
              "up halfway through. <i>Here it is {n} in every deal.</i>").format(
                n=number_word(page, AGGRAVATION.steal_limit or 0)),
            _("<b>Aces wrapping round.</b> Some tables accept K-A-2 as a run. <i>Here the ace is high or low, "
              "never in the middle.</i>")]
    return section("house", "📚 " + _("House rules"), "\n".join([para(
        _("Aggravation belongs to the contract rummy family, card games played since the 1930s. Nobody owns "
          "them and there is no official rule book, so every table plays slightly differently. This game plays "
          "one family’s version; where tables differ, here is what we chose:")), items(*rows), para(
        _("Want your table’s way instead? Each of the {n} is a switch under <b>House rules</b> on the "
          "new-game screen. All are off unless you turn them on; the table shows which ones a game uses, and "
          "a saved game keeps its own.").format(n=number_word(page, len(HOUSE_RULES))))]))


def others(page: Page) -> str:
    """Aggravation's page: a word about each other rulebook, at its own anchor (#gallery, #contract)."""
    _ = page.tr.gettext
    says = {"gallery": _("{low} to {high} players, {rounds} contracts with a pair among them, buying instead of "
                         "stealing, digging into the discard pile, compulsory lay-offs; the lowest total of "
                         "everybody wins."),
            "contract": _("{low} to {high} players, {rounds} rounds the whole table plays together, only jokers "
                          "wild, {buys} buys a round, and a last round that goes out without a discard.")}
    rows = []
    for book, text in says.items():
        rules = PRESETS[book]
        link = f'<a href="{localized(PAGE[book], page.lang)}">{rules.name}</a>'
        rows.append(f'    <dt id="{book}">{link}</dt>\n    <dd>' + text.format(
            low=rules.min_players, high=rules.max_players, rounds=number_word(page, rules.rounds),
            buys=rules.steal_limit) + "</dd>")
    return section("rulebooks", "📚 " + _("Two more rulebooks"), para(
        _("The new-game screen also offers two other tables’ games, each a complete rulebook of its own with "
          "its own rules page and printable card:")) + '\n  <dl class="books-list">\n' + "\n".join(rows)
        + "\n  </dl>")


def differences(page: Page) -> str:
    _, rules = page.tr.gettext, page.rules
    home = PRESETS[DEFAULT_PRESET]
    link = f'<a href="{localized(PAGE[DEFAULT_PRESET], page.lang)}">Aggravation</a>'
    if rules.pile_dig:
        pair = next(n for n in range(1, rules.rounds + 1) if any(s.is_pair for s in rules.contract(n).melds))
        longest = max(range(1, rules.rounds + 1), key=lambda n: rules.contract(n).melds[0].size)
        rows = [_("{Rounds} contracts instead of {home}, with a pair in round {pair} and a run of {size} in round "
                  "{longest}.").format(Rounds=number_word(page, rules.rounds).capitalize(),
                                       home=number_word(page, home.rounds), pair=pair, longest=longest,
                                       size=rules.contract(longest).melds[0].size),
                _("{low} to {high} players. No swap round, no buried discards.").format(
                    low=rules.min_players, high=rules.max_players),
                _("Buying instead of stealing: no limit per deal."),
                _("Digging into the discard pile."),
                _("Further melds once down, compulsory lay-offs, and waiting when your hand runs out."),
                _("The lowest total of <b>everyone</b> wins, not only of those who finished.")]
    else:
        sizes = sorted(set(rules.deal_sizes))
        rows = [_("{Rounds} contracts, and everyone plays the same round: nobody repeats one.").format(
                    Rounds=number_word(page, rules.rounds).capitalize()),
                _("{low} to {high} players; the shoe grows with the table. {sizes} cards dealt.").format(
                    low=rules.min_players, high=rules.max_players,
                    sizes=listed(page, [str(n) for n in sizes], "or")),
                _("Only jokers are wild; twos are plain cards. Different card points."),
                _("No swap round, no buried discards. Buying instead of stealing: {n} buys a round.").format(
                    n=rules.steal_limit),
                _("No laying off on the turn you go down; a joker in a run can be swapped out."),
                _("Round {round} goes out without a discard. One stock rebuild, then the deal ends.").format(
                    round=rules.no_discard_rounds[0])]
    return section("differences", "📚 " + _("Next to Aggravation"), para(
        _("If you know {aggravation}, these are the changes:").format(aggravation=link)) + "\n" + items(*rows))


def words(page: Page) -> str:
    """The glossary: the words a rulebook uses, each told the way that rulebook plays it."""
    _, rules = page.tr.gettext, page.rules
    home = page.book == DEFAULT_PRESET
    rows = [(_("Contract"), _("The melds this round asks everybody to lay down.") if rules.advance_after_miss
             else _("The melds your round asks you to lay down."))]
    if home:
        rows += [(_("Meld"), _("One group on the table: a single set or a single run.")),
                 (_("Natural"), _("A card standing for itself, not for something else.")),
                 (_("Wild"), _("A joker, or a two played as wild: it stands for a card you don’t have."))]
    if rules.pairs:
        rows.append((_("Pair"), _("Two cards of one rank, at least one natural; round 8’s second meld.")))
    rows.append((_("Going down"), _("Laying your whole contract on the table.")))
    rows.append((_("Laying off"), _("Adding cards to melds already on the table, once you are down.") if home else
                 _("Adding a card to a meld already on the table; here, compulsory once down.") if rules.must_lay_off
                 else _("Adding a card to a meld already on the table, from the turn after you went down.")))
    if rules.pile_dig:
        rows += [(_("Dig"), _("Drawing a card from deeper in the discard pile, with every card above it."))]
    if rules.claim_word == "buy":
        rows.append((_("Buy"), _("Taking someone’s discard out of turn, plus the top stock card as the price.")))
    if rules.must_lay_off:
        rows.append((_("Waiting"), _("Down with an empty hand: you draw next turn and go on from there.")))
    if rules.wild_swap:
        rows.append((_("Joker swap"), _("Putting the natural card in a run where a joker stood, and taking the "
                                        "joker.")))
    if rules.no_discard_rounds:
        rows.append((_("Going out"), _("Emptying your hand; with a discard in rounds 1–{last}, without one in "
                                       "round {round}.").format(last=rules.no_discard_rounds[0] - 1,
                                                                round=rules.no_discard_rounds[0])))
    else:
        rows.append((_("Going out"), _("Discarding your last card; it ends the deal.") if home
                     else _("Discarding your last card once down; it ends the deal.")))
    if home:
        rows += [(_("Stock"), _("The face-down pile you draw from.")),
                 (_("Buried"), _("A discard that has been covered by another; it can’t be taken again this deal.")),
                 (_("Steal"), _("Taking someone’s discard out of turn, plus a penalty card from the stock.")),
                 (_("Deal"), _("From shuffling to somebody going out (or a dead deal).")),
                 (_("Round"), _("Your own place in the list of {n} contracts.").format(
                     n=number_word(page, rules.rounds)))]
    return section("words", "📖 " + _("Words used in the game"), terms(rows, cls="words"))
