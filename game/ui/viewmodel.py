"""The session as plain data for the page: what to show, in the game's words.

``table_model`` turns a PlayerView plus the UI state (selection, frames,
sort order) into dicts, lists and strings; ``render`` only turns those into
HTML. Tests read this model directly, with no browser.
"""
from __future__ import annotations

from typing import Any, Optional

from game.cards import Card, SUIT_SYMBOLS, rank_text
from game.legal import wild_swaps
from game.melds import Meld
from game.rules import DEFAULT_PRESET, HOUSE_RULES, PRESETS, WinnerPool
from game.state import Phase

from . import frames as fr
from . import passing
from .controller import HUMAN, LEVEL_NAMES, Session
from . import coach as coaching
from .intents import CANNOT_REPLAY, LESSON
from .kept import share_model
from .settings import MAX_PEOPLE, NAME_LENGTH, SPEED_LABELS, STEAL_LABELS, seats
from .words import (ELSEWHERE, HOUSE_NAMES, RULEBOOK_NAMES, cards_above, claim_words, event_text, house_line, log_lines,
                    ordinal, plural, possessive, rulebook_blurb, sort_hand)

Model = dict[str, Any]


def card_model(card: Card, **extra: Any) -> Model:
    """A card's face; ``extra`` marks it (``selected``, ``just``, a meld's ``wild_as``...)."""
    suit = card.suit
    return {
        "code": card.code, "key": card.key, "name": card.name,
        "rank": "🃏" if card.is_joker else rank_text(card.rank),
        "suit": SUIT_SYMBOLS.get(suit, ""), "red": suit in ("H", "D"), "joker": card.is_joker,
        **extra,
    }


def meld_cards(meld: Meld, rules) -> list[Model]:
    """Each card of a meld, a wild labelled with what it stands for under these rules."""
    out = []
    for index, (card, wild, (rank, suit)) in enumerate(zip(meld.cards, meld.wild_flags(rules), meld.stands_for(rules))):
        label = rank_text(rank) + (SUIT_SYMBOLS[suit] if suit else "") if wild else ""
        out.append(card_model(card, wild_as=label, wild=wild, index=index))
    return out


def meld_label(meld: Meld, owner: str, rules) -> str:
    parts = []
    for c in meld_cards(meld, rules):
        parts.append(c["name"] + (f" as {c['wild_as']}" if c["wild_as"] else ""))
    return f"{possessive(owner)} {meld.kind.value}: " + ", ".join(parts)


def table_model(s: Session) -> Model:
    v = s.state.view(s.seat)
    rules, ui = v.rules, s.ui
    names = [p.name for p in v.players]
    framed = (ui.frames.placed() if ui.frames else set()) | set(ui.extra or ())
    hand = [card_model(c, selected=c.key == ui.selected) for c in s.shown_hand()
            if c.key not in framed]
    mine = s.my_turn()
    house = tuple(s.log.house_rules)
    words = claim_words(rules)
    tip = coaching.tip(s)
    preset = s.log.preset
    return mark_just(just_move(v), {
        "rulebook": rules.name, "preset": preset, "rulebook_short": RULEBOOK_NAMES[preset],
        "claim": {"icon": words.icon},
        "opponents": [
            {"seat": p.seat, "name": p.name, "round": p.round, "contract": p.contract, "cards": p.cards,
             "cards_text": plural(p.cards, "card"),
             "claims_brief": words.brief(p.steals_left),
             "claims_left": words.left(p.steals_left), "down": p.down, "total": p.total,
             "current": v.current == p.seat, "dealer": v.dealer == p.seat}
            for p in v.players if p.seat != s.seat
        ],
        "table": [
            {"index": m.index, "owner": names[m.owner], "kind": m.meld.kind.value,
             "cards": meld_cards(m.meld, rules), "label": meld_label(m.meld, names[m.owner], rules)}
            for m in v.table
        ],
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
        "my_turn": mine,
        "prompt": prompt(s, v),
        "message": ui.message, "tone": ui.tone,
        "me": {"round": v.me.round, "contract": v.me.contract, "total": v.me.total,
               "claims_left": words.left(v.me.steals_left), "down": v.me.down,
               "cards_text": plural(len(v.hand), "card"), "dealer": v.dealer == s.seat},
        "sort": ui.sort,
        "hand": hand,
        "frames": frames_model(s, v) if ui.frames else None,
        "extra": extra_model(s, v) if ui.extra is not None else None,
        "dig": dig_model(v) if ui.digging and v.current == s.seat and v.phase is Phase.DRAW else None,
        "buttons": coached(buttons(s, v), tip),
        "coach": {"text": tip.text} if tip else None,   # its control glows through `buttons`
        "ends": end_choices(s, v),
        "claim_ms": claim_ms(s, v),
        "steal_note": steal_note(v),
        "log": log_lines(v.events, names, keep=14),  # a desktop shows them all, a phone the last two
        "summary": summary(s, v, names, tip) if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER) else None,
        "settings": settings_model(s),
        "alert": ui.alert,
        "elsewhere": elsewhere_model(s),
        "hidden": s.hand_hidden(),
        "passing": pass_model(s, v),
        "claims": claims_model(s, v),
    })


