"""index.html's static start screen is the one game/ui/render.py draws (scripts/shell.py).

The page shows it before Python is up and brings it to life with assets/app.js; if it drifted
from the renderer, the screen would jump (or lose a control) when the worker takes over."""

from support import load_script

shell = load_script("shell")


def test_index_html_holds_the_rendered_start_screen():
    assert shell.main(["--check"]) == 0, "run: python scripts/shell.py"


def test_the_static_start_screen_has_every_early_control_and_the_loading_progress():
    html = shell.start_screen_html()
    for control in ('data-act="level" data-arg="sprout"', 'data-act="level" data-arg="ace"',
                    'data-act="set" data-arg="steal=wait"', 'data-act="set" data-arg="speed=fast"',
                    'data-act="house" data-arg="ace_wrap"', 'id="load-progress"', 'id="loading"'):
        assert control in html
