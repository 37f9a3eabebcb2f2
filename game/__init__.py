"""Aggravation: a contract-rummy rules engine in pure Python, with its bots.

Nothing in this package touches a browser except ``game.ui``; the rest runs the
same under CPython and Pyodide.
"""
