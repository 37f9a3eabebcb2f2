"""The go-down frames as the table draws them (SPEC §7): each frame's head, its cards, what it
still needs or how it reads, which frame is taking cards, and the button that reads a meld the
other way when its wild could stand for two cards.
"""
from __future__ import annotations

from game.log import GameLog
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from html_tree import parse
from scenario import table
from support import MemoryStore as Store


def going_down() -> Session:
    """Round 3 (a set of 3 and a run of 4), your turn after the draw, Go down tapped."""
    state = table(["7H 7S 7C 5D 6D 7D JK KS", "KC KS 4C 9D", "QC QD 5S 9H"], stock="9S 8S 7S 3D",
                  pile="4D", phase=Phase.PLAY, turn=HUMAN, rounds=[3, 1, 1])
    s = Session(Store())
    s.state, s.log, s.ui.screen = state, GameLog(0, 3), "table"
    dispatch(s, "godown")
    return s


def tap(s: Session, *codes: str) -> None:
    for code in codes:
        dispatch(s, "card", next(c.key for c in s.state.seats[HUMAN].hand if c.code == code))


def drawn(s: Session) -> list[dict]:
    """Each frame as the player sees it."""
    zone = parse(table_screen(table_model(s))).find(data_zone="frames")
    assert all(not isinstance(child, str) for child in zone.children)          # frames and nothing between
    out = []
    for frame in zone.find_all(class_="frame"):
        head = frame.find("button", class_="frame-head")
        flips = frame.find_all("button", data_act="reading")
        parts = [head, frame.find(class_="frame-cards"), frame.find(class_="need"), *flips]
        assert frame.text == "".join(part.text for part in parts)               # nothing else in a frame
        out.append({
            "class": frame.attrs["class"], "head": head.text, "pressed": head.attrs["aria-pressed"],
            "cards": [c.attrs["data-card"] for c in frame.find(class_="frame-cards").find_all("button")],
            "shown": frame.find(class_="frame-cards").text, "need": frame.find(class_="need").text,
            "flip": [(b.text, b.attrs["data-arg"]) for b in flips],
        })
    return out


def test_empty_frames_name_their_meld_and_ask_for_cards():
    first, second = drawn(going_down())
    assert first == {"class": "frame open active", "head": "A set of 3", "pressed": "true", "cards": [],
                     "shown": "tap cards below", "need": "needs 3 more cards", "flip": []}
    assert second == {"class": "frame open", "head": "A run of 4", "pressed": "false", "cards": [],
                      "shown": "tap cards below", "need": "needs 4 more cards", "flip": []}


def test_a_full_frame_shows_its_cards_and_reading_and_the_next_takes_cards():
    s = going_down()
    tap(s, "7H", "7S", "7C")
    first, second = drawn(s)
    assert first["class"] == "frame ok" and first["pressed"] == "false"
    assert first["cards"] == ["7C", "7H", "7S"]
    assert first["shown"] == "7♣seven of clubs7♥seven of hearts7♠seven of spades"       # the cards side by side, nothing between
    assert first["need"] == "✓ set 7♣ 7♥ 7♠" and first["flip"] == []          # a set of 7s reads one way only
    assert second["class"] == "frame open active" and second["pressed"] == "true"


def test_a_wild_that_could_stand_for_two_cards_offers_the_other_reading():
    s = going_down()
    tap(s, "7H", "7S", "7C", "5D", "6D", "7D", "JK")
    run = drawn(s)[1]
    assert run["class"] == "frame ok active" and run["head"] == "A run of 4"
    assert run["need"] == "✓ run 5♦ 6♦ 7♦ 🃏=8♦"
    assert run["flip"] == [("↔ read it another way", "1")]
    dispatch(s, "reading", "1")
    assert drawn(s)[1]["need"] == "✓ run 🃏=4♦ 5♦ 6♦ 7♦"
