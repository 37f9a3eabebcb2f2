"""Pass-and-play's screens over the table: the pass screen (the device goes to the next person,
no hand in view) and the claims screen (who claims the discard). model.py, markup.py, intents.py.
"""
