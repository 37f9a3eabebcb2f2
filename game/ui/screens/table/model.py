"""The table as plain data for the page: what to show, in the game's words.

``table_model`` turns a PlayerView plus the UI state (selection, frames, sort order) into dicts,
lists and strings; markup.py only turns those into HTML. Tests read this model directly, with
no browser. The parts laid over the table (the scores, the pass screen, settings) come from
their own screens' models.
"""
from __future__ import annotations

from typing import Any, Optional

from game.i18n import _, ngettext
from game.melds import is_wild
from game.state import Phase

from ...session import coach as coaching
from ...session.screen_state import HUMAN
from ...session.session import Session
from ...words import (ONLINE_TABLE, PASS_AND_PLAY, RULEBOOK_NAMES, SET_ASIDE_FOR_NEW_GAME, claim_words, house_line,
                      log_lines)
from ..elsewhere import elsewhere_model
from ..parts import card_model
from ..passplay.model import pass_model
from ..scores.model import end_choices, summary
from ..settings import settings_model
from .buttons import buttons
from .going_down import extra_model, frames_model
from .hint import hint_model
from .melds import picked_model, table_melds
from .prompts import claim_ms, claim_whole_ms, last_deal, prompt, steal_note
from .story import story_model

Model = dict[str, Any]


def away(s: Session, seat: int) -> str:
    """An online person's seat while they are gone: "away", or "🤖 bot" once a bot plays it."""
    if not s.online or s.room is None or seat not in s.room.away:
        return ""
    # Translators: an online person's seat while they are gone ("away"), or once a bot plays it.
    return _("🤖 bot") if seat in s.bots else _("away")


def reactions(s: Session) -> dict[int, Model]:
    """At an online table, the reactions on show: seat -> {emoji, age_ms} (the age places the
    bubble's fade where it stands, so a redraw meanwhile does not start it again)."""
    if not s.online or s.room is None:
        return {}
    from ...session import online   # an online table's code: loaded only at one

    return {seat: {"emoji": emoji, "age_ms": int(age * 10) * 100} for seat, (emoji, age) in online.reactions(s).items()}


def reaction_choices(s: Session) -> list[Model]:
    """The emoji a person at an online table may send (a fixed set, no free text)."""
    if not s.online or s.room is None:
        return []
    from ...session.online import REACTIONS

    return [{"act": "react", "arg": key, "emoji": emoji} for key, emoji in REACTIONS.items()]


def host_asks(s: Session) -> list[Model]:
    """At an online table, on the host's screen: what it is asked to decide (screens/online)."""
    if not s.online or s.room is None or s.seat != HUMAN or not s.room.asks:
        return []
    from ..online.model import asks_model   # an online table's code: loaded only at one

    return asks_model(s)


def table_model(s: Session) -> Model:
    v = s.state.view(s.seat)
    rules, ui = v.rules, s.ui
    names = [p.name for p in v.players]
    framed = (ui.frames.placed() if ui.frames else set()) | set(ui.extra or ())
    hand = [card_model(c, selected=c.key == ui.selected, wild=is_wild(c, rules)) for c in s.shown_hand()
            if c.key not in framed]
    mine = s.my_turn()
    house = tuple(s.log.house_rules)
    words = claim_words(rules)
    tip = coaching.tip(s)
    preset = s.log.preset
    hinted = hint_model(s)
    melds, groups = table_melds(s, v, names)
    shown = reactions(s)
    return mark_just(just_move(v), {
        "rulebook": rules.name, "preset": preset, "rulebook_short": RULEBOOK_NAMES[preset],
        "people_game": _(ONLINE_TABLE) if s.online else _(PASS_AND_PLAY) if s.people > 1 else "",  # a game of people says so
        "guest": bool(s.online) and s.seat != HUMAN,   # an online guest's screen: no menu, no settings (the host's)
        "claim": {"icon": words.icon},
        "opponents": [
            {"seat": p.seat, "name": p.name, "round": p.round, "contract": p.contract, "cards": p.cards,
             "cards_text": count_cards(p.cards),
             "claims_brief": words.brief(p.steals_left),
             "claims_left": words.left(p.steals_left), "down": p.down, "total": p.total,
             "current": v.current == p.seat, "dealer": v.dealer == p.seat, "away": away(s, p.seat),
             "reaction": shown.get(p.seat)}
            for p in v.players if p.seat != s.seat
        ],
        "table": melds,                  # the engine's order (meld numbers are theirs)
        "groups": groups,                # the same melds by owner, the player's own first
        "picked": picked_model(s),       # the picked card, drawn in each place it would fit
        "wild_swap": rules.wild_swap,
        "house": house,
        "house_line": house_line(house),
        "token": s.token(),
        "fresh": not v.events,           # nothing has happened this deal yet: the page deals the hand
        "stock": v.stock,
        "top": card_model(v.top) if v.top else None,
        "buried": v.top_buried,
        "phase": v.phase.value,
        "swap_round": v.phase is Phase.SWAP,
        "last_deal": last_deal(s, v),    # 🏁 once the game is sure to end with this deal
        "my_turn": mine,
        "prompt": prompt(s, v),
        "message": ui.message, "tone": ui.tone,
        "me": {"round": v.me.round, "contract": v.me.contract, "total": v.me.total,
               "claims_left": words.left(v.me.steals_left), "down": v.me.down,
               "cards_text": count_cards(len(v.hand)), "dealer": v.dealer == s.seat,
               "reaction": shown.get(s.seat)},
        "reacts": reaction_choices(s),
        "asks": host_asks(s),
        "sort": ui.sort,
        "hand": hand,
        "frames": frames_model(s, v) if ui.frames else None,
        "extra": extra_model(s, v) if ui.extra is not None else None,
        "dig": dig_model(v) if ui.digging and v.current == s.seat and v.phase is Phase.DRAW else None,
        "buttons": coached(buttons(s, v), tip),
        "hint": hinted,                  # 💡 on offer (a solo game, the player's turn), and what it said
        "coach": {"text": tip.text, "aside": tip.lesson in ASIDE} if tip else None,   # its control glows through `buttons`
        "ends": end_choices(s, v),
        "claim_ms": claim_ms(s, v),
        "claim_whole_ms": claim_whole_ms(s),
        "steal_note": steal_note(v),
        "log": log_lines(v.events, names, keep=14),  # a desktop shows them all, a phone the last two
        "keys_open": s.ui.keys,
        "story": story_model(s, v),      # a phone's account since the player's turn, and 📋 the whole deal
        "summary": summary(s, v, names, tip) if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER) else None,
        "settings": settings_model(s),
        "alert": ui.alert,
        "set_aside": {"text": SET_ASIDE_FOR_NEW_GAME, "reason": ui.aside} if ui.aside is not None else None,
        "elsewhere": elsewhere_model(s),
        "hidden": s.hand_hidden(),
        "passing": pass_model(s, v),
    })


