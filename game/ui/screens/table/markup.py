"""The table's model as HTML: one function per part of the screen, every text escaped.

The dialogs over the table (the scores, the pass screen, another tab's game, settings) are
drawn by their own screens' markup.
"""
from __future__ import annotations

from typing import Optional

from game.i18n import N_, _, ngettext
from game.rules import DEFAULT_PRESET

from ..elsewhere import elsewhere
from ..html import Model, alert, attrs, button, card, e
from ..parts import said_name
from ..passplay.markup import pass_screen
from ..scores.markup import summary
from ..settings import settings_panel
from ..start.markup import RULES_PAGES
from ...words import capitalized
from .keys import keys_sheet
from .story import history_sheet, story_strip


def opponent(o: Model) -> str:
    """One seat: a tile that always shows what one follows of another player (name, dealer, round,
    cards, steals left, total, down or not), over the same in words, which a phone folds away
    (``<details>``: it opens in the strip's flow, never over the felt) and a desktop shows at once.
    Gold marks the seat to act, a fading underline the seat that just played (game.css); each
    says so in its title."""
    classes = ("opp current" if o["current"] else "opp") + (" just" if o.get("just") else "") \
        + (" away" if o.get("away") else "")
    down = f'<span class="down">{e(is_down())}</span>' if o["down"] else f'<span class="up">{e(not_down())}</span>'
    away = f'<small class="away-mark">{e(o["away"])}</small>' if o.get("away") else ""   # an online person gone
    state = f'<span class="is-down">{e(is_down())}</span>' if o["down"] else f'<span class="not-down">{e(not_down())}</span>'
    brief = (f'<span class="brief" aria-hidden="true"><span class="n">🂠{o["cards"]}</span>'
             f'<span class="s">{e(o["claims_brief"])}</span><span class="pts">{e(pts(o["total"]))}</span>{state}</span>')
    now = (_("{name}: to play now") if o["current"] else _("{name}: just played") if o.get("just") else "").format(name=o["name"])
    title = f' title="{e(now)}"' if now else ""
    # Translators: R{round}: the round a player is on, in brief ("R3"), on a seat's tile.
    short_round = _("R{round}").format(round=o["round"])
    return (f'<li class="{classes}" data-seat="{o["seat"]}" aria-current="{"true" if o["current"] else "false"}"{title}>'
            f'{reaction(o.get("reaction"), o["name"])}'
            f'<details class="seat" data-fold="seat-{o["seat"]}"><summary><span class="who"><b>{e(o["name"])}</b>'
            f'{dealer_badge(o["dealer"])}{away}<span class="r" aria-hidden="true">{e(short_round)}</span></span>{brief}</summary>'
            f'<div class="more"><span class="round">{e(_("R{round}: {contract}").format(round=o["round"], contract=o["contract"]))}</span> '
            f'<span>🂠 {e(o["cards_text"])}</span> <span>{e(o["claims_brief"][0])} {e(o["claims_left"])}</span> {down} '
            f'<span class="total">{e(pts(o["total"]))}</span></div></details></li>')


def is_down() -> str:
    # Translators: a player has gone down (laid their contract) this deal.
    return _("📥 down")


def not_down() -> str:
    return _("not down")


def pts(n: int) -> str:
    """'35 pts': a player's total, in brief."""
    return _("{n} pts").format(n=n)


def reaction(r: Optional[Model], name: str) -> str:
    """A reaction by its seat, fading where it stands in its few seconds (a redraw keeps it)."""
    if not r:
        return ""
    return (f'<span class="reaction" role="img" aria-label="{e(name)}: {e(r["emoji"])}" '
            f'style="animation-delay:-{int(r["age_ms"])}ms">{e(r["emoji"])}</span>')


def reaction_picker(choices: list[Model]) -> str:
    """At an online table, the emoji anyone seated may send (a fold by the game's chips)."""
    if not choices:
        return ""
    row = "".join(f'<button type="button" class="chip" data-act="react" data-arg="{e(c["arg"])}">{e(c["emoji"])}</button>'
                  for c in choices)
    # Translators: a chip that opens the emoji an online player may send to the table (a verb).
    react = e(_("React"))
    return (f'<details class="reacts" data-fold="reacts"><summary class="chip" aria-label="{react}">🙂</summary>'
            f'<div class="react-row" role="group" aria-label="{react}">{row}</div></details>')


