"""An online table in real browsers, for measuring what a line's traffic costs it (bench.flood) and
for the browser tests of those budgets (tests/browser/test_online_budgets.py).

Why not the in-process soak (bench.online): a flood's cost is decided in the page, by the line's
budget in assets/page/hosting.js, the worker's queue and the PeerJS data channels, none of which
the soak runs. Here the host's page, a seated guest's page and a stranger's page each have a
browser context of their own, and they meet through a local PeerJS server (tests/relay.py).

The host's page records every move it draws (``window.__moves``: [time, token, the bot's seat or
null]); every page counts the texts its data channels deliver (``window.__texts``). A tap is timed
in the page that makes it: from the click to its answer drawn (``timed_tap``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from urllib.parse import quote

# Every page: the moves drawn (host), the texts delivered on data channels (a guest's frames).
RECORD = """
window.__moves = [];
window.__texts = 0;
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
  if (type !== "message") return listen.call(this, type, listener, options);
  return listen.call(this, type, (event) => { window.__texts += 1; return listener.call(this, event); }, options);
};
addEventListener("DOMContentLoaded", () => {
  const screen = document.getElementById("screen");
  let last = null;
  if (screen) new MutationObserver(() => {
    const table = screen.querySelector(".table-screen:not([data-kept])");
    if (!table || table.dataset.token === last) return;
    last = table.dataset.token;
    window.__moves.push([performance.now(), Number(table.dataset.token), table.dataset.justSeat ?? null]);
  }).observe(screen, {childList: true});
});
window.aggravationSnapshots = false;
"""

STATE = """() => {
  const table = document.querySelector('#screen .table-screen:not([data-kept])');
  const acts = [...document.querySelectorAll('#screen [data-act]')].filter((b) => !b.disabled).map((b) => b.dataset.act);
  const hand = [...document.querySelectorAll('#screen [data-act="card"][data-key]')].map((e) => e.dataset.key);
  return {token: table ? Number(table.dataset.token) : null, phase: table ? table.dataset.phase : null, acts, hand,
          mine: table?.dataset.myTurn === 'true',
          busy: !!document.body.dataset.waiting || document.querySelector('#screen').hasAttribute('aria-busy'),
          away: !!document.body.dataset.away, status: document.getElementById('online-status')?.textContent || ''};
}"""

# Tap a control by script (a click, as input.js hears it) and wait, in the page, for its answer
# drawn: no tap on its way (a guest's page), no question out to the worker (any page), and, for a
# move, a new move on the table. The milliseconds it took, or -1 after 30 s.
TIMED_TAP = """async ([act, arg, moves]) => {
  const table = () => document.querySelector('#screen .table-screen:not([data-kept])');
  const before = table()?.dataset.token;
  const button = [...document.querySelectorAll(`#screen [data-act="${act}"]`)]
    .find((b) => !b.disabled && (!arg || b.dataset.arg === arg));
  if (!button) return null;
  const screen = document.getElementById('screen');
  const answered = () => !document.body.dataset.waiting && !screen.hasAttribute('aria-busy')
    && (!moves || table()?.dataset.token !== before);
  const start = performance.now();
  button.click();
  return new Promise((ok) => {
    const seen = new MutationObserver(() => answered() && (seen.disconnect(), ok(performance.now() - start)));
    seen.observe(document.body, {attributes: true, childList: true, subtree: true});
    setTimeout(() => (seen.disconnect(), ok(-1)), 30000);
  });
}"""

# A page of someone with the link (a stranger): PeerJS loaded, a Peer of its own on the relay.
OWN_PEER = """  if (!window.peerjs) await new Promise((ok, no) => { const s = document.createElement('script');
    s.src = '/assets/vendor/peerjs/peerjs.min.js'; s.onload = ok; s.onerror = no; document.head.append(s); });
  const url = new URL(relay);
  const peer = new peerjs.Peer({host: url.hostname, port: Number(url.port), path: url.pathname, secure: false,
                                config: {iceServers: []}});
  await new Promise((ok) => peer.on('open', ok));
