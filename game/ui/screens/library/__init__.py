"""Past games (issue 12): the finished games kept, replayed, exported, imported and shared.

From the start screen, 📚 Past games lists the finished games the browser keeps (store/saves.py
KEPT_KEY, newest first): when, which rulebook and level, who won, the player's place and total.
Opening one replays the whole game (replay/steps.py GameReplay: every deal, every hand face up)
to its final scores, on the game-over replay's own screen (replay/model.py replay_view,
replay/markup.py replay_screen). Each game can be exported as a file (the frame's ``download``:
the page offers it, a worker cannot), and a file chosen on this screen is imported
(kept.read_import: a bad file gets one sentence and changes nothing). 🔗 Share this deal, here
and on the game-over screen, shows the address that starts a new game dealt as the game's first
deal (kept.share_query), copied where the browser allows.

The screen is open while ``ui.past`` is set, over whatever else is (a game in progress stays as
it was): app.App sends every tap here then (``wants``), and only the acts of intents.py's
``PAST`` mean anything.

model.py (the list as plain data), markup.py (as HTML), intents.py (what a tap does here).
"""
