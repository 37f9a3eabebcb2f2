"""Statistics: each finished game's figures, replayed from its log, counted once, kept apart from
the games kept, read defensively, reset only by the player (game/ui/store/stats.py, screens/stats.py).

The figures are checked against counts made independently while the games are played: the
engine's own counters (a seat's total, its claims this game), the deal results (rounds played,
who went down) and where each claimed card lies when the deal ends."""
from __future__ import annotations

import json
import random

import pytest

from game.actions import Discard, NextDeal
from game.bots import make_bot
from game.log import GameLog
from game.state import Phase
from game.ui.store import stats
from game.ui.app import App
from game.ui.store.saves import KEPT_KEY, SAVE_KEY, Record
from game.ui.store.stats import STATS_KEY, Stats
from game.ui.screens.stats import stats_model
from support import cached


# ------------------------------------------------------------ games played by bots, counted by hand


@cached
def bot_game(seed: int, preset: str, players: int) -> tuple[GameLog, dict]:
    """A game where every seat (the player's too) is an Ace bot, and the player's figures as
    counted while it is played, without the game's events."""
    log = GameLog(seed, players, preset)
    state = log.new_game()
    bots = [make_bot("ace") for _ in range(players)]
    hand = {"claims": 0, "paid": 0, "deals": []}
    claimed: set[str] = set()
    while not state.is_over:
        seat = state.current_player
        if seat is None:
            log.play(state, NextDeal())
            claimed = set()
            continue
        action = bots[seat].choose(state.view(seat), state.legal_actions(), random.Random(f"{seed}:{len(log.actions)}"))
        before = state.seats[0].steals_this_game
        log.play(state, action)
        if state.seats[0].steals_this_game > before:        # the claimed card, then the price, went to the hand
            claimed.add(state.seats[0].hand[-1 - state.rules.steal_penalty].key)
            hand["claims"] += 1
        if seat == 0 and isinstance(action, Discard):
            claimed.discard(action.card.key)                  # thrown away again: it did not pay
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            on_table = {card.key for meld in state.table for card in meld.meld.cards}
            hand["paid"] += len(claimed & on_table)
            hand["deals"].append((state.results[-1].rounds_played[0], state.seats[0].down))
    firsts = {}
    for played, down in hand["deals"]:
        firsts.setdefault(played, down)
    hand.update(total=state.seats[0].total, won=0 in state.winners, tried=len(firsts),
                first=sum(firsts.values()), round=state.seats[0].round)
    assert hand["claims"] == state.seats[0].steals_this_game
    return log, hand


GAMES = [(3, "aggravation", 3), (11, "aggravation", 5), (4, "gallery", 4), (5, "contract", 4)]


@pytest.mark.parametrize("seed,preset,players", GAMES)
def test_a_games_figures_from_its_log_match_the_counts_made_while_it_was_played(seed, preset, players):
    log, hand = bot_game(seed, preset, players)
    entry = stats.summarize(GameLog.from_json(log.to_json()), "ace", "g", at=0)
    assert entry == {"id": "g", "rules": preset, "level": "ace", "at": 0, "total": hand["total"], "won": hand["won"],
                     "round": hand["round"], "of": log.rules().rounds, "tried": hand["tried"],
                     "first": hand["first"], "claims": hand["claims"], "paid": hand["paid"], "hints": 0,
                     "takebacks": 0}


def test_the_bot_games_claim_and_pay_off_so_the_figures_are_not_all_zero():
    logs = [bot_game(*game)[1] for game in GAMES]
    assert sum(h["claims"] for h in logs) > sum(h["paid"] for h in logs) > 0
    assert any(0 < h["first"] < h["tried"] for h in logs)


def test_an_unfinished_game_is_not_summarized():
    log, _ = bot_game(*GAMES[0])
    with pytest.raises(ValueError):
        stats.summarize(GameLog(log.seed, log.players, log.preset, actions=log.actions[:-1]), "ace", "g")


# ------------------------------------------------------------ the figures of a table, by hand


def entry(game: str, total: int, won: bool, rules="aggravation", level="scout", **more) -> dict:
    values = {"id": game, "rules": rules, "level": level, "at": 0, "total": total, "won": won, "round": 11,
              "of": 11, "tried": 11, "first": 8, "claims": 4, "paid": 3}
    return {**values, **more}


