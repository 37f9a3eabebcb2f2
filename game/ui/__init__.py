"""The game's UI as pure Python: taps in, screens of HTML out. It runs in the page's worker
(worker.py) and never touches the page: assets/app.js and its modules in assets/page/ own the DOM.

Imports run one way, top to bottom (tests/test_code_shape.py holds it):

- the page layer: app.py (taps and timers in, frames out), dispatch.py (a tap to a screen's
  intent), worker.py (PyScript's glue);
- screens/: each screen's model, markup and intents together (table, scores, pass-and-play,
  start, settings, replay, past games, statistics, another tab's game);
- session/: one tab's game: its flow, bots and clock, saving, the player's moves, pass-and-play,
  the lesson, the frames of going down;
- store/: what the browser keeps (the save slot, settings, finished games, statistics);
- words.py, glyphs.py, standings.py: the words, the joker's mark and the final ranking all share;
- then the engine (game/*.py and game/bots/), which knows nothing of any of this.
"""
