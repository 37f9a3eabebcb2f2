"""The 📜 rules pages and 🖨️ printable cards, rendered at build time from two templates.

rules_page.py is the template of a rulebook's rules page, print_card.py that of its printable
card; parts.py holds what both draw (contracts in words, card glyphs, the joker mark, paths);
prose.py the rules page's longer sections. Every sentence goes through the message catalogs
(game/i18n.py) and every number about the game is read from the rulebook's ``Rules``
(game/rules.py). scripts/rules_pages.py writes the pages; nothing here runs in the browser.
"""
