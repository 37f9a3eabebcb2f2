"""The statistics screen: the player's record per rulebook and level, a chart of final totals.

Model (``stats_model``, plain data) -> HTML (``stats_screen``, every text escaped) -> intents
(``INTENTS``, joined to dispatch.ALWAYS): the pattern of every screen. The figures come from the
stats store (store/stats.py), which counts each finished game once (``count_finished``, called for
every frame: the game-over screen shown again, a reload or another tab's finish add nothing).

It shows over the screen it was opened from (``ui.stats``: '' closed, 'open', 'reset' while the
reset question is asked, 'done' just after a reset); Back returns there.

>>> from game.ui.app import App
>>> s = App({}, {}).session
>>> open_stats(s, "")
>>> m = stats_model(s)
>>> m["games"], m["groups"], m["empty"][:20]
(0, [], 'No finished games ye')
>>> "<svg" in chart([{"total": 40, "won": True}, {"total": 120, "won": False}], "Sprout")
True
"""
from __future__ import annotations

from typing import Any, Optional

from game.i18n import N_, _, ngettext
from game.rules import PRESETS

from ..store import stats as store
from ..words import LEVELS as LEVEL_LABELS
from .. import words
from ..words import RULEBOOK_NAMES
from .html import dialog, e

Model = dict[str, Any]
CHART_GAMES = 20          # the chart's games: the newest of each table
PAID_OFF = N_("A steal or buy paid off when the card you claimed went from your hand onto the table in that "
              "same deal: in a meld you laid, or laid off on any meld.")
SOLO_ONLY = N_("These are your games against the bots: pass-and-play games are not counted.")
HINTED = N_("A game with a 💡 hint: you asked the table for a hint at least once in it.")
TAKEN_BACK = N_("A game with a ↶ take-back: you took back a move of yours at least once in it.")
FIRST_TRY = N_("A contract made on the first try: you went down in the first deal you played at that round.")
LEVEL_NAMES = {key: label for key, label, *more in LEVEL_LABELS}


def stats_button() -> str:
    """The statistics screen's way in (this module), on the start and game-over screens."""
    return f'<button type="button" class="chip stats-open" data-act="stats">{e(_("📊 Your statistics"))}</button>'


# ------------------------------------------------------------ counting, once per finished game


def count_finished(s, counted: set) -> None:
    """The session's game, if finished and not yet ``counted`` by this page, goes into the
    stats store (which itself refuses a game counted before, by any tab or page). A pass-and-play
    game is not: the statistics are one player's record against the bots, and seat 0 of a shared
    game is whoever sat down first."""
    if s.state is None or not s.state.is_over or s.log is None or not s.game or s.game in counted \
            or s.people > 1:
        return
    counted.add(s.game)
    store.count(s.saves, s.log, s.level, s.game, s.hints, s.takebacks)


# ------------------------------------------------------------ the model


def percent(part: int, whole: int) -> str:
    """'67%': a share, rounded, as the language drawn in writes it ('67 %'); '–' when there is nothing to share."""
    return words.percent(part, whole)


def group_model(rules: str, level: str, tally: dict, last: list[dict]) -> Model:
    """One table's figures (rulebook and level), in words, and its chart's games."""
    n, steal = tally["games"], PRESETS[rules].claim_word == "steal"
    best = tally["best"]
    of = _("{part} of {whole}")
    figures = [
        (_("Games"), str(n)),
        (_("Wins"), _("{wins} · {rate} win rate").format(wins=tally["wins"], rate=percent(tally["wins"], n))),
        (_("Final total"), _("{mean} on average · best {best}").format(mean=round(tally["total"] / n),
                                                                        best=best if best is not None else "–")),
        (_("Round reached"), _("{mean} on average · best {top} of {rounds}").format(
            mean=f'{tally["round"] / n:.1f}', top=tally["top"], rounds=PRESETS[rules].rounds)),
        (_("Contracts on the first try"), f'{of.format(part=tally["first"], whole=tally["tried"])} · '
                                          f'{percent(tally["first"], tally["tried"])}'),
        (_("🫳 Steals made") if steal else _("🛒 Buys made"),
         _("{claims} · {mean} a game").format(claims=tally["claims"], mean=f'{tally["claims"] / n:.1f}')),
        (_("🫳 Steals that paid off") if steal else _("🛒 Buys that paid off"),
         f'{of.format(part=tally["paid"], whole=tally["claims"])} · {percent(tally["paid"], tally["claims"])}'),
        (_("Games with a 💡 hint"), of.format(part=tally.get("hinted", 0), whole=n)),
        (_("Games with a ↶ take-back"), of.format(part=tally.get("takenback", 0), whole=n)),
    ]
    title = f"{RULEBOOK_NAMES[rules]} · {LEVEL_NAMES[level]}"
    return {"rules": rules, "level": level, "title": title, "figures": figures,
            "chart": [{"total": g["total"], "won": g["won"]} for g in last]}


def stats_model(s) -> Model:
    """The screen: every table played (rulebook, then level), the hints, the reset question."""
    stats = store.read(s.saves)
    tallies = stats.tallies()
    groups = [group_model(rules, level, tallies[(rules, level)], stats.last(rules, level, CHART_GAMES))
              for rules in PRESETS for level in store.LEVELS if (rules, level) in tallies]
    asking = s.ui.stats == "reset"
    return {
        "games": stats.games,
        "groups": groups,
        "empty": "" if groups else _("No finished games yet: finish a game and its figures show here."),
        "hints": [_(hint) for hint in (FIRST_TRY, PAID_OFF, HINTED, TAKEN_BACK, SOLO_ONLY)],
        "note": _("Your statistics are reset.") if s.ui.stats == "done" else "",
        "confirm": {
            "question": _("Reset your statistics?"),
            "hint": _("Every figure goes back to zero, for every rulebook and level. This cannot be undone."),
            "buttons": [{"act": "stats-keep", "label": _("Keep my statistics"), "style": "primary"},
                        {"act": "stats-reset-yes", "label": _("Reset them")}],
        } if asking else None,
        "back": _("Back to the scores") if s.ui.screen == "table" and s.state is not None else _("Back"),
    }


