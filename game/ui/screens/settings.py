"""The ⚙️ settings panel, on the start screen and over the table: claim offers, bot speed, and
(on the start screen) the house-rule switches for the next game. Its model, its markup and its
intents: every change is stored at once, for this game and the next.
"""
from __future__ import annotations

from typing import Any, Callable

from game.i18n import LANGUAGE_NAMES, LANGUAGES, _, drawing
from game.rules import DEFAULT_PRESET, HOUSE_RULES, PRESETS

from ..session.session import Session
from ..store.settings import (ASK_LABELS, BUZZ_LABELS, DECK_LABELS, HINT_LABELS, SOUND_LABELS, SPEED_LABELS,
                              STEAL_LABELS)
from ..words import HOUSE_NAMES, house_line
from .html import attrs, e

Model = dict[str, Any]
# The rulebooks other than the default, as one ``data-for`` value: the page's CSS shows what
# belongs to them (no house rules, the level lines of a table of the player's size).
OTHER_PRESETS = " ".join(name for name in PRESETS if name != DEFAULT_PRESET)


def labelled(labels: dict[str, str], now: str) -> list[Model]:
    """A setting's chips: each value with its label in the language drawn in, the one set pressed."""
    return [{"value": k, "label": _(lab), "on": now == k} for k, lab in labels.items()]


def settings_model(s: Session) -> Model:
    settings = s.settings
    model = {
        "open": s.ui.settings_open,
        "steal": labelled(STEAL_LABELS, settings.steal),
        "ask": labelled(ASK_LABELS, settings.ask),
        "speed": labelled(SPEED_LABELS, settings.speed),
        "hint": labelled(HINT_LABELS, settings.hint),
        "deck": labelled(DECK_LABELS, settings.deck),
        "sound": sound_chips(settings),
        "buzz": labelled(BUZZ_LABELS, settings.buzz),
        "lang": [{"value": k, "label": LANGUAGE_NAMES[k], "on": drawing() == k, "lang": k} for k in LANGUAGES],
        "muted": settings.mute == "on",
        "house": [{"value": k, "label": _(HOUSE_NAMES[k]), "description": _(text), "on": k in settings.house}
                  for k, text in HOUSE_RULES.items()],
    }
    if s.log:  # the table's panel names the game's own rules; the start screen's has no game to name
        model["game_house"] = house_line(tuple(s.log.house_rules))
        model["own_book"] = s.log.rules().name if s.log.preset != DEFAULT_PRESET else ""
    return model


def sound_chips(settings) -> list[Model]:
    """Quiet, Normal, Loud and Mute in one row: a volume picked plays at it (unmuted); Mute
    toggles, keeping the volume for when sound comes back."""
    muted = settings.mute == "on"
    return [{"value": k, "label": _(lab), "on": not muted and settings.sound == k} for k, lab in SOUND_LABELS.items()] + [
        {"value": "mute", "arg": f'mute={"off" if muted else "on"}', "label": _("🔇 Mute"), "on": muted}]


def chips(setting: str, options: list[Model], mark: str = "") -> str:
    """A row of chips, one pressed, each setting ``setting`` to its value (``mark``: a data
    attribute holding the value too, for the page's CSS to follow the pressed one)."""
    out = []
    for o in options:
        at = attrs(class_="chip", data_act="set", data_arg=f'{setting}={o["value"]}',
                   aria_pressed="true" if o["on"] else "false", **({mark: o["value"]} if mark else {}))
        out.append(f'<button type="button" {at}>{e(o["label"])}</button>')
    return "".join(out)