PASS_LINES = 8   # the pass screen's moves since the person last looked, at most


def pass_model(s: Session, v) -> Optional[Model]:
    """Pass-and-play: the device goes to the next person; what they will play, nothing private."""
    seat = passing.pass_to(s)
    if seat is None:
        return None
    p = v.players[seat]
    name = p.name
    names = [q.name for q in v.players]
    top = f"{v.top.symbol} is on the pile" + (" (🔒 buried)" if v.top_buried else "") if v.top else "The pile is empty"
    again = seat == s.seat and s.ui.veiled and bool(v.events)
    events, whole = passing.since(s, seat)
    lines = log_lines(events, names, keep=len(events))
    recent = (["…"] if len(lines) > PASS_LINES else []) + lines[-PASS_LINES:]
    deal = f"Deal {v.deal_number}, round {p.round}" if whole or not events else f"Round {p.round}"
    dealt = f"{names[v.dealer]} dealt. " if not v.events else ""
    return {"seat": seat, "name": name, "again": again, "recent": recent,
            "news": "" if s.ui.message in lines else s.ui.message,
            "what": f"{dealt}{deal}: {p.contract}. {top}.",
            "button": _button("show", f"👀 I'm {name}: show my hand", style="primary")}


def claims_model(s: Session, v) -> Optional[Model]:
    """Pass-and-play: the discard the drawer passed over, and each person who may claim it, said
    aloud as at a real table (the bots have claimed, or will, blind)."""
    seats = passing.claimers(s)
    if not seats:
        return None
    words, chosen = claim_words(v.rules), s.ui.claiming or set()
    names = [p.name for p in v.players]
    people = [{"seat": n, "name": names[n], "on": n in chosen,
               "left": words.left(v.players[n].steals_left)} for n in seats]
    hint = (f"Whoever wants it taps their name (a {words.price} comes with it). You are listed in turn "
            f"order after {names[v.claimable_from]}: if more than one claims it, the first listed gets it."
            if len(people) > 1 else f"Tap your name to claim it (a {words.price} comes with it), then Done.")
    return {"title": f"{words.icon} {names[v.turn]} passed over {v.top.symbol}. Who will {words.verb} it?",
            "hint": hint, "people": people,
            "done": _button("claims-done", "✅ Done", style="primary")}


def where(s: Session) -> str:
    """'deal 5, round 4': how far the game in progress has got (the player's round)."""
    if s.state.is_over:
        return "final scores"
    return f"deal {s.state.deal_number}, round {s.state.seats[s.seat].round}"


def game_name(preset: str, level: str) -> str:
    """'Scout' (an Aggravation game), 'Gallery · Scout': what a game is called on the start screen."""
    name = LEVEL_NAMES.get(level, level)
    return name if preset == DEFAULT_PRESET else f"{RULEBOOK_NAMES.get(preset, preset)} · {name}"


