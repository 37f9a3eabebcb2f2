"""The start screen as plain data: the game in progress, every rulebook's choices (the page shows
the chosen one's), the people at the device and what each level seats for them, the question
asked before a game in progress is left.
"""
from __future__ import annotations

from typing import Any, Optional

from game.rules import DEFAULT_PRESET, PRESETS

from ...session.coach import LESSON
from ...session.session import LEVEL_NAMES, Session, bot_levels
from ...store.settings import MAX_PEOPLE, NAME_LENGTH, seats
from ...words import RULEBOOK_NAMES, rulebook_blurb
from ..elsewhere import elsewhere_model
from ..parts import button_model
from ..settings import settings_model

Model = dict[str, Any]


def where(s: Session) -> str:
    """'deal 5, round 4': how far the game in progress has got (the player's round)."""
    if s.state.is_over:
        return "final scores"
    return f"deal {s.state.deal_number}, round {s.state.seats[s.seat].round}"


def game_name(preset: str, level: str) -> str:
    """'Scout' (an Aggravation game), 'Gallery · Scout': what a game is called on the start screen."""
    name = LEVEL_NAMES.get(level, level)
    return name if preset == DEFAULT_PRESET else f"{RULEBOOK_NAMES.get(preset, preset)} · {name}"


def start_model(s: Session) -> Model:
    """The start screen: the game in progress first, then the rulebook, table size and levels;
    notices and dialogs. Every rulebook's choices are in the model; the page shows the chosen one's."""
    has_game = s.state is not None
    return {
        "game": f"▶ Back to your {game_name(s.log.preset, s.level)} game — {where(s)}" if has_game else "",
        "first_visit": not has_game and not s.saves.kept() and not s.ui.notice,
        "rulebooks": [{"value": key, "label": RULEBOOK_NAMES[key], "blurb": rulebook_blurb(rules),
                       "on": s.settings.rulebook == key} for key, rules in PRESETS.items()],
        "sizes": [{"preset": key, "name": RULEBOOK_NAMES[key],
                   "options": [{"value": f"{key}:{n}", "label": str(n), "on": s.settings.players_for(key) == n}
                               for n in range(rules.min_players, rules.max_players + 1)]}
                  for key, rules in PRESETS.items() if key != DEFAULT_PRESET],
        "people": people_model(s),
        "notice": s.ui.notice,
        "reason": s.ui.reason,
        "alert": s.ui.alert,
        "confirm": confirm_model(s),
        "elsewhere": elsewhere_model(s),
        "settings": settings_model(s),
    }


def people_model(s: Session) -> Model:
    """How many people share the device (pass-and-play), and their names for the next game."""
    count, given = s.settings.people, s.settings.names
    return {
        "options": [{"value": str(n), "label": "Just me" if n == 1 else str(n), "on": n == count}
                    for n in range(1, MAX_PEOPLE + 1)],
        "names": [{"index": n, "value": given[n] if n < len(given) else "", "placeholder": f"Player {n + 1}",
                   "label": f"Name of person {n + 1}"} for n in range(count if count > 1 else 0)],
        "hint": people_hint(s, count),
        "limit": NAME_LENGTH,
        "level_hints": {preset: level_hints(s, preset, count) for preset in PRESETS} if count > 1 else {},
    }


def people_hint(s: Session, people: int) -> str:
    """What sharing the device means, and who is left out when the rulebook seats fewer."""
    if people <= 1:
        return ""
    rules = PRESETS[s.settings.rulebook]
    hint = (f"{people} people pass this device between turns: each sees their own hand after a tap, "
            "and claims on a discard are made together on one screen.")
    if people > rules.max_players:
        hint += f" {RULEBOOK_NAMES[s.settings.rulebook]} seats {rules.max_players}: the first {rules.max_players} names play."
    return hint


def level_hints(s: Session, preset: str, people: int) -> dict[str, str]:
    """Each level's table under ``preset`` when people share the device: how many bots are left to
    seat (the table, grown to seat everyone within the rulebook's limit)."""
    most, hints = PRESETS[preset].max_players, {}
    for level, bots in bot_levels().items():
        table = bots + 1 if preset == DEFAULT_PRESET else s.settings.players_for(preset)
        left = seats(preset, table, people) - min(people, most)
        if left:
            hints[level] = f"{left} {LEVEL_NAMES[level]} {'bot joins' if left == 1 else 'bots join'} you"
        elif people <= most:
            hints[level] = f"No bots: just the {people} of you"
        else:
            hints[level] = f"{most} seats: the first {most} of you play"
    return hints


def confirm_model(s: Session) -> Optional[Model]:
    """A level tapped while a game is in progress: leave it? (No is the default.)"""
    if not s.ui.confirm or s.state is None:
        return None
    old = game_name(s.log.preset, s.level)
    if s.ui.confirm == LESSON:
        return {"question": f"Leave your {old} game ({where(s)}) for the guided first deal?",
                "hint": "You cannot go back to it afterwards.",
                "buttons": [button_model("keep", f"▶ Back to my {old} game", style="primary"),
                            button_model("confirm", "🎓 Start the guided deal", arg=LESSON)]}
    new = game_name(s.settings.rulebook, s.ui.confirm)
    return {
        "question": f"Leave your {old} game ({where(s)}) and start a new {new} game?",
        "hint": "You cannot go back to it afterwards.",
        "buttons": [button_model("keep", f"▶ Back to my {old} game", style="primary"),
                    button_model("confirm", f"Start the new {new} game", arg=s.ui.confirm)],
    }