def asks(notices: list[Model]) -> str:
    """At an online table, what the host is asked to decide (a seat from a new device, a seat moved):
    on its table and in its lobby."""
    return "".join(f'<div class="notice ask" role="alert"><p>{e(n["text"])}</p>'
                   f'<div class="ask-buttons">{"".join(button(b) for b in n["buttons"])}</div></div>' for n in notices)


# Said alike on the table and in the replay.
def no_melds() -> str:
    return f'<p class="empty">{e(_("No melds on the table yet."))}</p>'


def empty_pile() -> str:
    # Translators: the discard pile holds no card.
    return f'<span class="pile-empty">{e(_("empty"))}</span>'


def stock_said(count: int) -> str:
    """'Stock: 41 cards', as a screen reader says the stock."""
    return ngettext("Stock: {n} card", "Stock: {n} cards", count).format(n=count)


def table_melds(m: Model) -> str:
    """The table's melds, each owner's together, the player's own first. Each meld is a group whose
    head button lays off on it (CSS stretches it over the meld); with a card picked, the melds that
    take it show it, ghosted, at each end that takes it (a button of its own), and the others are
    dimmed. With the wild-swap house rule every wild is its own button, ``data-meld`` +
    ``data-index``, enabled while no frames are open."""
    if not m["groups"]:
        return no_melds()
    me = m["me"]
    targetable = m["my_turn"] and m["phase"] == "play" and me["down"] and m["frames"] is None
    swappable = (m["frames"] is None) if m["wild_swap"] else None
    out = []
    for g in m["groups"]:
        melds = "".join(table_meld(x, targetable, swappable, m["picked"]) for x in g["melds"])
        whose = _("Your melds") if g["mine"] else _("{owner}’s melds").format(owner=g["owner"])
        out.append(f'<div class="owner-melds{" mine" if g["mine"] else ""}" role="group" aria-label="{e(whose)}" '
                   f'data-seat="{g["seat"]}"><p class="who" aria-hidden="true">{e(g["owner"])}</p><div class="row">{melds}</div></div>')
    return "".join(out)


def table_meld(x: Model, targetable: bool, swappable: Optional[bool], picked: Optional[Model]) -> str:
    """One meld: its head button (a tap lays the picked card off, or says why not), its cards, and
    the picked card ghosted at each end that takes it."""
    index = x["index"]
    cards = "".join(
        card(c, act="wild", small=True, arg=f'{index}:{c["index"]}', disabled=not swappable,
             # Translators: a wild on a table meld: {card} its name, {natural} the card it stands for (7♥).
             label=_("{card}: swap your own {natural} for it").format(card=said_name(c), natural=c["wild_as"]),
             data_meld=index, data_index=c["index"])
        if swappable is not None and c.get("wild") else card(c, act=None, small=True)
        for c in x["cards"]
    )
    slots = {s["end"]: slot(s, index, picked) for s in x["slots"]} if picked else {}
    cards = slots.get("low", "") + cards + slots.get("high", "") + slots.get(None, "")
    fits = x["fits"]
    state = "" if fits is None else " fits" if fits else " no-fit"
    # aria-disabled, not disabled: a tap that cannot lay off still reaches the game, which says why.
    pick = attrs(class_="meld-pick", data_act="meld", data_arg=index, data_meld=index,
                 aria_disabled=None if targetable and fits != [] else "true")
    return (f'<div class="meld{" just" if x.get("just") else ""}{state}" role="group" aria-label="{e(x["label"])}" '
            f'data-meld="{index}"><button type="button" {pick}><span class="sr">{e(x["pick"])}</span></button>'
            f'<span class="cards">{cards}</span></div>')


def slot(s: Model, index: int, picked: Model) -> str:
    """The picked card, ghosted where it would go: a tap (or a drop) lays it off at that end."""
    face = f'<span class="rank">{e(picked["rank"])}</span><span class="suit">{e(picked["suit"])}</span>'
    at = attrs(class_="slot" + (" red" if picked["red"] else ""), data_act="meld", data_arg=s["arg"], data_meld=index,
               data_end=s["end"], data_ghost=picked["code"])
    return f'<button type="button" {at}><span class="ghost" aria-hidden="true">{face}</span><span class="sr">{e(s["label"])}</span></button>'


