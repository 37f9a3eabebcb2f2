"""The host's worker, talking to its guests: each connection the page opens is a guest's device;
a hello seats it, its taps run as that seat's intents, and after every change each guest is
sent its own screen again if it changed.

Every guest's screen is drawn here, from the game as that seat sees it (``online.seated``): a
guest's device runs no game at all, so it cannot be told more than its screen shows, and
whatever it sends is only ever a tap of its own seat, checked by protocol.read, by the intents
and by the engine in turn.
"""
from __future__ import annotations

import json
from typing import Callable, Optional

from game.i18n import SOURCE, Message, _, chosen, speaking
from game.rules import PRESETS
from game.state import Phase

from ..cues import Cues
from ..dispatch import dispatch
from ..glyphs import marked
from ..screens.online.markup import lobby_screen
from ..screens.online.model import join_model, lobby_model
from ..screens.table.markup import table_screen
from ..screens.table.model import table_model
from ..session import online
from ..session.screen_state import Ui
from ..session.session import Session
from ..store.room import Refused
from . import protocol
from .notes import CLOSED, LEFT, LEFT_PLAYING, NO_SUCH_SEAT, ONE_SEAT, REMOVED, SEAT_BACK, SEAT_GIVEN, SEAT_KEPT, in_language
ASKS_OPEN = 4            # questions waiting on the host at once: more are not heard until one is answered
# A screen holding this runs a bar (an offer's window, a turn's last seconds: table markup's timer),
# drawn where it stands in its window: sent again later it would jump back, so it is drawn afresh.
# (As it stands in a frame's text: JSON.)
# A reaction fades where it stands too (table markup's reaction).
BAR = json.dumps('<div class="timer"')[1:-1]
REACTION = json.dumps('<span class="reaction"')[1:-1]


