"""Online-table soak: ``python -m bench.online --games 200 --seed 1`` (``--json``: the summary as JSON).

Whole games of an online table through the host's own ``App`` (no browser, no network): the
session objects over the same protocol the page carries (game/ui/online/protocol.py). Each game
takes a random rulebook, 2–4 people (the host and 1–3 guests) and a bot level for the empty
seats. The host opens the room, the guests say hello, the host starts. Then:

- bots move when the host's frame sets a timer (``app.tick``); the host taps its own screen
  (``app.intent``); a guest knows only the last screen sent to it, and acts only by tap messages
  (``app.guest``) decided from that HTML: draw, ✨ fill the frames and go down when offered, lay
  off, pick a card and discard, steal or pass at random, and now and then any button it sees;
- guests drop and come back on a new connection (the same token), sometimes reloading over a
  line the host has not seen close; the host reloads now and then (a new ``App`` from the
  store) and the guests reconnect; a guest stays away past ``AWAY_LIMIT_S`` (the clock advanced)
  and the host lets a bot play that seat (🤖, offered only past the limit), until they return;
- friends do what friends do (bench/online_friends.py): a guest sits still on their turn (the
  host's 🤖 at 30 s, or the turn limit), a seat moves to a new device (asked for, given or kept)
  or is taken up on a second one (the host told, and moving it back or not), a stranger floods
  the table and a guest taps Escape again and again, a guest leaves for good, reactions; at the
  end, every other game is played again with the same people in the same seats;
- forged messages (too long, not JSON, too deep, unknown fields, acts no guest may send,
  arguments no tap makes, guessed tokens, taps from a line that never said hello, moves out of
  turn) are refused and change neither the game's log nor the room.

After every message: each text sent to a guest parses; a guest's frame is for its own seat
(the room's seat of its token); while a deal is in progress it holds no card key but those the
seat may see (its hand, the table, the pile): no other hand, never the stock; no exception;
each game ends within MAX_STEPS, and the table never waits on a person whose device cannot
act (STUCK_STEPS without a move). One line per game and a summary; exit 1 on the first failure,
with the seed to replay.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import re
import sys
import time
from dataclasses import dataclass, field
from html import unescape
from typing import Optional

from game.ui.app import App
from game.ui.dispatch import ALWAYS, NEEDS_GAME
from game.ui.online.protocol import GUEST_ACTS, MAX_CHARS
from game.ui.session import clock as clock_module
from game.ui.session import online
from game.ui.session import session as session_module

from bench import online_friends as friends

RULEBOOKS = ("aggravation", "gallery", "contract")
LEVELS = ("sprout", "scout", "ace")
NAMES = ("Ana", "Ben", "Cy")
MAX_STEPS = 40_000
REMATCH_STEPS = 400        # steps of the next game played, after play again
STUCK_STEPS = 300          # steps without a move in the log: the table waits on someone who cannot act
KEY = re.compile(r"\b(?:[A2-9TJQK][HDCS]|JK)/\d+\b")
CARD_CODE = re.compile(r'data-card="([^"]*)"')
TOP = re.compile(r"<div ([^>]*data-screen=[^>]*)>")
BUTTON = re.compile(r"<button ([^>]*)>")
ATTR = re.compile(r'([\w-]+)(?:="([^"]*)")?')
PROMPT = re.compile(r'<p class="prompt"[^>]*>(.*?)</p>')
# App.guest turns an exception into a refusal ("line-3: KeyError: …") so the host's table goes on: a bug here.
RAISED = re.compile(r"[^:]*: (its screen could not be drawn|[A-Z]\w*: )")
NOT_FOR_GUESTS = sorted((set(ALWAYS) | set(NEEDS_GAME)) - GUEST_ACTS)   # the host's page sends these; no guest may
MOVES = ("draw", "take", "discard", "steal", "pass", "swap", "layoff-all", "godown", "lay", "stock",
         "discard-pile")


class Failure(AssertionError):
    """The soak found a bug: the message says what and where."""


# ---------------------------------------------------------------- a device's screen, as it can read it


class Screen:
    """The controls on a screen (``data-act`` buttons), its prompt and the table's data attributes:
    all a guest's device knows of the game, read from the HTML it was sent."""

    def __init__(self, html: str) -> None:
        top = TOP.search(html)
        self.top = dict(ATTR.findall(top.group(1))) if top else {}
        prompt = PROMPT.search(html)
        self.prompt = unescape(prompt.group(1)) if prompt else ""
        hand_at = html.find('data-zone="hand"')
        hand_end = html.find("</main>", hand_at)
        self.controls = []
        for found in BUTTON.finditer(html):
            a = dict(ATTR.findall(found.group(1)))
            if "data-act" in a:
                in_hand = hand_at >= 0 and hand_at < found.start() < hand_end
                self.controls.append({"act": unescape(a["data-act"]), "arg": unescape(a.get("data-arg", "")),
                                      "enabled": "disabled" not in a, "pressed": a.get("aria-pressed") == "true",
                                      "zone": "hand" if in_hand else "", "card": a.get("data-card")})

    @property
    def phase(self) -> str:
        return self.top.get("data-phase", "")

    @property
    def my_turn(self) -> bool:
        return self.top.get("data-my-turn") == "true"

    @property
    def token(self) -> str:
        return self.top.get("data-token", "")

    def enabled(self) -> dict[str, dict]:
        out: dict[str, dict] = {}
        for c in self.controls:
            if c["enabled"]:
                out.setdefault(c["act"], c)
        return out

    def hand(self) -> list[dict]:
        return [c for c in self.controls if c["act"] == "card" and c["zone"] == "hand"]


