"""What the browser keeps, read defensively: the save slot and the copy set aside (saves.py), the
settings, the finished games kept (kept.py) and the player's statistics (stats.py).

Pure Python over a narrow adapter (``get``, ``set``, ``remove`` of text): localStorage through the
page, a dict in tests. Below the session and the screens; above the engine only.
"""
