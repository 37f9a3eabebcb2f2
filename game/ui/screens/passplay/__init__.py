"""Pass-and-play's screen over the table: the pass screen (the device goes to the next person,
no hand in view), to play their turn or to say whether they claim a discard with their own hand in
front of them. model.py, markup.py, intents.py.
"""