def discard_pick(hand: list[dict], tried: set, rng: random.Random) -> Optional[dict]:
    """The card a simple player throws: no joker, the loneliest rank (fewest of it in hand)."""
    codes = [c["card"] or "" for c in hand]
    ranks = [code[:-1] for code in codes]
    left = [c for c in hand if "discard:" + c["arg"] not in tried]
    if not left:
        return None
    return min(left, key=lambda c: ((c["card"] or "") == "JK", ranks.count((c["card"] or "")[:-1]), rng.random()))


def decide(screen: Screen, tried: set, rng: random.Random) -> Optional[tuple[str, str]]:
    """The tap a simple player makes on this screen, or None when it has nothing to do here.
    ``tried``: what it already tapped at this moment of the table (its screen's token), noted here."""
    acts = screen.enabled()

    def fresh(act: str) -> bool:
        return act in acts and act not in tried

    def tap(act: str, arg: str = "", note: Optional[str] = None) -> tuple[str, str]:
        tried.add(note or act)
        return act, arg

    if screen.phase == "deal_over":
        return next(((act, acts[act]["arg"]) for act in ("next", "scores", "onward") if act in acts), None)
    if "steal" in acts and "pass" in acts:
        return ("steal" if rng.random() < 0.3 else "pass"), ""
    if screen.phase == "swap" and "pass" in acts:
        return "pass", ""
    if fresh("draw"):
        return tap("take") if "take" in acts and rng.random() < 0.2 else tap("draw")
    if screen.phase != "play" or not screen.my_turn:
        return None
    for act in ("lay", "lay-extra", "fill", "find-extra", "godown", "layoff-all"):
        if fresh(act):
            return tap(act)
    shown = {c["act"] for c in screen.controls}
    if "cancel" in acts and ("lay" in shown or "lay-extra" in shown):   # frames open, nothing more to try
        return tap("cancel", note="cancel:" + str(len(tried)))
    if fresh("another") and rng.random() < 0.5:
        return tap("another")
    hand = screen.hand()
    chosen = next((c for c in hand if c["pressed"]), None)
    if chosen is not None and "discard" in acts and "discard:" + chosen["arg"] not in tried:
        return tap("discard", note="discard:" + chosen["arg"])
    pick = discard_pick(hand, tried, rng)
    return None if pick is None else ("card", pick["arg"])


# ---------------------------------------------------------------- the people


@dataclass
class Device:
    """A guest's phone: its token (kept on the device), its line to the host, the last screen."""

    token: str
    name: str
    conn: str = ""               # "" while not connected
    seat: int = -1
    html: str = ""
    screen: str = ""
    long_away: bool = False      # away until a bot has played its seat
    gone: bool = False           # left the table for good: a bot plays the seat
    dealt: int = -1              # its seat once the game started: always the same
    tried: tuple = ("", set())   # (screen token, taps that did nothing at it)

    def memo(self, token: str) -> set:
        if self.tried[0] != token:
            self.tried = (token, set())
        return self.tried[1]


