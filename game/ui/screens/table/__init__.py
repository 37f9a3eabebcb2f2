"""The table: the screen a game is played on. Its model (model.py, with the prompt in prompts.py,
the buttons in buttons.py and the frames of going down in going_down.py), its markup (markup.py)
and what a tap on it does (intents.py for the play, hand.py for arranging and picking cards).
"""