def piles(m: Model) -> str:
    top = m["top"]
    if top:
        lock = '<span class="lock" aria-hidden="true">🔒</span>' if m["buried"] else ""
        label = (_("Discard pile: {card}, buried: nobody may take it") if m["buried"] else _("Discard pile: {card}")
                 ).format(card=top["name"])
        discard = (f'<button type="button" {attrs(class_="pile-top" + (" buried" if m["buried"] else ""), data_act="discard-pile")}>'
                   f'{card(top, act=None, label=label)}{lock}</button>')
    else:
        discard = empty_pile()
    return (f'<div class="piles"><button type="button" class="stock" data-zone="stock" data-act="stock" '
            f'aria-label="{e(stock_said(m["stock"]))}"><span class="back" aria-hidden="true">🂠</span>'
            f'<span class="count">{m["stock"]}</span></button>'
            f'<div class="discard" data-zone="discard">{discard}</div></div>')


def extra_frame(x: Model) -> str:
    """The further meld being picked: one frame, open-ended, saying what it is or what it needs."""
    status = "✓ " + e(x["need"]) if x["ok"] else e(x["need"]) if x["cards"] else e(capitalized(x["kinds"]))
    another = e(_("Another meld"))
    return (f'<section class="frames" data-zone="extra" aria-label="{another}">'
            f'<div class="frame {"ok" if x["ok"] else "open"} active"><p class="frame-head">{another}</p>'
            f'{frame_cards(x["cards"])}<p class="need">{status}</p></div></section>')


def frame_cards(cards: list[Model]) -> str:
    """A frame's cards side by side, or, while it has none, what to do."""
    # Translators: in an empty frame while going down: the hand's cards are below it.
    hint = f'<span class="hint">{e(_("tap cards below"))}</span>'
    return f'<div class="frame-cards">{"".join(card(c) for c in cards) or hint}</div>'


def pile_fan(d: Model) -> str:
    """The discard pile fanned out (Gallery's deep pick): a tap takes that card and all above it."""
    cards = "".join(card(c, act="dig", small=True, label=c["take"]) for c in d["cards"])
    return (f'<section class="pile-fan" data-zone="pile-fan" aria-label="{e(_("The discard pile, oldest first"))}">'
            f'<p class="hint">{e(_("The discard pile, oldest first: tap a card to take it and every card above it."))}</p>'
            f'<div class="fan-cards">{cards}</div></section>')


def frames(f: Model) -> str:
    out = []
    for fr in f["frames"]:
        state = "ok" if fr["ok"] else "open"
        status = "✓ " + e(fr["reading"]) if fr["ok"] else e(fr["need"])
        flip = (f'<button type="button" class="chip" data-act="reading" data-arg="{fr["index"]}">{e(_("↔ read it another way"))}</button>'
                if fr["readings"] > 1 else "")
        out.append(
            f'<div class="frame {state}{" active" if fr["active"] else ""}" data-frame="{fr["index"]}">'
            f'<button type="button" class="frame-head" data-act="frame" data-arg="{fr["index"]}" '
            f'aria-pressed="{"true" if fr["active"] else "false"}">{e(capitalized(fr["spec"]))}</button>'
            f'{frame_cards(fr["cards"])}<p class="need">{status}</p>{flip}</div>'
        )
    return f'<section class="frames" data-zone="frames" aria-label="{e(_("Going down"))}">{"".join(out)}</section>'


LONG_NAME = 8   # letters: four seats abreast on a phone hold names this long; longer, two a row


def long_names(opponents: list[Model]) -> str:
    """' data-long' when four seats or more could not keep their names whole side by side on a
    phone: the strip then lays them out two a row (game.css), not three and a lone one."""
    long = len(opponents) >= 4 and max(len(o["name"]) for o in opponents) > LONG_NAME
    return " data-long" if long else ""