class Clock:
    """online.clock, as the soak moves it: a guest can be away for a minute in no time."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Tally:
    steps: int = 0
    to_guests: int = 0
    from_guests: int = 0
    bytes: int = 0
    refused: int = 0             # forged messages refused
    out_of_turn: int = 0         # moves tapped out of turn: heard, and nothing moved
    guest_moves: int = 0         # moves in the game's log made by guests' taps
    reloads: int = 0
    stand_ins: int = 0
    still_turns: int = 0         # turns a guest sat still through, played by a bot (the host's or the limit's)
    seat_moves: int = 0          # seats given to a new device, or taken up on a second one
    floods: int = 0
    leaves: int = 0
    rematches: int = 0
    leaks: int = 0
    errors: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Table:
    """One game: the host's App, the guests' devices, the wire between them."""

    seed: int
    tally: Tally
    rng: random.Random = field(init=False)
    app: App = field(init=False)
    frame: dict = field(init=False)
    devices: list[Device] = field(default_factory=list)
    host_tried: tuple = ("", set())
    lines: int = 0
    last: dict = field(default_factory=dict)     # connection -> the last message it was sent
    clock: Optional[object] = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.rules = self.rng.choice(RULEBOOKS)
        self.level = self.rng.choice(LEVELS)
        self.people = self.rng.randint(2, 4)
        self.app = App({}, {"speed": "0", "rules": self.rules})
        self.frame = self.app.boot()

    @property
    def s(self):
        return self.app.session

    def new_conn(self) -> str:
        self.lines += 1
        return f"line-{self.lines}"

    # ------------------------------------------------------------ the wire

    def call(self, what, *args) -> Optional[dict]:
        """One App call: its frame kept as the host's screen, its texts carried to the devices."""
        try:
            frame = what(*args)
        except Exception as error:  # noqa: BLE001 (the soak's point: any exception is a bug)
            self.tally.errors += 1
            raise Failure(f"{what.__name__}{args!r} raised {type(error).__name__}: {error}") from error
        if frame is not None:
            raised = [why for why in frame.get("refusals", []) if RAISED.match(why)]
            if raised:
                self.tally.errors += 1
                raise Failure(f"{what.__name__}{args!r}: the host caught {raised}")
            if "html" in frame:                        # (a message that changed nothing: the online fields alone)
                self.frame = frame
                if frame["screen"] == "table":
                    self.check_html(0, frame["html"])  # the host sits at the table too: its own hand only
            self.carry(frame)
        self.check_seats()
        return frame

    def carry(self, frame: dict) -> None:
        for conn, text in frame.get("peers", []):
            self.tally.to_guests += 1
            self.tally.bytes += len(text.encode())
            device = next((d for d in self.devices if d.conn == conn), None)
            data = self.check_text(device, text)
            self.last[conn] = data
            if device is not None and data["t"] == "frame":
                if device.dealt >= 0 and data["seat"] != device.dealt:
                    raise Failure(f"{device.name}, dealt seat {device.dealt}, was sent seat {data['seat']}'s screen")
                device.seat, device.html, device.screen = data["seat"], data["html"], data["screen"]
        for conn in frame.get("drop", []):
            device = next((d for d in self.devices if d.conn == conn), None)
            if device is not None:
                device.conn = ""
            self.call(self.app.left, conn)            # the page closes the line and says so

    def check_text(self, device: Optional[Device], text: str) -> dict:
        try:
            data = json.loads(text)
        except ValueError as error:
            raise Failure(f"a text to a guest is not JSON: {error}: {text[:80]!r}") from None
        if data.get("t") not in ("frame", "refused", "closed", "moved", "table", "left"):
            raise Failure(f"a text of no kind a guest reads: {text[:80]!r}")
        if data["t"] != "frame":
            return data
        seat = data["seat"]
        room = self.s.room
        guest = room.guest_at(seat) if room is not None else None
        if device is not None and (guest is None or guest.token != device.token):
            raise Failure(f"{device.name}'s line was sent seat {seat}'s screen")
        if data["screen"] == "table":
            self.check_html(seat, data["html"])
        return data

    def check_html(self, seat: int, html: str) -> None:
        """While a deal is in progress a seat's screen names no card but those it may see: its hand,
        the table's melds, the pile (by key, or by code on a card's face)."""
        state = self.s.state
        if state is None or state.current_player is None:
            return                                    # a deal's end shows every hand: public at a table too
        view = state.view(seat)
        seen = {c.key for c in view.hand} | {c.key for c in view.pile} | {c.key for m in view.table for c in m.meld.cards}
        extra = set(KEY.findall(html)) - seen
        codes = set(CARD_CODE.findall(html)) - {key.split("/")[0] for key in seen}
        if extra or codes:
            self.tally.leaks += 1
            raise Failure(f"seat {seat}'s screen holds cards it may not see: {sorted(extra | codes)}")

    def check_seats(self) -> None:
        """Each line the host knows sits at the seat of the device behind it."""
        room = self.s.room
        for conn, seat in self.app.host.seats.items():
            device = next((d for d in self.devices if d.conn == conn), None)
            if device is None:
                raise Failure(f"the host seats {conn} at {seat}, a line no device holds")
            guest = room.guest_at(seat) if room is not None else None
            if guest is None or guest.token != device.token:
                raise Failure(f"{device.name}'s line sits at seat {seat}, the seat of "
                              f"{guest.name if guest else 'nobody'}")

    def send(self, device: Optional[Device], message: dict, conn: Optional[str] = None) -> Optional[dict]:
        self.tally.from_guests += 1
        return self.call(self.app.guest, conn or device.conn, json.dumps(message))

    def hello(self, device: Device, keep_old: bool = False) -> None:
        """The device connects (again) on a new line; ``keep_old``: its old line is not yet seen closed."""
        if device.conn and not keep_old:
            self.call(self.app.left, device.conn)
        device.conn = self.new_conn()
        self.send(device, {"t": "hello", "token": device.token, "name": device.name})
        guest = self.s.room.guest_at(device.seat) if self.s.room is not None else None
        if device.dealt >= 0 and (guest is None or guest.stand_in or device.seat in self.s.bots):
            raise Failure(f"{device.name} came back and did not get their seat back from the bot")

    def leave(self, device: Device) -> None:
        conn, device.conn = device.conn, ""
        self.call(self.app.left, conn)

    # ------------------------------------------------------------ the lobby

    def open_room(self) -> None:
        self.call(self.app.intent, "online")
        self.call(self.app.intent, "online-level", self.level)
        for n in range(self.people - 1):
            device = Device(self.rng.getrandbits(128).to_bytes(16, "big").hex(), NAMES[n])
            self.devices.append(device)
            self.hello(device)
        for _ in range(self.rng.randint(0, 2)):      # someone leaves the lobby and comes back: seats move up
            device = self.rng.choice(self.devices)
            self.leave(device)
            self.hello(device)
        for device in self.devices:
            if device.screen != "lobby" or "<h1>🌐 " not in device.html:
                raise Failure(f"{device.name} was not shown the lobby")
        self.call(self.app.intent, "online-start")
        if self.s.room is None or not self.s.room.started or self.s.people != self.people:
            raise Failure("the host's Start dealt no game of these people")
        for device in self.devices:
            if device.screen != "table" or self.s.names[device.seat] != device.name:
                raise Failure(f"{device.name} was not dealt in at their own seat")
            device.dealt = device.seat

    # ------------------------------------------------------------ one step

    def step(self) -> None:
        rng = self.rng
        roll = rng.random()
        here = [d for d in self.devices if d.conn]
        away = [d for d in self.devices if not d.conn and not d.long_away and not d.gone]
        if 0.08 <= roll < 0.095 and self.friends(roll):
            return
        if roll < 0.003:
            self.reload()
        elif roll < 0.013:
            self.forge()
        elif roll < 0.023 and here:
            device = rng.choice(here)
            self.leave(device)
            device.long_away = rng.random() < 0.3
        elif roll < 0.03 and here:
            self.hello(rng.choice(here), keep_old=True)  # a reload on the device: the old line still open
        elif roll < 0.06 and away:
            self.hello(rng.choice(away))
        elif roll < 0.08 and here:
            self.random_tap(rng.choice(here))
        else:
            self.move_on()

    def friends(self, roll: float) -> bool:
        """Now and then what friends do (bench/online_friends.py); False if it did not apply."""
        if roll < 0.083:
            return friends.still(self, self.clock, Failure)
        if roll < 0.085:
            return friends.new_device(self, Failure)
        if roll < 0.087:
            return friends.second_device(self, Failure)
        if roll < 0.088:
            return friends.flood(self, Failure)
        if roll < 0.0885 and sum(not d.gone for d in self.devices) > 1:
            return friends.leave(self, Failure)
        return friends.react(self)

    def move_on(self) -> None:
        """Whoever the table waits for acts: a bot's timer, the host's tap, a guest's tap."""
        s = self.s
        seat = s.state.current_player
        if seat is None:
            self.between_deals()
        elif not s.person(seat):
            self.tick()
        elif seat == 0:
            self.host_taps()
        else:
            device = next(d for d in self.devices if d.seat == seat)
            if device.conn:
                self.guest_taps(device)
            elif device.long_away:
                self.stand_in(device)
            else:
                self.check_waiting(device)
                self.hello(device)

    def tick(self) -> None:
        timer = self.frame.get("timer")
        if timer is None:
            raise Failure("a bot is to move and the host's frame sets no timer")
        if self.call(self.app.tick, timer[1]) is None:
            raise Failure("a bot's timer did nothing")

    def between_deals(self) -> None:
        if self.frame.get("timer"):
            self.tick()
            return
        choices = [None] + [d for d in self.devices if d.conn and d.screen == "table"]
        who = self.rng.choice(choices)
        if who is None:
            self.host_taps()
        else:
            self.guest_taps(who)

    def host_taps(self) -> None:
        screen = Screen(self.frame["html"])
        if self.host_tried[0] != screen.token:
            self.host_tried = (screen.token, set())
        choice = decide(screen, self.host_tried[1], self.rng)
        if choice is None:
            raise Failure(f"the host has no tap to make at {screen.phase!r}: {screen.prompt!r}")
        self.call(self.app.intent, *choice)

    def guest_taps(self, device: Device) -> None:
        screen = Screen(device.html)
        choice = decide(screen, device.memo(screen.token), self.rng)
        if choice is None:
            if self.s.state.current_player == device.seat:
                raise Failure(f"{device.name} (seat {device.seat}) is to move and its screen offers no "
                              f"tap that moves the game: {screen.phase!r}, {screen.prompt!r}")
            return
        before = len(self.s.log.actions)
        self.send(device, {"t": "tap", "act": choice[0], "arg": choice[1]})
        self.tally.guest_moves += len(self.s.log.actions) - before

    def random_tap(self, device: Device) -> None:
        controls = Screen(device.html).controls
        if self.rng.random() < 0.1:
            self.send(device, {"t": "escape"})
        elif controls:
            c = self.rng.choice(controls)
            self.send(device, {"t": "tap", "act": c["act"], "arg": c["arg"]})

    # ------------------------------------------------------------ people away, the host away

    def check_waiting(self, device: Device) -> None:
        """The host's table says whom it waits for, and that they are away (drawn afresh, as the
        page's recheck timer does)."""
        prompt = Screen(self.call(self.app.recheck)["html"]).prompt
        if f"Waiting for {device.name}: they are away" not in prompt:
            raise Failure(f"{device.name} is away on their turn and the host's table says {prompt!r}")

    def stand_in(self, device: Device) -> None:
        """The host lets a bot play an away person's seat: 🤖 only once they are away long enough."""
        self.check_waiting(device)
        frame = self.frame
        if "online-bot" in {c["act"] for c in Screen(frame["html"]).controls}:
            if online.clock() - self.s.room.away[device.seat] < online.AWAY_LIMIT_S:
                raise Failure("🤖 offered before the away limit")
        else:
            online.clock.now += online.AWAY_LIMIT_S + 1
            frame = self.call(self.app.recheck)
            bot = [c for c in Screen(frame["html"]).controls if c["act"] == "online-bot"]
            if [c["arg"] for c in bot] != [str(device.seat)]:
                raise Failure(f"no 🤖 for {device.name}, away past the limit")
        self.call(self.app.intent, "online-bot", str(device.seat))
        if device.seat not in self.s.bots:
            raise Failure(f"🤖 tapped and no bot plays {device.name}'s seat")
        self.tally.stand_ins += 1
        device.long_away = False              # back whenever the soak brings it back

    def reload(self) -> None:
        """The host's page reloads: a new App from what the store held; every guest's line is gone."""
        before = list(self.s.log.actions)
        self.app = App(dict(self.app.store.values), {"speed": "0", "rules": self.rules})
        self.frame = self.app.boot()
        s = self.s
        if s.room is None or s.log.actions != before or s.online != s.room.code:
            raise Failure("the host's reload lost the room or the game")
        for device in self.devices:
            device.conn = ""
        self.tally.reloads += 1
        for device in self.devices:
            if self.rng.random() < 0.7 and not device.gone:
                self.hello(device)

    # ------------------------------------------------------------ forgeries

    def forge(self) -> None:
        """A message no honest device sends: refused, and nothing moves."""
        rng = self.rng
        here = [d for d in self.devices if d.conn]
        kind = rng.randrange(13)
        stranger = kind > 8 or not here or (kind == 8 and rng.random() < 0.5)   # a guest may guess too
        device = rng.choice(here) if here else None
        conn = self.new_conn() if stranger else device.conn
        token = rng.getrandbits(128).to_bytes(16, "big").hex()
        texts = [
            json.dumps({"t": "tap", "act": "draw", "arg": " " * MAX_CHARS}),
            '{"t": "tap", "act": "draw", "arg": "',
            '{"t": "tap", "act": "draw", "arg": "", "x": ' + "[" * 40 + "]" * 40 + "}",
            json.dumps({"t": "tap", "act": "draw", "arg": "", "seat": 0}),
            json.dumps({"t": "tap", "act": "draw", "arg": 7}),
            json.dumps({"t": "tap", "act": rng.choice(NOT_FOR_GUESTS), "arg": ""}),
            json.dumps({"t": "tap", "act": "card", "arg": "<img src=x onerror=alert(1)>"}),
            json.dumps({"t": "frame", "seat": 0, "screen": "table", "html": ""}),
            json.dumps({"t": "hello", "token": token, "name": "Mallory"}),
            json.dumps({"t": rng.choice(("tap", "escape")), "act": "draw", "arg": ""}
                       if rng.random() < 0.5 else {"t": "escape"}),
            json.dumps({"t": "hello", "token": token.upper(), "name": "Mallory"}),
            json.dumps({"t": rng.choice(([], {}, 1, None)), "act": "draw", "arg": ""}),
            json.dumps({"t": "hello", "token": token, "name": "M" * 101}),
        ]
        text = texts[kind]
        before = (list(self.s.log.actions), self.s.room.to_json())
        self.tally.from_guests += 1
        frame = self.call(self.app.guest, conn, text)
        told = [t for c, t in (frame or {}).get("peers", []) if c == conn]
        heard = bool((frame or {}).get("refusals")) or any('"refused"' in t or '"closed"' in t for t in told)
        if not heard:
            raise Failure(f"a forged message was not refused: {text[:100]!r}")
        if (list(self.s.log.actions), self.s.room.to_json()) != before:
            raise Failure(f"a forged message changed the game or the room: {text[:100]!r}")
        self.tally.refused += 1
        self.out_of_turn()

    def out_of_turn(self) -> None:
        """A guest taps a move when it is not its turn: heard, and nothing moves."""
        mover = self.s.state.current_player
        idle = [d for d in self.devices if d.conn and d.seat != mover]
        if not idle or mover is None:
            return
        before = list(self.s.log.actions)
        self.send(self.rng.choice(idle), {"t": "tap", "act": self.rng.choice(MOVES), "arg": ""})
        if list(self.s.log.actions) != before:
            raise Failure("a guest moved out of turn")
        self.tally.out_of_turn += 1

    # ------------------------------------------------------------ the game

    def play(self) -> int:
        self.open_room()
        still, last = 0, -1
        for step in range(MAX_STEPS):
            if self.s.state.is_over:
                self.finish()
                return step
            self.step()
            self.tally.steps += 1
            moved = len(self.s.log.actions)
            still = still + 1 if moved == last else 0
            last = moved
            if still > STUCK_STEPS:
                raise Failure(f"no move in {STUCK_STEPS} steps: waiting on seat {self.s.state.current_player}, "
                              f"host: {Screen(self.frame['html']).prompt!r}")
        raise Failure(f"no end after {MAX_STEPS} steps")

    def finish(self) -> None:
        """At the end every device back on its line sees the game's end on its own screen; every
        other game, the host plays again with the same people (a few hundred steps of it)."""
        for device in self.devices:
            if device.gone:
                continue
            if not device.conn:
                self.hello(device)
            if Screen(device.html).phase != "game_over":
                raise Failure(f"{device.name}'s screen does not show the game's end")
        if self.rng.random() < 0.5:
            friends.rematch(self, Failure)
            for _ in range(REMATCH_STEPS):
                if self.s.state.is_over:
                    break
                self.step()
                self.tally.steps += 1


