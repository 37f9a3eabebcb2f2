"""The view model as HTML: one function per part of the screen, every text escaped.

Every card element carries ``data-card`` (its SPEC code) and a unique
``data-key``; zones carry ``data-zone``; every control carries ``data-act``
(and ``data-arg``), which the page's single delegated listener reads.
"""
from __future__ import annotations

from typing import Any, Optional

from game.cards import and_list
from game.rules import DEFAULT_PRESET, PRESETS

from .glyphs import JOKER_SVG
from .words import plural

Model = dict[str, Any]
# (level, label, its hint at an Aggravation table, where the level sets the table's size; at the
# other rulebooks', whose size the player picks).
LEVELS = (("sprout", "🌱 Sprout", "2 opponents who play straight", "Opponents who play straight"),
          ("scout", "🧭 Scout", "3 opponents who steal", "Opponents who buy what they need"),
          ("ace", "🏆 Ace", "4 sharp opponents", "Sharp opponents who plan their buys"))
OTHER_PRESETS = " ".join(name for name in PRESETS if name != DEFAULT_PRESET)
# Each rulebook's rules page and printable card (static files, shipped and precached by scripts/build.py).
RULES_PAGES = {"aggravation": ("rules.html", "print/index.html"),
               "gallery": ("rules-gallery.html", "print/gallery.html"),
               "contract": ("rules-contract.html", "print/contract.html")}


def links(preset: str) -> str:
    """The rules page and the printable card of ``preset``."""
    page, card = RULES_PAGES.get(preset, RULES_PAGES[DEFAULT_PRESET])
    return f'<a href="{page}">📜 Rules</a><a href="{card}">🖨️ Open the printable rules card</a>'


def start_links(lesson_above: bool) -> str:
    """Every rulebook's links, the chosen one's showing (game.css follows the pressed chip), and
    the guided deal (unless a first visit's screen offers it at the top already)."""
    lesson = "" if lesson_above else '<button type="button" class="chip" data-act="learn">🎓 Guided first deal</button>'
    return "".join(f'<p class="links" data-for="{name}">{links(name)}{lesson}</p>' for name in PRESETS)


# html.escape's table. Not the html module itself: importing it compiles html.entities (a table of
# 2,000 entities) from source at every boot in Pyodide, ~25 ms before the table can show.
ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def e(text: Any) -> str:
    return str(text).translate(ESCAPES)


def attrs(**values: Any) -> str:
    """HTML attributes; a False/None value leaves the attribute out, True writes it bare."""
    out = []
    for name, value in values.items():
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(name)
        elif value is not False and value is not None:
            out.append(f'{name}="{e(value)}"')
    return " ".join(out)


def card(c: Model, act: Optional[str] = "card", small: bool = False, label: str = "",
         arg: Optional[str] = None, disabled: bool = False, **more: Any) -> str:
    """A card: an image when ``act`` is None, else a button (``data-arg`` defaults to its key)."""
    classes = ["card", "red" if c["red"] else "black"]
    if c.get("joker"):
        classes.append("joker")
    if small:
        classes.append("small")
    if c.get("selected"):
        classes.append("selected")
    if c.get("just"):
        classes.append("just")              # the card a bot just played (viewmodel.mark_just)
    wild = f'<span class="as">={e(c["wild_as"])}</span>' if c.get("wild_as") else ""
    name = label or c["name"] + (f" as {c['wild_as']}" if c.get("wild_as") else "")
    inner = f'<span class="rank">{e(c["rank"])}</span><span class="suit">{e(c["suit"])}</span>{wild}'
    common = dict(class_=" ".join(classes), data_card=c["code"], data_key=c["key"])
    if act is None:
        return f'<span {attrs(**common, role="img", aria_label=name)}>{inner}</span>'
    pressed = "true" if c.get("selected") else None
    extra = attrs(**common, data_act=act, data_arg=c["key"] if arg is None else arg, aria_pressed=pressed,
                  disabled=disabled, **more)
    # The name is hidden text, not aria-label, so it is the button's content (axe: label-content-name).
    return f'<button type="button" {extra}><span aria-hidden="true">{inner}</span><span class="sr">{e(name)}</span></button>'


def button(b: Model, extra: str = "") -> str:
    at = attrs(class_=("btn " + b.get("style", "")).strip(), data_act=b["act"],
               data_arg=b.get("arg") or None, disabled=not b.get("enabled", True))
    return f'<button type="button" {at}{extra}>{e(b["label"])}</button>'


# The statistics screen's way in (game/ui/statscreen.py), on the start and game-over screens.
STATS_BUTTON = '<button type="button" class="chip stats-open" data-act="stats">📊 Your statistics</button>'


