"""The end of a deal: the going-out play, everyone's cards, the scores; at game over the places.
Laid over the table: model.py (what to show), markup.py (as HTML), intents.py (on to the next).
"""