# ---------------------------------------------------------------- running it


def play(seed: int, tally: Tally) -> tuple[str, int, str, int]:
    """One game; (rulebook, people, level, steps). Failure on any bug."""
    clock, kept_clock, kept_random = Clock(), online.clock, session_module.random
    deals = random.Random(f"deals:{seed}")

    class Dealt:                      # the session's `random`, its games' seeds drawn from the soak's
        SystemRandom = random.SystemRandom

        @staticmethod
        def Random(*args):            # noqa: N802 (stands in for random.Random)
            return random.Random(*args) if args else random.Random(deals.getrandbits(32))

    kept_now = clock_module.now
    online.clock, session_module.random, clock_module.now = clock, Dealt, clock
    try:
        table = Table(seed, tally)
        table.clock = clock
        return table.rules, table.people, table.level, table.play()
    finally:
        online.clock, session_module.random, clock_module.now = kept_clock, kept_random, kept_now


def one(seed: int) -> tuple[int, str, Optional[str], Tally]:
    """A game in a worker: (seed, its line, the failure or None, its tally)."""
    tally = Tally()
    try:
        rules, people, level, steps = play(seed, tally)
    except Failure as failure:
        return seed, "", str(failure), tally
    return seed, f"seed {seed}: {rules}, {people} people, {level} bots: {steps} steps", None, tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="processes (1: in this process)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    args = parser.parse_args(argv)
    start, total, games = time.perf_counter(), Tally(), 0
    seeds = range(args.seed, args.seed + args.games)
    pool = multiprocessing.get_context("fork").Pool(args.workers) if args.workers > 1 else None
    try:
        for seed, line, failure, tally in (pool.imap(one, seeds) if pool else map(one, seeds)):
            total.add(tally)
            if failure is not None:
                print(f"seed {seed}: FAILED: {failure}  (replay: python -m bench.online --games 1 --seed {seed})")
                return 1
            games += 1
            if not args.json:
                print(line, flush=True)
    finally:
        if pool:
            pool.terminate()
    seconds = time.perf_counter() - start
    data = {"command": f"python -m bench.online --games {args.games} --seed {args.seed}",
            "games": games, "steps": total.steps, "messages": total.to_guests + total.from_guests,
            "to_guests": total.to_guests, "from_guests": total.from_guests, "bytes_sent": total.bytes,
            "guest_moves": total.guest_moves, "refused_forgeries": total.refused,
            "out_of_turn_taps": total.out_of_turn, "host_reloads": total.reloads, "stand_ins": total.stand_ins,
            "still_turns": total.still_turns, "seat_moves": total.seat_moves, "floods": total.floods,
            "leaves": total.leaves, "rematches": total.rematches,
            "leaks": total.leaks, "errors": total.errors, "seconds": round(seconds, 1)}
    if args.json:
        print(json.dumps(data))
    else:
        print(f"{games} games, {total.steps} steps, {data['messages']} messages ({total.to_guests} to guests, "
              f"{total.from_guests} from them, {total.guest_moves} moves by guests' taps), "
              f"{total.bytes / 1e6:.0f} MB sent, {total.refused} forgeries refused, {total.out_of_turn} moves out of "
              f"turn ignored, {total.reloads} host reloads, {total.stand_ins} bot stand-ins, {total.still_turns} still "
              f"turns played by a bot, {total.seat_moves} seat moves, {total.floods} floods, {total.leaves} guests "
              f"left, {total.rematches} games played again, {total.leaks} leaks, "
              f"{total.errors} errors in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
