"""What friends do at an online table, for the soak (bench/online.py): sit still on their turn, move
to a new device, open the table on a second device, flood it, leave, react, and play again.

Each is a function of the soak's ``Table`` that acts through the same ``App`` calls the page makes
and checks what the issue promises (issue 40): a still turn is played by a bot (the host's 🤖 at
30 s, or the turn limit's) and its person is told, keeping the seat; a seat asked for from a new
device is given with its hand and the old token stops; a seat taken up on a second device is told
to the host, who may move it back; a flood changes nothing and draws nothing; a guest who leaves
is played by a bot; another game deals the same people in the same seats.
"""
from __future__ import annotations

import json
import random
from typing import Optional

from game.state import Phase


def new_token(rng: random.Random) -> str:
    return rng.getrandbits(128).to_bytes(16, "big").hex()


def moving_guest(table) -> Optional[object]:
    """The connected guest whose turn it is (not a claim), or None."""
    s = table.s
    seat = s.state.current_player
    if seat is None or seat != s.state.turn or s.state.phase is Phase.CLAIMS or not s.person(seat):
        return None
    return next((d for d in table.devices if d.seat == seat and d.conn and not d.gone), None)


def still(table, clock, failure) -> bool:
    """A guest sits still on their turn: at 30 s the host's 🤖 plays that one turn, or at the turn
    limit the table's bot does; either way they are told, and the seat stays theirs."""
    device = moving_guest(table)
    if device is None:
        return False
    s, before = table.s, len(table.s.log.actions)
    table.call(table.app.recheck)                        # the moment is looked at: its clocks start
    if table.rng.random() < 0.5:
        clock.now += 31
        frame = table.call(table.app.recheck)
        if f'data-act="online-bot" data-arg="{device.seat}"' not in frame["html"]:
            raise failure(f"no 🤖 for {device.name}, still for 30 s on their turn")
        table.call(table.app.intent, "online-bot", str(device.seat))
        told = "let a bot play that turn for you"
    else:
        clock.now += s.settings.turn_limit_ms() / 1000 + 1
        table.call(table.app.tick, s.token())
        told = "Your time ran out"
    if len(s.log.actions) == before or device.seat in s.bots:
        raise failure(f"{device.name}'s still turn was not played for them, or the seat went to a bot")
    table.send(device, {"t": "escape"})                  # its screen: the news on it
    if told not in device.html:
        raise failure(f"{device.name} was not told a bot played their turn")
    table.tally.still_turns += 1
    return True


def new_device(table, failure) -> bool:
    """A friend opens the link on a new device: it looks, asks for its seat by name, and the host
    gives it (the old token stops working) or keeps it where it is."""
    dealt = [d for d in table.devices if d.dealt >= 0 and not d.gone]
    if not dealt or table.s.room.asks:
        return False
    device, rng = table.rng.choice(dealt), table.rng
    conn, token = table.new_conn(), new_token(rng)
    look = told(table, conn, {"t": "look"})
    if look.get("t") != "table" or not look["started"] or device.name not in [p["name"] for p in look["people"]]:
        raise failure(f"a look at a started table did not name its seats: {look}")
    table.send(None, {"t": "ask", "seat": str(device.seat), "token": token, "name": device.name}, conn)
    ask = table.s.room.asks[-1]
    give = rng.random() < 0.7
    if f'data-arg="{ask.id}:{"give" if give else "keep"}"' not in table.frame["html"]:
        raise failure("the host was not asked about a seat asked for from a new device")
    old = (device.token, device.conn)
    if give:                                             # the device is the new one from the host's answer on
        device.token, device.conn = token, conn
    table.call(table.app.intent, "online-ask", f"{ask.id}:{'give' if give else 'keep'}")
    if not give:
        if table.app.host.seats.get(conn) is not None or table.last.get(conn, {}).get("t") != "refused":
            raise failure("a seat the host kept went to the new device, or it was not told")
        return True
    if table.app.host.seats.get(conn) != device.seat or table.s.room.guest_at(device.seat).token != token:
        raise failure(f"{device.name}'s seat was not given to the new device")
    table.send(device, {"t": "escape"})
    old = old[0]
    refused = told(table, table.new_conn(), {"t": "hello", "token": old, "name": device.name})
    if refused.get("t") != "refused":
        raise failure("the old token of a seat given to a new device still sits down")
    table.tally.seat_moves += 1
    return True


