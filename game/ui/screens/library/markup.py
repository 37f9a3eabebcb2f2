"""The past-games screen as HTML: the list of finished games with the import control, or the
replay of the game opened in it (the game-over replay's own screen).
"""
from __future__ import annotations

from game.i18n import _

from ...session.session import Session
from ...store import safejson
from ...store.kept import share_model
from ..html import Model, button, e, share_link
from ..parts import button_model
from ..replay.markup import replay_screen
from ..replay.model import replay_view
from .model import _entry, past_model


def past_screen(s: Session) -> str:
    """The list, or the replay of the game opened in it (the game-over replay's own screen)."""
    past = s.ui.past
    if past.replay is not None:
        replay, entry = past.replay, _entry(s, past.game)
        level = entry.get("level", "") if entry else ""
        share = share_model(replay.log, level, s.ui.shared, replay.deal)
        return replay_screen(replay_view(replay, button_model("past-close", _("✕ Past games")), share))
    return past_list(past_model(s))


def past_list(m: Model) -> str:
    tone = m["tone"]
    message = (f'<p class="message {tone}" role="{"alert" if tone == "error" else "status"}">{e(m["message"])}</p>'
               if m["message"] else '<p class="message" role="status"></p>')
    rows = "".join(past_row(r) for r in m["rows"])
    rows = (f'<ol class="past-list" aria-label="{e(_("Finished games, newest first"))}">{rows}</ol>' if rows else
            f'<p class="empty">{e(_("No finished games yet. Every game you finish is kept here (the last 20 at least)."))}</p>')
    return (f'<main class="start past" data-screen="past"><header class="past-head"><h1>{e(_("📚 Past games"))}</h1>'
            f'<button type="button" class="chip" data-act="past-close">{e(_("✕ Back"))}</button></header>{message}'
            f'<div class="past-import"><input type="file" id="import-file" class="file" accept=".json,application/json,text/plain" '
            f'data-import data-limit="{safejson.LIMIT}">'
            f'<label for="import-file" class="btn">{e(_("📂 Import a game…"))}</label>'
            f'<small>{e(_("A game file exported from Aggravation, on this device or another."))}</small></div>'
            f'{rows}</main>')


def past_row(r: Model) -> str:
    buttons = "".join(button(b) for b in r["buttons"])
    share = share_link(r["share"]) if r["share"] else ""
    total = f'<span class="total">{e(r["total"])}</span>' if r["total"] else ""
    return (f'<li class="past-game{" broken" if r["broken"] else ""}" data-game="{e(r["game"])}">'
            f'<p class="what"><b>{e(r["title"])}</b><span class="when">{e(r["date"])}</span></p>'
            f'<p class="how">{e(r["result"])}{total}</p>'
            f'<div class="past-actions">{buttons}{share}</div></li>')