def count_cards(n: int) -> str:
    """'1 card', '7 cards': a hand's size."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def dig_model(v) -> Model:
    """The discard pile fanned out, oldest first: each card says what tapping it takes."""
    last = len(v.pile) - 1
    cards = []
    for n, c in enumerate(v.pile):
        above = last - n
        take = _("Take {card}").format(card=c.symbol) if above == 0 else ngettext(
            # Translators: a card of the fanned discard pile (Gallery): a tap takes it and the cards above it.
            "Take {card} and the card above it", "Take {card} and the {n} cards above it", above).format(card=c.symbol, n=above)
        cards.append(card_model(c, take=take))
    return {"cards": cards}


# The lesson's words that say no move (the bots are playing, the deal is over): they follow the
# prompt, which says what is happening, instead of standing in for it.
ASIDE = ("watch", "end")


def coached(out: list[Model], tip) -> list[Model]:
    """The buttons, the one the lesson's tip points at marked (it glows: game.css .coached)."""
    if tip is not None:
        for b in out:
            if b["act"] == tip.act:
                b["style"] = (b["style"] + " coached").strip()
    return out


# What a move's cards did, for the highlight: they went to the pile, or onto the table.
TO_PILE = ("discarded", "swapped")            # swapped: (the card given to the pile, the one taken)
TO_TABLE = ("went_down", "laid_down", "laid_off", "swapped_wild")  # swapped_wild: (the natural laid, the wild taken)
NEW_MELDS = ("went_down", "laid_down")         # whole melds laid: each glows as one, not card by card
QUIET = ("no_steal", "rebuilt", "went_out", "dead_deal")  # no move of a seat's own (a dead deal's seat is -1)


def just_move(v) -> Optional[Model]:
    """The latest move, when a bot made it, so the page can show it (SPEC: follow the bots).

    {'seat', 'kind', 'pile' (the pile's top is the card just put there), 'stock' (drawn from),
    'keys' (the cards just laid on the table), 'melds' (the table melds they lie in)};
    None when the player moved last or nobody has moved this deal."""
    event = next((e for e in reversed(v.events) if e.kind not in QUIET), None)
    if event is None or event.seat == v.seat:
        return None
    keys = []
    if event.kind in TO_TABLE:
        keys = [c.key for c in (event.cards if event.kind in NEW_MELDS else event.cards[:1])]
    melds = [m.index for m in v.table if any(c.key in keys for c in m.meld.cards)]
    pile = event.kind in TO_PILE and v.top is not None and v.top.key == event.cards[0].key
    return {"seat": event.seat, "kind": event.kind, "pile": pile, "stock": event.kind == "drew",
            "keys": keys, "melds": melds}


def mark_just(just: Optional[Model], model: Model) -> Model:
    """``model`` with ``just`` set on what the latest bot move touched: its seat, the pile's
    top, each meld it laid or laid off on, and (laying off, swapping a wild) the card itself."""
    model["just"] = just
    if just is None:
        return model
    for o in model["opponents"]:
        o["just"] = o["seat"] == just["seat"]
    if model["top"] is not None:
        model["top"]["just"] = just["pile"]
    single = just["kind"] not in NEW_MELDS
    for m in model["table"]:
        m["just"] = m["index"] in just["melds"]
        for c in m["cards"]:
            c["just"] = single and c["key"] in just["keys"]
    return model
