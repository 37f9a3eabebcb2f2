"""Taps and keys, as intents: ``data-act`` + ``data-arg`` from the page → the session.

One function per intent, chosen from a table, so the DOM layer stays one
delegated listener and every intent can be unit-tested without a browser.
"""
from __future__ import annotations

from typing import Callable

from game.layoff import lay_off_ends
from game.state import Phase
from game.solver import solve

from . import coach
from . import frames as fr
from . import passing
from .controller import LEVEL_NAMES, Session
from .replay import GameReplay, ReplayError
from .statscreen import INTENTS as STATS_INTENTS
from .words import SORTS, claim_words, ordinal


def _specs(s: Session):
    return s.state.contract_of(s.seat).melds


def _by_key(s: Session) -> dict:
    return {c.key: c for c in s.state.seats[s.seat].hand}


def _top(s: Session) -> str:
    """The discard on offer (asked only while there is one: a claim, an offer, the swap round)."""
    return s.state.pile[-1].symbol


def _not_now(s: Session, doing: str) -> str:
    """Why the player cannot ``doing`` at this moment ('' when it is their turn to play), so that a
    tap that cannot act says why instead of nothing."""
    state, words = s.state, claim_words(s.state.rules)
    if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
        return "The deal is over: ▶ on to the scores"
    offer = s.offer()
    if offer is not None:
        if offer.answer:
            return f"Wait for your turn: {s.names[offer.drawer]} is playing"
        return f"{words.icon} {words.title} {_top(s)} (S) or let it go (P): {s.names[offer.drawer]} draws next"
    if not s.my_turn():
        return f"Wait for your turn to {doing}: {s.names[state.current_player]} is playing"
    if state.phase is Phase.CLAIMS:
        return f"First {words.icon} {words.verb} {_top(s)} (S) or let it go (P)"
    return ""


def tap_card(s: Session, key: str) -> None:
    card = s.hand_card(key)
    if card is None:  # a table card, or a card already played by an earlier tap
        return
    if s.ui.frames is not None:
        note = fr.toggle(s.ui.frames, card, _by_key(s), _specs(s), s.state.rules)
        s.say(note, "error" if note else "info")
        return
    if s.ui.extra is not None:
        s.ui.extra = [k for k in s.ui.extra if k != key] if key in s.ui.extra else s.ui.extra + [key]
        s.say("")
        return
    s.ui.selected = None if s.ui.selected == key else key
    s.ui.end_for = None
    s.say("")


def open_frames(s: Session, _: str) -> None:
    me = s.state.seats[s.seat]
    if me.down:
        s.say("You are already down this deal: lay off instead", "error")
    elif not s.my_turn():
        s.say("Wait for your turn to go down", "error")
    elif s.state.phase is not Phase.PLAY:
        s.say("Draw a card first, then go down", "error")
    else:
        s.ui.frames = fr.Frames.open(_specs(s))
        s.ui.selected = None
        s.say(f"Tap cards to fill the frames: {s.state.contract_of(s.seat).describe()}")


def fill(s: Session, _: str) -> None:
    if s.ui.frames is None:                 # F with no frames open: open them first, then fill
        open_frames(s, "")
        if s.ui.frames is None:
            return
    found = solve(s.state.seats[s.seat].hand, s.state.contract_of(s.seat), s.state.rules)
    if not found.ok:
        s.say(f"Your hand cannot make the contract yet. {found.missing}", "error")
        return
    s.ui.frames = fr.Frames.open(_specs(s))
    fr.fill_from(s.ui.frames, found.melds, s.state.rules)
    s.say("Filled in. Move any card you like, then ✅ Lay it down")