def start_screen(m: Model) -> str:
    """The start screen: the game in progress first, then the levels; notices above, dialogs over."""
    levels = "".join(
        f'<button type="button" class="level" data-act="level" data-arg="{key}" data-level="{key}">'
        f'<span class="level-name">{e(label)}</span>{level_hints(key, hint, other, m["people"]["level_hints"])}</button>'
        for key, label, hint, other in LEVELS
    )
    resume = (f'<button type="button" class="btn primary resume" data-act="resume">{e(m["game"])}</button>'
              if m["game"] else "")
    lead = "Or start a new game:" if m["game"] else "Contract rummy against a few bots. Pick the rules and your table:"
    learn = (f'<button type="button" class="btn learn" data-act="learn">🎓 New here? Play a guided first deal</button>'
             if m["first_visit"] else "")
    return (f'<main class="start" data-screen="start"><h1>{JOKER_SVG} Aggravation</h1>'
            f'{notice(m)}{alert(m["alert"])}{resume}{learn}<p class="lead">{lead}</p>'
            f'{rulebooks(m["rulebooks"])}{"".join(table_sizes(z) for z in m["sizes"])}{people(m["people"])}'
            f'<div id="levels" role="group" aria-label="Level">{levels}</div>'
            f'{house_switches(m["settings"]["house"])}'
            f'{start_links(m["first_visit"])}<p class="stats-link">{STATS_BUTTON} <button type="button" class="btn" data-act="past">📚 Past games</button></p>'
            f'{settings_panel(m["settings"], always=True)}</main>'
            f'{confirm(m["confirm"])}{elsewhere(m["elsewhere"])}')


def level_hints(level: str, hint: str, other: str, shared: dict) -> str:
    """A level's line under each rulebook (the chosen one's shows: game.css); in pass-and-play,
    each rulebook's count of bots joining the people (``shared``: preset -> level -> line)."""
    if not shared:
        return f' <small data-for="{DEFAULT_PRESET}">{e(hint)}</small><small data-for="{OTHER_PRESETS}">{e(other)}</small>'
    return "".join(f'<small data-for="{preset}">{e(lines[level])}</small>' for preset, lines in shared.items())


def chips(setting: str, options: list[Model], mark: str = "") -> str:
    """A row of chips, one pressed, each setting ``setting`` to its value (``mark``: a data
    attribute holding the value too, for the page's CSS to follow the pressed one)."""
    out = []
    for o in options:
        at = attrs(class_="chip", data_act="set", data_arg=f'{setting}={o["value"]}',
                   aria_pressed="true" if o["on"] else "false", **({mark: o["value"]} if mark else {}))
        out.append(f'<button type="button" {at}>{e(o["label"])}</button>')
    return "".join(out)


def rulebooks(options: list[Model]) -> str:
    """The rulebook for the next game, each described in a line (only the chosen one's shows:
    game.css, so the static start screen follows a tap before Python is up)."""
    blurbs = "".join(f'<p class="blurb" data-for="{e(o["value"])}">{e(o["blurb"])}</p>' for o in options)
    return (f'<div class="rulebook" role="group" aria-label="Rules"><span>Rules</span>'
            f'{chips("rulebook", options, mark="data_rulebook")}</div>{blurbs}')


def table_sizes(size: Model) -> str:
    """How many play at the table (you included), for a rulebook whose size is the player's pick."""
    return (f'<div class="setting table-size" role="group" data-for="{e(size["preset"])}" '
            f'aria-label="Players at a {e(size["name"])} table"><span>Players</span>{chips("players", size["options"])}</div>')


def people(m: Model) -> str:
    """Pass-and-play: how many people share the device, and a name for each."""
    names = "".join(
        f'<input type="text" {attrs(data_name=str(p["index"]), value=p["value"], placeholder=p["placeholder"], maxlength=str(m["limit"]), aria_label=p["label"], autocomplete="off", spellcheck="false")}>'
        for p in m["names"])
    names = f'<div class="names">{names}</div>' if names else ""
    hint = f'<p class="hint people-hint">{e(m["hint"])}</p>' if m["hint"] else ""
    return (f'<div class="setting people" role="group" aria-label="People at this device"><span>People</span>'
            f'{chips("people", m["options"])}</div>{names}{hint}')


def notice(m: Model) -> str:
    """Why there is no game to resume, in one sentence, with the set-aside copy to download (a
    notice is only ever given when a save is set aside)."""
    if not m["notice"]:
        return ""
    at = attrs(class_="chip", data_act="download", title=m["reason"] or None)
    return (f'<div class="notice" role="alert"><p>{e(m["notice"])}</p>'
            f'<button type="button" {at}>⬇ Download the saved game</button></div>')


def alert(text: str) -> str:
    """Said once: the game cannot be saved. It stays until the player dismisses it."""
    if not text:
        return ""
    return (f'<div class="alert" role="alert"><p>⚠️ {e(text)}</p>'
            f'<button type="button" class="chip" data-act="dismiss">OK</button></div>')