def start_model(s: Session) -> Model:
    """The start screen: the game in progress first, then the rulebook, table size and levels;
    notices and dialogs. Every rulebook's choices are in the model; the page shows the chosen one's."""
    has_game = s.state is not None
    return {
        "game": f"▶ Back to your {game_name(s.log.preset, s.level)} game — {where(s)}" if has_game else "",
        "first_visit": not has_game and not s.saves.kept() and not s.ui.notice,
        "rulebooks": [{"value": key, "label": RULEBOOK_NAMES[key], "blurb": rulebook_blurb(rules),
                       "on": s.settings.rulebook == key} for key, rules in PRESETS.items()],
        "sizes": [{"preset": key, "name": RULEBOOK_NAMES[key],
                   "options": [{"value": f"{key}:{n}", "label": str(n), "on": s.settings.players_for(key) == n}
                               for n in range(rules.min_players, rules.max_players + 1)]}
                  for key, rules in PRESETS.items() if key != DEFAULT_PRESET],
        "people": people_model(s),
        "notice": s.ui.notice,
        "reason": s.ui.reason,
        "alert": s.ui.alert,
        "confirm": confirm_model(s),
        "elsewhere": elsewhere_model(s),
        "settings": settings_model(s),
    }


def people_model(s: Session) -> Model:
    """How many people share the device (pass-and-play), and their names for the next game."""
    count, given = s.settings.people, s.settings.names
    return {
        "options": [{"value": str(n), "label": "Just me" if n == 1 else str(n), "on": n == count}
                    for n in range(1, MAX_PEOPLE + 1)],
        "names": [{"index": n, "value": given[n] if n < len(given) else "", "placeholder": f"Player {n + 1}",
                   "label": f"Name of person {n + 1}"} for n in range(count if count > 1 else 0)],
        "hint": people_hint(s, count),
        "limit": NAME_LENGTH,
        "level_hints": {preset: level_hints(s, preset, count) for preset in PRESETS} if count > 1 else {},
    }


def people_hint(s: Session, people: int) -> str:
    """What sharing the device means, and who is left out when the rulebook seats fewer."""
    if people <= 1:
        return ""
    rules = PRESETS[s.settings.rulebook]
    hint = (f"{people} people pass this device between turns: each sees their own hand after a tap, "
            "and claims on a discard are made together on one screen.")
    if people > rules.max_players:
        hint += f" {RULEBOOK_NAMES[s.settings.rulebook]} seats {rules.max_players}: the first {rules.max_players} names play."
    return hint


def level_hints(s: Session, preset: str, people: int) -> dict[str, str]:
    """Each level's table under ``preset`` when people share the device: how many bots are left to
    seat (the table, grown to seat everyone within the rulebook's limit)."""
    from .controller import bot_levels

    most, hints = PRESETS[preset].max_players, {}
    for level, bots in bot_levels().items():
        table = bots + 1 if preset == DEFAULT_PRESET else s.settings.players_for(preset)
        left = seats(preset, table, people) - min(people, most)
        if left:
            hints[level] = f"{left} {LEVEL_NAMES[level]} {'bot joins' if left == 1 else 'bots join'} you"
        elif people <= most:
            hints[level] = f"No bots: just the {people} of you"
        else:
            hints[level] = f"{most} seats: the first {most} of you play"
    return hints


def confirm_model(s: Session) -> Optional[Model]:
    """A level tapped while a game is in progress: leave it? (No is the default.)"""
    if not s.ui.confirm or s.state is None:
        return None
    old = game_name(s.log.preset, s.level)
    if s.ui.confirm == LESSON:
        return {"question": f"Leave your {old} game ({where(s)}) for the guided first deal?",
                "hint": "You cannot go back to it afterwards.",
                "buttons": [_button("keep", f"▶ Back to my {old} game", style="primary"),
                            _button("confirm", "🎓 Start the guided deal", arg=LESSON)]}
    new = game_name(s.settings.rulebook, s.ui.confirm)
    return {
        "question": f"Leave your {old} game ({where(s)}) and start a new {new} game?",
        "hint": "You cannot go back to it afterwards.",
        "buttons": [_button("keep", f"▶ Back to my {old} game", style="primary"),
                    _button("confirm", f"Start the new {new} game", arg=s.ui.confirm)],
    }


