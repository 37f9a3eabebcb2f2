"""The start screen as plain data: the game in progress, every rulebook's choices (the page shows
the chosen one's), the levels and 👥 Pass and play beside them; the pass-and-play setup (how many
people, their names, how many bots join them and at what level) once that is picked; the question asked before a game in
progress is left.
"""
from __future__ import annotations

from typing import Any, Optional

from game.i18n import _, ngettext
from game.rules import DEFAULT_PRESET, PRESETS

from ...session.coach import LESSON
from ...session.session import LEVEL_NAMES, Session
from ...store.settings import MAX_PEOPLE, NAME_LENGTH, bots_range
from ...words import LEVELS, PASS_AND_PLAY, PASS_AND_PLAY_BLURB, RULEBOOK_NAMES, bots_line, listed, rulebook_blurb
from ..elsewhere import elsewhere_model
from ..parts import button_model
from ..settings import settings_model

Model = dict[str, Any]
PEOPLE = "people:"     # ui.confirm for a pass-and-play game asked about: "people:scout"


def where(s: Session) -> str:
    """'deal 5, round 4': how far the game in progress has got (the player's round)."""
    if s.state.is_over:
        return _("final scores")
    return _("deal {deal}, round {round}").format(deal=s.state.deal_number, round=s.state.seats[s.seat].round)


def game_name(preset: str, level: str, people: int = 1, online: bool = False) -> str:
    """'Scout' (an Aggravation game), 'Gallery · Scout', 'pass-and-play', 'Gallery pass-and-play',
    'online': what a game is called on the start screen (a game of people by what it is, not its bots)."""
    book = "" if preset == DEFAULT_PRESET else RULEBOOK_NAMES.get(preset, preset)
    if online:
        return _("{book} online").format(book=book) if book else _("online")
    if people > 1:
        return _("{book} pass-and-play").format(book=book) if book else _("pass-and-play")
    name = LEVEL_NAMES.get(level, level)
    return f"{book} · {name}" if book else name


def this_game(s: Session) -> str:
    """'your Scout game', 'your pass-and-play game with Ana, Ben and Cy': the game in progress."""
    name = game_name(s.log.preset, s.level, s.people, bool(s.online))
    if s.people > 1:
        return _("your {name} game with {people}").format(name=name, people=listed(s.names[:s.people]))
    return _("your {name} game").format(name=name)


def start_model(s: Session) -> Model:
    """The start screen: the game in progress first, then the rulebook, table size and levels;
    notices and dialogs. Every rulebook's choices are in the model; the page shows the chosen one's."""
    has_game = s.state is not None
    return {
        "game": _("▶ Back to {game} — {where}").format(game=this_game(s), where=where(s)) if has_game else "",
        "first_visit": not has_game and not s.saves.kept() and not s.ui.notice,
        "rulebooks": [{"value": key, "label": RULEBOOK_NAMES[key], "blurb": rulebook_blurb(rules),
                       "on": s.settings.rulebook == key} for key, rules in PRESETS.items()],
        "sizes": [size_model(s, key) for key in PRESETS if key != DEFAULT_PRESET],
        "people_card": {"label": _(PASS_AND_PLAY), "hint": _(PASS_AND_PLAY_BLURB)},
        "setup": setup_model(s) if s.ui.people_setup else None,
        "notice": s.ui.notice,
        "reason": s.ui.reason,
        "alert": s.ui.alert,
        "confirm": confirm_model(s),
        "elsewhere": elsewhere_model(s),
        "settings": settings_model(s),
    }


def size_model(s: Session, preset: str) -> Model:
    """How many sit at a ``preset`` table (a rulebook whose size is the player's pick)."""
    rules = PRESETS[preset]
    return {"preset": preset, "name": RULEBOOK_NAMES[preset],
            "options": [{"value": f"{preset}:{n}", "label": str(n), "on": s.settings.players_for(preset) == n}
                        for n in range(rules.min_players, rules.max_players + 1)]}