def dialog(name: str, text: str, hint: str, buttons: list[Model]) -> str:
    """A modal card over the screen; its first button (the safe choice) has the focus."""
    first, *rest = buttons
    return (f'<div class="backdrop" data-dialog="{e(name)}"><section class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="{e(name)}-title" aria-describedby="{e(name)}-hint">'
            f'<h2 id="{e(name)}-title">{e(text)}</h2><p id="{e(name)}-hint">{e(hint)}</p>'
            f'<div class="dialog-buttons">{button(first, " data-autofocus")}{"".join(button(b) for b in rest)}</div>'
            f'</section></div>')


def confirm(m: Optional[Model]) -> str:
    return dialog("confirm", m["question"], m["hint"], m["buttons"]) if m else ""


def elsewhere(m: Optional[Model]) -> str:
    return dialog("elsewhere", m["text"], m["hint"], m["buttons"]) if m else ""


def house_switches(options: list[Model]) -> str:
    """The house-rule switches for the next game: toggle buttons, each described by its line."""
    items = "".join(
        f'<li><button type="button" {attrs(class_="chip switch", data_act="house", data_arg=o["value"], aria_pressed="true" if o["on"] else "false", aria_describedby="house-" + o["value"])}>'
        f'<span class="tick" aria-hidden="true">{"✓" if o["on"] else ""}</span>{e(o["label"].capitalize())}</button> '
        f'<small id="house-{e(o["value"])}">{e(o["description"])}</small></li>'
        for o in options
    )
    return (f'<section class="house" data-for="{DEFAULT_PRESET}" aria-labelledby="house-title"><h2 id="house-title">House rules</h2>'
            f'<p class="hint">All off unless you switch them on; they apply to the next game you start.</p>'
            f'<ul role="list">{items}</ul></section>'
            f'<p class="hint own-book" data-for="{OTHER_PRESETS}">House rules belong to Aggravation: '
            f'the other rulebooks play by their own book.</p>')


def settings_panel(m: Model, always: bool = False) -> str:
    if not (m["open"] or always):
        return ""

    def group(name: str, title: str, options: list[Model]) -> str:
        items = "".join(
            "<button type=\"button\" " + attrs(class_="chip", data_act="set", data_arg=name + "=" + o["value"],
                                              aria_pressed="true" if o["on"] else "false")
            + f">{e(o['label'])}</button>"
            for o in options
        )
        return f'<div class="setting" role="group" aria-label="{e(title)}"><span>{e(title)}</span>{items}</div>'

    game_house = "" if always else (
        f'<p class="house-now">This game plays by the rules of {e(m["own_book"])}: no house rules.</p>'
        if m["own_book"] else
        f'<p class="house-now">This game — {e(m["game_house"] or "House rules: none")}. '
        f'Switch them for your next game under New game.</p>')
    return (f'<section class="settings" aria-label="Settings">{group("steal", "🫳 Steal · 🛒 buy offer", m["steal"])}'
            f'{group("speed", "Bot speed", m["speed"])}{game_house}</section>')


def opponent(o: Model) -> str:
    """One seat: a line that always shows (name, cards, round, steals left, down) over the full
    details, which a phone folds away (``<details>``) and a desktop shows at once."""
    classes = ("opp current" if o["current"] else "opp") + (" just" if o.get("just") else "")
    down = '<span class="down">📥 down</span>' if o["down"] else '<span class="up">not down</span>'
    dealer = dealer_badge(o["dealer"])
    mark = '<span class="is-down" title="down">📥</span>' if o["down"] else ""
    brief = (f'<span class="brief" aria-hidden="true"><span class="n">🂠{o["cards"]}</span>'
             f'<span class="s">{e(o["claims_brief"])}</span>{mark}</span>')
    return (f'<li class="{classes}" data-seat="{o["seat"]}" aria-current="{"true" if o["current"] else "false"}">'
            f'<details class="seat" data-fold="seat-{o["seat"]}"><summary><span class="who"><b>{e(o["name"])}</b>{dealer}'
            f'<span class="r" aria-hidden="true">R{o["round"]}</span></span>{brief}</summary>'
            f'<div class="more"><span class="round">R{o["round"]}: {e(o["contract"])}</span> '
            f'<span>🂠 {e(o["cards_text"])}</span> <span>{e(o["claims_brief"][0])} {e(o["claims_left"])}</span> {down} '
            f'<span class="total">{o["total"]} pts</span></div></details></li>')


# Said alike on the table and in the replay.
NO_MELDS = '<p class="empty">No melds on the table yet.</p>'
EMPTY_PILE = '<span class="pile-empty">empty</span>'