# ------------------------------------------------------------ the HTML


def chart(games: list[Model], title: str) -> str:
    """Final totals as bars, oldest first (a win in gold): inline SVG scaled to its box, with
    the figures said in words for a screen reader."""
    if not games:
        return ""
    highest = max(g["total"] for g in games)
    width, height, top = 300, 100, max(highest, 1)
    slot = width / max(len(games), 5)
    bars = []
    for n, g in enumerate(games):
        h = max(2.0, (height - 2) * g["total"] / top)
        bars.append(f'<rect class="{"win" if g["won"] else "bar"}" x="{n * slot + slot * .15:.1f}" y="{height - h:.1f}" '
                    f'width="{slot * .7:.1f}" height="{h:.1f}"><title>{e(_("{total} (a win)") if g["won"] else "{total}").format(total=g["total"])}</title></rect>')
    said = ", ".join((_("{total} (won)") if g["won"] else "{total}").format(total=g["total"]) for g in games)
    label = ngettext("Final totals of your last {n} game at {table}, oldest first: {totals}",
                     "Final totals of your last {n} games at {table}, oldest first: {totals}", len(games)
                     ).format(n=len(games), table=title, totals=said)
    return (f'<figure class="stats-chart"><svg viewBox="0 0 {width} {height}" preserveAspectRatio="none" role="img" '
            f'aria-label="{e(label)}">'
            f'<line x1="0" y1="{height - .5}" x2="{width}" y2="{height - .5}"/>{"".join(bars)}</svg>'
            f'<figcaption>{caption(len(games), highest)}</figcaption></figure>')


def caption(games: int, highest: int) -> str:
    """The chart's key: its word for a win stands in gold."""
    text = ngettext("Final totals, last {n} game, oldest first (the highest {highest}): lower is better, {gold} a win",
                    "Final totals, last {n} games, oldest first (the highest {highest}): lower is better, {gold} a win",
                    games)
    before, _gold, after = e(text).partition("{gold}")
    return (before.format(n=games, highest=highest) + f'<span class="key-win">{e(_("gold"))}</span>'
            + after.format(n=games, highest=highest))


def group(g: Model) -> str:
    rows = "".join(f"<tr><th scope=\"row\">{e(name)}</th><td>{e(value)}</td></tr>" for name, value in g["figures"])
    ident = f'stats-{e(g["rules"])}-{e(g["level"])}'
    return (f'<section class="stats-group" aria-labelledby="{ident}" data-rules="{e(g["rules"])}" '
            f'data-level="{e(g["level"])}"><h2 id="{ident}">{e(g["title"])}</h2>'
            f'<table class="stats-figures">{rows}</table>{chart(g["chart"], g["title"])}</section>')


def stats_screen(m: Model) -> str:
    """The figures of every table played, the hints that define them, Reset at the bottom."""
    asking = m["confirm"] is not None
    back = (f'<button type="button" class="chip" data-act="stats-close"{"" if asking else " data-autofocus"}>'
            f'← {e(m["back"])}</button>')
    note = f'<p class="notice" role="status">{e(m["note"])}</p>' if m["note"] else ""
    body = "".join(group(g) for g in m["groups"]) or f'<p class="empty">{e(m["empty"])}</p>'
    hints = "".join(f'<p class="hint">{e(h)}</p>' for h in m["hints"]) if m["groups"] else ""
    reset = (f'<button type="button" class="btn stats-reset" data-act="stats-reset">{e(_("Reset statistics…"))}</button>'
             if m["games"] else "")
    question = dialog("stats-reset", m["confirm"]["question"], m["confirm"]["hint"], m["confirm"]["buttons"]) if asking else ""
    return (f'<main class="stats" data-screen="stats"><header class="stats-head"><h1>{e(_("📊 Your statistics"))}</h1>{back}</header>'
            f'{note}{body}{hints}{reset}</main>{question}')


# ------------------------------------------------------------ the intents


def open_stats(s, _: str) -> None:
    store.opened(s.saves)
    s.ui.stats = "open"
    s.ui.settings_open = False


def close_stats(s, _: str) -> None:
    """Back (or Escape): the reset question closes first, then the screen."""
    s.ui.stats = "open" if s.ui.stats == "reset" else ""


def ask_reset(s, _: str) -> None:
    if s.ui.stats:
        s.ui.stats = "reset"


def keep_stats(s, _: str) -> None:
    if s.ui.stats:
        s.ui.stats = "open"


def reset_stats(s, _: str) -> None:
    """The player's yes: every figure goes; the screen says so."""
    if s.ui.stats == "reset":
        store.reset(s.saves)
        s.ui.stats = "done"


INTENTS = {"stats": open_stats, "stats-close": close_stats, "stats-reset": ask_reset,
           "stats-keep": keep_stats, "stats-reset-yes": reset_stats}


def shown(s) -> Optional[str]:
    """The screen's HTML when it is open, else None (app.frame draws the game's screens)."""
    return stats_screen(stats_model(s)) if s.ui.stats else None