def elsewhere_model(s: Session) -> Optional[Model]:
    """Another tab moved the saved game on: this tab waits for the player's say."""
    if not s.ui.elsewhere:
        return None
    text, hint, other = ELSEWHERE[s.ui.elsewhere]
    return {
        "text": text, "hint": hint,
        "buttons": [_button("play-here", "▶ Play here", style="primary"), _button("load-other", other)],
    }


def prompt(s: Session, v) -> str:
    """What the player does now, in one line; in pass-and-play, addressed to them by name."""
    text = table_prompt(s, v)
    if s.people > 1 and s.my_turn():
        return f"{v.players[s.seat].name}, {text[:1].lower()}{text[1:]}"
    return text


def table_prompt(s: Session, v) -> str:
    names = [p.name for p in v.players]
    top = v.top.symbol if v.top else ""
    if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER) and s.ui.ending == "play" and v.results[-1].went_out is not None:
        return f"🎉 {names[v.results[-1].went_out]} went out"
    if v.phase is Phase.DEAL_OVER:
        return "The deal is over"
    if v.phase is Phase.GAME_OVER:
        return "The game is over"
    offer = s.offer()
    words = claim_words(v.rules)
    if offer is not None:
        return offer_prompt(offer, names, top, words)
    if passing.claimers(s):
        return f"{words.icon} {names[v.turn]} passed over {top}: who will {words.verb} it?"
    if not s.my_turn():
        waiting = names[v.current]
        return f"🔄 Swap round: {waiting} is deciding…" if v.phase is Phase.SWAP else f"{waiting} is playing…"
    if v.phase is Phase.SWAP:
        return f"🔄 Swap round: pick a card to give for {top}, or pass"
    if v.phase is Phase.DRAW:
        if v.top_buried or not v.top:
            return "Your turn: draw from the stock (the 🔒 card is buried)" if v.top else "Your turn: draw"
        return f"Your turn: draw from the stock or take {top}"
    if v.phase is Phase.CLAIMS:
        return f"{words.icon} {names[v.claimable_from]} discarded {top}: {words.verb} it? You also take a {words.price}"
    if s.ui.frames is not None:
        return f"📥 Fill the frames: {v.me.contract}"
    swap = " (or pick a natural card, then the wild it stands in for, to take that wild)" if can_swap_wild(s) else ""
    if v.me.down:
        return down_prompt(s, v, swap)
    if v.rules.goes_out_by_play(v.me.round):
        return f"Go down if you can{swap}, then discard. This round you go out by laying down every card, with no discard"
    return f"Go down if you can{swap}, then pick a card to discard"


def down_prompt(s: Session, v, swap: str) -> str:
    """What a player who is down does now, under the rulebook's lay-off rules."""
    if not v.rules.lay_off_when_going_down and went_down_this_turn(v):
        if s.lay_offs():                   # only lay-offs that empty the hand: going out by play
            return "Lay off every card you have left to go out, with no discard, or discard as usual"
        return "You went down this turn: discard now. You may lay off from your next turn"
    if v.rules.must_lay_off and s.lay_offs():
        return "Lay off every card that fits a meld (🧲 lays them all), then pick a card to discard"
    if v.rules.goes_out_by_play(v.me.round):
        return f"Lay off: pick a card, then a meld{swap}. You go out by laying off your last card"
    return f"Lay off: pick a card, then a meld{swap}. Then pick a card to discard"


def went_down_this_turn(v) -> bool:
    """Whether the player's own moves since another seat's last one include going down."""
    for event in reversed(v.events):
        if event.seat != v.seat:
            return False
        if event.kind == "went_down":
            return True
    return False


