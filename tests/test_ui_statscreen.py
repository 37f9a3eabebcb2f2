"""The statistics screen's HTML (game/ui/screens/stats.py): what each state of the screen shows, read
as a player and a screen reader meet it, and the chart's scale."""
from __future__ import annotations

from game.ui.app import App
from game.ui.store.saves import SAVE_KEY
from game.ui.store.stats import STATS_KEY, Stats
from game.ui.screens.stats import chart, count_finished, group_model, percent, stats_model, stats_screen
from html_tree import Node, parse
from test_ui_stats import entry, finish, one_move_before_the_end, written


def opened(*entries: dict) -> App:
    s = Stats()
    for one in entries:
        s.add(one)
    app = App({STATS_KEY: s.to_json()} if entries else {}, {})
    app.intent("stats")
    return app


def page(app: App) -> Node:
    return parse(stats_screen(stats_model(app.session)))


def strays(root: Node) -> list[str]:
    """Text sitting loose in the screen's containers (between its sections, rows, bars, buttons)."""
    boxes = [root] + root.find_all("main") + root.find_all("section") + root.find_all("table") + root.find_all("svg") \
        + root.find_all("tr") + root.find_all(class_="dialog-buttons")
    return [child for box in boxes for child in box.children if isinstance(child, str) and child.strip()]


def test_with_no_game_finished_the_screen_says_so_and_offers_nothing_to_reset():
    root = page(opened())
    assert root.find("p", class_="empty").text == "No finished games yet: finish a game and its figures show here."
    assert root.find_all("section") == [] and root.find_all("p", class_="hint") == []
    assert root.find_all(data_act="stats-reset") == [] and root.find_all(class_="notice") == []
    main = root.find("main")
    assert main.text == main.find("header").text + main.find("p", class_="empty").text    # nothing else
    back = root.find(data_act="stats-close")
    assert back.text == "← Back" and "data-autofocus" in back.attrs


def test_each_table_is_a_labelled_section_of_named_figures_with_its_chart():
    app = opened(entry("a", 120, True), entry("b", 300, False), entry("c", 90, True, rules="gallery", level="ace"))
    root = page(app)
    scout, gallery = root.find_all("section", class_="stats-group")
    assert scout.attrs["data-rules"] == "aggravation" and scout.attrs["data-level"] == "scout"
    assert scout.attrs["aria-labelledby"] == "stats-aggravation-scout" == scout.find("h2").attrs["id"]
    assert scout.find("h2").text == "Aggravation · 🧭 Scout"
    assert gallery.attrs["aria-labelledby"] == "stats-gallery-ace" and gallery.find("h2").text == "Gallery · 🏆 Ace"
    rows = [(r.find("th").text, r.find("td").text) for r in scout.find("table").find_all("tr")]
    assert rows[:2] == [("Games", "2"), ("Wins", "1 · 50% win rate")] and len(rows) == 9
    assert rows[-2:] == [("Games with a 💡 hint", "0 of 2"), ("Games with a ↶ take-back", "0 of 2")]
    assert scout.find("svg").attrs["aria-label"].startswith("Final totals of your last 2 games at Aggravation · 🧭 Scout")
    assert [p.text for p in root.find_all("p", class_="hint")] == stats_model(app.session)["hints"]
    assert root.find(data_act="stats-reset").text == "Reset statistics…"
    assert root.find_all("p", class_="empty") == [] and root.find_all(class_="notice") == []
    assert strays(root) == []
    assert [c.tag for c in root.find("main").children] == ["header", "section", "section", "p", "p", "p", "p", "p", "button"]


def test_the_reset_question_takes_the_focus_and_a_reset_says_it_happened():
    app = opened(entry("a", 120, True))
    app.intent("stats-reset")
    root = page(app)
    back = root.find(data_act="stats-close")
    assert set(back.attrs) == {"type", "class", "data-act"}                 # the question has the focus
    dialog = root.find(data_dialog="stats-reset")
    assert dialog.find("h2").text == "Reset your statistics?"
    assert dialog.find("p").text == ("Every figure goes back to zero, for every rulebook and level. "
                                     "This cannot be undone.")
    keep, reset = dialog.find_all("button")
    assert (keep.text, keep.attrs["data-act"], "primary" in keep.attrs["class"].split()) == ("Keep my statistics", "stats-keep", True)
    assert (reset.text, reset.attrs["data-act"], reset.attrs["class"]) == ("Reset them", "stats-reset-yes", "btn")
    assert strays(root) == []
    app.intent("stats-keep")
    assert app.session.ui.stats == "open" and page(app).find_all(data_dialog="stats-reset") == []
    app.intent("stats-reset")
    app.intent("stats-reset-yes")
    root = page(app)
    assert root.find(class_="notice").text == "Your statistics are reset."
    assert root.find(class_="notice").attrs["role"] == "status"


