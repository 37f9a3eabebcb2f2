"""The table's story on a phone: what happened since your turn, at a glance, and the whole deal
one tap away.

A phone has room for a strip, not the desktop's log down the side. Between two of your turns the
bots make many moves; the strip tells them as one line per seat's run of moves, in the log's own
words (words.EVENT_LINES: "Scout 2 took 7♥, discarded K♣"), and 📋 opens the whole deal, every
line of the desktop's log, in a sheet that slides up. Both are read from the seat's own view
(its public events), so one model serves a solo game, each person at a pass-and-play table (the
account runs from that person's own last turn) and every guest's screen at an online table.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from game.i18n import N_, _, ngettext, shown
from game.state import Event, Phase

from ...session.clock import TURN_ENDS
from ...session.session import Session
from ...words import event_text
from ..html import e as esc

Model = dict[str, Any]


TURN_STARTS = ("drew", "took", "swapped", "passed")  # a seat's own turn has begun (a claim has not)
# Translators: in the story strip, a seat's draw from the stock after its name: "Scout 2 drew, discarded K♣".
SHORT = {"drew": N_("drew")}   # in a run, "drew from the stock" is plain: a line a seat's moves fits a phone
SHOWN = 4                                         # lines the strip shows: the newest; 📋 has the rest


def since_turn(events: Sequence[Event], seat: int) -> tuple[list[Event], bool]:
    """The events from the end of ``seat``'s last turn to the start of its next (the deal's from
    its start while it has had none), and whether its turn ended this deal.

    >>> from game.cards import parse_cards
    >>> e = [Event("drew", 0), Event("discarded", 0, tuple(parse_cards("KC"))),
    ...      Event("took", 1, tuple(parse_cards("KC"))), Event("discarded", 1, tuple(parse_cards("4D"))), Event("drew", 0)]
    >>> [x.kind for x in since_turn(e, 0)[0]], since_turn(e, 0)[1], len(since_turn(e, 1)[0])
    (['took', 'discarded'], True, 1)
    """
    ends = [n for n, e in enumerate(events) if e.seat == seat and e.kind in TURN_ENDS]
    start = ends[-1] + 1 if ends else 0
    until = next((n for n in range(start, len(events)) if events[n].seat == seat and events[n].kind in TURN_STARTS),
                 len(events))
    return list(events[start:until]), bool(ends)


def runs(events: Sequence[Event], names: Sequence[str]) -> list[Model]:
    """The events as runs of one seat's moves, in order: {'seat', 'who', 'did'}, each run's moves in
    the log's words without the name ('took 7♥, discarded K♣'; a draw from the stock is 'drew'); a line with no seat's name at its
    head (the stock rebuilt) is a run of its own, ``who`` ''. Lay-offs in a row are said once
    ('laid off 5♠, 6♠').

    >>> from game.cards import parse_cards
    >>> c = lambda code: tuple(parse_cards(code))
    >>> [(r["who"], r["did"]) for r in runs([Event("drew", 1), Event("laid_off", 1, c("5S")),
    ...     Event("laid_off", 1, c("6S")), Event("discarded", 1, c("KC")), Event("no_steal", 2),
    ...     Event("stole", 0, c("KC")), Event("drew", 2)], ["You", "Scout 1", "Scout 2"])]
    [('Scout 1', 'drew, laid off 5♠, 6♠, discarded K♣'), ('You', 'stole K♣ 🫳'), ('Scout 2', 'drew')]
    """
    out: list[Model] = []
    last_kind = ""
    for event in events:
        line = event_text(event, names)
        if line is None:
            continue
        who = shown(names[event.seat]) if 0 <= event.seat < len(names) else ""
        # a line that opens with the seat's name ("Scout 1 drew", German "Scout 1: gezogen") joins its run
        named = bool(who) and line.startswith((who + " ", who + ":"))
        did = (_(SHORT[event.kind]) if event.kind in SHORT else line[len(who):].lstrip(": \u00a0")) if named else line
        run = out[-1] if out else None
        if run is not None and named and run["seat"] == event.seat:
            if event.kind == "laid_off" and last_kind == "laid_off":
                run["did"] += ", " + " ".join(c.symbol for c in event.cards)
            else:
                run["did"] += ", " + did
        else:
            out.append({"seat": event.seat if named else None, "who": who if named else "", "did": did})
        last_kind = event.kind
    return out


def account(events: Sequence[Event], seat: int, names: Sequence[str], shown: int = SHOWN) -> Model:
    """What happened since ``seat``'s last turn, for the phone's strip: {'title', 'lines' (the
    newest ``shown`` runs; none while nothing has happened), 'earlier' (runs left to 📋)}.

    >>> from game.cards import parse_cards
    >>> e = [Event("discarded", 0, tuple(parse_cards("KC"))), Event("took", 1, tuple(parse_cards("KC"))),
    ...      Event("discarded", 1, tuple(parse_cards("4D")))]
    >>> a = account(e, 0, ["You", "Scout 1"])
    >>> a["title"], [(l["who"], l["did"]) for l in a["lines"]], a["earlier"]
    ('Since your turn', [('Scout 1', 'took K♣, discarded 4♦')], 0)
    >>> account(e[:1], 0, ["You", "Scout 1"])["lines"]
    []
    """
    moves, ended = since_turn(events, seat)
    lines = runs(moves, names)
    return {"title": _("Since your turn") if ended else _("This deal so far"),
            "lines": lines[-shown:], "earlier": max(0, len(lines) - shown)}


def story_model(s: Session, v) -> Optional[Model]:
    """The strip's account for the seat whose screen this is (None once the deal is over: the
    scores tell it), and the 📋 sheet's state: {'account', 'rows', 'open', 'deal', 'lines'}.
    ``rows``: the strip's lines, one a seat that moves between two of yours (at most SHOWN); its
    height is kept for them all along, so the table never shifts as the bots' lines come."""
    if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
        return None
    names = [p.name for p in v.players]
    opened = is_open(s)
    rows = max(2, min(SHOWN, len(v.players) - 1))
    return {"account": account(v.events, v.seat, names, rows), "rows": rows, "open": opened, "deal": v.deal_number,
            "lines": history(v.events, names) if opened else []}