def offer_prompt(offer, names: list[str], top: str, words) -> str:
    if offer.answer == "steal":
        return f"{words.icon} You claimed {top}: {names[offer.drawer]} is deciding…"
    if offer.answer == "pass":
        return f"{names[offer.drawer]} is playing…"
    return (f"{words.icon} {names[offer.discarder]} discarded {top}: {words.verb} it before {names[offer.drawer]} "
            f"draws? You also take a {words.price}")


def claim_ms(s: Session, v) -> Optional[int]:
    """How long the bar under 🫳 runs: the open offer's window, or the player's turn to claim."""
    offer = s.offer()
    if offer is not None:
        return s.think_ms() if not offer.answer else None
    return s.claim_ms() if v.current == s.seat and v.phase is Phase.CLAIMS else None


def can_swap_wild(s: Session) -> bool:
    """House rule wild swap: whether the player holds a natural some table wild stands for."""
    state = s.state
    return state.rules.wild_swap and bool(wild_swaps(state, state.seats[s.seat].hand))


def steal_note(v) -> Optional[str]:
    """Why 🫳 is not on offer right now, when a discard is up for stealing."""
    if v.claimable_from is None or v.claimable_from == v.seat or v.current == v.seat:
        return None
    if v.phase not in (Phase.DRAW, Phase.CLAIMS) or v.turn == v.seat:
        return None
    return v.steal_refusal


def frames_model(s: Session, v) -> Model:
    frames, rules = s.ui.frames, v.rules
    by_key = {c.key: c for c in v.hand}
    out, all_ok = [], True
    for n, spec in enumerate(v.contract.melds):
        cards = [by_key[k] for k in frames.keys[n] if k in by_key]
        status = fr.frame_status(cards, spec, rules)
        all_ok = all_ok and status.ok
        reading = status.readings[frames.readings[n] % len(status.readings)] if status.ok else None
        out.append({
            "index": n, "spec": spec.describe(), "ok": status.ok, "need": status.need,
            "active": frames.active == n,
            "cards": meld_cards(reading, rules) if reading else [card_model(c) for c in cards],
            "readings": len(status.readings),
            "reading": reading.describe(rules) if reading else "",
        })
    return {"frames": out, "all_ok": all_ok}


def extra_model(s: Session, v) -> Model:
    """The further meld being picked (Gallery, once down): its cards, whether it is one, what it needs."""
    by_key = {c.key: c for c in v.hand}
    cards = [by_key[k] for k in s.ui.extra if k in by_key]
    meld, why = fr.extra_meld(cards, v.contract, v.rules)
    return {"cards": meld_cards(meld, v.rules) if meld else [card_model(c) for c in cards], "ok": meld is not None,
            "need": meld.describe(v.rules) if meld else why, "kinds": fr.extra_kinds(v.contract, v.rules)}


def dig_model(v) -> Model:
    """The discard pile fanned out, oldest first: each card says what tapping it takes."""
    last = len(v.pile) - 1
    cards = []
    for n, c in enumerate(v.pile):
        above = last - n
        take = f"Take {c.symbol}" if above == 0 else f"Take {c.symbol} and {cards_above(above)}"
        cards.append(card_model(c, take=take))
    return {"cards": cards}


def coached(out: list[Model], tip) -> list[Model]:
    """The buttons, the one the lesson's tip points at marked (it glows: game.css .coached)."""
    if tip is not None:
        for b in out:
            if b["act"] == tip.act:
                b["style"] = (b["style"] + " coached").strip()
    return out


def _button(act: str, label: str, enabled: bool = True, arg: str = "", style: str = "") -> Model:
    return {"act": act, "label": label, "enabled": enabled, "arg": arg, "style": style}


