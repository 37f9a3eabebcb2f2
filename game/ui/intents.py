"""Taps and keys, as intents: ``data-act`` + ``data-arg`` from the page → the session.

One function per intent, chosen from a table, so the DOM layer stays one
delegated listener and every intent can be unit-tested without a browser.
"""
from __future__ import annotations

from typing import Callable

from game.state import Phase
from game.solver import solve

from . import frames as fr
from .controller import HUMAN, LEVEL_NAMES, Session
from .words import SORTS


def _specs(s: Session):
    return s.state.contract_of(HUMAN).melds


def _by_key(s: Session) -> dict:
    return {c.key: c for c in s.state.seats[HUMAN].hand}


def tap_card(s: Session, key: str) -> None:
    card = s.hand_card(key)
    if card is None:  # a table card, or a card already played by an earlier tap
        return
    if s.ui.frames is not None:
        note = fr.toggle(s.ui.frames, card, _by_key(s), _specs(s), s.state.rules)
        s.say(note, "error" if note else "info")
        return
    s.ui.selected = None if s.ui.selected == key else key
    s.ui.end_for = None
    s.say("")


def open_frames(s: Session, _: str = "") -> None:
    me = s.state.seats[HUMAN]
    if me.down:
        s.say("You are already down this deal: lay off instead", "error")
    elif not s.my_turn():
        s.say("Wait for your turn to go down", "error")
    elif s.state.phase is not Phase.PLAY:
        s.say("Draw a card first, then go down", "error")
    else:
        s.ui.frames = fr.Frames.open(_specs(s))
        s.ui.selected = None
        s.say(f"Tap cards to fill the frames: {s.state.contract_of(HUMAN).describe()}")


def fill(s: Session, _: str = "") -> None:
    if s.ui.frames is None:
        return
    found = solve(s.state.seats[HUMAN].hand, s.state.contract_of(HUMAN), s.state.rules)
    if not found.ok:
        s.say(f"Your hand cannot make the contract yet. {found.missing}", "error")
        return
    s.ui.frames = fr.Frames.open(_specs(s))
    fr.fill_from(s.ui.frames, found.melds, s.state.rules)
    s.say("Filled in. Move any card you like, then ✅ Lay it down")


def lay(s: Session, _: str = "") -> None:
    if s.ui.frames is None:
        return
    melds = fr.chosen_melds(s.ui.frames, _by_key(s), _specs(s), s.state.rules)
    if melds is None:
        s.say("Every frame must hold a real meld before you lay them down", "error")
        return
    if s.go_down(melds):
        s.say("You went down. Lay off what you can, then discard")


def cancel(s: Session, _: str = "") -> None:
    s.ui.frames = None
    s.ui.selected = s.ui.end_for = None
    s.say("")


def pick_frame(s: Session, arg: str) -> None:
    if s.ui.frames is not None and arg.isdecimal() and int(arg) < len(s.ui.frames.keys):
        s.ui.frames.active = int(arg)


def next_reading(s: Session, arg: str) -> None:
    if s.ui.frames is not None and arg.isdecimal() and int(arg) < len(s.ui.frames.keys):
        s.ui.frames.readings[int(arg)] += 1


def tap_meld(s: Session, arg: str) -> None:
    if s.ui.frames is None and arg.isdecimal():
        s.lay_off(int(arg))


def tap_wild(s: Session, arg: str) -> None:
    """A wild on a table meld (house rule wild swap): ``arg`` is 'meld:index'."""
    meld, _, index = arg.partition(":")
    if s.ui.frames is None and meld.isdecimal() and index.isdecimal():
        s.swap_wild(int(meld), int(index))


def pick_end(s: Session, arg: str) -> None:
    if s.ui.end_for and arg in ("low", "high"):
        key, meld = s.ui.end_for
        s.ui.selected = key
        s.lay_off(meld, arg)


def tap_stock(s: Session, _: str = "") -> None:
    if s.state.phase is Phase.DRAW:
        s.draw()


