"""The start screen: the game in progress to go back to, the rulebook, the table's size, the people
sharing the device, the levels; the notices above and the dialogs over it. model.py (what to
show), markup.py (as HTML), intents.py (a level tapped, the guided deal, back to the table).
"""