def table_melds(melds: list[Model], targetable: bool, swappable: Optional[bool] = None) -> str:
    """The table's melds. Each is a group whose head button lays off on it (CSS stretches it over
    the meld); with the wild-swap house rule (``swappable`` not None) every wild is its own
    button, ``data-meld`` + ``data-index``, enabled while ``swappable``."""
    if not melds:
        return NO_MELDS
    out = []
    for m in melds:
        index = m["index"]
        cards = "".join(
            card(c, act="wild", small=True, arg=f'{index}:{c["index"]}', disabled=not swappable,
                 label=f'{c["name"]} as {c["wild_as"]}: swap your natural {c["wild_as"]} for it',
                 data_meld=index, data_index=c["index"])
            if swappable is not None and c.get("wild") else card(c, act=None, small=True)
            for c in m["cards"]
        )
        # aria-disabled, not disabled: a tap that cannot lay off still reaches the game, which says why.
        pick = attrs(class_="meld-pick", data_act="meld", data_arg=index, data_meld=index,
                     aria_disabled=None if targetable else "true")
        out.append(f'<div class="meld{" just" if m.get("just") else ""}" role="group" aria-label="{e(m["label"])}" data-meld="{index}">'
                   f'<button type="button" {pick}><span class="owner">{e(m["owner"])} · {e(m["kind"])}</span>'
                   f'<span class="sr">: lay off here</span></button><span class="cards">{cards}</span></div>')
    return "".join(out)


def piles(m: Model) -> str:
    top = m["top"]
    if top:
        lock = '<span class="lock" aria-hidden="true">🔒</span>' if m["buried"] else ""
        label = f"Discard pile: {top['name']}" + (", buried: nobody may take it" if m["buried"] else "")
        discard = (f'<button type="button" {attrs(class_="pile-top" + (" buried" if m["buried"] else ""), data_act="discard-pile")}>'
                   f'{card(top, act=None, label=label)}{lock}</button>')
    else:
        discard = EMPTY_PILE
    return (f'<div class="piles"><button type="button" class="stock" data-zone="stock" data-act="stock" '
            f'aria-label="Stock: {m["stock"]} cards"><span class="back" aria-hidden="true">🂠</span>'
            f'<span class="count">{m["stock"]}</span></button>'
            f'<div class="discard" data-zone="discard">{discard}</div></div>')


def extra_frame(x: Model) -> str:
    """The further meld being picked: one frame, open-ended, saying what it is or what it needs."""
    status = "✓ " + e(x["need"]) if x["ok"] else e(x["need"]) if x["cards"] else e(x["kinds"].capitalize())
    return (f'<section class="frames" data-zone="extra" aria-label="Another meld">'
            f'<div class="frame {"ok" if x["ok"] else "open"} active"><p class="frame-head">Another meld</p>'
            f'{frame_cards(x["cards"])}<p class="need">{status}</p></div></section>')


FRAME_HINT = '<span class="hint">tap cards below</span>'


def frame_cards(cards: list[Model]) -> str:
    """A frame's cards side by side, or, while it has none, what to do."""
    return f'<div class="frame-cards">{"".join(card(c) for c in cards) or FRAME_HINT}</div>'


def pile_fan(d: Model) -> str:
    """The discard pile fanned out (Gallery's deep pick): a tap takes that card and all above it."""
    cards = "".join(card(c, act="dig", small=True, label=c["take"]) for c in d["cards"])
    return (f'<section class="pile-fan" data-zone="pile-fan" aria-label="The discard pile, oldest first">'
            f'<p class="hint">The discard pile, oldest first: tap a card to take it and every card above it.</p>'
            f'<div class="fan-cards">{cards}</div></section>')


def frames(f: Model) -> str:
    out = []
    for fr in f["frames"]:
        state = "ok" if fr["ok"] else "open"
        status = "✓ " + e(fr["reading"]) if fr["ok"] else e(fr["need"])
        flip = (f'<button type="button" class="chip" data-act="reading" data-arg="{fr["index"]}">↔ read it another way</button>'
                if fr["readings"] > 1 else "")
        out.append(
            f'<div class="frame {state}{" active" if fr["active"] else ""}" data-frame="{fr["index"]}">'
            f'<button type="button" class="frame-head" data-act="frame" data-arg="{fr["index"]}" '
            f'aria-pressed="{"true" if fr["active"] else "false"}">{e(fr["spec"].capitalize())}</button>'
            f'{frame_cards(fr["cards"])}<p class="need">{status}</p>{flip}</div>'
        )
    return f'<section class="frames" data-zone="frames" aria-label="Going down">{"".join(out)}</section>'


def summary(s: Model) -> str:
    """The end of a deal, one step at a time: the going-out play (over the table, which stays in
    view), everyone's cards and points, then the scores (at game over: the places)."""
    if s["stage"] == "play":
        return going_out(s)
    if s["stage"] == "hands":
        return hands(s)
    return game_over(s) if s["game_over"] else deal_scores(s)


def going_out(s: Model) -> str:
    """The going-out play, briefly: who went out and the cards of that last turn."""
    lines = "".join(
        f'<li><span class="line">{e(p["line"])}</span> '
        + "".join(f'<span class="cards">{"".join(card(c, act=None, small=True) for c in group)}</span>'
                  for group in p["melds"]) + '</li>'
        for p in s["play"]
    )
    return (f'<section class="went-out" data-zone="went-out" role="status" aria-label="{e(s["how"])}">'
            f'<h2>🎉 {e(s["how"])}</h2><ol>{lines}</ol></section>')


