"""The end of a deal as HTML: the going-out play, everyone's cards, the scores dialog; at game
over the places (shared with the replay's last move: ``places_table``, ``who_won``).
"""
from __future__ import annotations

from game.i18n import _, ngettext

from ...words import listed
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
        f'<p class="who"><b>{e(h["name"])}</b> <span class="pts">{e(_("{n} pts").format(n=h["points"]))}</span>'
        f' <small>{e(_("went out 🎉")) if h["went_out"] else e(h["count"])}</small></p>'
        f'<div class="cards" role="group" aria-label="{e(hand_said(h))}">'
        f'{"".join(card(c, act=None, small=True) for c in h["cards"]) or nothing()}</div></li>'
        for h in s["hands"]
    )
    title = _("The game is over") if s["game_over"] else _("Deal {deal} is over").format(deal=s["deal"])
    return (f'<section class="summary leftovers" role="dialog" aria-modal="true" aria-labelledby="summary-title" '
            f'data-zone="leftovers"><h2 id="summary-title">{e(title)}</h2><p class="how">{e(s["how"])}.</p>'
            f'<p class="hint">{e(_("Everyone scores the cards left in their hand:"))}</p><ul class="hands">{rows}</ul>'
            f'<button type="button" class="btn primary" data-act="scores" data-autofocus>{e(_("See the scores ▶"))}</button></section>')


def hand_said(h: Model) -> str:
    """'Ben: 3 cards, 25 points', as a screen reader names a hand left at a deal's end."""
    return ngettext("{name}: {cards}, {n} point", "{name}: {cards}, {n} points", h["points"]).format(
        name=h["name"], cards=h["count"], n=h["points"])


def nothing() -> str:
    return f'<span class=nothing>{e(_("no cards"))}</span>'


LEAD_MARK = '<span class="lead" aria-hidden="true">★</span>'


def sheet_table(s: Model) -> str:
    """Deal by deal, everyone's points (names upright: they wrap, game.css), the totals, and what
    decides: low score wins, the leader starred, by the rulebook's rule."""
    leaders = set(s.get("leaders", []))
    heads = "".join(f'<th scope="col">{LEAD_MARK if n in leaders else ""}{e(name)}'
                    f'{"<span class=sr> " + e(_("(leads)")) + "</span>" if n in leaders else ""}</th>' for n, name in enumerate(s["names"]))
    sheet = "".join(
        f'<tr><th scope="row">{d["deal"]}</th>' + "".join(f"<td>{p}</td>" for p in d["points"]) + "</tr>"
        for d in s["sheet"]
    )
    totals = "".join(f"<td>{t}</td>" for t in s["totals"])
    return (f'<h3 id="sheet-title">{e(_("Score sheet"))}</h3><div class="sheet-wrap" tabindex="0" role="region" '
            f'aria-labelledby="sheet-title"><table class="sheet"><thead><tr><th scope="col">{e(_("Deal"))}</th>'
            f'{heads}</tr></thead><tbody>{sheet}</tbody><tfoot><tr><th scope="row">{e(_("Total"))}</th>{totals}</tr></tfoot>'
            f'</table></div><p class="sheet-key">{e(_("Low score wins"))} · {LEAD_MARK} '
            f'{e(_("leads ({rule})").format(rule=s.get("lead_rule") or _("lowest total")))}</p>')


def scores_dialog(head: str, how: str, body: str, extra: str) -> str:
    """The scores over the table: the result first (title, who went out), the button right
    under the table of results, the longer parts below it."""
    return (f'<section class="summary" role="dialog" aria-modal="true" aria-labelledby="summary-title" data-zone="summary">'
            f'<h2 id="summary-title">{head}</h2><p class="how">{e(how)}.</p>{body}{extra}</section>')


def deal_scores(s: Model) -> str:
    lesson = f'<p class="coach" role="note">{e(s["lesson"])}</p>' if s.get("lesson") else ""
    rows = "".join(
        f'<tr><th scope="row">{e(r["name"])}</th><td>{r["round"]}</td><td>{r["points"]}</td>'
        f'<td>{e(_("✓ next round") if r["moves_on"] else _("↻ same round"))}</td><td>{r["total"]}</td></tr>'
        for r in s["rows"]
    )
    body = (f'<table class="results"><thead><tr><th scope="col">{e(_("Player"))}</th><th scope="col">{e(_("Round"))}</th>'
            f'<th scope="col">{e(_("Points"))}</th><th scope="col">{e(_("Next"))}</th><th scope="col">{e(_("Total"))}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table><p class="places-key points-key">{points_key(s.get("points_key", ""))}</p>{lesson}'
            f'{next_deal(s)}')
    return scores_dialog(e(_("Deal {deal} is over").format(deal=s["deal"])), s["how"], body, sheet_table(s))


