"""Every screen the worker sends is sound HTML for the page (and for a screen reader).

A tour of the screens a player meets (the start screen in its states, whole deals of each
rulebook and of a shared table, the end of a deal, game over, the replay, the statistics and past
games, the dialogs) checks each frame's HTML for what no screen may ever get wrong:

- blocks hold elements: text sits in a paragraph, heading, button, cell or item, never loose
  between a list's items, a row's cells, a hand's cards or a dialog's parts;
- every id is unique, and every aria-labelledby / aria-describedby / label's for names one;
- no Python leaks into the words: no "None", no "[", no "{";
- every button is type="button" (no form to submit) and every data-act is on a button or a link.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.bots import make_bot
from game.ui.session import passing
from game.ui.app import App
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.store.saves import SAVE_KEY
from html_tree import Node, parse
from support import MemoryStore

BLOCKS = {"main", "section", "div", "header", "footer", "nav", "ol", "ul", "table", "thead", "tbody", "tfoot", "tr"}
REFERENCES = ("aria-labelledby", "aria-describedby", "for")
LEAKS = ("None", "[", "{")
STEP_LIMIT = 5000


def problems(html: str) -> list[str]:
    """What is wrong with one screen's HTML ([] when nothing is)."""
    root = parse(html)
    found, ids = [], {}
    for node in walk(root):
        loose = [text.strip() for text in node.children if isinstance(text, str) and text.strip()]
        if node.tag in BLOCKS and loose:
            found.append(f"loose text in <{node.tag} {node.attrs}>: {loose}")
        if "id" in node.attrs:
            ids[node.attrs["id"]] = ids.get(node.attrs["id"], 0) + 1
        if node.tag == "button" and node.attrs.get("type") != "button":
            found.append(f"a button without type=button: {node.attrs}")
        if "data-act" in node.attrs and node.tag not in ("button", "a"):
            found.append(f"data-act on a <{node.tag}>: {node.attrs}")
        for name, value in node.attrs.items():
            if value and any(leak in value for leak in LEAKS) and name not in ("data-arg", "style", "d", "href"):
                found.append(f"{name}={value!r} on <{node.tag}>")
        words = "".join(text for text in node.children if isinstance(text, str))
        if any(leak in words for leak in LEAKS):
            found.append(f"{words!r} in <{node.tag} {node.attrs}>")
    found += [f"id {name!r} used {count} times" for name, count in ids.items() if count > 1]
    for node in walk(root):
        for name in REFERENCES:
            for ref in (node.attrs.get(name) or "").split():
                if ref not in ids:
                    found.append(f"{name}={ref!r} names no element")
    return found


def walk(node: Node) -> Iterator[Node]:
    for child in node.children:
        if isinstance(child, Node):
            yield child
            yield from walk(child)


class Tour:
    """An App driven as a player would, every frame's HTML checked."""

    def __init__(self, stored: dict | None = None, **params: str) -> None:
        self.app = App(MemoryStore(stored or {}), {"speed": "0", **params})
        self.screens = 0
        self.look(self.app.boot())

    def look(self, frame) -> None:
        if frame is None:
            return
        self.screens += 1
        found = problems(frame["html"])
        assert not found, f"screen {self.screens} ({frame['screen']}): " + "; ".join(found[:5])

    def tap(self, act: str, arg: str = "") -> None:
        self.look(self.app.intent(act, arg))

    def deals(self, count: int, rng: random.Random) -> None:
        """Play ``count`` deals to their scores: bots on the clock, each person as a Scout bot."""
        s, brain, ended = self.app.session, make_bot("scout"), 0
        for _ in range(STEP_LIMIT):
            if ended == count or s.state.is_over and not s.ui.ending:
                return
            if passing.pass_to(s) is not None:
                self.tap("show")
            elif passing.asked(s) is not None:
                self.tap("steal" if rng.random() < 0.5 else "pass")
            elif s.state.current_player is None:
                ended += 1
                self.through_the_end(ended < count)
            elif s.pending() is not None:
                self.look(self.app.tick(s.token()))
            else:
                seat = s.state.current_player
                if seat == HUMAN and s.state.phase is Phase.PLAY and not s.ui.frames and rng.random() < 0.3:
                    for act in ("godown", "fill", "sort", "cancel"):   # the frames open, filled, closed
                        self.tap(act)
                assert s._play(brain.choose(s.state.view(seat), s.state.legal_actions(), rng)), s.ui.message
                self.look(self.app.frame())
        raise AssertionError(f"no end after {STEP_LIMIT} steps")

    def through_the_end(self, next_deal: bool) -> None:
        s = self.app.session
        while s.pending() is not None:                     # the going-out play, on the clock
            self.look(self.app.tick(s.token()))
        if s.ui.ending:
            self.tap("scores")
        if next_deal and not s.state.is_over:
            self.tap("next")


@pytest.mark.parametrize("params", [
    {"rules": "aggravation", "level": "scout", "seed": "4"},
    {"rules": "gallery", "level": "ace", "seed": "5"},
    {"rules": "contract", "level": "scout", "seed": "6"},
    {"rules": "aggravation", "level": "sprout", "seed": "7", "people": "2", "house": "wild_swap,ace_wrap"},
])
def test_every_screen_of_two_deals_is_sound(params):
    tour = Tour(**params)
    tour.tap("settings")
    tour.tap("settings")
    tour.deals(2, random.Random(int(params["seed"])))
    tour.tap("menu")                                       # the start screen with a game in progress
    tour.tap("level", "sprout")                            # asks before leaving it
    tour.tap("keep")
    tour.tap("resume")
    assert tour.screens > 50


def test_the_start_screen_in_each_state_and_the_screens_it_opens_are_sound():
    tour = Tour()
    for act, arg in [("set", "rulebook=gallery"), ("set", "people=3"), ("name", "1|Ben"), ("house", "ace_wrap"),
                     ("set", "rulebook=contract"), ("set", "people=1"), ("stats", ""), ("stats-close", ""),
                     ("past", ""), ("past-close", ""), ("learn", ""), ("coach-skip", ""), ("menu", "")]:
        tour.tap(act, arg)
    Tour({SAVE_KEY: '{"format": "aggravation-save", "version": 2, "moves": 1e309}'})   # a save set aside


@pytest.mark.slow
def test_a_whole_game_to_its_end_and_its_replay_are_sound():
    tour = Tour(level="sprout", seed="2", steal="off")
    s = tour.app.session
    tour.deals(40, random.Random(2))                       # to the end of the game, however many deals
    assert s.state.is_over
    tour.tap("replay")
    for act, arg in [("replay-go", "start"), ("step", "1"), ("replay-go", "end"), ("replay-deal", "1"),
                     ("replay-close", ""), ("stats", "")]:
        tour.tap(act, arg)
    assert s.seat == HUMAN


def test_the_checks_find_what_they_name():
    assert problems('<ul><li>a</li>XX<li>b</li></ul>') == ["loose text in <ul {}>: ['XX']"]
    assert problems('<p id="a">x</p><p id="a">y</p>') == ["id 'a' used 2 times"]
    assert problems('<section aria-labelledby="t"><h2 id="s">x</h2></section>') == [
        "aria-labelledby='t' names no element"]
    assert problems('<p>None</p>') == ["'None' in <p {}>"]
    assert problems('<button data-act="x">go</button>') == ["a button without type=button: {'data-act': 'x'}"]
    assert problems('<span data-act="x">go</span>') == ["data-act on a <span>: {'data-act': 'x'}"]