def hands(s: Model) -> str:
    """Everyone's cards as the deal ended, each player's row with the points they score."""
    rows = "".join(
        f'<li class="left{" out" if h["went_out"] else ""}" data-seat="{h["seat"]}">'
        f'<p class="who"><b>{e(h["name"])}</b> <span class="pts">{h["points"]} pts</span>'
        f' <small>{"went out 🎉" if h["went_out"] else e(h["count"])}</small></p>'
        f'<div class="cards" role="group" aria-label="{e(h["name"])}: {e(h["count"])}, {h["points"]} points">'
        f'{"".join(card(c, act=None, small=True) for c in h["cards"]) or "<span class=nothing>no cards</span>"}</div></li>'
        for h in s["hands"]
    )
    title = "The game is over" if s["game_over"] else f"Deal {s['deal']} is over"
    return (f'<section class="summary leftovers" role="dialog" aria-modal="true" aria-labelledby="summary-title" '
            f'data-zone="leftovers"><h2 id="summary-title">{title}</h2><p class="how">{e(s["how"])}.</p>'
            f'<p class="hint">Everyone scores the cards left in their hand:</p><ul class="hands">{rows}</ul>'
            f'<button type="button" class="btn primary" data-act="scores" data-autofocus>See the scores ▶</button></section>')


def sheet_table(s: Model) -> str:
    heads = "".join(f'<th scope="col">{e(n)}</th>' for n in s["names"])
    sheet = "".join(
        f'<tr><th scope="row">{d["deal"]}</th>' + "".join(f"<td>{p}</td>" for p in d["points"]) + "</tr>"
        for d in s["sheet"]
    )
    totals = "".join(f"<td>{t}</td>" for t in s["totals"])
    return (f'<h3>Score sheet</h3><div class="sheet-wrap"><table class="sheet"><thead><tr><th scope="col">Deal</th>'
            f'{heads}</tr></thead><tbody>{sheet}</tbody><tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot>'
            f'</table></div>')


def scores_dialog(head: str, how: str, body: str, extra: str) -> str:
    """The scores over the table: the result first (title, who went out), the button right
    under the table of results, the longer parts below it."""
    return (f'<section class="summary" role="dialog" aria-modal="true" aria-labelledby="summary-title" data-zone="summary">'
            f'<h2 id="summary-title">{head}</h2><p class="how">{e(how)}.</p>{body}{extra}</section>')


def deal_scores(s: Model) -> str:
    lesson = f'<p class="coach" role="note">{e(s["lesson"])}</p>' if s.get("lesson") else ""
    rows = "".join(
        f'<tr><th scope="row">{e(r["name"])}</th><td>{r["round"]}</td><td>{r["points"]}</td>'
        f'<td>{"✓ next round" if r["moves_on"] else "↻ same round"}</td><td>{r["total"]}</td></tr>'
        for r in s["rows"]
    )
    body = (f'<table class="results"><thead><tr><th scope="col">Player</th><th scope="col">Round</th>'
            f'<th scope="col">Points</th><th scope="col">Next</th><th scope="col">Total</th></tr></thead>'
            f'<tbody>{rows}</tbody></table>{lesson}'
            f'<button type="button" class="btn primary" data-act="next" data-autofocus>Next deal ▶</button>')
    return scores_dialog(f"Deal {s['deal']} is over", s["how"], body, sheet_table(s))


WINNER = ' class="winner"'


def places_table(places: list[Model]) -> str:
    """Places 1..n (ties share one), the winners marked: the game-over screen's and the replay's end."""
    rows = "".join(
        f'<tr{WINNER if p["winner"] else ""}><td>{e(p["label"])}</td><th scope="row">{e(p["name"])}</th>'
        f'<td>{p["round"]}{" ✓" if p["finished"] else ""}</td><td>{p["total"]}</td></tr>'
        for p in places
    )
    return (f'<table class="results places"><thead><tr><th scope="col">Place</th><th scope="col">Player</th>'
            f'<th scope="col">Round reached</th><th scope="col">Total</th></tr></thead><tbody>{rows}</tbody></table>')


def who_won(winners: list[str]) -> str:
    """"🏆 Scout wins the game", "🏆 You and Ace win the game": the game-over and replay headings."""
    verb = "win" if len(winners) != 1 or winners == ["You"] else "wins"
    return f'🏆 {e(and_list(winners))} {verb} the game'


def game_over(s: Model) -> str:
    """Places 1..n (ties share one), the final deal's last moves, the score sheet, New game."""
    head = f'{who_won(s["winners"])}!'
    body = (f'{places_table(s["places"])}<button type="button" class="btn primary" data-act="menu" data-autofocus>New game</button>')
    moves = "".join(f"<li>{e(line)}</li>" for line in s["last_moves"])   # a game's last deal always has some
    note = f'<p class="message error" role="alert">{e(s["replay_note"])}</p>' if s.get("replay_note") else ""
    extra = (f'<h3>The last moves</h3><ol class="last-moves">{moves}</ol>'
             f'<button type="button" class="btn replay-open" data-act="replay">▶ Replay the last deal</button>{note}'
             f'{STATS_BUTTON}{share_link(s["share"])}{sheet_table(s)}')
    return scores_dialog(head, s["how"], body, extra)