def lay(s: Session, _: str) -> None:
    if s.ui.frames is None:
        s.say("Open 📥 Go down… (G) and fill the frames first, then ✅ Lay it down")
        return
    melds = fr.chosen_melds(s.ui.frames, _by_key(s), _specs(s), s.state.rules)
    if melds is None:
        s.say("Every frame must hold a real meld before you lay them down", "error")
        return
    if s.go_down(melds) and s.my_turn():
        rules = s.state.rules
        s.say(("You went down. Lay off the rest to go out" if s.lay_offs() else "You went down. Discard to end your turn")
              if not rules.lay_off_when_going_down else
              "You went down. Lay off every card that fits, then discard" if rules.must_lay_off else
              "You went down. Lay off what you can, then discard")


def open_extra(s: Session, _: str) -> None:
    """📥 Lay another meld… (Gallery, once down): the cards tapped next make one more meld."""
    why = _not_now(s, "lay a meld")
    if not why and s.state.phase is not Phase.PLAY:
        why = "Draw a card first, then lay another meld"
    if not why and not s.state.rules.extra_melds:
        why = "Only your contract's melds may be laid down at this table"
    if not why and not s.state.seats[s.seat].down:
        why = "Go down with your contract first (📥 Go down…), then lay more melds"
    if why:
        s.say(why, "error")
        return
    s.ui.extra, s.ui.selected = [], None
    s.say(f"Tap the cards of your new meld: {fr.extra_kinds(s.state.contract_of(s.seat), s.state.rules)}")


def lay_extra(s: Session, _: str) -> None:
    """✅ Lay this meld: the picked cards as a meld of one of the contract's kinds, or why not."""
    if s.ui.extra is None:
        return
    by_key = _by_key(s)
    meld, why = fr.extra_meld([by_key[k] for k in s.ui.extra if k in by_key], s.state.contract_of(s.seat),
                              s.state.rules)
    if meld is None:
        s.say(why, "error")
    elif s.lay_meld(meld):
        s.say(f"You laid down another {meld.kind.value}")


def find_extra(s: Session, _: str) -> None:
    """✨ Find one for me: the engine's own pick of a meld the hand can lay now."""
    found = s.extra_melds()
    if not found:
        s.say("Your hand holds no further meld of your contract's kinds", "error")
        return
    s.ui.extra = [c.key for c in found[0].extra.cards]
    s.say("Found one. Change it if you like, then ✅ Lay this meld")


def cancel(s: Session, _: str) -> None:
    s.ui.extra, s.ui.digging = None, False
    s.ui.frames = None
    s.ui.selected = s.ui.end_for = None
    s.say("")


def pick_frame(s: Session, arg: str) -> None:
    """A frame tapped: the cards tapped next go there first."""
    if s.ui.frames is not None and arg.isdecimal() and int(arg) < len(s.ui.frames.keys):
        s.ui.frames.active = int(arg)
        s.say(f"The cards you tap now go to the {ordinal(int(arg) + 1)} frame: {_specs(s)[int(arg)].describe()}")


def place(s: Session, arg: str) -> None:
    """'key:frame': a card dropped on a frame goes into exactly that frame (from the hand or from
    another frame), fitting or not: the frame then says what is wrong, as for a tap."""
    key, _, index = arg.partition(":")
    frames, card = s.ui.frames, s.hand_card(key)
    if frames is None or card is None or not index.isdecimal() or int(index) >= len(frames.keys):
        return
    n, spec = int(index), _specs(s)[int(index)]
    where = frames.frame_of(key)
    if where == n:
        return
    if len(frames.keys[n]) >= spec.size:
        s.say(f"That frame is full: {spec.describe()} holds {spec.size}. Tap a card in it to take it back", "error")
        return
    if where is not None:
        frames.keys[where].remove(key)
        frames.readings[where] = 0
    frames.keys[n].append(key)
    frames.readings[n] = 0
    frames.active = n
    s.say("")


def next_reading(s: Session, arg: str) -> None:
    if s.ui.frames is not None and arg.isdecimal() and int(arg) < len(s.ui.frames.keys):
        s.ui.frames.readings[int(arg)] += 1