def tap_discard(s: Session, _: str = "") -> None:
    if s.state.phase in (Phase.DRAW, Phase.SWAP):
        s.take()


def sort(s: Session, _: str = "") -> None:
    s.ui.sort = SORTS[(SORTS.index(s.ui.sort) + 1) % len(SORTS)]


def next_deal(s: Session, _: str = "") -> None:
    if s.state.phase is Phase.DEAL_OVER:
        s.next_deal()


def show_scores(s: Session, _: str = "") -> None:
    """From everyone's cards at the end of a deal (or its going-out play) to the scores."""
    s.reveal(to="")


def change_setting(s: Session, arg: str) -> None:
    name, _, value = arg.partition("=")
    if s.settings.change(name, value):
        s.store_settings()


def toggle_house(s: Session, arg: str) -> None:
    """A house-rule switch on the new-game screen: remembered for the next game."""
    if s.settings.toggle_house(arg):
        s.store_settings()


def pick_level(s: Session, arg: str) -> None:
    """A level tapped: a new game at once, unless that would leave a game in progress: then the
    player is asked first (the start screen, with the question over it)."""
    if s.state is not None and not s.state.is_over:
        s.ui.confirm = arg if arg in LEVEL_NAMES else "sprout"
        s.ui.screen = "start"
    else:
        s.start(arg)


def confirm_level(s: Session, _: str = "") -> None:
    if s.ui.confirm:
        s.start(s.ui.confirm)


def keep_game(s: Session, _: str = "") -> None:
    s.ui.confirm = ""
    to_table(s)


def dismiss(s: Session, _: str = "") -> None:
    s.ui.alert = ""


def play_here(s: Session, _: str = "") -> None:
    s.play_here()


def load_other(s: Session, _: str = "") -> None:
    s.play_theirs()


def toggle_settings(s: Session, _: str = "") -> None:
    s.ui.settings_open = not s.ui.settings_open


def to_menu(s: Session, _: str = "") -> None:
    s.ui.screen = "start"
    s.ui.frames = None


def to_table(s: Session, _: str = "") -> None:
    if s.state is not None:
        s.ui.screen = "table"


NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "card": tap_card,
    "godown": open_frames,
    "fill": fill,
    "lay": lay,
    "cancel": cancel,
    "frame": pick_frame,
    "reading": next_reading,
    "meld": tap_meld,
    "wild": tap_wild,
    "end": pick_end,
    "stock": tap_stock,
    "discard-pile": tap_discard,
    "sort": sort,
    "next": next_deal,
    "scores": show_scores,
    "draw": lambda s, _: s.draw(),
    "take": lambda s, _: s.take(),
    "swap": lambda s, _: s.swap(),
    "pass": lambda s, _: s.pass_(),
    "steal": lambda s, _: s.steal(),
    "discard": lambda s, _: s.discard(),
    "resume": to_table,
    "menu": to_menu,
}
ALWAYS: dict[str, Callable[[Session, str], None]] = {
    "level": pick_level,
    "confirm": confirm_level,
    "keep": keep_game,
    "settings": toggle_settings,
    "set": change_setting,
    "house": toggle_house,
    "dismiss": dismiss,
    "play-here": play_here,
    "load-other": load_other,
}
# While another tab holds the game (ui.elsewhere), only these mean anything besides ALWAYS.
WHILE_ELSEWHERE = {"menu", "resume", "sort"}


def dispatch(s: Session, act: str, arg: str = "") -> bool:
    """Run one intent; False when it means nothing now (no game, unknown act, another tab's turn)."""
    if act in ALWAYS:
        ALWAYS[act](s, arg)
        return True
    if act in NEEDS_GAME and s.state is not None and (not s.ui.elsewhere or act in WHILE_ELSEWHERE):
        NEEDS_GAME[act](s, arg)
        s.keep_frames()                   # frames in progress are saved too: a reload keeps them
        return True
    return False