def test_a_share_of_nothing_and_a_best_not_yet_known_read_as_a_dash():
    assert percent(0, 0) == "–" and percent(2, 3) == "67%" and percent(0, 4) == "0%"
    m = stats_model(opened(entry("a", 120, True, tried=0, first=0, claims=0, paid=0)).session)
    figures = dict(m["groups"][0]["figures"])
    assert figures["Contracts on the first try"] == "0 of 0 · –"
    assert figures["🫳 Steals that paid off"] == "0 of 0 · –"
    assert figures["Final total"] == "120 on average · best 120"
    tally = {"games": 2, "wins": 0, "total": 300, "round": 20, "tried": 20, "first": 9, "claims": 3, "paid": 1,
             "best": None, "top": 11}                          # a stored tally may hold no best
    assert dict(group_model("aggravation", "scout", tally, [])["figures"])["Final total"] == "150 on average · best –"


def bars(games: list[dict]) -> list[tuple[float, float, float, float]]:
    svg = parse(chart(games, "Sprout")).find("svg")
    assert svg.attrs["viewbox"] == "0 0 300 100"
    return [tuple(float(r.attrs[k]) for k in ("x", "y", "width", "height")) for r in svg.find_all("rect")]


def test_the_charts_bars_scale_to_the_highest_total_in_slots_for_at_least_five_games():
    assert bars([{"total": 0, "won": True}, {"total": 50, "won": False}, {"total": 100, "won": False}]) == [
        (9.0, 98.0, 42.0, 2.0),        # a zero still shows: two units high
        (69.0, 51.0, 42.0, 49.0),
        (129.0, 2.0, 42.0, 98.0),      # the highest reaches the top, less a margin
    ]
    six = bars([{"total": 10 * n, "won": False} for n in range(1, 7)])
    assert [b[0] for b in six] == [7.5, 57.5, 107.5, 157.5, 207.5, 257.5] and six[0][2] == 35.0
    assert bars([{"total": 1, "won": False}]) == [(9.0, 2.0, 42.0, 98.0)]
    assert bars([{"total": 0, "won": False}]) == [(9.0, 98.0, 42.0, 2.0)]
    assert chart([], "Sprout") == ""


def test_the_chart_marks_wins_in_gold_and_says_every_total_in_words():
    svg = parse(chart([{"total": 40, "won": True}, {"total": 120, "won": False}], "Sprout")).find("figure")
    rects = svg.find_all("rect")
    assert [r.attrs["class"] for r in rects] == ["win", "bar"]
    assert [r.find("title").text for r in rects] == ["40 (a win)", "120"]
    assert svg.find("svg").attrs["aria-label"] == "Final totals of your last 2 games at Sprout, oldest first: 40 (won), 120"
    assert svg.find("figcaption").text == ("Final totals, last 2 games, oldest first (the highest 120): lower is "
                                           "better, gold a win")
    line = svg.find("line")
    assert (line.attrs["x1"], line.attrs["y1"], line.attrs["x2"], line.attrs["y2"]) == ("0", "99.5", "300", "99.5")
    one = parse(chart([{"total": 5, "won": False}], "Ace · Gallery")).find("svg")
    assert one.attrs["aria-label"] == "Final totals of your last 1 game at Ace · Gallery, oldest first: 5"


def test_opening_the_statistics_closes_the_settings_panel():
    app = App({}, {})
    app.session.ui.settings_open = True
    app.intent("stats")
    assert app.session.ui.stats == "open" and app.session.ui.settings_open is False


def test_back_says_back_to_the_scores_when_opened_from_a_finished_games_table():
    ls = {SAVE_KEY: one_move_before_the_end()[0]}
    app = App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, app.boot())
    written(ls, finish(app))
    app.intent("stats")
    assert page(app).find(data_act="stats-close").text == "← Back to the scores"
    app.intent("stats-close")
    app.intent("menu")
    app.intent("stats")
    assert page(app).find(data_act="stats-close").text == "← Back"          # from the menu: just back


def test_a_finished_game_is_noted_as_counted_by_this_page():
    ls = {SAVE_KEY: one_move_before_the_end()[0]}
    app = App(dict(ls), {"speed": "0", "steal": "off"})
    written(ls, app.boot())
    written(ls, finish(app))
    counted: set = set()
    count_finished(app.session, counted)
    assert counted == {app.session.game}
