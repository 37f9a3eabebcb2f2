# The Python that PyScript's worker runs (assets/app.js starts it with pyscript.toml as its config,
# which unpacks game.zip first). Everything is in game/ui/worker.py.
import game.ui.worker  # noqa: F401
