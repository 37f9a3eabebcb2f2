"""One tab's game behind the page: the session and its parts (see session.py), and the rules of
the moments the session runs: pass-and-play's privacy, the 🫳 offer, the lesson, going down's frames.
Knows no screen: the screens read the session and call its moves.
"""
