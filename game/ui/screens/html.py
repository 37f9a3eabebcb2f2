"""The markup every screen shares: escaping, attributes, a card, a button, a dialog, an alert,
the 🔗 share control. Plain strings of HTML, every text escaped.

Every card element carries ``data-card`` (its SPEC code) and a unique ``data-key``; zones carry
``data-zone``; every control carries ``data-act`` (and ``data-arg``), which the page's single
delegated listener reads (assets/page/input.js) and dispatch.py routes to a screen's intents.
"""
from __future__ import annotations

from typing import Any, Optional

from game.i18n import _, shown

from .parts import said_name

Model = dict[str, Any]


# html.escape's table. Not the html module itself: importing it compiles html.entities (a table of
# 2,000 entities) from source at every boot in Pyodide, ~25 ms before the table can show.
ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def e(text: Any) -> str:
    """``text`` escaped; words kept to be shown later (i18n.Message) in the language being drawn."""
    return str(shown(text)).translate(ESCAPES)


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
        classes.append("just")              # the card a bot just played (screens/table/model.py mark_just)
    wild = f'<span class="as">={e(c["wild_as"])}</span>' if c.get("wild_as") else ""
    name = label or said_name(c)
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
               data_arg=b.get("arg") or None, disabled=not b.get("enabled", True),
               aria_keyshortcuts=b.get("keys"))
    return f'<button type="button" {at}{extra}>{e(b["label"])}</button>'


def alert(text: str) -> str:
    """Said once: the game cannot be saved. It stays until the player dismisses it."""
    if not text:
        return ""
    return (f'<div class="alert" role="alert"><p>⚠️ {e(text)}</p>'
            f'<button type="button" class="chip" data-act="dismiss">{e(_("OK"))}</button></div>')


def dialog(name: str, text: str, hint: str, buttons: list[Model]) -> str:
    """A modal card over the screen; its first button (the safe choice) has the focus."""
    first, *rest = buttons
    return (f'<div class="backdrop" data-dialog="{e(name)}"><section class="dialog" role="dialog" aria-modal="true" '
            f'aria-labelledby="{e(name)}-title" aria-describedby="{e(name)}-hint">'
            f'<h2 id="{e(name)}-title">{e(text)}</h2><p id="{e(name)}-hint">{e(hint)}</p>'
            f'<div class="dialog-buttons">{button(first, " data-autofocus")}{"".join(button(b) for b in rest)}</div>'
            f'</section></div>')


def share_link(m: Model) -> str:
    """🔗 Share: the control (the page copies the address it makes of ``data-arg``), and once tapped
    the address in a selectable field, with what it starts (kept.share_model)."""
    out = (f'<div class="share"><button type="button" class="btn share-open" data-act="share" data-arg="{e(m["query"])}">'
           f'{e(_("🔗 Share this deal"))}</button>')
    if m["url"]:
        said = _("✓ Link copied.") + " " if m["copied"] else _("Copy this link:") + " "
        out += (f'<p class="share-said" role="status">{e(said)}<small>{e(m["note"])}</small></p>'
                f'<input type="text" class="share-url" readonly value="{e(m["url"])}" data-share '
                f'aria-label="{e(_("Link to a new game dealt as this one"))}">')
    return out + "</div>"
