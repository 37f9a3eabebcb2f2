"""The start screen's model as HTML, every text escaped; the rules links, which the table's top bar
shares (``RULES_PAGES``).
"""
from __future__ import annotations

from typing import Optional

from game.i18n import _
from game.rules import DEFAULT_PRESET, PRESETS

from ...glyphs import JOKER_SVG
from ...words import LEVELS
from ..elsewhere import elsewhere
from ..html import Model, alert, attrs, dialog, e
from ..settings import OTHER_PRESETS, chips, house_switches, settings_panel
from ..stats import stats_button

# Each rulebook's rules page and printable card (static files, shipped and precached by scripts/build.py).
RULES_PAGES = {"aggravation": ("rules.html", "print/index.html"),
               "gallery": ("rules-gallery.html", "print/gallery.html"),
               "contract": ("rules-contract.html", "print/contract.html")}


def links(preset: str) -> str:
    """The rules page and the printable card of ``preset``."""
    page, card = RULES_PAGES.get(preset, RULES_PAGES[DEFAULT_PRESET])
    return f'<a href="{page}">{e(_("📜 Rules"))}</a><a href="{card}">{e(_("🖨️ Open the printable rules card"))}</a>'


def start_links(lesson_above: bool) -> str:
    """Every rulebook's links, the chosen one's showing (game.css follows the pressed chip), and
    the guided deal (unless a first visit's screen offers it at the top already)."""
    lesson = "" if lesson_above else f'<button type="button" class="chip" data-act="learn">{e(_("🎓 Guided first deal"))}</button>'
    return "".join(f'<p class="links" data-for="{name}">{links(name)}{lesson}</p>' for name in PRESETS)


def start_screen(m: Model) -> str:
    """The start screen: the game in progress first, then the levels and 👥 Pass and play; notices
    above, dialogs over. With pass and play picked, its setup takes the levels' place."""
    resume = (f'<button type="button" class="btn primary resume" data-act="resume">{e(m["game"])}</button>'
              if m["game"] else "")
    if m["setup"]:
        body = f'{resume}{people_setup(m["setup"])}'
    else:
        lead = _("Or start a new game:") if m["game"] else _("Contract rummy against a few bots. Pick the rules and your table:")
        learn = (f'<button type="button" class="btn learn" data-act="learn">{e(_("🎓 New here? Play a guided first deal"))}</button>'
                 if m["first_visit"] else "")
        body = (f'{resume}{learn}<p class="lead">{e(lead)}</p>'
                f'{rulebooks(m["rulebooks"])}{"".join(table_sizes(z) for z in m["sizes"])}'
                f'{levels(m["people_card"])}{house_switches(m["settings"]["house"])}'
                f'{start_links(m["first_visit"])}<p class="stats-link">{stats_button()} <button type="button" class="btn" data-act="past">{e(_("📚 Past games"))}</button></p>'
                f'{settings_panel(m["settings"], always=True)}')
    return (f'<main class="start" data-screen="start"><h1>{JOKER_SVG} Aggravation</h1>'
            f'{notice(m)}{alert(m["alert"])}{body}</main>'
            f'{confirm(m["confirm"])}{elsewhere(m["elsewhere"])}')


def levels(card: Model) -> str:
    """The levels, one player against their bots, each its line under each rulebook (the chosen
    one's shows: game.css); then 👥 Pass and play, a game of people, as a choice of its own."""
    cards = "".join(
        f'<button type="button" class="level" data-act="level" data-arg="{key}" data-level="{key}">'
        f'<span class="level-name">{e(_(label))}</span> <small data-for="{DEFAULT_PRESET}">{e(_(hint))}</small>'
        f'<small data-for="{OTHER_PRESETS}">{e(_(other))}</small></button>'
        for key, label, hint, other in LEVELS)
    people = (f'<button type="button" class="level people-card" data-act="people-setup">'
              f'<span class="level-name">{e(card["label"])}</span> <small>{e(card["hint"])}</small></button>')
    online = ('<button type="button" class="level online-card" data-act="online">'
              f'<span class="level-name">{e(_("🌐 Play online"))}</span> <small>{e(_("Friends join from their own phones"))}</small></button>')
    return f'<div id="levels" role="group" aria-label="{e(_("New game"))}">{cards}{people}{online}</div>'


def people_setup(m: Model) -> str:
    """👥 Pass and play's setup: how many people, their names, how many bots, and the tables they
    may start (one a level, or theirs alone)."""
    names = "".join(
        f'<input type="text" {attrs(data_name=str(p["index"]), value=p["value"], placeholder=p["placeholder"], maxlength=str(m["limit"]), aria_label=p["label"], autocomplete="off", spellcheck="false")}>'
        for p in m["names"])
    bots = (f'<div class="setting bots" role="group" aria-label="{e(_("Bots joining you"))}"><span>{e(_("Bots"))}</span>'
            f'{chips("bots", m["bots"])}</div>' if m["bots"] else "")
    note = f'<p class="hint people-note">{e(m["note"])}</p>' if m["note"] else ""
    tables = "".join(
        f'<button type="button" class="level" data-act="people-start" data-arg="{e(t["level"])}">'
        f'<span class="level-name">{e(t["label"])}</span> <small>{e(t["hint"])}</small></button>' for t in m["tables"])
    return (f'<section class="people-setup" aria-labelledby="people-title">'
            f'<p class="setup-back"><button type="button" class="chip" data-act="people-setup">{e(_("← Back"))}</button></p>'
            f'<h2 id="people-title">{e(_("👥 Pass and play · {rules}").format(rules=m["rulebook"]))}</h2>'
            f'<p class="hint people-hint">{e(m["hint"])}</p>'
            f'<div class="setting people" role="group" aria-label="{e(_("People at this device"))}"><span>{e(_("People"))}</span>'
            f'{chips("people", m["options"])}</div><div class="names">{names}</div>{bots}'
            f'<h3 id="people-start">{e(_("Start the game"))}</h3>'
            f'<div class="people-tables" role="group" aria-labelledby="people-start">{tables}</div>{note}</section>')


def rulebooks(options: list[Model]) -> str:
    """The rulebook for the next game, each described in a line (only the chosen one's shows:
    game.css, so the static start screen follows a tap before Python is up)."""
    blurbs = "".join(f'<p class="blurb" data-for="{e(o["value"])}">{e(o["blurb"])}</p>' for o in options)
    return (f'<div class="rulebook" role="group" aria-label="{e(_("Rules"))}"><span>{e(_("Rules"))}</span>'
            f'{chips("rulebook", options, mark="data_rulebook")}</div>{blurbs}')


def table_sizes(size: Model) -> str:
    """How many play at the table (you included), for a rulebook whose size is the player's pick."""
    return (f'<div class="setting table-size" role="group" data-for="{e(size["preset"])}" '
            f'aria-label="{e(_("Players at a {rules} table").format(rules=size["name"]))}"><span>{e(_("Players"))}</span>'
            f'{chips("players", size["options"])}</div>')


def notice(m: Model) -> str:
    """Why there is no game to resume, in one sentence, with the set-aside copy to download (a
    notice is only ever given when a save is set aside)."""
    if not m["notice"]:
        return ""
    at = attrs(class_="chip", data_act="download", title=m["reason"] or None)
    return (f'<div class="notice" role="alert"><p>{e(m["notice"])}</p>'
            f'<button type="button" {at}>{e(_("⬇ Download the saved game"))}</button></div>')


def confirm(m: Optional[Model]) -> str:
    return dialog("confirm", m["question"], m["hint"], m["buttons"]) if m else ""