def screen_of(store: dict) -> dict:
    app = App(store, {})
    app.intent("stats")
    return stats_model(app.session)


def test_a_tables_figures_are_the_sums_of_its_games_in_words():
    s = Stats()
    s.add(entry("a", 120, True, round=11, tried=11, first=9, claims=4, paid=3))
    s.add(entry("b", 300, False, round=9, tried=9, first=5, claims=2, paid=0))
    s.add(entry("c", 90, True, round=11, tried=11, first=10, claims=0, paid=0, hints=4, takebacks=2))
    s.add(entry("d", 500, False, rules="gallery", level="ace", round=7, of=12, tried=7, first=3, claims=6, paid=4))
    m = screen_of({STATS_KEY: s.to_json()})
    assert m["games"] == 4
    scout, gallery = m["groups"]
    assert scout["title"] == "Aggravation · 🧭 Scout" and gallery["title"] == "Gallery · 🏆 Ace"
    assert dict(scout["figures"]) == {
        "Games": "3",
        "Wins": "2 · 67% win rate",                       # 2 of 3
        "Final total": "170 on average · best 90",        # (120 + 300 + 90) / 3
        "Round reached": "10.3 on average · best 11 of 11",   # (11 + 9 + 11) / 3
        "Contracts on the first try": "24 of 31 · 77%",   # (9 + 5 + 10) of (11 + 9 + 11)
        "🫳 Steals made": "6 · 2.0 a game",
        "🫳 Steals that paid off": "3 of 6 · 50%",
        "Games with a 💡 hint": "1 of 3",                 # c asked for 4: a game, counted once
        "Games with a ↶ take-back": "1 of 3",             # c took back 2: a game, counted once
    }
    assert dict(gallery["figures"])["🛒 Buys that paid off"] == "4 of 6 · 67%"
    assert dict(gallery["figures"])["Round reached"] == "7.0 on average · best 7 of 12"
    assert scout["chart"] == [{"total": 120, "won": True}, {"total": 300, "won": False}, {"total": 90, "won": True}]


def test_the_screen_says_what_paid_off_means_and_draws_each_tables_chart():
    s = Stats()
    s.add(entry("a", 120, True))
    s.add(entry("b", 300, False))
    app = App({STATS_KEY: s.to_json()}, {})
    html = app.intent("stats")["html"]
    assert "paid off when the card you claimed went from your hand onto the table" in html
    assert html.count("<svg") == 1 and html.count("<rect") == 2 and 'class="win"' in html
    assert "oldest first: 120 (won), 300" in html
    assert "<script" not in html


def test_older_games_fold_into_sums_and_the_figures_never_shrink():
    s = Stats()
    for n in range(stats.KEEP_GAMES + 30):
        s.add(entry(f"g{n}", n, n % 2 == 0))
    again = Stats.from_json(s.to_json())
    assert len(again.entries) == stats.KEEP_GAMES and again.games == stats.KEEP_GAMES + 30
    tally = again.tallies()[("aggravation", "scout")]
    n = stats.KEEP_GAMES + 30
    assert (tally["games"], tally["wins"], tally["total"], tally["best"]) == (n, n // 2, n * (n - 1) // 2, 0)


# ------------------------------------------------------------ counted once


@cached
def one_move_before_the_end(seed: int = 3) -> tuple[str, object]:
    """A three-player Aggravation game (a Sprout table) saved one move before it ends, and that move."""
    log, _ = bot_game(seed, "aggravation", 3)
    short = GameLog(log.seed, log.players, log.preset, log.house_rules, ["You", "Sprout 1", "Sprout 2"], log.actions[:-1])
    return Record("end-3", "sprout", short.to_json(), len(short.actions)).to_json(), log.actions[-1]


def finish(app: App) -> dict:
    """The last move, by whoever makes it (the player's, as the session's own move); the frame."""
    _, final = one_move_before_the_end()
    if app.session.state.current_player == 0:
        app.session.act(final)
        return app.frame()
    return app.tick(app.session.token())


def written(store: dict, frame: dict) -> dict:
    """The page applies a frame's writes to its localStorage."""
    for key, text, _ in frame["writes"]:
        if text is None:
            store.pop(key, None)
        else:
            store[key] = text
    return store


def counted(store: dict) -> int:
    return Stats.from_json(store.get(STATS_KEY)).games


def test_a_finished_game_is_counted_once_however_often_its_end_is_shown():
    ls = {SAVE_KEY: one_move_before_the_end()[0]}
    app = App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, app.boot())
    assert counted(ls) == 0
    written(ls, finish(app))
    assert app.session.state.is_over and counted(ls) == 1
    for act in ("stats", "stats-close", "scores", "menu", "resume", "stats", "stats-close"):
        frame = app.intent(act)
        if frame:
            written(ls, frame)
    again = App(dict(ls), {})                             # a reload: the game-over screen again
    written(ls, again.boot())
    written(ls, again.intent("stats"))
    assert counted(ls) == 1
    (group,) = stats_model(again.session)["groups"]
    assert group["title"] == "Aggravation · 🌱 Sprout" and dict(group["figures"])["Games"] == "1"
    assert KEPT_KEY in ls                                 # the games kept are another key