def _lay_off_problem(s: Session) -> str:
    """Why the player cannot lay off now ('' when they can)."""
    if s.ui.frames is not None:
        return "You can lay off once you are down: ✅ Lay it down first (or Cancel)"
    if s.state.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER) and not s.state.seats[s.seat].down:
        return "You can lay off once you are down: go down first (📥 Go down…), then lay off on any meld"
    why = _not_now(s, "lay off")
    if not why and s.state.phase is not Phase.PLAY:
        why = "Draw a card first (D), then lay off"
    return why


def tap_meld(s: Session, arg: str) -> None:
    """A meld tapped: the picked card is laid off on it, or the player hears why not."""
    if not arg.isdecimal():
        return
    why = _lay_off_problem(s)
    if why:
        s.say(why, "error")
    else:
        s.lay_off(int(arg))


def lay_off_anywhere(s: Session, _: str) -> None:
    """M: the picked card laid off on the first meld it fits (a run open at both ends asks which)."""
    why = _lay_off_problem(s)
    card = s.hand_card(s.ui.selected)
    if not why and card is None:
        why, tone = "Pick a card first (← → or 1–9), then M lays it off", "info"
    else:
        tone = "error"
    if why:
        s.say(why, tone)
        return
    rules = s.state.rules
    meld = next((n for n, m in enumerate(s.state.table) if lay_off_ends(m.meld, card, rules)), None)
    if meld is None:
        s.say(f"{card.symbol} fits no meld on the table", "error")
    else:
        s.lay_off(meld)


def lay_off_all(s: Session, _: str) -> None:
    """🧲 Every card that fits, laid off (the session's lay_off_all), or why not now."""
    why = _lay_off_problem(s)
    if why:
        s.say(why, "error")
    else:
        s.lay_off_all()


def tap_wild(s: Session, arg: str) -> None:
    """A wild on a table meld (house rule wild swap): ``arg`` is 'meld:index'."""
    meld, _, index = arg.partition(":")
    if s.ui.frames is not None:
        s.say("Lay your frames down or Cancel them first", "error")
    elif meld.isdecimal() and index.isdecimal():
        s.swap_wild(int(meld), int(index))


def pick_end(s: Session, arg: str) -> None:
    if s.ui.end_for and arg in ("low", "high"):
        key, meld = s.ui.end_for
        s.ui.selected = key
        s.lay_off(meld, arg)


def tap_stock(s: Session, _: str) -> None:
    """The stock tapped: draw, or why not."""
    why = _not_now(s, "draw")
    phase = s.state.phase
    if not why and phase is Phase.SWAP:
        why = f"In the swap round you swap with the discard or pass: pick a card, then tap {_top(s)}"
    elif not why and phase is Phase.PLAY:
        why = "You have drawn this turn: " + (
            "fill the frames, then discard" if s.ui.frames is not None else
            "lay off, then discard" if s.state.seats[s.seat].down else "go down if you can, then discard")
    if why:
        s.say(why)
    else:
        s.draw()


def tap_discard(s: Session, _: str) -> None:
    """The discard pile tapped: take it (the swap round: swap the picked card for it); with a card
    picked after drawing, discard that card; else why not."""
    why = _not_now(s, "take the discard")
    phase = s.state.phase
    if why:
        s.say(why)
    elif phase in (Phase.DRAW, Phase.SWAP):
        s.take()
    elif s.ui.frames is not None:
        s.say("Lay your frames down (✅) or Cancel them before you discard")
    elif s.hand_card(s.ui.selected) is None:
        s.say("You have drawn this turn: pick a card, then tap the pile to discard it")
    else:
        s.discard()


def open_pile(s: Session, _: str) -> None:
    """⤵ Dig into the pile (Gallery): fan the discard pile out, or fold it back."""
    why = _not_now(s, "draw")
    if not why and s.state.phase is not Phase.DRAW:
        why = "You dig into the pile as your draw: at the start of your turn"
    if not why and not s.state.rules.pile_dig:
        why = "Only the top discard may be taken at this table"
    if why:
        s.say(why)
        return
    s.ui.digging = not s.ui.digging               # the fanned pile says what a tap takes
    s.say("")


