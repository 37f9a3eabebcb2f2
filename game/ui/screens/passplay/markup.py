"""Pass-and-play's screens as HTML: opaque over the table, so no hand shows while the device
changes hands.
"""
from __future__ import annotations

from ..html import Model, attrs, button, e


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