def setup_model(s: Session) -> Model:
    """👥 Pass and play's own setup: how many people share the device, their names for the next
    game, how many bots join them, and the level they play at, each of which starts the game (the
    number of bots and their level are two choices: two people may have two Sprouts)."""
    count, given, preset = people_count(s), s.settings.names, s.settings.rulebook
    least, most = bots_range(preset, count)
    bots = s.settings.bots_for(preset, count)
    return {
        "options": [{"value": str(n), "label": str(n), "on": n == count} for n in range(2, MAX_PEOPLE + 1)],
        "names": [{"index": n, "value": given[n] if n < len(given) else "", "placeholder": _("Player {n}").format(n=n + 1),
                   "label": _("Name of person {n}").format(n=n + 1)} for n in range(count)],
        "limit": NAME_LENGTH,
        "rulebook": RULEBOOK_NAMES[preset],
        "bots": [{"value": str(n), "label": str(n), "on": n == bots} for n in range(least, most + 1)]
                if most > least else None,
        "hint": people_hint(s, count),
        "tables": tables(preset, count, bots),
        "note": alone_note(preset, count),
    }


def people_count(s: Session) -> int:
    """How many people the setup seats: the settings' count, two at least (one is a solo game)."""
    return max(2, s.settings.people)


def people_hint(s: Session, people: int) -> str:
    """What sharing the device means, and who is left out when the rulebook seats fewer."""
    rules = PRESETS[s.settings.rulebook]
    hint = _("Pass the device round: each person sees their own hand after a tap, and says whether "
             "they claim a discard with their own hand in front of them.")
    if people > rules.max_players:
        hint += " " + _("{book} seats {most}: the first {most} names play.").format(
            book=RULEBOOK_NAMES[s.settings.rulebook], most=rules.max_players)
    return hint


def tables(preset: str, people: int, bots: int) -> list[Model]:
    """The tables the people may start: just them (no bots picked), else one a level, each with
    the bots picked."""
    seated = min(people, PRESETS[preset].max_players)
    if bots == 0:
        return [{"level": "sprout", "label": _("👥 Just the {n} of you").format(n=seated), "hint": _("No bots")}]
    return [{"level": level, "label": _("{icon} With {bots}").format(icon=label.split(" ", 1)[0], bots=bots_line(bots, level)),
             "hint": ngettext("{n} player at the table", "{n} players at the table", seated + bots).format(n=seated + bots)}
            for level, label, *more in LEVELS]


def alone_note(preset: str, people: int) -> str:
    """Why there is no table of just the people, when there is none: the rulebook's least."""
    rules = PRESETS[preset]
    if bots_range(preset, people)[0] == 0:
        return ""
    return _("{book} needs {least} players at least: bots take the empty seats.").format(
        book=RULEBOOK_NAMES[preset], least=rules.min_players)


def confirm_model(s: Session) -> Optional[Model]:
    """A level tapped while a game is in progress: leave it? (No is the default.)"""
    if not s.ui.confirm or s.state is None:
        return None
    old = this_game(s)
    name = game_name(s.log.preset, s.level, s.people, bool(s.online))
    back = button_model("keep", (_("▶ Back to the {name} game") if s.people > 1 else _("▶ Back to my {name} game")).format(name=name),
                        style="primary")
    if s.ui.confirm == LESSON:
        return {"question": _("Leave {game} ({where}) for the guided first deal?").format(game=old, where=where(s)),
                "hint": _("You cannot go back to it afterwards."),
                "buttons": [back, button_model("confirm", _("🎓 Start the guided deal"), arg=LESSON)]}
    level = s.ui.confirm.removeprefix(PEOPLE)
    people = people_count(s) if s.ui.confirm.startswith(PEOPLE) else 1
    new = game_name(s.settings.rulebook, level, people)
    return {
        "question": _("Leave {game} ({where}) and start a new {new} game?").format(game=old, where=where(s), new=new),
        "hint": _("You cannot go back to it afterwards.") + (" " + _("The table closes for everyone at it.") if s.online else ""),
        "buttons": [back, button_model("confirm", _("Start the new {new} game").format(new=new), arg=s.ui.confirm)],
    }