@pytest.mark.parametrize("hears_stats", [True, False], ids=["news-of-both", "news-of-the-slot-only"])
def test_two_tabs_finishing_the_same_game_count_it_once(hears_stats):
    ls = {SAVE_KEY: one_move_before_the_end()[0]}
    one, two = App(dict(ls), {"speed": "0", "steal": "off"}), App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, one.boot())
    written(ls, two.boot())
    written(ls, finish(one))
    news = {SAVE_KEY: ls[SAVE_KEY], **({STATS_KEY: ls[STATS_KEY]} if hears_stats else {})}
    frame = two.stored(news)                              # the other tab finished it: this one follows
    if frame:
        written(ls, frame)
    assert two.session.state.is_over
    written(ls, two.intent("stats"))
    assert counted(ls) == 1


# ------------------------------------------------------------ read defensively, reset by the player


@pytest.mark.parametrize("text", [
    "{not json", "[" * 100_000, "null", "[]", '"text"', json.dumps({"format": "aggravation-stats", "version": 99}),
    json.dumps({"format": "aggravation-stats", "version": 1, "games": "nope", "earlier": [], "counted": 5}),
    json.dumps({"format": "aggravation-stats", "version": 1, "games": [{"id": "x", "total": 10**20}, 5, None],
                "earlier": {"aggravation:scout": {"games": -1}, "chess:ace": {}}}),
])
def test_unreadable_stats_are_empty_stats_and_the_game_still_plays_and_counts(text):
    ls = {SAVE_KEY: one_move_before_the_end()[0], STATS_KEY: text}
    m = screen_of(dict(ls))
    assert m["games"] == 0 and m["groups"] == [] and m["empty"]
    app = App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, app.boot())
    written(ls, finish(app))
    assert app.session.state.is_over and counted(ls) == 1
    readable = Stats.from_json(text).readable
    assert ls.get(STATS_KEY + ".unreadable") == (None if readable else text)   # set aside, never lost


def test_odd_entries_are_left_out_one_by_one():
    good = entry("a", 120, True)
    text = json.dumps({"format": "aggravation-stats", "version": 1, "counted": ["a", 7],
                       "games": [good, {**good, "id": "b", "won": "yes"}, {**good, "id": "c", "first": 99},
                                 {**good, "id": "d", "rules": "poker"}, {**good, "id": "e", "total": True}]})
    s = Stats.from_json(text)
    assert [e["id"] for e in s.entries] == ["a"] and s.counted == ["a"]


def test_reset_asks_first_with_keeping_them_the_first_choice_then_empties_every_figure():
    ls = {SAVE_KEY: one_move_before_the_end()[0]}
    app = App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, app.boot())
    written(ls, finish(app))
    html = app.intent("stats")["html"]
    assert 'data-act="stats-reset"' in html and counted(ls) == 1
    html = app.intent("stats-reset")["html"]
    dialog = html[html.index('data-dialog="stats-reset"'):]
    assert dialog.index('data-act="stats-keep"') < dialog.index('data-act="stats-reset-yes"')
    assert 'data-act="stats-keep" data-autofocus' in dialog.replace('class="btn primary" ', "")
    written(ls, app.intent("stats-keep"))
    assert counted(ls) == 1
    app.intent("stats-reset")
    assert app.escape() is not None and app.session.ui.stats == "open"   # Escape: the question goes first
    app.intent("stats-reset")
    frame = app.intent("stats-reset-yes")
    written(ls, frame)
    assert counted(ls) == 0 and "Your statistics are reset." in frame["html"]
    again = App(dict(ls), {})                              # the finished game, reloaded, is not counted again
    written(ls, again.boot())
    assert counted(ls) == 0 and stats_model(again.session)["groups"] == []