def dealer_badge(dealer: bool) -> str:
    """The dealer's mark: a D badge, named for screen readers."""
    if not dealer:
        return ""
    # Translators: the dealer's badge on a seat: D for Dealer, one letter (or two) in your language.
    badge = _("D")
    return (f' <span class="dealer" title="{e(_("Dealer"))}"><span aria-hidden="true">{e(badge)}</span>'
            f'<span class="sr">{e(_("dealer"))}</span></span>')


def bar(m: Model) -> str:
    """The player's own line: round and contract, cards, points, steals left, and the sort chip."""
    me = m["me"]
    by_suit = m["sort"] == "number"                       # the chip sorts the other way
    facts = [me["cards_text"], pts(me["total"]), f'{m["claim"]["icon"]} {me["claims_left"]}'] + ([is_down()] if me["down"] else [])
    mine = " · ".join(f"<span>{e(f)}</span>" for f in facts)     # a long line breaks between facts, never cuts one
    # 💡 a chip by the hand's own chip, not among the moves: it asks, it plays nothing.
    offer = m.get("hint")
    off = "" if offer is None or offer.get("enabled", True) else " disabled"
    hint = (f'<button type="button" class="chip ask-hint" data-act="hint" aria-keyshortcuts="h"{off}>{e(_("💡 Hint"))}</button>'
            if offer is not None else "")
    said = _("Sort by suit") if by_suit else _("Sort by number")
    now = _("Sorted by number now") if by_suit else _("Sorted by suit now")
    # Translators: the sort chip reads "⇅ Sort by suit"; a phone shows only its last word ("⇅ suit"), this
    # part hidden: the chip's whole name is "Sort by suit" (or "Sort by number").
    lead = _("Sort by")
    # Translators: the sort chip's word on a phone: sort the hand by suit (or by number).
    word = _(SORT_WORDS["suit" if by_suit else "number"])
    return (f'<div class="bar"><span class="round"><b>{e(_("Round {round}").format(round=me["round"]))}</b>: '
            f'{e(me["contract"])}{dealer_badge(me["dealer"])}</span><span class="mine">{mine}</span>{hint}'
            f'<button type="button" class="chip sort" data-act="sort" aria-label="{e(said)}" title="{e(now)}">'
            f'⇅ <span class="long">{e(lead)} </span>{e(word)}</button></div>')


SORT_WORDS = {"suit": N_("suit"), "number": N_("number")}


def guidance(m: Model) -> str:
    """What to do now, said once: one paragraph where the dock used to stack the lesson's tip, the
    prompt and the answer to the last tap, each saying much the same. The answer to a tap leads
    (an error always; news only when no tip speaks: the tip says what to do next, the log what
    happened), then the prompt; in the guided deal the coach's tip stands in for the prompt, word
    for word, and while the bots play the prompt says who is playing, the lesson's word after it.
    The 💡 hint asked for and why 🫳 is not on offer keep lines of their own, under it. None is a
    live region: #screen is drawn afresh each frame, and a screen reader hears all of this once,
    from the page's one live region (game/ui/narration.py), not twice."""
    c = m["coach"]
    speaks = bool(c) and not c.get("aside")
    message = ""
    if m["message"] and (m["tone"] == "error" or not speaks):
        message = f'<p class="message {e(m["tone"])}">{e(m["message"])}</p> '
    if not c:
        line = f'{message}<p class="prompt">{e(m["prompt"])}</p>'
    else:
        said = (f'🎓 {e(c["text"])}' if speaks else
                f'{e(m["prompt"])} <small class="aside">🎓 {e(c["text"])}</small>')
        line = (f'{message}<div class="coach" role="note" aria-label="{e(_("Lesson"))}"><p class="prompt">{said}</p>'
                f'<button type="button" class="chip" data-act="coach-skip">{e(_("Skip the lesson"))}</button></div>')
    hinted = m.get("hint") or {}
    told = f'<p class="hint-said" data-hint>{e(hinted["text"])}</p>' if hinted.get("text") else ""
    # Translators: why 🫳 (or 🛒, {icon}) is not offered now: {why} the reason, e.g. "You are down this deal".
    note = (f'<p class="note">{e(_("{icon} not offered: {why}").format(icon=m["claim"]["icon"], why=m["steal_note"]))}</p>'
            if m["steal_note"] else "")
    return f'<div class="status"><div class="say">{line}</div>{told}{note}</div>'


