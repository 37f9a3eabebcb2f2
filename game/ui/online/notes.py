"""What the host's worker tells a guest's page besides its screen: a refusal, a table closed, a
seat gone to another device. Each is made for one guest, and is worded in that guest's language
(the languages its hello or ask said: game/i18n.py) when it is sent, not in the host's.
"""
from __future__ import annotations

from typing import Any

from game.i18n import N_, _, speaking

CLOSED = N_("The host closed this table.")
REMOVED = N_("The host took you off this table.")        # (store/room.py refuses its token with the same words)
# Translators: a second device tried to take a seat on the same connection: each device plays one seat.
ONE_SEAT = N_("One seat a device.")
NO_SUCH_SEAT = N_("There is no such seat to ask for at this table.")
# Translators: the host refused a new device the seat of {name}; {host} is the host's name.
SEAT_KEPT = N_("{host} kept {name}’s seat where it is.")
SEAT_GIVEN = N_("Your seat moved to another device: the host gave it there.")
SEAT_BACK = N_("The host gave your seat back to your other device.")
# Translators: said to a guest who left the table; {host} is the host's name.
LEFT = N_("You left {host}’s table.")
LEFT_PLAYING = N_("You left {host}’s table. A bot plays your seat.")


def in_language(lang: str, text: str, **values: Any) -> str:
    """``text`` (a message of this module's, or the room's refusal) in ``lang``, with its values."""
    with speaking(lang):
        return _(text).format(**values) if values else _(text)