def second_device(table, failure) -> bool:
    """The seat's token on a second device: the seat moves there, the host is told, and may move
    it back to the first line, which waited (no silent swapping)."""
    here = [d for d in table.devices if d.conn and not d.gone and d.dealt >= 0]
    if not here or table.s.room.asks:
        return False
    device = table.rng.choice(here)
    first, second = device.conn, table.new_conn()
    device.conn = second
    table.send(device, {"t": "hello", "token": device.token, "name": device.name, "device": new_token(table.rng)})
    host = table.app.host
    moved = [a for a in table.s.room.asks if a.kind == "moved" and a.seat == device.seat]
    if host.seats.get(second) != device.seat or host.benched.get(first) != device.seat or not moved:
        raise failure(f"{device.name}'s seat on a second device was not moved there, or the host was not told")
    back = table.rng.random() < 0.5
    device.conn, spare = (first, second) if back else (second, first)
    table.call(table.app.intent, "online-ask", f"{moved[0].id}:{'back' if back else 'ok'}")
    if host.seats.get(device.conn) != device.seat:
        raise failure(f"the host moved {device.name}'s seat back and it did not go")
    table.call(table.app.left, spare)                     # the other page closes
    table.tally.seat_moves += 1
    return True


def flood(table, failure) -> bool:
    """A stranger's flood and a guest's idle escapes: nothing moves, no table is drawn."""
    before = (list(table.s.log.actions), table.s.room.to_json())
    conn = table.new_conn()
    for n in range(120):
        text = json.dumps({"t": "tap", "act": "draw", "arg": ""}) if n % 3 else "x" * (n % 50)
        frame = table.call(table.app.guest, conn, text)
        if frame is not None and "html" in frame:
            raise failure("a stranger's refused message redrew the table")
    here = [d for d in table.devices if d.conn and not d.gone]
    if here:
        device = table.rng.choice(here)
        for _ in range(30):
            frame = table.send(device, {"t": "escape"})
            if frame is not None and "html" in frame and not table.s.ui.frames:
                break                                      # (an escape that closed something is a change)
    if (list(table.s.log.actions), table.s.room.to_json()) != before:
        raise failure("a flood moved the game or the room")
    table.tally.floods += 1
    return True


def leave(table, failure) -> bool:
    """A guest leaves for good (their page asked them first): a bot plays on, the host is told."""
    here = [d for d in table.devices if d.conn and not d.gone and d.dealt >= 0]
    if not here:
        return False
    device = table.rng.choice(here)
    conn = device.conn
    table.send(device, {"t": "leave"})
    if table.last.get(conn, {}).get("t") != "left" or device.seat not in table.s.bots:
        raise failure(f"{device.name} left and no bot plays their seat")
    if f"{device.name} left the table" not in table.frame["html"]:
        raise failure(f"the host was not told {device.name} left")
    device.gone, device.conn = True, ""
    table.tally.leaves += 1
    return True


def react(table) -> bool:
    here = [d for d in table.devices if d.conn and not d.gone]
    if not here:
        return False
    table.send(table.rng.choice(here), {"t": "tap", "act": "react", "arg": table.rng.choice(("thumbs", "party", "oops"))})
    return True


def rematch(table, failure) -> None:
    """At the game's end the host deals another game: the same people in the same seats, told."""
    s, code = table.s, table.s.room.code
    game = s.game
    table.call(table.app.intent, "online-again")
    if s.game == game or s.room is None or s.room.code != code or s.room.game != s.game or s.state.is_over:
        raise failure("play again did not deal another game at the same table")
    for device in table.devices:
        if device.gone or not device.conn:
            continue
        if device.screen != "table" or device.seat != device.dealt or "started another game" not in device.html:
            raise failure(f"{device.name} was not dealt into the next game at their seat, or not told")
    table.tally.rematches += 1


def told(table, conn: str, message: dict) -> dict:
    """What ``conn`` (a line no device holds yet) was told back."""
    table.send(None, message, conn)
    return table.last.get(conn, {})
