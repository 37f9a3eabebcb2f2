"""Shared steps for the game's browser tests: open a fixed deal, replay planned clicks."""
from __future__ import annotations

from typing import Callable, Optional

# Set before any page script runs: the page then makes no memory snapshot of Python after a start
# the long way (assets/page/boot.js). A test that is not about the snapshot boots each context once
# or twice, and a snapshot costs a second start of Python, about 1.7 s of a processor.
NO_SNAPSHOTS = "window.aggravationSnapshots = false;"

# The live table: not the copy of it shown at once on a return, inert until Python draws (assets/page/boot.js).
TABLE = ".table-screen:not([data-kept])"


def fresh_context(browser, **options):
    """A new browser context whose pages make no snapshot of Python (NO_SNAPSHOTS)."""
    context = browser.new_context(**options)
    context.add_init_script(NO_SNAPSHOTS)
    return context


def open_deal(page, site_url: str, seed: int, level: str, steal: str = "off", timeout: int = 60_000,
              house: str = "", rules: str = "", players: int = 0, people: int = 0, ask: str = "") -> None:
    """Start the exact deal ``?seed=&level=`` with instant bots (and ``?house=`` rules, another
    rulebook ``?rules=`` at ``?players=``, ``?people=`` sharing the device, if any)."""
    extra = (f"&house={house}" if house else "") + (f"&rules={rules}" if rules else "") \
        + (f"&players={players}" if players else "") + (f"&people={people}" if people else "") \
        + (f"&ask={ask}" if ask else "")
    page.goto(f"{site_url}?seed={seed}&level={level}&speed=0&steal={steal}{extra}")
    page.wait_for_selector(TABLE, timeout=timeout)


def at_token(page, token: int, timeout: int = 60_000) -> None:
    """Wait until the page has played exactly ``token`` moves (bots at ?speed=0, a loaded machine);
    on a timeout, say where the table stands and what it last said."""
    try:
        page.wait_for_selector(f'{TABLE}[data-token="{token}"]', state="attached", timeout=timeout)
    except Exception as error:  # noqa: BLE001 (the table's state is the useful part)
        table = page.locator(TABLE)
        where = table.get_attribute("data-token") if table.count() else "no table"
        said = page.locator("#screen .message, #screen [data-dialog]").all_inner_texts()
        raise AssertionError(f"move {token} never came: the table stands at {where}, saying {said}") from error


def control(page, act: str, arg: str = ""):
    selector = f'#screen [data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg else "")
    return page.locator(selector).first


def settled(page, timeout: int = 20_000) -> None:
    """Wait until the worker has answered every tap so far (assets/page/link.js: #screen[aria-busy])."""
    page.wait_for_selector("#screen:not([aria-busy])", state="attached", timeout=timeout)


def replay(page, steps, before: Optional[Callable[[int, str, str], None]] = None) -> None:
    """Click each planned step once the page has reached its move number and drawn the last tap."""
    for index, (token, act, arg) in enumerate(steps):
        at_token(page, token)
        if before:
            before(index, act, arg)
        if act == "meld":   # the meld itself, under the ghost slots a picked card shows at its ends
            control(page, act, arg).dispatch_event("click")
        else:
            control(page, act, arg).click()
        settled(page)


def hand_codes(page) -> list[str]:
    return page.eval_on_selector_all('[data-zone="hand"] [data-card]', "els => els.map(e => e.dataset.card)")


def hand_keys(page) -> list[str]:
    return page.eval_on_selector_all('[data-zone="hand"] [data-card]', "els => els.map(e => e.dataset.key)")


# The element in the middle of its scrolling area, and the first point of a 5×5 grid over it,
# middle first, where it is what a finger would touch (not under the dock or a neighbour).
IN_REACH = """el => {
  el.scrollIntoView({block: "center", inline: "center"});
  const r = el.getBoundingClientRect();
  const steps = [0.5, 0.3, 0.7, 0.1, 0.9];
  for (const fy of steps) for (const fx of steps) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [x, y];
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return "covered by " + (hit ? hit.outerHTML.slice(0, 120) : "nothing");
}"""


def still(page) -> None:
    """Wait until every card in flight has landed (the flights of assets/page/motion.js: script animations)."""
    page.evaluate("""() => Promise.all(document.getAnimations().filter(a => !(a instanceof CSSAnimation))
                                       .map(a => a.finished.catch(() => null)))""")


def centre(locator) -> tuple[float, float]:
    """Where a player would put a finger on the element, once the table is still: its middle, or
    the nearest point of it that nothing covers."""
    locator.wait_for(state="attached")
    still(locator.page)
    point = locator.evaluate(IN_REACH)
    assert isinstance(point, list), f"{locator} cannot be touched: {point}"
    return point[0], point[1]


def mouse_drag(page, source, target) -> None:
    """A mouse drag from the middle of one element to the middle of another, past the 8 px that
    tell a drag from a tap; then wait for the worker's answer."""
    x, y = centre(source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 12, steps=2)
    tx, ty = centre(target)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    settled(page)