def choices(ends: list[Model]) -> str:
    """Which end of a run a card goes to: a row of its own, away from Discard, so a slip of the
    thumb between two answers never throws a card away."""
    if not ends:
        return ""
    return (f'<div class="choices" role="group" aria-label="{e(_("Which end of the run"))}">'
            f'<span class="ask">{e(_("Which end?"))}</span>{"".join(button(b) for b in ends)}</div>')


def topbar(m: Model) -> str:
    title = "Aggravation" if m["preset"] == DEFAULT_PRESET else m["rulebook_short"]
    page, card = RULES_PAGES.get(m["preset"], RULES_PAGES[DEFAULT_PRESET])
    mode = f' <small class="mode">{e(m["people_game"])}</small>' if m.get("people_game") else ""
    rules = (f'<a class="chip" href="{page}" aria-label="{e(_("📜 Rules"))}">📜</a>'
             f'<a class="chip print-link" href="{card}" aria-label="{e(_("🖨️ Open the printable rules card"))}">🖨️</a>')
    if m.get("guest"):    # at someone else's online table: the rules in a tab of their own, the rest is the host's
        rules = rules.replace('<a class="chip"', '<a class="chip" target="_blank"')
        leave = f'<button type="button" class="chip" data-act="leave" aria-label="{e(_("🚪 Leave the table"))}">🚪</button>'
        return (f'<header class="topbar"><h1 title="{e(m["rulebook"])}"><span class="jk" aria-hidden="true">🃏</span> {e(title)}{mode}</h1>'
                f'<nav aria-label="{e(_("Game"))}">{reaction_picker(m.get("reacts", []))}{rules}{mute_chip(False, guest=True)}{leave}</nav></header>')
    return (f'<header class="topbar"><h1 title="{e(m["rulebook"])}"><span class="jk" aria-hidden="true">🃏</span> {e(title)}{mode}</h1>'
            f'<nav aria-label="{e(_("Game"))}">{reaction_picker(m.get("reacts", []))}'
            f'<button type="button" class="chip" data-act="menu">{e(_("New game"))}</button>{rules}{mute_chip(m["settings"]["muted"])}'
            f'<button type="button" class="chip" data-act="settings" aria-expanded="{str(m["settings"]["open"]).lower()}" aria-label="{e(_("⚙️ Settings"))}">⚙️</button>'
            f'</nav></header>')


def mute_chip(muted: bool, guest: bool = False) -> str:
    """🔊 in the table's bar: one tap mutes every cue (🔇) or brings them back at their volume.
    A guest's is their own device's setting, which the host does not know: their page keeps it and
    shows it on this chip (assets/page/guest.js), and the tap never goes to the host."""
    act = {"data_act": "guest-mute"} if guest else {"data_act": "set", "data_arg": f'mute={"off" if muted else "on"}'}
    at = attrs(class_="chip", **act, aria_pressed="true" if muted else "false", aria_label=_("🔇 Mute sound"))
    return f'<button type="button" {at}>{"🔇" if muted else "🔊"}</button>'


def motion_attrs(m: Model) -> str:
    """What assets/page/motion.js needs to fly the cards that moved: the bot whose move this frame shows
    (its seat tile is where the cards come from or go to), that move's kind, and whether the
    deal has just been dealt. Data only: the page decides nothing about the game."""
    just = m.get("just") or {}
    return attrs(data_just_seat=just.get("seat"), data_just_kind=just.get("kind"),
                 data_fresh="true" if m.get("fresh") else None)


