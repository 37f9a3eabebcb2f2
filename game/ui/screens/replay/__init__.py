"""The replay of a finished game, deal by deal, every hand face up: from the game-over screen (its
last deal) and from the past games (library/). steps.py takes the steps from the game's log;
model.py, markup.py and intents.py are the screen that walks through them.
"""