def points_key(text: str) -> str:
    """The cards' points, each group kept on one line ('2 and 🃏 = 20' never split)."""
    return " · ".join(f'<span class="group">{e(part)}</span>' for part in text.split(" · "))


def next_deal(s: Model) -> str:
    """Next deal ▶, and the way to another game; at someone else's online table, who deals it."""
    if s.get("guest"):
        return f'<p class="next-deal-wait" role="status">{e(_("⏳ Waiting for {host} to deal the next hand.").format(host=s["host"]))}</p>'
    return f'<button type="button" class="btn primary" data-act="next" data-autofocus>{e(_("Next deal ▶"))}</button>{new_game()}'


def new_game() -> str:
    """The way to another game from between deals (the table's own New game lies under this dialog):
    the start screen, where this game waits to be resumed and a level asks before replacing it."""
    return (f'<p class="summary-new"><button type="button" class="btn" data-act="menu">{e(_("New game"))}</button> '
            f'<small>{e(_("This game stays saved: resume it from the start screen"))}</small></p>')


WINNER = ' class="winner"'


def places_table(places: list[Model], last_round: int = 0, why: str = "") -> str:
    """Places 1..n (ties share one), the winners marked, the rule that decided (``why``) and what ✓
    means: the game-over screen's and the replay's end."""
    rows = "".join(
        f'<tr{WINNER if p["winner"] else ""}><td>{e(p["label"])}</td><th scope="row">{e(p["name"])}</th>'
        f'<td>{p["round"]}{" ✓" if p["finished"] else ""}</td><td>{p["total"]}</td></tr>'
        for p in places
    )
    key = _("✓ got round {round} down").format(round=last_round) if last_round and any(p["finished"] for p in places) else ""
    notes = "".join(f'<p class="places-key">{e(text)}</p>' for text in (why and f"{why}.", key) if text)
    return (f'<table class="results places"><thead><tr><th scope="col">{e(_("Place"))}</th><th scope="col">{e(_("Player"))}</th>'
            f'<th scope="col">{e(_("Round reached"))}</th><th scope="col">{e(_("Total"))}</th></tr></thead><tbody>{rows}</tbody></table>{notes}')


def who_won(winners: list[str]) -> str:
    """"🏆 Scout wins the game", "🏆 You and Ace win the game": the game-over and replay headings."""
    if winners == ["You"]:
        return e(_("🏆 You win the game"))
    return e(ngettext("🏆 {winners} wins the game", "🏆 {winners} win the game", len(winners)).format(winners=listed(winners)))


def again_or_new(people: list[str] | None) -> str:
    """At the game's end: New game; at an online table first 🔁 another game with the same people."""
    if people is None:
        return f'<button type="button" class="btn primary" data-act="menu" data-autofocus>{e(_("New game"))}</button>'
    label = _("🔁 Play again with {people}").format(people=listed(people)) if people else _("🔁 Play again at this table")
    return (f'<button type="button" class="btn primary" data-act="online-again" data-autofocus>{e(label)}</button>'
            f'<button type="button" class="btn" data-act="menu">{e(_("New game"))}</button>')


def game_over(s: Model) -> str:
    """Places 1..n (ties share one), the final deal's last moves, the score sheet, New game."""
    # Translators: the game-over heading, {heading} is "🏆 Ana wins the game" (French: a no-break space before !).
    head = e(_("{heading}!")).format(heading=who_won(s["winners"]))
    if s.get("guest"):     # at someone else's online table: the game is theirs; a game of one's own is a tap away
        body = (f'{places_table(s["places"], s.get("last_round", 0), s.get("why_won", ""))}<p class="next-deal-wait" role="status">'
                f'{e(_("⏳ {host} may start another game at this table: you keep your seat").format(host=s["host"]))}</p>'
                f'<a class="btn" href="./">{e(_("Play on this device"))}</a>')
        return scores_dialog(head, s["how"], body, sheet_table(s))
    body = f'{places_table(s["places"], s.get("last_round", 0), s.get("why_won", ""))}{again_or_new(s.get("again"))}'
    moves = "".join(f"<li>{e(line)}</li>" for line in s["last_moves"])   # a game's last deal always has some
    note = f'<p class="message error" role="alert">{e(s["replay_note"])}</p>' if s.get("replay_note") else ""
    extra = (f'<h3>{e(_("The last moves"))}</h3><ol class="last-moves">{moves}</ol>'
             f'<button type="button" class="btn replay-open" data-act="replay">{e(_("▶ Replay the last deal"))}</button>{note}'
             f'{stats_button()}{share_link(s["share"])}{sheet_table(s)}')
    return scores_dialog(head, s["how"], body, extra)