def dig(s: Session, arg: str) -> None:
    """A card of the fanned pile tapped: taken with every card above it."""
    why = _not_now(s, "draw")
    if why:
        s.say(why)
    elif s.state.phase is Phase.DRAW:
        s.dig(arg)


def drop_on_stock(s: Session, _: str) -> None:
    s.say("Cards go on the discard pile, not on the stock")


def sort(s: Session, _: str) -> None:
    """⇅: sort the other way (an arrangement of the player's own is given up)."""
    s.ui.sort = SORTS[(SORTS.index(s.ui.sort) + 1) % len(SORTS)]
    s.ui.order = None


def move_card(s: Session, arg: str) -> None:
    """'key:target': the card takes the target card's place in the hand, as a drag leaves it
    (the others shift over); 'key:' puts it at the right end."""
    key, _, target = arg.partition(":")
    order = [c.key for c in s.shown_hand()]
    if key not in order or key == target or (target and target not in order):
        return
    at = order.index(target) if target else len(order) - 1
    order.remove(key)
    order.insert(at, key)
    s.ui.order = order


def shift_card(s: Session, arg: str) -> None:
    """Shift+←/→: the picked card one place left ('-1') or right ('1') in the hand."""
    order = _shown_keys(s)
    key = s.ui.selected
    if key not in order or arg not in ("-1", "1"):
        s.say("Pick a card first (← → or 1–9), then Shift+← → moves it")
        return
    at = order.index(key) + int(arg)
    if 0 <= at < len(order):
        move_card(s, f"{key}:{order[at]}")


def _shown_keys(s: Session) -> list[str]:
    """The hand cards on show (framed cards sit in their frames), left to right."""
    framed = s.ui.frames.placed() if s.ui.frames is not None else set()
    return [c.key for c in s.shown_hand() if c.key not in framed]


def step_pick(s: Session, arg: str) -> None:
    """←/→: the pick moves one card left or right along the hand (the first key picks an end);
    in the replay, one move back or on."""
    if s.ui.replay is not None:
        move_replay(s.ui.replay, "step", arg)
        s.ui.shared = None
        return
    keys = _shown_keys(s)
    if not keys or arg not in ("-1", "1") or s.ui.frames is not None:
        return
    if s.ui.selected in keys:
        at = (keys.index(s.ui.selected) + int(arg)) % len(keys)
    else:
        at = 0 if arg == "1" else len(keys) - 1
    s.ui.selected, s.ui.end_for = keys[at], None
    s.say("")


def pick_nth(s: Session, arg: str) -> None:
    """1–9: as tapping the hand's nth card from the left (a pick, or into a frame)."""
    keys = _shown_keys(s)
    if arg.isdecimal() and 1 <= int(arg) <= len(keys):
        tap_card(s, keys[int(arg) - 1])


DROPS = ("discard-pile", "meld", "wild", "stock")


def drop(s: Session, arg: str) -> None:
    """'key|act|arg': a card dragged from the hand (or a frame) onto a target. The same intents as
    tap-tap: the card is picked, then the target tapped; onto a hand card: the hand rearranged;
    onto a frame: into that frame; a framed card back onto the hand: out of its frame."""
    key, act, target = (arg.split("|") + ["", ""])[:3]
    if s.hand_card(key) is None:
        return
    frames = s.ui.frames
    if act == "card":
        if frames is not None and frames.frame_of(key) is not None:
            tap_card(s, key)
        else:
            move_card(s, f"{key}:{target}")
    elif act == "frame":
        if frames is not None:
            place(s, f"{key}:{target}")
    elif act in DROPS:
        if frames is None:
            s.ui.selected, s.ui.end_for = key, None
        NEEDS_GAME["drop-stock" if act == "stock" else act](s, target)


LESSON = "lesson"  # ui.confirm's value while the guided deal waits for a yes


