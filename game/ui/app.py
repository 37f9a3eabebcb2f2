"""The game as the page's worker runs it: taps in, frames out.

Pure Python (no ``js``, no ``pyscript``): ``game/ui/worker.py`` exposes these
methods to the page's thread, which owns the DOM, the timers and
localStorage. Every answer is a *frame*, a plain dict the page applies as it
is, so the page needs no game logic and only serialisable values cross the
thread boundary (what lets PyScript's worker run with no special headers):

- ``html``: the screen to show in ``#screen``; ``screen``: 'start' | 'table'
- ``writes``: ``[[key, text or None, before], ...]`` for localStorage, in order;
  ``before`` is what the worker believed the key held: the page makes a write
  of the game's slot only if the slot still holds that (a compare-and-set), so
  a write decided before the worker heard of another tab's newer save can
  never put an older game over it
- ``timer``: ``[delay_ms, token]`` to call ``tick(token)`` after, or None
- ``forget_params``: drop ?seed=&level=&house=&rules=&players=&learn from the address (a reload resumes)
- ``download`` (only when there is one): ``[file name, text]``, a file for the page to offer (an exported game)
- ``lang``: the language the screen is drawn in (the page sets the document's ``lang``)
- ``online``: ``{code, recheck}`` while an online table is open here (the page keeps its room open
  under that code; ``recheck``: ms until the table should be drawn again untapped), else None;
  ``peers``: ``[[connection, text], ...]`` to send to guests; ``drop``: connections to close;
  ``refusals``: guest messages refused, and why (online/host.py)

Other tabs write localStorage too: the page hands over what changed (``news``,
``{key: text or None}``) with the next tap or timer, and at once when the
browser says another tab wrote (``stored``); the session then follows that tab
or asks the player (game/ui/session/tabs.py).

>>> app = App({}, {"seed": "5", "level": "sprout", "speed": "0"})
>>> frame = app.boot()
>>> frame["screen"], frame["timer"], frame["forget_params"]
('table', [0, 0], True)
>>> [key for key, _, _ in frame["writes"]]
['aggravation.save']
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from game.i18n import LANGUAGES, PSEUDO, SOURCE, Message, chosen, install, installed, speaking

from .cues import Cues, loudness
from .dispatch import dispatch
from .glyphs import marked
from .screens.library.intents import dispatch as past_dispatch
from .screens.library.intents import take_download, wants
from .screens.library.markup import past_screen
from .screens.replay.markup import replay_screen
from .screens.replay.model import replay_model
from .screens.start.markup import start_screen
from .screens.start.model import start_model
from .screens.stats import count_finished, shown as stats_shown
from .screens.table.markup import table_screen
from .screens.table.model import table_model
from .session import passing
from .session.session import Session
from .store import deal_link
from .store.saves import ROOM_KEY, SAVE_KEY
from .store.settings import SETTINGS_KEY, Settings, parse_house
from .words import CANNOT_SAVE

Frame = dict[str, Any]


class MirrorStore:
    """localStorage as the worker sees it: a copy read at boot, and the writes the page must make.

    The session reads and writes it like any store; each frame hands the
    page the writes since the last one, in order.
    """

    def __init__(self, stored: dict[str, str]) -> None:
        self.values = {str(k): str(v) for k, v in stored.items() if v is not None}
        self.writes: list[list[Optional[str]]] = []

    def get(self, key: str) -> Optional[str]:
        return self.values.get(key)

    def set(self, key: str, text: str) -> None:
        self.writes.append([key, text, self.values.get(key)])
        self.values[key] = text

    def remove(self, key: str) -> None:
        self.writes.append([key, None, self.values.pop(key, None)])

    def take_writes(self) -> list[list[Optional[str]]]:
        writes, self.writes = self.writes, []
        return writes


class App:
    """One page's game: boots from what the page read, answers its taps and timers."""

    def __init__(self, stored: dict[str, str], params: dict[str, str], languages: Iterable[str] = (),
                 catalog: Optional[Callable[[str], Optional[bytes]]] = None) -> None:
        self.store = MirrorStore(stored)
        self.params = params
        self.languages = tuple(str(lang) for lang in languages)[:20]  # the browser's, most wanted first
        self.catalog = catalog            # a language's compiled catalog, fetched (worker.py); None: English only
        self.fetched: set[str] = set()    # languages asked for once (a failed fetch is not retried every frame)
        wanted = str(params.get("lang", ""))
        self.visit_lang = wanted if wanted in LANGUAGES or wanted == PSEUDO else ""  # ?lang=xx: this visit only
        self.session = Session(self.store, Settings.from_json(self.store.get(SETTINGS_KEY)))
        self.counted: set[str] = set()   # finished games this page has counted (screens/stats.py)
        self._host: Optional[Any] = None  # an online table's guests (online/host.py), once there is one
        self.cues = Cues()                # what the last frame showed: this frame's sounds (cues.py)

    def boot(self) -> Frame:
        """Start the game the address names, or resume the saved one (never raises: see resume)."""
        s, params = self.session, self.params
        speed = "instant" if params.get("speed") == "0" else params.get("speed")
        s.settings.change("speed", speed)
        s.settings.change("steal", params.get("steal"))
        s.settings.change("ask", params.get("ask"))
        house = parse_house(params.get("house"))
        if house is not None:
            s.settings.house = house
        s.settings.change("rulebook", params.get("rules"))
        if params.get("players"):
            s.settings.change("players", f"{s.settings.rulebook}:{params['players']}")
        if params.get("people"):                   # pass-and-play: this many people (names from the settings)
            s.settings.change("people", params["people"])
        named = "seed" in params or "level" in params or "learn" in params
        if "learn" in params:                      # ?learn: the guided first deal (from the rules page);
            s.resume()                             # a game in progress is asked about first
            dispatch(s, "learn")
        elif named:
            seed = params.get("seed", "")
            s.start(params.get("level", "sprout"), int(seed) if seed.isdecimal() else None)
            if params.get("moves"):                # 🔗 a shared later deal: the moves before it (store/deal_link.py)
                deal_from_link(s, params["moves"], params.get("deal", ""))
        else:
            s.resume()
        if named:
            s.say_set_aside()                      # the start screen that says why was never shown
        if self.store.get(ROOM_KEY):               # the online table this page hosts (its code loads only then)
            from .session import online
            from .store.room import Room
            online.adopt(s, Room.from_json(self.store.get(ROOM_KEY)))
        return self.first_frame(forget_params=named)

    def first_frame(self, forget_params: bool) -> Frame:
        """The first screen; a resumed game that loads but cannot be shown goes aside too."""
        s = self.session
        try:
            return self.frame(forget_params)
        except Exception as error:  # noqa: BLE001 (the boundary: a save must never stop the page)
            if s.state is None:
                raise                              # the start screen itself: a bug, not a save
            s.set_aside(s.saves.slot(), error)
            return self.frame(forget_params)

    def early(self, act: str, arg: str = "") -> Frame:
        """A new game tapped while Python loaded (a level, 🎓 the guided deal): its table opens
        whatever the store held, or the game in progress is asked about first. A save set aside
        at boot is said on that table, since the start screen that says why was never seen."""
        dispatch(self.session, act, arg)
        self.session.say_set_aside()
        return self.frame()

    def intent(self, act: str, arg: str = "", news: Optional[dict] = None) -> Optional[Frame]:
        """A tap or key: the new frame, or None when it means nothing now."""
        s = self.session
        if act == "set" and arg.startswith("lang="):
            self.visit_lang = ""                   # a language picked in ⚙️ outranks the address's
        if self.heard_slot(news) and s.sync_before_tap():
            return self.frame()
        return self.answer(past_dispatch(s, act, arg) if wants(s, act) else dispatch(s, act, arg))

    def tick(self, token: int, news: Optional[dict] = None) -> Optional[Frame]:
        """A timer the page set fired: one bot move or a lapsed claim; None if it was stale."""
        followed = self.heard_slot(news) and self.session.sync()
        stepped = self.session.step(int(token))   # stale once followed: the next timer plays on
        return self.answer(followed or stepped)

    def stored(self, news: dict) -> Optional[Frame]:
        """Another tab wrote the store: follow it or ask (tabs.py); None when nothing changed."""
        self.hear(news)
        return self.answer(self.session.sync())

    def guest(self, conn: str, text: str, news: Optional[dict] = None) -> Optional[Frame]:
        """A message from an online guest's device (online/host.py): its screens go out with the frame."""
        self.hear(news)
        try:
            changed = self.host.hear(str(conn), text)
        except Exception as error:  # noqa: BLE001 (the boundary: no guest's message may stop the host's table)
            self.host.refusals.append(f"{conn}: {type(error).__name__}: {error}")
            changed = True
        if changed or self.store.writes:
            return self.frame()
        from .online.fields import quiet_fields
        return quiet_fields(self.host)             # nothing changed: no redraw of any table

    def left(self, conn: str, news: Optional[dict] = None) -> Optional[Frame]:
        """A guest's connection closed: its seat is away until it comes back."""
        self.hear(news)
        return self.answer(self.host.left(str(conn)))

    def recheck(self) -> Frame:
        """The time the page was told (``online.recheck``) has come: an away person's wait is long."""
        return self.frame()

    @property
    def host(self):
        """The online table's side of this page (online/host.py): made, and its code loaded, only
        when a table is opened or a guest's message comes (a game alone never loads it)."""
        if self._host is None:
            from .online.host import Host
            self._host = Host(self.session, self.ready)
        return self._host

    def refused(self, keys: list) -> Optional[Frame]:
        """The page's store refused writes (full, blocked): the game plays on, told once."""
        if not keys:
            return None
        self.session.saves.refused = True
        if self.session.saves.news_of_refusal():
            self.session.ui.alert = CANNOT_SAVE
            return self.frame()
        return None

    def unreadable(self) -> Optional[str]:
        """The set-aside save's text, for the page to offer as a download."""
        return self.session.saves.unreadable()

    def escape(self) -> Optional[Frame]:
        """The Escape key closes what is open: the replay, a question, the 📜 moves, the settings, the frames (or
        another meld's, or the fanned pile), a picked card."""
        ui = self.session.ui
        if ui.stats:
            return self.intent("stats-close")
        if ui.past is not None:
            return self.intent("past-close")
        if ui.replay is not None:
            return self.intent("replay-close")
        if ui.confirm:
            return self.intent("keep")
        if ui.keys:
            return self.intent("keys-close")
        if ui.history is not None:
            return self.intent("history-close")
        if ui.settings_open:
            return self.intent("settings")
        if ui.frames is not None or ui.extra is not None or ui.digging or ui.selected:
            return self.intent("cancel")
        return None

    def answer(self, changed: bool) -> Optional[Frame]:
        """The new frame when anything changed, or when writes wait for the page (a tab that wrote
        its game again after another tab's older write changed nothing on its screen, and may
        have nothing else to say for a long while); else None."""
        return self.frame() if changed or self.store.writes else None

    def heard_slot(self, news: Optional[dict]) -> bool:
        """Hear the news; True if it holds the slot. The page passes each text once (assets/page/storage.js
        newsOf), so news of the slot that comes with a tap or a timer must be followed then: no
        storage event will bring it again."""
        self.hear(news)
        return SAVE_KEY in (news or {})

    def hear(self, news: Optional[dict]) -> None:
        """What the page read from its store since the last question (not writes of ours)."""
        for key, text in (news or {}).items():
            if text is None:
                self.store.values.pop(str(key), None)
            else:
                self.store.values[str(key)] = str(text)

    def language(self) -> str:
        """The language to draw in: the address's for this visit, else the one picked in ⚙️, else
        the first of the browser's the game has; its catalog fetched once, English if it fails."""
        return self.ready(self.visit_lang or self.session.settings.lang or chosen(self.languages))

    def ready(self, lang: str) -> str:
        """``lang`` if its catalog is here or could be fetched (once), else English: the language to
        draw in (this page's screen, or an online guest's: online/host.py)."""
        if not installed(lang) and lang not in self.fetched and self.catalog is not None:
            self.fetched.add(lang)
            try:
                install(lang, self.catalog(lang))
            except Exception:  # noqa: BLE001 (offline, a refusal: the game plays on in English)
                pass
        return lang if installed(lang) else SOURCE

    def frame(self, forget_params: bool = False) -> Frame:
        lang = self.language()
        with speaking(lang):
            frame = self.drawn(forget_params)
        frame["lang"] = lang
        return frame

    def drawn(self, forget_params: bool) -> Frame:
        """The frame, drawn in the language ``frame`` speaks."""
        s = self.session
        if self._host is not None:
            self._host.before_drawing()            # an online table: its answers and a deal's end, for every screen
        passing.saw(s)                             # pass-and-play: what the person on show has seen
        count_finished(s, self.counted)            # once per finished game, whatever the screen
        screen = s.ui.screen
        if (stats := stats_shown(s)) is not None:
            html, screen = stats, "stats"
        elif s.ui.past is not None:                # past games, over any screen (screens/library/)
            html, screen = past_screen(s), "past"
        elif s.ui.screen == "online" and s.room is not None:
            from .screens.online.markup import lobby_screen
            from .screens.online.model import lobby_model
            html = lobby_screen(lobby_model(s))    # the online table's room (screens/online/)
        elif s.ui.screen == "table" and s.state is not None and s.ui.replay is not None:
            html = replay_screen(replay_model(s))  # in place of the table: ←/→ step it (screens/table/hand.py step_pick)
        elif s.ui.screen == "table" and s.state is not None:
            html = table_screen(table_model(s))
        else:
            html = start_screen(start_model(s))
        html = marked(html)                        # 🃏 drawn as the game's own mark (glyphs.py)
        pending = s.pending()
        timer = [pending[1], s.token()] if pending is not None and pending[1] is not None else None
        frame = {"html": html, "screen": screen, "writes": self.store.take_writes(),
                 "timer": timer, "forget_params": forget_params, "deck": s.settings.deck,
                 "cues": self.cues.heard(s), "narrate": self.cues.told, **loudness(s.settings)}
        if s.room is not None or self._host is not None:
            from .online.fields import frame_fields
            frame.update(frame_fields(self.host))  # an online table: the guests' screens (online/fields.py)
        download = take_download(s)
        if download is not None:
            frame["download"] = download           # [file name, text]: the page offers it as a file
        return frame


def deal_from_link(s: Session, moves: str, deal: str) -> None:
    """🔗 A shared deal after the first: the new game plays the moves before it, or (a link cut
    short or typed over) stays at its first deal and says so."""
    try:
        dealt = s.deal_on(deal_link.unpack(moves))
    except ValueError:
        dealt = False
    if not dealt:
        if deal.isdecimal() and len(deal) < 4:
            # Translators: {deal} is a deal's number in a shared link.
            s.say(Message("This link's deal {deal} could not be dealt (the link is not whole): the game starts at deal 1",
                          deal=deal), "error")
        else:
            s.say(Message("This link's deal could not be dealt (the link is not whole): the game starts at deal 1"), "error")