def buttons(s: Session, v) -> list[Model]:
    offer, words = s.offer(), claim_words(v.rules)
    if offer is not None:
        return offer_buttons(offer, words)
    if not s.my_turn():
        return []
    selected = s.hand_card(s.ui.selected)
    sel = f" {selected.symbol}" if selected else ""
    if v.phase is Phase.SWAP:
        return [_button("swap", f"🔄 Swap{sel}", selected is not None, style="primary"),
                _button("pass", "Pass")]
    if v.phase is Phase.DRAW:
        out = [_button("draw", "🂠 Draw from the stock", style="primary")]
        if v.top and not v.top_buried:
            out.append(_button("take", f"Take {v.top.symbol}"))
        if v.rules.pile_dig and len(v.pile) > 1:
            out.append(_button("pile", "✕ Close the pile" if s.ui.digging else "⤵ Dig into the pile"))
        return out
    if v.phase is Phase.CLAIMS:
        return [_button("steal", f"{words.icon} {words.title} {v.top.symbol}", style="primary"),
                _button("pass", "Let it go")]
    if v.phase is not Phase.PLAY:
        return []
    if s.ui.extra is not None:
        ok = extra_model(s, v)["ok"]
        return [_button("lay-extra", "✅ Lay this meld", ok, style="primary flash" if ok else "primary"),
                _button("find-extra", "✨ Find one for me"), _button("cancel", "Cancel")]
    if s.ui.frames is not None:
        ok = frames_model(s, v)["all_ok"]
        return [_button("lay", "✅ Lay it down", ok, style="primary flash" if ok else "primary"),
                _button("fill", "✨ Fill for me"), _button("cancel", "Cancel")]
    out = [] if v.me.down else [_button("godown", "📥 Go down…")]
    if v.me.down and s.extra_melds():
        out.append(_button("another", "📥 Lay another meld…"))
    owed = v.me.down and bool(s.lay_offs())
    if owed:
        out.append(_button("layoff-all", "🧲 Lay off all that fits", style="primary"))
    # One gold button: while the rulebook makes lay-offs compulsory, 🧲 is the way on, not Discard.
    must = owed and v.rules.must_lay_off
    out.append(_button("discard", f"Discard{sel}", selected is not None, style="" if must else "primary"))
    return out


def offer_buttons(offer, words) -> list[Model]:
    """🫳 (🛒) and "Let it go" while the offer is open; once claimed, the claim itself, shown at once."""
    symbol = offer.card.symbol
    if offer.answer == "steal":
        return [_button("steal", f"{words.icon} Claimed {symbol} ✓", enabled=False, style="primary claimed")]
    if offer.answer:
        return []
    return [_button("steal", f"{words.icon} {words.title} {symbol}", style="primary"), _button("pass", "Let it go")]


def end_choices(s: Session, v) -> list[Model]:
    if not s.ui.end_for or v.current != s.seat:
        return []
    meld = v.table[s.ui.end_for[1]].meld
    suit = SUIT_SYMBOLS[meld.suit]                 # the ends are asked only of a run, which has its suit
    # Position ranks under the game's rules: with ace wrap-around a run's ends cycle (K-A-2).
    low = rank_text(meld.position_rank(0, v.rules)) + suit
    high = rank_text(meld.position_rank(meld.size - 1, v.rules)) + suit
    return [_button("end", f"⬅ Before {low}", arg="low"), _button("end", f"After {high} ➡", arg="high")]


def summary(s: Session, v, names: list[str], tip=None) -> Model:
    """The end of a deal, in the order the page shows it (``stage``, from ``ui.ending``):
    'play' the going-out play on the table, 'hands' everyone's cards and points, 'scores'
    the summary (at game over: the places and the final deal's last moves)."""
    last = v.results[-1]
    rows = [
        {"name": names[n], "round": last.rounds_played[n], "points": last.points[n],
         "moves_on": last.advanced[n], "total": v.players[n].total}
        for n in range(len(names))
    ]
    sheet = [{"deal": r.number, "points": list(r.points)} for r in v.results]
    how = "Dead deal: the stock ran out" if last.dead else f"{names[last.went_out]} went out"
    winners = [names[n] for n in v.winners]
    over = v.phase is Phase.GAME_OVER
    return {"deal": last.number, "how": how, "rows": rows, "names": names, "sheet": sheet,
            "totals": [p.total for p in v.players], "game_over": over, "winners": winners,
            "stage": s.ui.ending or "scores",
            "play": going_out_play(v, names, last.went_out), "hands": leftovers(s, v, names),
            "places": places(v, names) if over else [],
            "last_moves": log_lines(v.events, names, keep=8) if over else [],
            "replay_note": s.ui.message if over and s.ui.message == CANNOT_REPLAY else "",
            "lesson": tip.text if tip is not None and tip.lesson == "end" else "",
            "share": share_model(s.log, s.level, s.ui.shared, last.number) if over and s.log is not None else None}


