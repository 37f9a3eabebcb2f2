"""The end of a deal as HTML: the going-out play, everyone's cards, the scores dialog; at game
over the places (shared with the replay's last move: ``places_table``, ``who_won``).
"""
from __future__ import annotations

from game.cards import and_list

from ..html import Model, card, e, share_link
from ..stats import stats_button


def summary(s: Model) -> str:
    """The end of a deal, one step at a time: the going-out play (over the table, which stays in
    view), everyone's cards and points, then the scores (at game over: the places)."""
    if s["stage"] == "play":
        return going_out(s)
    if s["stage"] == "hands":
        return hands(s)
    return game_over(s) if s["game_over"] else deal_scores(s)


def going_out(s: Model) -> str:
    """The going-out play, briefly: who went out and the cards of that last turn."""
    lines = "".join(
        f'<li><span class="line">{e(p["line"])}</span> '
        + "".join(f'<span class="cards">{"".join(card(c, act=None, small=True) for c in group)}</span>'
                  for group in p["melds"]) + '</li>'
        for p in s["play"]
    )
    return (f'<section class="went-out" data-zone="went-out" role="status" aria-label="{e(s["how"])}">'
            f'<h2>🎉 {e(s["how"])}</h2><ol>{lines}</ol></section>')


def hands(s: Model) -> str:
    """Everyone's cards as the deal ended, each player's row with the points they score."""
    rows = "".join(
        f'<li class="left{" out" if h["went_out"] else ""}" data-seat="{h["seat"]}">'
        f'<p class="who"><b>{e(h["name"])}</b> <span class="pts">{h["points"]} pts</span>'
        f' <small>{"went out 🎉" if h["went_out"] else e(h["count"])}</small></p>'
        f'<div class="cards" role="group" aria-label="{e(h["name"])}: {e(h["count"])}, {h["points"]} points">'
        f'{"".join(card(c, act=None, small=True) for c in h["cards"]) or "<span class=nothing>no cards</span>"}</div></li>'
        for h in s["hands"]
    )
    title = "The game is over" if s["game_over"] else f"Deal {s['deal']} is over"
    return (f'<section class="summary leftovers" role="dialog" aria-modal="true" aria-labelledby="summary-title" '
            f'data-zone="leftovers"><h2 id="summary-title">{title}</h2><p class="how">{e(s["how"])}.</p>'
            f'<p class="hint">Everyone scores the cards left in their hand:</p><ul class="hands">{rows}</ul>'
            f'<button type="button" class="btn primary" data-act="scores" data-autofocus>See the scores ▶</button></section>')


LEAD_MARK = '<span class="lead" aria-hidden="true">★</span>'


def sheet_table(s: Model) -> str:
    """Deal by deal, everyone's points (names upright: they wrap, game.css), the totals, and what
    decides: low score wins, the leader starred, by the rulebook's rule."""
    leaders = set(s.get("leaders", []))
    heads = "".join(f'<th scope="col">{LEAD_MARK if n in leaders else ""}{e(name)}'
                    f'{"<span class=sr> (leads)</span>" if n in leaders else ""}</th>' for n, name in enumerate(s["names"]))
    sheet = "".join(
        f'<tr><th scope="row">{d["deal"]}</th>' + "".join(f"<td>{p}</td>" for p in d["points"]) + "</tr>"
        for d in s["sheet"]
    )
    totals = "".join(f"<td>{t}</td>" for t in s["totals"])
    return (f'<h3 id="sheet-title">Score sheet</h3><div class="sheet-wrap" tabindex="0" role="region" '
            f'aria-labelledby="sheet-title"><table class="sheet"><thead><tr><th scope="col">Deal</th>'
            f'{heads}</tr></thead><tbody>{sheet}</tbody><tfoot><tr><th scope="row">Total</th>{totals}</tr></tfoot>'
            f'</table></div><p class="sheet-key">Low score wins · {LEAD_MARK} leads ({e(s.get("lead_rule", "lowest total"))})</p>')


def scores_dialog(head: str, how: str, body: str, extra: str) -> str:
    """The scores over the table: the result first (title, who went out), the button right
    under the table of results, the longer parts below it."""
    return (f'<section class="summary" role="dialog" aria-modal="true" aria-labelledby="summary-title" data-zone="summary">'
            f'<h2 id="summary-title">{head}</h2><p class="how">{e(how)}.</p>{body}{extra}</section>')


