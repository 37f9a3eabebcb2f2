"""An online table's game: people on their own devices, the host's session playing for all.

The host's session is a game of people, as pass-and-play is, with one difference: no hand is ever
veiled, because each person looks at their own device. Each guest's screen is the same table
drawn with ``Session.seat`` set to the guest's seat and ``Session.ui`` to the guest's own screen
state (``seated``): the table's model reads ``state.view(seat)``, so it can show nothing that
seat may not see. A person who is away keeps their seat; their turn waits, and after
``AWAY_LIMIT_S`` the host may let a bot play it until they come back (``stand_in``).
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

from game.i18n import Message
from game.state import seat_name

from ..store.room import Room
from ..store.saves import ROOM_KEY
from .screen_state import HUMAN, Ui
from .session import make_bot

AWAY_LIMIT_S = 30            # a person away this long: the host may let a bot play their turns
REACTIONS = {"thumbs": "👍", "laugh": "😂", "wow": "😮", "grr": "😤", "party": "🎉", "oops": "🙈"}
REACTION_S = 4.0             # a reaction shows by its seat this long
REACTION_GAP_S = 1.0         # one seat's reactions at most this often: the rest change nothing
clock: Callable[[], float] = time.monotonic


@contextmanager
def seated(s, seat: int, ui: Ui) -> Iterator[None]:
    """The session as ``seat``'s device sees it, for the length of the block."""
    kept = s.seat, s.ui
    s.seat, s.ui = seat, ui
    ui.now = s.moment
    try:
        yield
    finally:
        s.seat, s.ui = kept


def keep_room(s) -> None:
    if s.room is None:
        s.saves.drop(ROOM_KEY)
    else:
        s.saves.put(ROOM_KEY, s.room.to_json())


def open_room(s) -> Room:
    """The lobby: the room open now, or a new one (its code is new: nobody has it yet)."""
    if s.room is None or (s.room.started and s.room.game != s.game):
        s.room = Room.new(s.level)
        keep_room(s)
    s.ui.screen = "table" if s.room.started else "online"   # a table in play: back to it
    return s.room


def close_room(s) -> None:
    """The host closes the table: guests are told; the game, if one was played, stays a game of
    people on this device (its save is kept as any other)."""
    s.room, s.online = None, ""
    keep_room(s)


def host_name(s) -> str:
    """The host's name at the table: the first person's name in the settings ("Player 1" until
    given; never "You", which every guest's screen would misread)."""
    return seat_name(s.settings.people_names(2)[0])


def start(s) -> None:
    """Deal the room's game: the host at seat 0, the guests in the order they came, bots after."""
    room = s.room
    names = [host_name(s)] + [g.name for g in room.guests]
    s.start(room.level, people=len(names), names=names, online=room.code)
    room.game = s.game
    keep_room(s)


def play_again(s) -> bool:
    """At the game's end, the host deals another game at the same table: the same link, the same
    people in the same seats (those a bot plays for keep their bot until they are back), and
    each guest is told who started it; no one is asked anything."""
    room = s.room
    if room is None or not room.started or s.state is None or not s.state.is_over or s.game != room.game:
        return False
    start(s)
    room.reactions = {}
    for guest in room.guests:
        if guest.stand_in:
            s.bots[guest.seat] = make_bot(room.level)
        # Translators: said to each guest; {host} is the host's name.
        s.told[guest.seat] = Message("🔁 {host} started another game: the same table, your same seat", host=host_name(s))
    s.say(Message("🔁 Another game at the same table: everyone keeps their seat"))
    return True


def adopt(s, room: Optional[Room]) -> None:
    """At boot: the kept room, if it still is this device's table (its game is the one resumed, or
    it waits to start); a room whose game is gone is closed."""
    if room is None:
        return
    if room.started and (s.state is None or s.game != room.game):
        s.room = None
        keep_room(s)
        return
    s.room = room
    if room.started:
        s.online = room.code
        s.ui.veiled = False
        for guest in room.guests:
            if guest.stand_in:
                s.bots[guest.seat] = make_bot(room.level)
            room.away.setdefault(guest.seat, clock())
    else:
        s.ui.screen = "online"