# The events of a going-out turn worth showing, each with its cards.
PLAYED = ("went_down", "laid_off", "swapped_wild", "discarded")


def going_out_play(v, names: list[str], seat: Optional[int]) -> list[Model]:
    """What the player who went out did on that last turn: each line with its cards."""
    if seat is None:
        return []
    turn = []
    for event in reversed(v.events[:-1]):            # the last event is 'went_out' itself
        if event.seat != seat or event.kind not in PLAYED:
            break
        if event.kind == "went_down":                # the melds as they lie, wilds labelled
            laid = {c.key for c in event.cards}
            groups = [meld_cards(m.meld, v.rules) for m in v.table
                      if m.owner == seat and any(c.key in laid for c in m.meld.cards)]
        else:
            groups = [[card_model(c) for c in event.cards[:1 if event.kind == "swapped_wild" else None]]]
        turn.append({"line": event_text(event, names), "melds": groups})
    return turn[::-1]


def leftovers(s: Session, v, names: list[str]) -> list[Model]:
    """Everyone's cards as the deal ended and what they score (SPEC §4.6: shown at scoring).

    The only place the view model reads other hands: the deal is over, every hand is counted."""
    last = v.results[-1]
    out = []
    for n, seat in enumerate(s.state.seats[:len(names)]):
        cards = [card_model(c) for c in sort_hand(seat.hand, "number", v.rules)]
        out.append({"seat": n, "name": names[n], "cards": cards, "points": last.points[n],
                    "count": plural(len(cards), "card"), "went_out": n == last.went_out})
    return out


def places(v, names: list[str]) -> list[Model]:
    """Places 1..n at game over: the winners first, then (SPEC §5, where only a finisher may win)
    whoever finished the last round, then by the round reached, then the lower total; where every
    player may win (SPEC §10, §11), by the lower total. Equal players share a place."""
    last_round = v.rules.rounds
    finishers_only = v.rules.winner_pool is WinnerPool.FINISHERS

    def key(p) -> tuple:
        finished = p.down and p.round == last_round
        if not finishers_only:
            return (p.seat not in v.winners, p.total)
        return (p.seat not in v.winners, not finished, -p.round, p.total)

    ranked = sorted(v.players, key=key)
    out = []
    for p in ranked:
        place = 1 + sum(1 for q in ranked if key(q) < key(p))
        out.append({"place": place, "label": ordinal(place), "name": names[p.seat], "total": p.total,
                    "round": p.round, "finished": p.down and p.round == last_round,
                    "winner": p.seat in v.winners})
    return out


def settings_model(s: Session) -> Model:
    model = {
        "open": s.ui.settings_open,
        "steal": [{"value": k, "label": lab, "on": s.settings.steal == k} for k, lab in STEAL_LABELS.items()],
        "speed": [{"value": k, "label": lab, "on": s.settings.speed == k} for k, lab in SPEED_LABELS.items()],
        "house": [{"value": k, "label": HOUSE_NAMES[k], "description": text, "on": k in s.settings.house}
                  for k, text in HOUSE_RULES.items()],
    }
    if s.log:  # the table's panel names the game's own rules; the start screen's has no game to name
        model["game_house"] = house_line(tuple(s.log.house_rules))
        model["own_book"] = s.log.rules().name if s.log.preset != DEFAULT_PRESET else ""
    return model


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


# ------------------------------------------------------------ the replay of the final deal


def replay_model(s: Session) -> Model:
    """The game-over replay (ui.replay): see replay_view; ✕ goes back to the scores."""
    replay = s.ui.replay
    return replay_view(replay, _button("replay-close", "✕ Back to the scores"),
                       share_model(s.log, s.level, s.ui.shared, replay.deal))