class Host:
    """Which connection sits where, each guest's screen state, and what each was sent last."""

    def __init__(self, session: Session, speak: Callable[[str], str] = lambda lang: SOURCE) -> None:
        self.s = session
        self.speak = speak                   # a language -> the one to draw in (its catalog fetched: App.ready)
        self.langs: dict[int, str] = {}      # seat -> the language its person reads (hello's "lang")
        self.heard: dict[str, str] = {}      # connection id -> the language its page reads (hello's, ask's, look's)
        self.seats: dict[str, int] = {}      # connection id (the page's) -> seat
        self.uis: dict[int, Ui] = {}         # seat -> that guest's screen state, for this game
        self.cues: dict[int, Cues] = {}      # seat -> what that guest's last screen showed (its sounds)
        self.game = ""                       # the game the screen states belong to
        self.sent: dict[str, str] = {}       # connection id -> the last text it was sent
        self.devices: dict[str, str] = {}    # connection id -> the browser it said it is (hello's "device")
        self.benched: dict[str, int] = {}    # connection id -> the seat another line took from it (its page waits)
        self.asking: dict[str, int] = {}     # connection id -> the seat it asked for (the host decides)
        self.stamps: dict[str, tuple] = {}   # connection id -> the moment its last text was drawn at
        self.owed: set[str] = set()          # seated lines owed an answer, their screen changed or not
        self.out: list[list[str]] = []       # [connection id, text] for the page to send
        self.drop: list[str] = []            # connections for the page to close, after their text
        self.refusals: list[str] = []        # why messages were refused (the host's console)
        self.open = False                    # the page was last told a room is open
        self.deals = -1                      # the deals over when last looked (-1: not yet looked)

    # ------------------------------------------------------------ what the page hands over

    def hear(self, conn: str, text: str) -> bool:
        """A guest's message; True if the table changed. A seated guest is always answered, with
        its screen again if nothing changed: its page shows the tap is on its way until then."""
        try:
            message = protocol.read(text)
        except protocol.BadMessage as error:
            self.refusals.append(f"{conn}: {error}")
            self.answer(conn)
            return False
        kind = message["t"]
        if message.get("lang"):
            self.heard[conn] = chosen(message["lang"].split(","))
        if self.s.room is None:
            self.tell(conn, protocol.closed(self.said_to(conn, CLOSED)), drop=True)
            return False
        if kind == "look":                   # a device with no seat: what the table is, and nothing else
            with speaking(self.speak(self.heard.get(conn, SOURCE))):
                self.tell(conn, protocol.table(join_model(self.s)))
            return False
        if kind == "hello":
            return self.hello(conn, message)
        if kind == "ask":
            return self.ask(conn, message)
        seat = self.seats.get(conn)
        if kind == "leave" and seat is not None:
            return self.leave(conn, seat)
        if seat is None or not self.playing():
            self.refusals.append(f"{conn}: {message['t']} before a seat or a game")
            return False
        self.answer(conn)
        s = self.s
        moment = s.token()
        with online.seated(s, seat, self.ui_of(seat)):
            if message["t"] == "escape":
                acted = self.escape()
            elif message["act"] == "react":
                return online.react(s, seat, message["arg"])
            else:
                acted = self.allowed(message["act"]) and dispatch(s, message["act"], message["arg"])
        if acted and s.token() == moment:    # a pick, frames opened, a refusal's reason: the guest's own screen
            self.sent.pop(conn, None)        # alone is drawn again (the quiet way), not every screen
            return False
        return acted

    def unanswered(self) -> bool:
        """A seated guest waits for its screen (sent nothing yet, or told to be answered)."""
        return any(conn not in self.sent or conn in self.owed for conn in self.seats)

    def answer(self, conn: str) -> None:
        """A seated guest's screen goes out after this message, changed or not."""
        if conn in self.seats:
            self.owed.add(conn)

    def left(self, conn: str) -> bool:
        """A connection closed: its seat is away (in the lobby, free again)."""
        seat = self.seats.pop(conn, None)
        self.sent.pop(conn, None)
        self.benched.pop(conn, None)
        self.devices.pop(conn, None)
        self.heard.pop(conn, None)
        if self.asking.pop(conn, None) is not None and self.s.room is not None:
            self.s.room.asks = [a for a in self.s.room.asks if a.conn != conn]   # its question goes with it
        self.stamps.pop(conn, None)
        self.owed.discard(conn)
        if seat is None or self.s.room is None or seat in self.seats.values():
            return False
        self.free(seat)
        return True

    def free(self, seat: int) -> None:
        """``seat``'s person is gone: away from a game, or out of the lobby (the seats after it
        move up one: Room.leave)."""
        online.gone(self.s, seat)
        if not self.s.room.started:
            self.seats = {other: n - 1 if n > seat else n for other, n in self.seats.items()}
            self.benched = {other: n - 1 if n > seat else n for other, n in self.benched.items() if n != seat}

    # ------------------------------------------------------------ seats

    def hello(self, conn: str, message: dict) -> bool:
        s = self.s
        own = s.room.guest_at(self.seats[conn]) if conn in self.seats else None
        if own is not None and own.token != message["token"]:   # one seat a line: another token on it is
            self.tell(conn, protocol.refused(self.said_to(conn, ONE_SEAT)), drop=True)   # forged: the line goes
            return True
        try:
            seat = s.room.join(message["token"], message["name"], PRESETS[s.settings.rulebook].max_players,
                               host=online.host_name(s))
        except Refused as why:
            self.tell(conn, protocol.refused(self.said_to(conn, str(why))), drop=True)
            return False
        device = message.get("device", "")
        self.devices[conn] = device
        self.benched.pop(conn, None)
        for other, taken in list(self.seats.items()):   # the same seat again (a reload, another tab): the old line
            if taken == seat and other != conn:           # is told, and waits (its page offers to play there again)
                self.bench(other, seat, protocol.moved(self.said_to(other, protocol.MOVED)))
                if device and self.devices.get(other, "") != device and s.room.started:
                    s.room.ask("moved", seat, s.room.guest_at(seat).name)   # not silently: the host is told
        self.seats[conn] = seat
        self.langs[seat] = self.heard.get(conn, SOURCE)
        self.sent.pop(conn, None)                        # whatever it had, it is sent its screen afresh
        guest = s.room.guest_at(seat)
        stood_in = guest is not None and guest.stand_in
        if stood_in:                                     # a bot played the seat meanwhile: the frames or the
            self.uis.pop(seat, None)                     # meld its person had open may hold cards gone since
        online.arrived(s, seat)
        online.keep_room(s)
        if stood_in and self.playing():
            with online.seated(s, seat, self.ui_of(seat)):
                s.say(Message("Welcome back, {name}: a bot played for you while you were away", name=guest.name))
        return True

    def bench(self, conn: str, seat: int, text: str) -> None:
        """Another line took ``conn``'s seat: it is told, and kept open, so the seat can move back."""
        del self.seats[conn]
        self.sent.pop(conn, None)
        self.benched[conn] = seat
        self.tell(conn, text)

    def ask(self, conn: str, message: dict) -> bool:
        """A new device asks for a seat of the game in progress: the host is asked (``Room.asks``)."""
        room = self.s.room
        guest = room.guest_at(int(message["seat"]))
        known = message["token"] in room.removed or any(g.token == message["token"] for g in room.guests)
        if not room.started or guest is None or known or conn in self.seats:
            self.tell(conn, protocol.refused(self.said_to(conn, NO_SUCH_SEAT)), drop=True)
            return False
        if conn in self.asking or len(room.asks) >= ASKS_OPEN:
            return False                     # one question a line, and a few at a time
        self.asking[conn] = guest.seat
        self.devices[conn] = message.get("device", "")
        room.ask("seat", guest.seat, guest.name, conn=conn, token=message["token"])
        return True

    def leave(self, conn: str, seat: int) -> bool:
        """A guest leaves (their page asked them first): in the lobby the seat is free; in a game a
        bot plays it from now on. The host is told; the page forgets the seat."""
        s = self.s
        guest = s.room.guest_at(seat)
        started = s.room.started
        self.tell(conn, protocol.left(self.said_to(conn, LEFT_PLAYING if started else LEFT, host=online.host_name(s))),
                  drop=True)
        if started and guest is not None:
            online.stand_in_for_good(s, guest)
        if guest is not None:
            s.say(Message("🚪 {name} left the table: a bot plays their seat", name=guest.name) if started
                  else Message("🚪 {name} left the table", name=guest.name))
        return True

    def before_drawing(self) -> None:
        """What the host's answers and the game's moves decide for every screen, the host's own
        included, before any is drawn: a seat given or taken off, a deal's end shown step by step
        (a guest's move that ends a deal starts the host's clock for its steps too)."""
        self.settle()
        self.share_the_end()

    def settle(self) -> None:
        """The host's answers to what it was asked: a seat given to a new device (its old token
        stops working, its old lines are told), or refused; a moved seat moved back."""
        room = self.s.room
        if room is None:
            return
        for guest in [g for g in room.guests if g.token in room.removed]:    # taken off the lobby by the host
            lines = [c for c, seat in self.seats.items() if seat == guest.seat]
            for conn in lines:
                self.tell(conn, protocol.refused(self.said_to(conn, REMOVED)), drop=True)   # its line's end frees the seat
            if not lines:
                self.free(guest.seat)
        for ask in [a for a in room.asks if a.verdict]:
            room.asks.remove(ask)
            if ask.kind == "seat" and self.asking.pop(ask.conn, None) is not None:
                if ask.verdict == "give":
                    self.give(ask)
                else:
                    self.tell(ask.conn, protocol.refused(self.said_to(ask.conn, SEAT_KEPT, host=online.host_name(self.s),
                                                                      name=ask.name)), drop=True)
            elif ask.kind == "moved" and ask.verdict == "back":
                self.move_back(ask.seat)

    def give(self, ask) -> None:
        s = self.s
        guest = s.room.guest_at(ask.seat)
        if guest is None:
            return
        for other in [c for c, seat in [*self.seats.items(), *self.benched.items()] if seat == ask.seat]:
            self.benched.pop(other, None)
            self.tell(other, protocol.refused(self.said_to(other, SEAT_GIVEN)), drop=True)
        guest.token, guest.left = ask.token, False
        self.seats[ask.conn] = ask.seat
        self.sent.pop(ask.conn, None)
        self.uis.pop(ask.seat, None)
        online.arrived(s, ask.seat)
        online.keep_room(s)

    def move_back(self, seat: int) -> None:
        """The seat goes back to the line it was taken from, if that page is still open."""
        back = next((c for c, benched in reversed(self.benched.items()) if benched == seat), None)
        if back is None:
            self.s.say(Message("Their other device is not connected any more: it can take the seat back itself"))
            return
        for other in [c for c, taken in self.seats.items() if taken == seat]:
            self.bench(other, seat, protocol.moved(self.said_to(other, SEAT_BACK)))
        del self.benched[back]
        self.seats[back] = seat
        self.sent.pop(back, None)

    def follow(self) -> None:
        """A new game at the table: every guest's screen state starts afresh."""
        if self.game != self.s.game:
            self.uis, self.game, self.deals = {}, self.s.game, -1

    def ui_of(self, seat: int) -> Ui:
        self.follow()
        if seat not in self.uis:
            self.uis[seat] = Ui(screen="table", sort=self.s.ui.sort)
        return self.uis[seat]

    def playing(self) -> bool:
        s = self.s
        return s.room is not None and s.room.started and s.state is not None and s.game == s.room.game

    def allowed(self, act: str) -> bool:
        """Taps that move everyone on are the host's: the next deal (all may still be reading the
        scores; the host deals, as at a real table) and what follows the game (the host's menu).
        A guest's "onward" steps only its own screen through a deal's end."""
        s = self.s
        over = s.state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER)
        return not (act == "next" or (act == "onward" and over and s.ui.ending == ""))

    def escape(self) -> bool:
        ui = self.s.ui
        if ui.history is not None:
            return dispatch(self.s, "history-close", "")
        if ui.frames is not None or ui.extra is not None or ui.digging or ui.selected:
            return dispatch(self.s, "cancel", "")
        return False

    # ------------------------------------------------------------ what goes out

    def said_to(self, conn: str, text: str, **values) -> str:
        """Words for ``conn``'s page alone (notes.py), in the language it reads."""
        return in_language(self.speak(self.heard.get(conn, SOURCE)), text, **values)

    def tell(self, conn: str, text: str, drop: bool = False) -> None:
        self.out.append([conn, text])
        if drop:
            self.drop.append(conn)
            self.left(conn)          # a seated line closed here: its seat is away, as when a line drops

    def take_quietly(self) -> tuple[list[list[str]], list[str]]:
        """After a message that changed nothing: only what waits already, and the screen of a
        seated line owed an answer, the one it was last sent if that is still its screen (kept).
        Nothing else is drawn, so a refused or idle message costs the host one screen at most,
        never every guest's and its own, and mostly none: 500 idle taps are not 500 drawings."""
        for conn, seat in list(self.seats.items()):
            if conn in self.sent and conn not in self.owed:
                continue
            self.owed.discard(conn)
            text = self.kept(conn) or self.drawn(conn, seat)
            if text is not None:
                self.note(conn, text)
                self.out.append([conn, text])
        out, drop = self.out, self.drop
        self.out, self.drop = [], []
        return out, drop

    def take(self) -> tuple[list[list[str]], list[str]]:
        """Every guest's screen that changed since it was last sent, and what else waits."""
        s = self.s
        if s.room is not None and s.room.started and s.room.game != s.game:
            online.close_room(s)                 # the host started another game: this table is over
        for conn, seat in list(self.seats.items()):
            text = self.drawn(conn, seat)
            if text is None:
                continue
            if self.sent.get(conn) != text or conn in self.owed:
                self.out.append([conn, text])
            self.note(conn, text)
            self.owed.discard(conn)
            if s.room is None:
                self.drop.append(conn)
        if s.room is None:
            for conn in [*self.benched, *self.asking]:
                self.tell(conn, protocol.closed(self.said_to(conn, CLOSED)), drop=True)
            self.seats.clear()
        out, drop = self.out, self.drop
        self.out, self.drop = [], []
        return out, drop

    def stamp(self) -> tuple:
        """The moment a screen is drawn at: the game and its move."""
        return self.s.game, self.s.token()

    def note(self, conn: str, text: str) -> None:
        """``text`` is ``conn``'s screen now (sent, or the same as sent)."""
        self.sent[conn] = text
        self.stamps[conn] = self.stamp()

    def kept(self, conn: str) -> Optional[str]:
        """The text ``conn`` was last sent if it is still its screen: drawn at this moment, and
        running no bar. Nothing else on a screen changes without a move or a redraw of every
        screen (take), so sending it again shows the guest the same screen, at no drawing."""
        text = self.sent.get(conn)
        if text is None or self.stamps.get(conn) != self.stamp() or BAR in text or REACTION in text:
            return None
        return text

    def drawn(self, conn: str, seat: int) -> Optional[str]:
        """``seat``'s screen, or None (logged) if it cannot be drawn: one guest's screen must never
        stop the host's table."""
        try:
            return self.screen_of(seat)
        except Exception as error:  # noqa: BLE001 (the boundary, see above)
            self.refusals.append(f"{conn}: its screen could not be drawn: {type(error).__name__}: {error}")
            return None

    def screen_of(self, seat: int) -> str:
        """``seat``'s screen, drawn in its person's own language (issue 43; game/i18n.py speaking)."""
        lang = self.speak(self.langs.get(seat, SOURCE))
        with speaking(lang):
            return self.drawn_for(seat, lang)

    def drawn_for(self, seat: int, lang: str) -> str:
        s = self.s
        if s.room is None:
            return protocol.closed(_(CLOSED))
        if not s.room.started:
            return protocol.frame(seat, "lobby", lobby_screen(lobby_model(s, seat)), lang=lang)
        if not self.playing():
            return protocol.closed(_(CLOSED))
        news = s.told.pop(seat, None)        # a bot played this person's turn: what they had open is gone
        if news is not None:
            self.uis.pop(seat, None)
        with online.seated(s, seat, self.ui_of(seat)):
            if news is not None:
                s.say(news)
            html = marked(table_screen(table_model(s)))
            return protocol.frame(seat, "table", html, lang=lang, **self.cues.setdefault(seat, Cues()).for_guest(s))

    def share_the_end(self) -> None:
        """A deal just ended, whoever's move ended it: every screen shows its end step by step,
        the host's clock moving them all on (the going-out play, then the hands)."""
        s = self.s
        if not self.playing():
            return
        self.follow()
        uis = [s.ui] + [self.ui_of(seat) for seat in sorted(set(self.seats.values()))]
        over = len(s.state.results)
        if s.state.current_player is not None:           # a deal in progress: a screen left on the last deal's end
            for ui in [s.ui, *self.uis.values()]:        # (another person tapped Next) shows the next end afresh
                ui.ending = ""
        if 0 <= self.deals < over and s.state.current_player is None:
            ending = "hands" if s.state.results[-1].went_out is None else "play"
            for ui in uis:
                ui.ending = ui.ending or ending
        self.deals = over
        if s.ui.ending != "play":
            for ui in uis[1:]:
                if ui.ending == "play":
                    ui.ending = "hands"