def share_link(m: Model, label: str = "🔗 Share this deal") -> str:
    """🔗 Share: the control (the page copies the address it makes of ``data-arg``), and once tapped
    the address in a selectable field, with what it starts (kept.share_model)."""
    out = f'<div class="share"><button type="button" class="btn share-open" data-act="share" data-arg="{e(m["query"])}">{e(label)}</button>'
    if m["url"]:
        said = "✓ Link copied. " if m["copied"] else "Copy this link: "
        out += (f'<p class="share-said" role="status">{e(said)}<small>{e(m["note"])}</small></p>'
                f'<input type="text" class="share-url" readonly value="{e(m["url"])}" data-share '
                f'aria-label="Link to a new game dealt as this one">')
    return out + "</div>"


def dealer_badge(dealer: bool) -> str:
    """The dealer's mark: a D badge, named for screen readers."""
    if not dealer:
        return ""
    return ' <span class="dealer" title="Dealer"><span aria-hidden="true">D</span><span class="sr">dealer</span></span>'


def bar(m: Model) -> str:
    """The player's own line: round and contract, cards, points, steals left, and the sort chip."""
    me = m["me"]
    sort_to = "suit" if m["sort"] == "number" else "number"
    return (f'<div class="bar"><span class="round"><b>Round {me["round"]}</b>: {e(me["contract"])}</span>'
            f'<span class="mine">{e(me["cards_text"])} · {me["total"]} pts · {e(m["claim"]["icon"])} {e(me["claims_left"])}'
            f'{" · 📥 down" if me["down"] else ""}{dealer_badge(me["dealer"])}</span>'
            f'<button type="button" class="chip sort" data-act="sort" title="Sorted by {m["sort"]} now">⇅ Sort by {sort_to}</button></div>')


def coach_bar(c: Optional[Model]) -> str:
    """The guided deal's tip of the moment, by the controls, with a way out at any time."""
    if not c:
        return ""
    return (f'<div class="coach" role="note" aria-label="Lesson"><p>🎓 {e(c["text"])}</p>'
            f'<button type="button" class="chip" data-act="coach-skip">Skip the lesson</button></div>')


def choices(ends: list[Model]) -> str:
    """Which end of a run a card goes to: a row of its own, away from Discard, so a slip of the
    thumb between two answers never throws a card away."""
    if not ends:
        return ""
    return (f'<div class="choices" role="group" aria-label="Which end of the run">'
            f'<span class="ask">Which end?</span>{"".join(button(b) for b in ends)}</div>')


def topbar(m: Model) -> str:
    title = "Aggravation" if m["preset"] == DEFAULT_PRESET else m["rulebook_short"]
    page, card = RULES_PAGES.get(m["preset"], RULES_PAGES[DEFAULT_PRESET])
    return (f'<header class="topbar"><h1 title="{e(m["rulebook"])}"><span class="jk" aria-hidden="true">🃏</span> {e(title)}</h1>'
            f'<nav aria-label="Game">'
            f'<button type="button" class="chip" data-act="menu">New game</button>'
            f'<a class="chip" href="{page}" aria-label="📜 Rules">📜</a>'
            f'<a class="chip" href="{card}" aria-label="🖨️ Open the printable rules card">🖨️</a>'
            f'<button type="button" class="chip" data-act="settings" aria-expanded="{str(m["settings"]["open"]).lower()}" aria-label="⚙️ Settings">⚙️</button>'
            f'</nav></header>')