def test_reset_means_nothing_unless_asked_and_stats_screen_closes_with_escape():
    s = Stats()
    s.add(entry("a", 120, True))
    app = App({STATS_KEY: s.to_json()}, {})
    assert app.intent("stats-reset-yes") is not None        # a stray yes (no question open): nothing goes
    assert counted(app.store.values) == 1
    app.intent("stats")
    app.intent("stats-reset-yes")
    assert counted(app.store.values) == 1
    assert app.escape()["screen"] == "start" and not app.session.ui.stats


def test_the_first_count_of_all_counts_the_finished_games_kept_too_but_never_after_a_reset():
    kept = []
    for n, (seed, preset, players) in enumerate(GAMES[:3]):
        log, _ = bot_game(seed, preset, players)
        kept.append({"game": f"k{n}", "level": "ace", "end": "finished", "moves": len(log.actions), "at": 5,
                     "log": log.to_json()})
    kept.append({**kept[0], "game": "left", "end": "abandoned"})        # not finished: not counted
    kept.append({**kept[1], "game": "bad", "log": '{"format": "aggravation-log"}'})   # unreadable: left out
    ls = {SAVE_KEY: one_move_before_the_end()[0], KEPT_KEY: json.dumps(kept)}
    app = App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, app.boot())
    written(ls, finish(app))
    s = Stats.from_json(ls[STATS_KEY])
    assert [e["id"] for e in s.entries] == ["k0", "k1", "k2", "end-3"]
    assert s.entries[0] == {**stats.summarize(GameLog.from_json(kept[0]["log"]), "ace", "k0", at=5)}
    assert set(s.tallies()) == {("aggravation", "ace"), ("gallery", "ace"), ("aggravation", "sprout")}
    app.intent("stats")
    app.intent("stats-reset")
    written(ls, app.intent("stats-reset-yes"))
    ls[SAVE_KEY] = one_move_before_the_end()[0].replace("end-3", "end-4")   # another game, same moves
    again = App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, again.boot())
    written(ls, finish(again))
    assert [e["id"] for e in Stats.from_json(ls[STATS_KEY]).entries] == ["end-4"]


def test_the_screen_opened_the_first_time_of_all_counts_the_finished_games_kept():
    log, _ = bot_game(*GAMES[2])
    kept = [{"game": "k", "level": "scout", "end": "finished", "moves": 1, "at": 5, "log": log.to_json()}]
    ls = {KEPT_KEY: json.dumps(kept)}
    app = App(dict(ls), {})
    written(ls, app.intent("stats"))
    assert counted(ls) == 1 and [g["title"] for g in stats_model(app.session)["groups"]] == ["Gallery · 🧭 Scout"]
    assert App({}, {}).intent("stats")["writes"] == []      # nothing kept, nothing to write


def test_a_game_with_hints_is_counted_as_one_and_older_records_read_as_none():
    """💡: a game's hints come from its save (the session's count) into its entry; the tally
    counts the games with any; an entry or an earlier sum written before hints existed reads as 0."""
    log, _ = bot_game(*GAMES[0])
    assert stats.summarize(GameLog.from_json(log.to_json()), "ace", "g", at=0, hints=2)["hints"] == 2
    old = entry("old", 100, False)                    # no "hints": written by the version before
    s = Stats()
    assert s.add(old) and s.add(entry("new", 90, True, hints=1)) and s.add(entry("none", 80, True, hints=0))
    assert not s.add(entry("bad", 80, True, hints=-1))   # a count, or no entry
    assert s.tallies()[("aggravation", "scout")]["hinted"] == 1
    earlier = {"games": 2, "wins": 1, "total": 200, "round": 20, "tried": 20, "first": 10, "claims": 0,
               "paid": 0, "best": 90, "top": 11}     # an earlier sum of the version before
    kept = Stats.from_json(Stats([], {"aggravation:scout": earlier}, []).to_json())
    assert kept.tallies()[("aggravation", "scout")]["games"] == 2
    assert kept.tallies()[("aggravation", "scout")].get("hinted", 0) == 0
