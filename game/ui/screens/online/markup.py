"""The lobby as HTML, every text escaped. The link and its QR code are the page's to draw
(assets/page/hosting.js fills ``[data-join-code]``): only the page knows its own address.
"""
from __future__ import annotations

from game.i18n import _

from ..html import Model, attrs, button, e
from ..settings import chips
from ..table.markup import asks


def name_hint() -> str:
    return f'<p class="hint">{e(_("Your friends see this name at the table (it is kept for next time)."))}</p>'


def take_off(p: Model) -> str:
    """The host's ✕ by a guest in the lobby: takes them off the table."""
    return (f'<button type="button" class="chip take-off" data-act="online-remove" data-arg="{p["seat"]}" '
            f'aria-label="{e(_("Take {name} off the table").format(name=p["name"]))}">✕</button>')


def lobby_screen(m: Model) -> str:
    people = "".join(f'<li class="{"here" if p["here"] else "away"}"><span class="who">{e(p["name"])}</span> '
                     f'<small>{e(p["note"])}</small>{take_off(p) if m["host"] and p["seat"] else ""}</li>'
                     for p in m["people"])
    bots = f'<li class="bots"><span class="who">🤖 {e(m["bots"])}</span> <small>{e(_("in the empty seats"))}</small></li>' \
        if m["bots"] else ""
    seats = (f'<h2 id="seats-title">{e(_("At the table"))}</h2>'
             f'<ul class="room-seats" aria-labelledby="seats-title">{people}{bots}</ul>')
    if not m["host"]:
        return (f'<main class="lobby" data-screen="lobby"><h1>{e(_("🌐 {host}’s table").format(host=m["host_name"]))}</h1>'
                f'<p class="lead">{e(m["rulebook"])} · {e(_("waiting for {host} to start the game.").format(host=m["host_name"]))}</p>'
                f'{seats}<div class="lobby-buttons"><button type="button" class="btn" data-act="leave">{e(_("🚪 Leave the table"))}</button>'
                f'</div></main>')
    levels = "".join(f'<button type="button" {attrs(class_="chip", data_act="online-level", data_arg=o["value"], aria_pressed="true" if o["on"] else "false")}>'
                     f'{e(o["label"])}</button>' for o in m["levels"])
    name = attrs(data_name="0", value=m["host_name"] if m["named"] else "", maxlength=str(m["name_limit"]),
                 aria_label=_("Your name"), autocomplete="off", spellcheck="false", placeholder=_("Your name"),
                 data_autofocus=not m["named"])
    full = f'<p class="hint">{e(_("The table is full."))}</p>' if m["full"] else ""
    full += f'<p class="message error" role="alert">{e(m["message"])}</p>' if m["message"] else ""
    return (f'<main class="lobby" data-screen="lobby"><h1>{e(_("🌐 Play online · {rules}").format(rules=m["rulebook"]))}</h1>'
            f'<p class="lead">{e(_("Send this link to the people you play with: each opens it on their own phone or computer. This device is the table: keep this page open while you play."))}</p>'
            f'<div class="room-link" {attrs(data_join_code=m["code"])}></div>'
            f'<label class="room-name">{e(_("Your name"))} <input type="text" {name}></label>'
            f'{"" if m["named"] else name_hint()}{asks(m["asks"])}{seats}{full}'
            f'<div class="setting" role="group" aria-label="{e(_("Rules"))}"><span>{e(_("Rules"))}</span>{chips("rulebook", m["rulebooks"])}</div>'
            f'<div class="setting" role="group" aria-label="{e(_("Bots in the empty seats"))}"><span>{e(_("Bots"))}</span>{levels}</div>'
            f'<div class="setting" role="group" aria-label="{e(_("Turn limit: then a bot plays that turn"))}">'
            f'<span>{e(_("Turn limit"))}</span>{chips("turn", m["turns"])}</div>'
            f'<div class="lobby-buttons">{button(m["start"])}{button(m["close"])}</div></main>')