def next_deal(s: Session, _: str) -> None:
    if s.state.phase is Phase.DEAL_OVER:
        s.ui.order = None               # a new hand: arranged afresh
        s.next_deal()


def onward(s: Session, _: str) -> None:
    """N: the end of a deal, one step on (the hands, the scores, the next deal)."""
    if s.ui.ending == "play":
        s.reveal(to="hands")
    elif s.ui.ending == "hands":
        s.reveal(to="")
    elif s.state.phase is Phase.DEAL_OVER:
        next_deal(s, "")
    elif s.state.phase is Phase.GAME_OVER:
        to_menu(s, "")


def show_scores(s: Session, _: str) -> None:
    """From everyone's cards at the end of a deal (or its going-out play) to the scores."""
    s.reveal(to="")


def change_setting(s: Session, arg: str) -> None:
    name, _, value = arg.partition("=")
    if s.settings.change(name, value):
        s.store_settings()


def rename(s: Session, arg: str) -> None:
    """A person's name typed on the new-game screen (pass-and-play): remembered for the next game."""
    if s.settings.rename(arg):
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


def confirm_level(s: Session, _: str) -> None:
    if s.ui.confirm == LESSON:
        s.start_lesson()
    elif s.ui.confirm:
        s.start(s.ui.confirm)


def learn(s: Session, _: str) -> None:
    """🎓 The guided first deal; a game in progress is asked about first, like a level."""
    if s.state is not None and not s.state.is_over and s.ui.coach is None:
        s.ui.confirm, s.ui.screen = LESSON, "start"
    else:
        s.start_lesson()


def skip_lesson(s: Session, _: str) -> None:
    """Skip the lesson at any moment: the coach goes, the game plays on."""
    if s.ui.coach is not None:
        s.ui.coach = None
        s.say("Lesson skipped: this game goes on as a Sprout game")


def keep_game(s: Session, _: str) -> None:
    s.ui.confirm = ""
    to_table(s, "")


def dismiss(s: Session, _: str) -> None:
    s.ui.alert = ""


def play_here(s: Session, _: str) -> None:
    s.play_here()


def load_other(s: Session, _: str) -> None:
    s.play_theirs()


def toggle_settings(s: Session, _: str) -> None:
    s.ui.settings_open = not s.ui.settings_open


def to_menu(s: Session, _: str) -> None:
    s.ui.screen = "start"
    s.ui.frames = None
    s.ui.replay = None


CANNOT_REPLAY = "This deal cannot be replayed: its saved moves do not lead to this table"


def open_replay(s: Session, _: str) -> None:
    """▶ Replay the last deal (game over): the game's replay (replay.GameReplay) opens on its final
    deal, at the start of the deal's last lap (replay.lap_start); ◀ ▶ walk on into the other deals."""
    if not s.state.is_over or s.log is None:
        return
    try:
        replay = GameReplay(s.log)
    except ReplayError:
        replay = None
    if replay is None or not replay.matches(s.state):
        s.say(CANNOT_REPLAY, "error")
        return
    replay.go(replay.lap_start())
    s.ui.replay = replay
    s.say("")


# ⏮ ◀ ▶ ⏭: ⏮ and ⏭ go to either end of the deal on show; ◀ and ▶ one move, across deals.
REPLAY_MOVES: dict[str, Callable[[GameReplay], object]] = {
    "start": lambda r: r.go(0), "back": GameReplay.back,
    "forward": GameReplay.forward, "end": lambda r: r.go(len(r)),
}


def move_replay(replay: GameReplay, act: str, arg: str) -> None:
    """A replay control: ``replay-go`` (⏮ ◀ ▶ ⏭ by name), ``step`` (←/→: '-1' or '1') or
    ``replay-deal`` (a deal's number: that deal as dealt). Anything else means nothing. A deal that
    cannot be replayed (a damaged log: never one the game played or imported) raises ReplayError."""
    if act == "step":
        arg = {"-1": "back", "1": "forward"}.get(arg)
    if act == "replay-deal":
        if arg.isdecimal():
            replay.show(int(arg), 0)
            replay.moved_by_player = True
        return
    if arg in REPLAY_MOVES:
        REPLAY_MOVES[arg](replay)
        replay.moved_by_player = True