"""

# A stranger's flood: a new Peer, a line to the table, ``count`` texts sent at once. Returns once
# they are sent (the table is then taking them in); window.__flood then says when the line closed.
FLOOD = """async ([relay, code, text, count]) => {
""" + OWN_PEER + """  const line = peer.connect(code, {reliable: true, serialization: 'raw'});
  await new Promise((ok) => line.on('open', ok));
  const start = performance.now();
  let sent = 0;
  window.__flood = new Promise((ok) => {
    line.on('close', () => ok({sent, closed_ms: performance.now() - start}));
    setTimeout(() => ok({sent, closed_ms: null}), 20000);
  }).then((result) => (peer.destroy(), result));
  for (; sent < count && line.open; sent++) line.send(text);
  return sent;
}"""

# A stranger's trickle: a new Peer, a line, ``text`` every ``ms`` until window.__stop(); then how
# many were sent and whether the line was closed.
TRICKLE = """async ([relay, code, text, ms]) => {
""" + OWN_PEER + """  const line = peer.connect(code, {reliable: true, serialization: 'raw'});
  await new Promise((ok) => line.on('open', ok));
  let sent = 0, closed = false;
  line.on('close', () => { closed = true; });
  const every = setInterval(() => { if (line.open) { line.send(text); sent += 1; } }, ms);
  window.__stop = () => { clearInterval(every); const said = {sent, closed}; peer.destroy(); return said; };
  return true;
}"""

# A seated guest's own page sends through its own line (guest.js's tell, as its taps do): the
# link module's ``game`` is the guest's. ``how``: "escape" or a tap's act.
GUEST_SAYS = """async ([how, count, ms]) => {
  const {game} = await import('/assets/page/link.js');
  const say = () => (how === 'escape' ? game.escape() : game.intent(how, ''));
  const start = performance.now();
  if (!ms) { for (let n = 0; n < count; n++) say(); return performance.now() - start; }
  for (let n = 0; n < count; n++) { say(); await new Promise((ok) => setTimeout(ok, ms)); }
  return performance.now() - start;
}"""

# A seated guest impatient while others play: its refused tap (``act``) every ``ms`` whenever it
# is not its turn, until window.__stop().
GUEST_TRICKLE = """async ([act, ms]) => {
  const {game} = await import('/assets/page/link.js');
  let sent = 0;
  const every = setInterval(() => {
    const table = document.querySelector('#screen .table-screen:not([data-kept])');
    if (table && table.dataset.myTurn !== 'true') { game.intent(act, ''); sent += 1; }
  }, ms);
  window.__stop = () => { clearInterval(every); return {sent, closed: false}; };
  return true;
}"""

HELLO = json.dumps({"t": "hello", "token": "f" * 32, "name": "Mallory"})
DRAW = json.dumps({"t": "tap", "act": "draw", "arg": ""})
OVER = ("deal_over", "game_over")
BOOT_MS = 90_000


@dataclass
class Table:
    host: object
    guests: list
    code: str
    contexts: list = field(default_factory=list)

    @property
    def pages(self) -> list:
        return [self.host, *self.guests]


def state(page) -> dict:
    return page.evaluate(STATE)


def open_table(browser, site_url: str, relay: str, guests: tuple[str, ...] = ("Ben",), speed: str = "fast",
               level: str = "scout", phone: dict | None = None) -> Table:
    """The host opens an online table (bots at ``speed``, no steal offers, no turn limit), the
    guests sit down, the host starts: every page at the first move."""
    contexts = []

    def context():
        made = browser.new_context(**(phone or {}))
        made.add_init_script(RECORD)
        contexts.append(made)
        return made

    host = context().new_page()
    host.goto(f"{site_url}?relay={quote(relay, safe='')}&speed={speed}&steal=off")
    host.wait_for_function("window.aggravationReady === true", timeout=BOOT_MS)
    host.click('#screen [data-act="online"]')
    link = host.locator(".join-link").input_value(timeout=30_000)
    host.click('#screen [data-act="set"][data-arg="turn=off"]')
    host.click(f'#screen [data-act="online-level"][data-arg="{level}"]')
    pages = []
    for name in guests:
        page = context().new_page()
        page.goto(link)
        page.fill('input[name="name"]', name)
        page.click('button[type="submit"]')
        page.wait_for_selector('#screen [data-screen="lobby"]', timeout=30_000)
        pages.append(page)
    host.wait_for_function(f"document.querySelectorAll('.room-seats li:not(.bots)').length === {len(guests) + 1}",
                           timeout=30_000)
    host.click('#screen [data-act="online-start"]')
    table = Table(host, pages, link.split("join=")[1].split("&")[0], contexts)
    settle(table)
    return table


def settle(table: Table, timeout: float = 60_000) -> int:
    """Every page shows the host's move, with no tap or question on its way: that move's number."""
    for _ in range(50):
        table.host.wait_for_function(f"(({STATE})()).token !== null && !(({STATE})()).busy", timeout=timeout)
        token = state(table.host)["token"]
        for page in table.guests:
            page.wait_for_function(f"([t]) => {{ const s = ({STATE})(); return s.token === t && !s.busy; }}",
                                   arg=[token], timeout=timeout)
        if state(table.host)["token"] == token:
            return token
    raise AssertionError("the pages never showed the same move")


def timed_tap(page, act: str, arg: str = "", moves: bool = True) -> float | None:
    """Tap ``act`` on ``page``; the ms until its answer was drawn (None: no such control enabled)."""
    took = page.evaluate(TIMED_TAP, [act, arg, moves])
    if took is not None and took < 0:
        raise AssertionError(f"the tap {act!r} was not answered in 30 s")
    return took


def move(page) -> list[tuple[str, float]]:
    """One step of this page's turn by taps, the plainest way on: [(act, ms)], [] if it has none."""
    acts = set(state(page)["acts"])
    for act in ("pass", "draw", "lay", "fill", "godown", "layoff-all"):
        if act in acts:
            return [(act, timed_tap(page, act, moves=act in ("pass", "draw")))]
    if page.locator('#screen [data-act="discard"]').count():
        first = state(page)["hand"][0]
        picked = timed_tap(page, "card", first, moves=False)
        return [("card", picked), ("discard", timed_tap(page, "discard"))]
    return []


