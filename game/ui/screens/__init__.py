"""The screens: each one's model (what to show, as plain data), markup (that data as HTML) and
intents (what a tap on it does), side by side in one folder (or one module for a small screen).

A screen is handed the session (session/session.py): its model reads it, its intents call the
session's moves. Screens sit above the session and below the page layer (app.py, dispatch.py);
the session never imports a screen. Shared parts: html.py (markup), parts.py (models).
"""