def history(events: Sequence[Event], names: Sequence[str]) -> list[Model]:
    """Every line of the deal's log, oldest first, each turn's last line marked ('end')."""
    out = []
    for event in events:
        line = event_text(event, names)
        if line is not None:
            out.append({"text": line, "end": event.kind in TURN_ENDS})
    return out


def is_open(s: Session) -> bool:
    """The 📋 sheet is open: opened in this deal of this game (a new deal starts with it shut)."""
    now = s.moment()
    return s.ui.history is not None and s.ui.history == (now.game, now.deal)


def open_history(s: Session, _: str = "") -> None:
    """📋: the whole deal's moves, in a sheet over the table."""
    now = s.moment()
    s.ui.history = (now.game, now.deal)


def close_history(s: Session, _: str = "") -> None:
    s.ui.history = None


END = ' class="end"'   # the last line of a turn: a rule under it in the sheet

INTENTS = {"history": open_history, "history-close": close_history}


# ------------------------------------------------------------------ markup

def story_strip(m: Optional[Model]) -> str:
    """The account in the phone's strip, and 📋 to open the whole deal (game.css hides both on a
    desktop, whose log shows every line)."""
    if m is None:
        return ""
    a = m["account"]
    more = f'<button type="button" class="chip story-all" data-act="history" aria-haspopup="dialog">{esc(_("📋 All moves"))}</button>'
    # Translators: the story strip's lines left out, the whole deal's moves being one tap on 📋 away.
    told = ngettext("{n} more in 📋", "{n} more in 📋", a["earlier"]).format(n=a["earlier"])
    earlier = f' <small>· {esc(told)}</small>' if a["earlier"] else ""
    lines = "".join(f'<li>{told_who(r["who"])}{esc(r["did"])}</li>' for r in a["lines"])
    return (f'<section class="story" aria-label="{esc(a["title"])}" style="--rows:{m["rows"]}">{more}<p class="since">{esc(a["title"])}{earlier}</p>'
            f'<ol class="told">{lines}</ol></section>')


def told_who(who: str) -> str:
    """A run's seat, in bold before its moves ('' for a line of its own, the stock rebuilt)."""
    return f"<b>{esc(who)}</b> " if who else ""


def history_sheet(m: Optional[Model]) -> str:
    """The whole deal's moves in a sheet from the bottom: a modal dialog, its close button
    focused; a tap beside it, ✕, Escape or the phone's back closes it. Newest at the bottom, in
    view as it opens (the list scrolls from its end: game.css)."""
    if m is None or not m["open"]:
        return ""
    lines = "".join(f'<li{END if x["end"] else ""}>{esc(x["text"])}</li>' for x in m["lines"]) \
        or f'<li>{esc(_("Nothing yet: the deal has just been dealt"))}</li>'
    return (f'<div class="backdrop history-back" data-dialog="history">'
            f'<button type="button" class="scrim" data-act="history-close" tabindex="-1" aria-label="{esc(_("Close"))}"></button>'
            f'<section class="bottom-sheet" role="dialog" aria-modal="true" aria-labelledby="history-title">'
            f'<header><h2 id="history-title">{esc(_("📋 Deal {deal}: every move").format(deal=m["deal"]))}</h2>'
            f'<button type="button" class="chip" data-act="history-close" data-autofocus aria-label="{esc(_("Close the moves"))}">✕</button></header>'
            f'<div class="history-scroll" data-scroll="history"><ol class="history">{lines}</ol></div></section></div>')
