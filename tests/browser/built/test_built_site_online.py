"""On the built site (service worker, bytecode-only game, the cut library, PeerJS and the QR maker
shipped as files kept only once fetched): three phones at an online table play a whole deal by
taps, and a guest who reloads mid-turn gets its seat back; no module missed (conftest.py)."""
from __future__ import annotations

from test_online import (  # noqa: F401
    table,
    test_a_guest_who_reloads_mid_turn_gets_its_seat_back,
    test_three_phones_play_a_whole_deal_by_taps,
)