def replay_view(replay, close: Model, share: Model) -> Model:
    """A game's replay (game/ui/replay.py GameReplay) at its step: every hand face up (the game is
    over), the melds, the pile and stock, whose turn, the move just made in words, the controls,
    a chip per deal, and at the last move of the last deal the final places. ``close``: the ✕
    button; ``share``: 🔗 Share this deal (kept.share_model), under the table."""
    step, rules, at, last = replay.step, replay.rules, replay.at, len(replay)
    names = [seat.name for seat in step.seats]
    points = step.result.points if step.result else None
    final = replay.final
    return {
        "deal": replay.deal, "deals": replay.count, "at": at, "last": last, "close": close,
        "counter": "as dealt" if at == 0 else f"move {at} of {last}",
        "words": list(step.words) if at else [f"Deal {replay.deal} as dealt: {plural(last, 'move')} to come"],
        "turn": replay_turn(step, names, claim_words(rules).verb),
        "seats": [replay_seat(step, n, rules, points) for n in range(len(names))],
        "table": [{"owner": names[owner], "kind": meld.kind.value,
                   "cards": [dict(c, just=c["key"] in step.moved) for c in meld_cards(meld, rules)],
                   "label": meld_label(meld, names[owner], rules),
                   "just": any(c.key in step.moved for c in meld.cards)}
                  for owner, meld in step.table],
        "stock": step.stock,
        "top": card_model(step.top, just=step.top.key in step.moved) if step.top else None,
        "buried": step.buried,
        "buttons": [_button("replay-go", "⏮", at > 0, arg="start", style="first"),
                    _button("replay-go", "◀", not replay.first, arg="back", style="back"),
                    _button("replay-go", "▶", not final, arg="forward", style="primary forward"),
                    _button("replay-go", "⏭", at < last, arg="end", style="last")],
        "labels": {"start": "The deal as dealt", "back": "One move back", "forward": "One move on",
                   "end": "The deal's last move"},
        "chips": [{"act": "replay-deal", "arg": str(n), "label": str(n), "on": n == replay.deal}
                  for n in range(1, replay.count + 1)],
        "final": final_places(replay) if final else None,
        "autofocus": not replay.moved_by_player,
        "share": share,
    }


def final_places(replay) -> Model:
    """The game's final scores, at the replay's last move: the places, as the game-over screen has them."""
    state = replay.final_state()
    v = state.view(HUMAN)
    names = [seat.name for seat in state.seats]
    winners = [names[n] for n in v.winners]
    return {"places": places(v, names), "winners": winners}


def replay_seat(step, n: int, rules, points: Optional[tuple[int, ...]]) -> Model:
    """One seat at one step: its standing and its whole hand, small cards in the page's order. At the
    deal's end the round is the one it played (the engine has already moved the seat on)."""
    seat = step.seats[n]
    played = step.result.rounds_played[n] if step.result is not None else seat.round
    cards = [card_model(c, just=c.key in step.moved) for c in sort_hand(seat.hand, "number", rules)]
    return {"seat": n, "name": seat.name, "round": played,
            "down": seat.down, "current": step.current == n, "actor": step.actor == n, "dealer": step.dealer == n,
            "cards": cards, "count": plural(len(cards), "card"),
            "points": None if points is None else points[n],
            "went_out": step.result is not None and step.result.went_out == n}


def replay_turn(step, names: list[str], claim: str) -> str:
    """Whose turn it is at this step, and to do what."""
    if step.result is not None:
        return "Everyone scores the cards left in hand"
    who = names[step.current]
    top = step.top.symbol if step.top else "the discard"
    return {Phase.SWAP: f"{who} to swap with {top} or pass",
            Phase.DRAW: f"{who} to draw" + ("" if step.buried or not step.top else f" or take {top}"),
            Phase.CLAIMS: f"{who} to {claim} {top} or let it go",
            Phase.PLAY: f"{who} to play and discard"}.get(step.phase, "")