def house_switches(options: list[Model]) -> str:
    """The house-rule switches for the next game: toggle buttons, each described by its line."""
    items = "".join(
        f'<li><button type="button" {attrs(class_="chip switch", data_act="house", data_arg=o["value"], aria_pressed="true" if o["on"] else "false", aria_describedby="house-" + o["value"])}>'
        f'<span class="tick" aria-hidden="true">{"✓" if o["on"] else ""}</span>{e(o["label"][:1].upper() + o["label"][1:])}</button> '
        f'<small id="house-{e(o["value"])}">{e(o["description"])}</small></li>'
        for o in options
    )
    return (f'<section class="house" data-for="{DEFAULT_PRESET}" aria-labelledby="house-title"><h2 id="house-title">{e(_("House rules"))}</h2>'
            f'<p class="hint">{e(_("All off unless you switch them on; they apply to the next game you start."))}</p>'
            f'<ul role="list">{items}</ul></section>'
            f'<p class="hint own-book" data-for="{OTHER_PRESETS}">'
            f'{e(_("House rules belong to Aggravation: the other rulebooks play by their own book."))}</p>')


def settings_panel(m: Model, always: bool = False) -> str:
    if not (m["open"] or always):
        return ""

    def group(name: str, title: str, options: list[Model]) -> str:
        items = "".join(
            "<button type=\"button\" " + attrs(class_="chip", data_act="set", data_arg=o.get("arg") or name + "=" + o["value"],
                                              aria_pressed="true" if o["on"] else "false")
            + f">{e(o['label'])}</button>"
            for o in options
        )
        return f'<div class="setting" role="group" aria-label="{e(title)}"><span>{e(title)}</span>{items}</div>'

    game_house = "" if always else (
        f'<p class="house-now">{e(_("This game plays by the rules of {book}: no house rules.").format(book=m["own_book"]))}</p>'
        if m["own_book"] else
        f'<p class="house-now">{e(_("This game — {house}.").format(house=m["game_house"] or _("House rules: none")))} '
        f'{e(_("Switch them for your next game under New game."))}</p>')
    return (f'<section class="settings" aria-label="{e(_("Settings"))}">{group("steal", _("🫳 Steal · 🛒 buy offer"), m["steal"])}'
            f'{group("ask", _("Offer me a discard"), m["ask"])}{group("speed", _("Bot speed"), m["speed"])}'
            f'{group("hint", _("💡 Hint button (games against the bots)"), m["hint"])}'
            f'{group("deck", _("Suit colours"), m["deck"])}{group("sound", _("Sound"), m["sound"])}'
            f'{group("buzz", _("Buzz on your turn"), m["buzz"])}{languages(m["lang"])}{game_house}</section>')


def languages(options: list[Model]) -> str:
    """The Language row: each language in its own name, and marked as that language for a screen reader."""
    items = "".join(
        f'<button type="button" {attrs(class_="chip", data_act="set", data_arg="lang=" + o["value"], lang=o["lang"], aria_pressed="true" if o["on"] else "false")}>'
        f'{e(o["label"])}</button>' for o in options)
    title = _("Language")
    return f'<div class="setting" role="group" aria-label="{e(title)}"><span>{e(title)}</span>{items}</div>'


def change_setting(s: Session, arg: str) -> None:
    name, _, value = arg.partition("=")
    changed = s.settings.change(name, value)
    if name == "sound" and value in SOUND_LABELS:
        changed = s.settings.change("mute", "off") or changed   # a volume picked is meant to be heard
    if changed:
        s.store_settings()


def rename(s: Session, arg: str) -> None:
    """A person's name typed on the new-game screen (pass-and-play): remembered for the next game."""
    if s.settings.rename(arg):
        s.store_settings()


def toggle_house(s: Session, arg: str) -> None:
    """A house-rule switch on the new-game screen: remembered for the next game."""
    if s.settings.toggle_house(arg):
        s.store_settings()


def toggle_settings(s: Session, _: str) -> None:
    s.ui.settings_open = not s.ui.settings_open


ALWAYS: dict[str, Callable[[Session, str], None]] = {
    "settings": toggle_settings,
    "set": change_setting,
    "house": toggle_house,
    "name": rename,
}
