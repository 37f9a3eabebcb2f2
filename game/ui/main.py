"""Page entry point, run by PyScript (<script type="py" src="game/ui/main.py"> in index.html).

Placeholder until the real UI lands: it proves that the vendored runtime boots, that the engine
package imports inside Pyodide, and it hands the page over from the static shell to Python.
"""

import sys

from pyscript import document

import game  # noqa: F401  (the import is the check: pyscript.toml [files] must be complete)


def show_ready() -> None:
    """Hide the loading line, enable the level picker, and say Python is running."""
    document.getElementById("loading").hidden = True
    for button in document.querySelectorAll("#levels button"):
        button.disabled = False
    status = document.getElementById("status")
    status.dataset.python = ".".join(str(part) for part in sys.version_info[:3])
    status.textContent = "Ready"
    status.hidden = False


show_ready()