def step(table: Table, before_guest=None) -> tuple[str, list[tuple[str, float]]]:
    """Whoever the table waits for acts: a person's step by taps ("host" or "guest N"), the host's
    deal at a deal's end, or the bots (waited for: "bots"). ``before_guest(page)`` runs just before
    a guest's step."""
    token = settle(table)
    host = state(table.host)
    if host["phase"] in OVER:              # the deal's end, step by step by the host's clock: then the host deals
        acts = host["acts"]
        act = next((a for a in ("next", "onward", "scores") if a in acts), None)
        if act is not None:
            return "host", [(act, timed_tap(table.host, act, moves=False))]
    for n, page in enumerate(table.pages):
        seen = state(page)
        if seen["mine"] or set(seen["acts"]) & {"pass", "draw"}:
            if n and before_guest is not None and set(seen["acts"]) & {"pass", "draw"}:
                before_guest(page)
            taps = move(page)
            if taps:
                return ("host" if n == 0 else f"guest {n}"), taps
    try:
        table.host.wait_for_function(f"([t, over]) => {{ const s = ({STATE})(); return s.token !== t || over.includes(s.phase); }}",
                                     arg=[token, list(OVER)], timeout=60_000)
    except Exception as error:  # noqa: BLE001 (where the table stands is the useful part)
        raise AssertionError(f"no move in 60 s: {[state(page) for page in table.pages]}") from error
    return "bots", []


def close(table: Table) -> None:
    for context in table.contexts:
        context.close()
