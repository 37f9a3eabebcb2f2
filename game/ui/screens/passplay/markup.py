"""Pass-and-play's screens as HTML: opaque over the table, so no hand shows while the device
changes hands.
"""
from __future__ import annotations

from game.i18n import _

from ..html import Model, button, e


def pass_screen(m: Model) -> str:
    """Pass-and-play: an opaque screen over the table until the next person takes the device; when
    they are to say whether they claim the discard, it says so first (what, and from whom)."""
    lead = (_("Back to {name}") if m["again"] else _("Pass to {name}")).format(name=m["name"])
    news = f'<p class="pass-news" role="status">{e(m["news"])}</p>' if m["news"] else ""
    recent = "".join(f"<li>{e(line)}</li>" for line in m["recent"])
    news += f'<ol class="pass-recent" aria-label="{e(_("Just now"))}">{recent}</ol>' if recent else ""
    claim = f'<p class="pass-claim">{e(m["claim"])}</p>' if m["claim"] else ""
    return (f'<div class="backdrop pass" data-dialog="pass" data-seat="{m["seat"]}">'
            f'<section class="dialog pass-card" role="dialog" aria-modal="true" aria-labelledby="pass-title" '
            f'aria-describedby="pass-hint"><p class="pass-icon" aria-hidden="true">🂠</p>'
            f'<h2 id="pass-title">{e(lead)}</h2>{claim}{news}<p id="pass-hint">{e(m["what"])} '
            f'{e(_("Only {name} should look once the hand is shown.").format(name=m["name"]))}</p>'
            f'<div class="dialog-buttons">{button(m["button"], " data-autofocus")}</div>'
            f'<p class="pass-menu">{button(m["take_back"]) if m.get("take_back") else ""}'
            f'<button type="button" class="chip" data-act="menu">{e(_("New game"))}</button></p></section></div>')