def motion_attrs(m: Model) -> str:
    """What assets/app.js needs to fly the cards that moved: the bot whose move this frame shows
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
        timer = f'<div class="timer" style="animation-duration:{int(m["claim_ms"])}ms" aria-hidden="true"></div>'
    note = f'<p class="note">{e(m["claim"]["icon"])} not offered: {e(m["steal_note"])}</p>' if m["steal_note"] else ""
    message = f'<p class="message {e(m["tone"])}" role="alert">{e(m["message"])}</p>' if m["message"] else ""
    log = "".join(f"<li>{e(line)}</li>" for line in m["log"])
    swap = '<p class="banner">🔄 Swap round: swap one card with the discard, or pass</p>' if m["swap_round"] else ""
    hand = "".join(card(c) for c in m["hand"])
    targetable = m["my_turn"] and m["phase"] == "play" and me["down"] and m["frames"] is None
    swappable = (m["frames"] is None) if m["wild_swap"] else None
    house = (f'<p class="house-line" data-house="{e(",".join(m["house"]))}">{e(m["house_line"])}</p>'
             if m["house_line"] else "")
    return (
        f'<div class="table-screen" data-screen="table" data-phase="{e(m["phase"])}" data-my-turn="{str(m["my_turn"]).lower()}" '
        f'data-token="{m["token"]}" data-hand="{len(m["hand"])}" {motion_attrs(m)}>'
        f'{topbar(m)}<div class="notes">{alert(m["alert"])}{house}{settings_panel(m["settings"])}</div>'
        f'<section class="others" aria-label="The other players">'
        f'<ul class="opponents" aria-label="Opponents">{"".join(opponent(o) for o in m["opponents"])}</ul></section>'
        f'<div class="felt" data-scroll="felt">{swap}{pile_fan(m["dig"]) if m["dig"] else ""}'
        f'{frames(m["frames"]) if m["frames"] else ""}{extra_frame(m["extra"]) if m["extra"] else ""}'
        f'<section class="table" data-zone="table" aria-label="Melds on the table">{table_melds(m["table"], targetable, swappable)}</section></div>'
        f'<aside class="side" aria-label="What happened"><ol class="log" data-scroll="log">{log}</ol></aside>'
        f'<main class="you">{coach_bar(m["coach"])}<div class="status"><p class="prompt" role="status">{e(m["prompt"])}</p>{message}{note}</div>'
        f'{choices(m["ends"])}<div class="deck">{piles(m)}<div class="actions">{actions}{timer}</div></div>{bar(m)}'
        f'{hand_zone(m, hand)}</main>'
        f'{elsewhere(m["elsewhere"])}{summary(m["summary"]) if m["summary"] else ""}'
        f'{pass_screen(m["passing"]) if m["passing"] else ""}{claims(m["claims"]) if m["claims"] else ""}</div>'
    )


def hand_zone(m: Model, hand: str) -> str:
    """The player's cards; in pass-and-play, while no one may look, a face-down stand-in."""
    if m["hidden"]:
        return ('<div class="hand veiled" data-zone="hand" role="group" aria-label="Hands are hidden">'
                '<p>🂠 Hands stay hidden until their owner taps</p></div>')
    return (f'<div class="hand" data-zone="hand" role="group" '
            f'aria-label="Your hand: {e(plural(len(m["hand"]), "card"))}">{hand}</div>')


def pass_screen(m: Model) -> str:
    """Pass-and-play: an opaque screen over the table until the next person takes the device."""
    lead = f"Back to {m['name']}" if m["again"] else f"Pass to {m['name']}"
    news = f'<p class="pass-news" role="status">{e(m["news"])}</p>' if m["news"] else ""
    recent = "".join(f"<li>{e(line)}</li>" for line in m["recent"])
    news += f'<ol class="pass-recent" aria-label="Just now">{recent}</ol>' if recent else ""
    return (f'<div class="backdrop pass" data-dialog="pass" data-seat="{m["seat"]}">'
            f'<section class="dialog pass-card" role="dialog" aria-modal="true" aria-labelledby="pass-title" '
            f'aria-describedby="pass-hint"><p class="pass-icon" aria-hidden="true">🂠</p>'
            f'<h2 id="pass-title">{e(lead)}</h2>{news}<p id="pass-hint">{e(m["what"])} '
            f'Only {e(m["name"])} should look once the hand is shown.</p>'
            f'<div class="dialog-buttons">{button(m["button"], " data-autofocus")}</div>'
            f'<p class="pass-menu"><button type="button" class="chip" data-act="menu">New game</button></p></section></div>')


def claims(m: Model) -> str:
    """Pass-and-play: the people who may claim the discard, each a toggle, and Done."""
    people = "".join(
        f'<button type="button" {attrs(class_="chip claimer", data_act="claim-toggle", data_arg=str(p["seat"]), aria_pressed="true" if p["on"] else "false")}>'
        f'{"✓ " if p["on"] else ""}{e(p["name"])} <small>· {e(p["left"])}</small></button>' for p in m["people"])
    return (f'<div class="backdrop claims" data-dialog="claims"><section class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="claims-title" aria-describedby="claims-hint"><h2 id="claims-title">{e(m["title"])}</h2>'
            f'<p id="claims-hint">{e(m["hint"])}</p><div class="claimers" role="group" aria-label="Who claims it">{people}</div>'
            f'<div class="dialog-buttons">{button(m["done"], " data-autofocus")}</div></section></div>')


# ------------------------------------------------------------ the replay of the final deal