def table_screen(m: Model) -> str:
    """The table as a grid (assets/css/game.css): the seats on top, the melds in a middle that
    scrolls by itself, the log aside, and the player's dock (prompt, piles, buttons, hand) at
    the bottom, always in view on a phone."""
    me = m["me"]
    actions = "".join(button(b) for b in m["buttons"])
    timer = ""
    if m["claim_ms"]:
        whole = m.get("claim_whole_ms") or m["claim_ms"]     # drawn where it stands in its window
        gone = f';animation-delay:-{int(whole - m["claim_ms"])}ms' if whole > m["claim_ms"] else ""
        timer = f'<div class="timer" style="animation-duration:{int(whole)}ms{gone}" aria-hidden="true"></div>'
    log = "".join(f"<li>{e(line)}</li>" for line in m["log"])
    banners = f'<p class="banner">{e(_("🔄 Swap round: swap one card with the discard, or pass"))}</p>' if m["swap_round"] else ""
    if m.get("last_deal"):
        banners += f'<p class="banner last-deal">{e(m["last_deal"])}</p>'
    hand = "".join(card(c) for c in m["hand"])
    house = (f'<p class="house-line" data-house="{e(",".join(m["house"]))}">{e(m["house_line"])}</p>'
             if m["house_line"] else "")
    return (
        f'<div class="table-screen" data-screen="table" data-phase="{e(m["phase"])}" data-my-turn="{str(m["my_turn"]).lower()}" '
        f'data-token="{m["token"]}" data-hand="{len(m["hand"])}" {motion_attrs(m)}>'
        f'{topbar(m)}<div class="notes">{set_aside(m["set_aside"])}{alert(m["alert"])}{asks(m.get("asks", []))}{house}'
        f'{settings_panel(m["settings"])}</div>'
        f'<section class="others" aria-label="{e(_("The other players"))}">'
        f'<ul class="opponents" aria-label="{e(_("Opponents"))}"{long_names(m["opponents"])}>{"".join(opponent(o) for o in m["opponents"])}</ul></section>'
        f'<div class="felt" data-scroll="felt" tabindex="0" role="region" aria-label="{e(_("The table"))}" '
        # Translators: a hint at the foot of the table's scrolling area, followed by ⌄.
        f'data-more="{e(_("more below"))}">{banners}{pile_fan(m["dig"]) if m["dig"] else ""}'
        f'{frames(m["frames"]) if m["frames"] else ""}{extra_frame(m["extra"]) if m["extra"] else ""}'
        f'<section class="table" data-zone="table" aria-label="{e(_("Melds on the table"))}">{table_melds(m)}</section></div>'
        f'<aside class="side" aria-label="{e(_("What happened"))}" tabindex="0"><ol class="log" data-scroll="log">{log}</ol>{story_strip(m.get("story"))}</aside>'
        f'<main class="you" data-scroll="dock">{reaction(me.get("reaction"), _("You"))}{guidance(m)}'
        f'{choices(m["ends"])}<div class="deck">{piles(m)}<div class="actions">{actions}{timer}</div></div>{bar(m)}'
        f'{hand_zone(m, hand)}</main>'
        f'{"" if m["passing"] or m["elsewhere"] else history_sheet(m.get("story")) + keys_sheet(m.get("keys_open"))}'
        f'{elsewhere(m["elsewhere"])}{summary(m["summary"]) if m["summary"] else ""}'
        f'{pass_screen(m["passing"]) if m["passing"] else ""}</div>'
    )


def set_aside(m: Optional[Model]) -> str:
    """A save set aside as this game started, said on its table (the start screen that says it was
    never seen): the sentence, the copy to download, and OK to put it away."""
    if m is None:
        return ""
    at = attrs(class_="chip", data_act="download", title=m["reason"] or None)
    return (f'<div class="notice set-aside" role="alert"><p>{e(m["text"])}</p>'
            f'<button type="button" {at}>{e(_("⬇ Download the saved game"))}</button>'
            f'<button type="button" class="chip" data-act="dismiss" data-arg="set-aside">{e(_("OK"))}</button></div>')


def hand_zone(m: Model, hand: str) -> str:
    """The player's cards; in pass-and-play, while no one may look, a face-down stand-in."""
    if m["hidden"]:
        return (f'<div class="hand veiled" data-zone="hand" role="group" aria-label="{e(_("Hands are hidden"))}">'
                f'<p>{e(_("🂠 Hands stay hidden until their owner taps"))}</p></div>')
    n = len(m["hand"])
    return (f'<div class="hand" data-zone="hand" role="group" '
            f'aria-label="{e(ngettext("Your hand: {n} card", "Your hand: {n} cards", n).format(n=n))}">{hand}</div>')
