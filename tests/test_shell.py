"""index.html's static start screen is the one game/ui/screens/start/ draws (scripts/shell.py).

The page shows it before Python is up and brings it to life with assets/page/boot.js; if it drifted
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


def test_the_table_specimen_is_a_first_deal_with_every_kind_of_card_face():
    """What the page lays out early (assets/page/boot.js) is a real table: its hand holds red, black and
    joker faces, so their fonts are open before the first real table."""
    html = shell.table_specimen_html()
    assert html.startswith('<template id="table-specimen"><div class="table-screen"') and html.endswith("</template>")
    hand = html[html.index('data-zone="hand"'):]
    for face in ('class="card red"', 'class="card black"', 'class="card black joker"'):
        assert face in hand
    assert html.count("<template") == 1, "a template inside the specimen would end it early"