def replay_go(s: Session, arg: str) -> None:
    """A replay control (or ←/→): one step back or on (across deals), or to either end of the deal."""
    if s.ui.replay is not None:
        move_replay(s.ui.replay, "replay-go", arg)
        s.ui.shared = None                 # a link shown is for where it was asked: it goes as the replay moves


def replay_deal(s: Session, arg: str) -> None:
    """A deal's chip in the replay: that deal as dealt."""
    if s.ui.replay is not None:
        move_replay(s.ui.replay, "replay-deal", arg)
        s.ui.shared = None


def close_replay(s: Session, _: str) -> None:
    """Back to the game-over screen."""
    s.ui.replay = None


def to_table(s: Session, _: str) -> None:
    """Back to the table from the menu: in pass-and-play, behind the pass screen (the device may
    have changed hands meanwhile)."""
    if s.state is not None:
        s.ui.screen = "table"
        s.ui.veiled = s.ui.veiled or s.people > 1


NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "card": tap_card,
    "godown": open_frames,
    "fill": fill,
    "lay": lay,
    "cancel": cancel,
    "frame": pick_frame,
    "place": place,
    "reading": next_reading,
    "meld": tap_meld,
    "layoff": lay_off_anywhere,
    "wild": tap_wild,
    "end": pick_end,
    "stock": tap_stock,
    "discard-pile": tap_discard,
    "sort": sort,
    "move": move_card,
    "shift": shift_card,
    "step": step_pick,
    "nth": pick_nth,
    "drop": drop,
    "drop-stock": drop_on_stock,
    "pile": open_pile,
    "coach-skip": skip_lesson,
    "another": open_extra,
    "lay-extra": lay_extra,
    "find-extra": find_extra,
    "layoff-all": lay_off_all,
    "dig": dig,
    "onward": onward,
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
    "replay": open_replay,
    "replay-go": replay_go,
    "replay-deal": replay_deal,
    "replay-close": close_replay,
    "show": lambda s, _: passing.show(s),
    "claim-toggle": lambda s, arg: passing.toggle_claim(s, arg),
    "claims-done": lambda s, _: passing.claims_done(s),
}
# While no hand may show (pass-and-play), only these mean anything besides ALWAYS: none reads a hand.
WHILE_HIDDEN = {"show", "claim-toggle", "claims-done", "menu", "resume", "next", "scores", "onward",
                "replay", "replay-go", "replay-deal", "replay-close", "sort"}
ALWAYS: dict[str, Callable[[Session, str], None]] = {
    "level": pick_level,
    "learn": learn,
    "confirm": confirm_level,
    "keep": keep_game,
    "settings": toggle_settings,
    "set": change_setting,
    "house": toggle_house,
    "name": rename,
    "dismiss": dismiss,
    "play-here": play_here,
    "load-other": load_other,
    **STATS_INTENTS,
}
# While another tab holds the game (ui.elsewhere), only these mean anything besides ALWAYS.
WHILE_ELSEWHERE = {"menu", "resume", "sort"}


def dispatch(s: Session, act: str, arg: str = "") -> bool:
    """Run one intent; False when it means nothing now (no game, unknown act, another tab's turn)."""
    if act in ALWAYS:
        ALWAYS[act](s, arg)
        return True
    if act in NEEDS_GAME and s.state is not None and (not s.ui.elsewhere or act in WHILE_ELSEWHERE) \
            and (act in WHILE_HIDDEN or not s.hand_hidden()):
        coach.heard(s, act)               # a lesson's tip pointed here: learned (before the table moves)
        NEEDS_GAME[act](s, arg)
        s.keep_frames()                   # frames in progress are saved too: a reload keeps them
        return True
    return False