def replay_screen(m: Model) -> str:
    """The final deal at one step (viewmodel.replay_model): the move in words at the top, every
    hand face up, the pile and the melds, and ⏮ ◀ ▶ ⏭ at the bottom, in reach of a thumb."""
    words = "".join(f'<span class="line">{e(line)}</span>' for line in m["words"])
    seats = "".join(replay_seat(p) for p in m["seats"])
    melds = "".join(replay_meld(x) for x in m["table"]) or NO_MELDS
    top = m["top"]
    pile = (card(top, act=None, label=f'Discard pile: {top["name"]}' + (", buried" if m["buried"] else ""))
            if top else EMPTY_PILE)
    controls = "".join(replay_control(b, m["labels"][b["arg"]], m["autofocus"] and b["arg"] == "forward")
                       for b in m["buttons"])
    return (
        f'<div class="replay-screen" data-screen="replay" data-step="{m["at"]}" data-steps="{m["last"]}">'
        f'<header class="replay-head"><h2 id="replay-title">Replay · deal {m["deal"]} of {m["deals"]}</h2>'
        f'<button type="button" class="chip" data-act="{m["close"]["act"]}">{e(m["close"]["label"])}</button></header>'
        f'{replay_deals(m["chips"])}'
        f'<div class="replay-move" role="status" aria-live="polite"><p class="counter">{e(m["counter"])}</p>'
        f'<p class="words">{words}</p><p class="turn">{e(m["turn"])}</p></div>'
        f'<div class="replay-body" data-scroll="replay" tabindex="0" role="region" aria-label="Everyone’s cards and the table">'
        f'{replay_final(m["final"])}'
        f'<ul class="replay-seats" aria-label="Everyone’s cards">{seats}</ul>'
        f'<section class="replay-table" aria-label="The table"><div class="replay-piles">'
        f'<span class="stock" role="img" aria-label="Stock: {m["stock"]} cards"><span class="count">{m["stock"]}</span></span>'
        f'<span class="discard{" buried" if m["buried"] else ""}">{pile}</span></div>'
        f'<div class="replay-melds">{melds}</div></section>'
        f'{share_link(m["share"])}</div>'
        f'<nav class="replay-controls" aria-label="Step through the deal">{controls}</nav></div>'
    )


def replay_deals(chips: list[Model]) -> str:
    """A chip per deal: tap one to see it as dealt (the one on show is pressed)."""
    out = "".join(f'<button type="button" class="chip" data-act="{c["act"]}" data-arg="{c["arg"]}" '
                  f'aria-pressed="{"true" if c["on"] else "false"}" aria-label="Deal {c["label"]}">{e(c["label"])}</button>'
                  for c in chips)
    return f'<nav class="replay-deals" aria-label="Deals">{out}</nav>'


def replay_final(final: Optional[Model]) -> str:
    """The final scores, at the replay's last move: the places as the game-over screen shows them."""
    if final is None:
        return ""
    return (f'<section class="replay-final" aria-labelledby="replay-final-title">'
            f'<h3 id="replay-final-title">Final scores: {who_won(final["winners"])}</h3>'
            f'{places_table(final["places"])}</section>')


# ⏮ and ⏭ drawn as text (a bar by a triangle), like ◀ ▶: emoji fonts paint them as orange tiles.
DRAWN = {"⏮": '<i class="edge"></i>◀', "⏭": '▶<i class="edge"></i>'}


def replay_control(b: Model, name: str, focus: bool) -> str:
    """⏮ ◀ ▶ ⏭: the glyph shown, its name said (and shown on hover); disabled at either end."""
    at = attrs(class_=("btn " + b["style"]).strip(), data_act=b["act"], data_arg=b["arg"], title=name,
               disabled=not b["enabled"], data_autofocus=focus)
    glyph = DRAWN.get(b["label"], e(b["label"]))
    return f'<button type="button" {at}><span aria-hidden="true">{glyph}</span><span class="sr">{e(name)}</span></button>'


def replay_seat(p: Model) -> str:
    """One seat's row: name, round, down, the points at the end; its cards in one fanned row."""
    classes = "replay-seat" + (" current" if p["current"] else "") + (" just" if p["actor"] else "") \
        + (" out" if p["went_out"] else "")
    facts = [f'R{p["round"]}', "📥 down" if p["down"] else "", f'🂠 {len(p["cards"])}']
    if p["points"] is not None:
        facts.append("went out 🎉" if p["went_out"] else f'{p["points"]} pts')
    fan = "".join(card(c, act=None, small=True) for c in p["cards"]) or '<span class="nothing">no cards</span>'
    return (f'<li class="{classes}" data-seat="{p["seat"]}" aria-current="{"true" if p["current"] else "false"}">'
            f'<p class="who"><b>{e(p["name"])}</b>{dealer_badge(p["dealer"])}'
            f'<span class="facts">{" · ".join(e(f) for f in facts if f)}</span></p>'
            f'<div class="fan{" many" if len(p["cards"]) > 14 else ""}" style="--n:{max(1, len(p["cards"]) - 1)}" role="group" '
            f'aria-label="{e(p["name"])}: {e(p["count"])}">{fan}</div></li>')


def replay_meld(x: Model) -> str:
    cards = "".join(card(c, act=None, small=True) for c in x["cards"])
    return (f'<div class="meld{" just" if x["just"] else ""}" role="group" aria-label="{e(x["label"])}">'
            f'<span class="owner">{e(x["owner"])} · {e(x["kind"])}</span><span class="cards">{cards}</span></div>')