def arrived(s, seat: int) -> None:
    """A guest is connected again: their seat is theirs, whoever played it meanwhile."""
    room = s.room
    room.here.add(seat)
    room.away.pop(seat, None)
    guest = room.guest_at(seat)
    if guest is not None and guest.stand_in:
        guest.stand_in = False
        s.bots.pop(seat, None)
        keep_room(s)


def gone(s, seat: int) -> None:
    room = s.room
    room.here.discard(seat)
    if room.started:
        room.away[seat] = clock()
    else:
        room.leave(seat)
        keep_room(s)


def waiting_on(s) -> Optional[tuple[int, str, Optional[float]]]:
    """The person the table waits for now, if it is another device's: (seat, name, seconds away
    or None while connected)."""
    if s.room is None or not s.online or s.state is None:
        return None
    seat = s.state.current_player
    if seat is None or seat == s.seat or not s.person(seat):
        return None
    since = s.room.away.get(seat) if seat != HUMAN else None
    return seat, s.names[seat], None if since is None else max(0.0, clock() - since)


def may_stand_in(s) -> Optional[tuple[int, str, bool]]:
    """The person whose turn the host may let a bot play now: (seat, name, away). Away for
    AWAY_LIMIT_S, a bot plays for them until they are back; connected but still that long on
    their turn, a bot plays that one turn. None when there is no such person, or elsewhere than
    the host's own screen."""
    waiting = waiting_on(s)
    if waiting is None or s.seat != HUMAN:
        return None
    seat, name, away = waiting
    if away is not None:
        return (seat, name, True) if away >= AWAY_LIMIT_S else None
    idle = s.idle_s()
    return (seat, name, False) if idle is not None and idle >= AWAY_LIMIT_S else None


def recheck_ms(s) -> Optional[int]:
    """When the host's table should be drawn again without a tap: when the person it waits for
    has been away, or still on their turn, for the limit (the "let a bot play" button appears),
    or when a reaction is to go."""
    times = [REACTION_S - age for _, age in reactions(s).values()]
    waiting = waiting_on(s) if s.seat == HUMAN else None
    waited = None if waiting is None else waiting[2] if waiting[2] is not None else s.idle_s()
    if waited is not None and waited < AWAY_LIMIT_S:
        times.append(AWAY_LIMIT_S - waited)
    return int(min(times) * 1000) + 50 if times else None


def stand_in_for_good(s, guest) -> None:
    """A guest left the game: a bot of the table's level plays their seat from now on."""
    guest.left = guest.stand_in = True
    s.bots[guest.seat] = make_bot(s.room.level)
    keep_room(s)


def react(s, seat: int, key: str) -> bool:
    """``seat``'s person sends a reaction (one of REACTIONS, no free text); True if it shows. One
    a seat per REACTION_GAP_S: a stream of them is no stream of redraws."""
    if s.room is None or not s.online or key not in REACTIONS or not s.person(seat):
        return False
    last = s.room.reactions.get(seat)
    if last is not None and clock() - last[1] < REACTION_GAP_S:
        return False
    s.room.reactions[seat] = (REACTIONS[key], clock())
    return True


def reactions(s) -> dict[int, tuple[str, float]]:
    """The reactions on show now: seat -> (emoji, seconds since it was sent)."""
    if s.room is None:
        return {}
    at = clock()
    return {seat: (emoji, at - when) for seat, (emoji, when) in s.room.reactions.items() if at - when < REACTION_S}


def stand_in(s, seat: int) -> bool:
    """A bot plays ``seat``: until its person comes back if they are away, else this one turn
    (only once they are away or still long enough)."""
    allowed = may_stand_in(s)
    guest = s.room.guest_at(seat) if s.room is not None else None
    if allowed is None or allowed[0] != seat or guest is None:
        return False
    if not allowed[2]:
        # Translators: said to a guest; {host} is the host's name, {name} the guest's.
        return s.play_turn_for(seat, Message("🤖 {host} let a bot play that turn for you, {name}: you had not moved "
                                             "for a while. The next one is yours", host=host_name(s), name=guest.name))
    guest.stand_in = True
    s.bots[seat] = make_bot(s.room.level)
    keep_room(s)
    return True
