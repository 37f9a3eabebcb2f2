"""The DOM layer: the only code in game/ that touches the page (runs only under PyScript)."""