def deal_scores(s: Model) -> str:
    lesson = f'<p class="coach" role="note">{e(s["lesson"])}</p>' if s.get("lesson") else ""
    rows = "".join(
        f'<tr><th scope="row">{e(r["name"])}</th><td>{r["round"]}</td><td>{r["points"]}</td>'
        f'<td>{"✓ next round" if r["moves_on"] else "↻ same round"}</td><td>{r["total"]}</td></tr>'
        for r in s["rows"]
    )
    body = (f'<table class="results"><thead><tr><th scope="col">Player</th><th scope="col">Round</th>'
            f'<th scope="col">Points</th><th scope="col">Next</th><th scope="col">Total</th></tr></thead>'
            f'<tbody>{rows}</tbody></table><p class="places-key points-key">{points_key(s.get("points_key", ""))}</p>{lesson}'
            f'{next_deal(s)}')
    return scores_dialog(f"Deal {s['deal']} is over", s["how"], body, sheet_table(s))


def points_key(text: str) -> str:
    """The cards' points, each group kept on one line ('2 and 🃏 = 20' never split)."""
    return " · ".join(f'<span class="group">{e(part)}</span>' for part in text.split(" · "))


def next_deal(s: Model) -> str:
    """Next deal ▶, and the way to another game; at someone else's online table, who deals it."""
    if s.get("guest"):
        return f'<p class="next-deal-wait" role="status">⏳ Waiting for {e(s["host"])} to deal the next hand.</p>'
    return f'<button type="button" class="btn primary" data-act="next" data-autofocus>Next deal ▶</button>{NEW_GAME}'


# The way to another game from between deals (the table's own New game lies under this dialog):
# the start screen, where this game waits to be resumed and a level asks before replacing it.
NEW_GAME = ('<p class="summary-new"><button type="button" class="btn" data-act="menu">New game</button> '
            '<small>This game stays saved: resume it from the start screen</small></p>')


WINNER = ' class="winner"'


def places_table(places: list[Model], last_round: int = 0, why: str = "") -> str:
    """Places 1..n (ties share one), the winners marked, the rule that decided (``why``) and what ✓
    means: the game-over screen's and the replay's end."""
    rows = "".join(
        f'<tr{WINNER if p["winner"] else ""}><td>{e(p["label"])}</td><th scope="row">{e(p["name"])}</th>'
        f'<td>{p["round"]}{" ✓" if p["finished"] else ""}</td><td>{p["total"]}</td></tr>'
        for p in places
    )
    key = f"✓ got round {last_round} down" if last_round and any(p["finished"] for p in places) else ""
    notes = "".join(f'<p class="places-key">{e(text)}</p>' for text in (why and f"{why}.", key) if text)
    return (f'<table class="results places"><thead><tr><th scope="col">Place</th><th scope="col">Player</th>'
            f'<th scope="col">Round reached</th><th scope="col">Total</th></tr></thead><tbody>{rows}</tbody></table>{notes}')


def who_won(winners: list[str]) -> str:
    """"🏆 Scout wins the game", "🏆 You and Ace win the game": the game-over and replay headings."""
    verb = "win" if len(winners) != 1 or winners == ["You"] else "wins"
    return f'🏆 {e(and_list(winners))} {verb} the game'


def again_or_new(people: list[str] | None) -> str:
    """At the game's end: New game; at an online table first 🔁 another game with the same people."""
    if people is None:
        return '<button type="button" class="btn primary" data-act="menu" data-autofocus>New game</button>'
    label = f"🔁 Play again with {and_list(people)}" if people else "🔁 Play again at this table"
    return (f'<button type="button" class="btn primary" data-act="online-again" data-autofocus>{e(label)}</button>'
            f'<button type="button" class="btn" data-act="menu">New game</button>')


def game_over(s: Model) -> str:
    """Places 1..n (ties share one), the final deal's last moves, the score sheet, New game."""
    head = f'{who_won(s["winners"])}!'
    if s.get("guest"):     # at someone else's online table: the game is theirs; a game of one's own is a tap away
        body = (f'{places_table(s["places"], s.get("last_round", 0), s.get("why_won", ""))}<p class="next-deal-wait" role="status">⏳ {e(s["host"])} may start '
                f'another game at this table: you keep your seat</p><a class="btn" href="./">Play on this device</a>')
        return scores_dialog(head, s["how"], body, sheet_table(s))
    body = f'{places_table(s["places"], s.get("last_round", 0), s.get("why_won", ""))}{again_or_new(s.get("again"))}'
    moves = "".join(f"<li>{e(line)}</li>" for line in s["last_moves"])   # a game's last deal always has some
    note = f'<p class="message error" role="alert">{e(s["replay_note"])}</p>' if s.get("replay_note") else ""
    extra = (f'<h3>The last moves</h3><ol class="last-moves">{moves}</ol>'
             f'<button type="button" class="btn replay-open" data-act="replay">▶ Replay the last deal</button>{note}'
             f'{stats_button()}{share_link(s["share"])}{sheet_table(s)}')
    return scores_dialog(head, s["how"], body, extra)
