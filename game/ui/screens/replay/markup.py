"""The replay's model as HTML: the move in words at the top, every hand face up, the pile and the
melds, and ⏮ ◀ ▶ ⏭ at the bottom. The places at the last move are drawn as the scores draw them.
"""
from __future__ import annotations

from typing import Optional

from game.i18n import _

from ...words import MELD_KINDS
from ..html import Model, attrs, card, e, share_link
from ..scores.markup import places_table, who_won
from ..table.markup import dealer_badge, empty_pile, no_melds, stock_said


def replay_screen(m: Model) -> str:
    """The final deal at one step (model.py replay_model): the move in words at the top, every
    hand face up, the pile and the melds, and ⏮ ◀ ▶ ⏭ at the bottom, in reach of a thumb."""
    words = "".join(f'<span class="line">{e(line)}</span>' for line in m["words"])
    seats = "".join(replay_seat(p) for p in m["seats"])
    melds = "".join(replay_meld(x) for x in m["table"]) or no_melds()
    top = m["top"]
    pile = (card(top, act=None, label=(_("Discard pile: {card}, buried") if m["buried"] else _("Discard pile: {card}"))
                 .format(card=top["name"])) if top else empty_pile())
    controls = "".join(replay_control(b, m["labels"][b["arg"]], m["autofocus"] and b["arg"] == "forward")
                       for b in m["buttons"])
    return (
        f'<div class="replay-screen" data-screen="replay" data-step="{m["at"]}" data-steps="{m["last"]}">'
        f'<header class="replay-head"><h2 id="replay-title">{e(_("Replay · deal {deal}").format(deal=m["deal"]))}'
        f'<span class="of"> {e(_("of {deals}").format(deals=m["deals"]))}</span></h2>'
        f'<button type="button" class="chip" data-act="{m["close"]["act"]}">{e(m["close"]["label"])}</button></header>'
        f'{replay_deals(m["chips"])}'
        f'<div class="replay-move" role="status" aria-live="polite"><p class="counter">{e(m["counter"])}</p>'
        f'<p class="words">{words}</p><p class="turn">{e(m["turn"])}</p></div>'
        f'<div class="replay-body" data-scroll="replay" tabindex="0" role="region" aria-label="{e(_("Everyone’s cards and the table"))}">'
        f'{replay_final(m["final"])}'
        f'<ul class="replay-seats" aria-label="{e(_("Everyone’s cards"))}">{seats}</ul>'
        f'<section class="replay-table" aria-label="{e(_("The table"))}"><div class="replay-piles">'
        f'<span class="stock" role="img" aria-label="{e(stock_said(m["stock"]))}"><span class="count">{m["stock"]}</span></span>'
        f'<span class="discard{" buried" if m["buried"] else ""}">{pile}</span></div>'
        f'<div class="replay-melds">{melds}</div></section>'
        f'{share_link(m["share"])}</div>'
        f'<nav class="replay-controls" aria-label="{e(_("Step through the deal"))}">{controls}</nav></div>'
    )


def replay_deals(chips: list[Model]) -> str:
    """A chip per deal: tap one to see it as dealt (the one on show is pressed)."""
    out = "".join(f'<button type="button" class="chip" data-act="{c["act"]}" data-arg="{c["arg"]}" '
                  f'aria-pressed="{"true" if c["on"] else "false"}" aria-label="{e(_("Deal {deal}").format(deal=c["label"]))}">{e(c["label"])}</button>'
                  for c in chips)
    return f'<nav class="replay-deals" aria-label="{e(_("Deals"))}">{out}</nav>'


def replay_final(final: Optional[Model]) -> str:
    """The final scores, at the replay's last move: the places as the game-over screen shows them."""
    if final is None:
        return ""
    return (f'<section class="replay-final" aria-labelledby="replay-final-title">'
            f'<h3 id="replay-final-title">{e(_("Final scores:"))} {who_won(final["winners"])}</h3>'
            f'{places_table(final["places"], final.get("last_round", 0), final.get("why_won", ""))}</section>')


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
    facts = [_("R{round}").format(round=p["round"]), _("📥 down") if p["down"] else "", f'🂠 {len(p["cards"])}']
    if p["points"] is not None:
        facts.append(_("went out 🎉") if p["went_out"] else _("{points} pts").format(points=p["points"]))
    fan = "".join(card(c, act=None, small=True) for c in p["cards"]) or f'<span class="nothing">{e(_("no cards"))}</span>'
    return (f'<li class="{classes}" data-seat="{p["seat"]}" aria-current="{"true" if p["current"] else "false"}">'
            f'<p class="who"><b>{e(p["name"])}</b>{dealer_badge(p["dealer"])}'
            f'<span class="facts">{" · ".join(e(f) for f in facts if f)}</span></p>'
            f'<div class="fan{" many" if len(p["cards"]) > 14 else ""}" style="--n:{max(1, len(p["cards"]) - 1)}" role="group" '
            f'aria-label="{e(p["name"])}: {e(p["count"])}">{fan}</div></li>')


def replay_meld(x: Model) -> str:
    cards = "".join(card(c, act=None, small=True) for c in x["cards"])
    return (f'<div class="meld{" just" if x["just"] else ""}" role="group" aria-label="{e(x["label"])}">'
            f'<span class="owner">{e(x["owner"])} · {e(_(MELD_KINDS[x["kind"]]))}</span><span class="cards">{cards}</span></div>')
