"""Online tables in real browsers: a host and two guests, each a phone-sized browser context of its
own, through a local PeerJS server (tests/relay.py), playing by taps.

Every text a guest's page receives is captured as it arrives on the data channel (an init script
wraps RTCDataChannel's message listeners), and checked: a guest is only ever sent its own seat's screen,
and the cards in it are its own hand's or on view to everyone (what the host's screen shows of the
table), never another hand's or the stock's.
"""
from __future__ import annotations

import base64
import json
import re
import zlib
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest

from helpers import fresh_context

PHONE = dict(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
BOOT_MS = 90_000

CAPTURE = """
window.__heard = [];
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
  if (type !== "message") return listen.call(this, type, listener, options);
  return listen.call(this, type, (event) => {
    // PeerJS's raw lines: the very bytes sent (the host's texts deflated), kept as base64
    if (event.data instanceof ArrayBuffer) window.__heard.push(btoa(String.fromCharCode(...new Uint8Array(event.data))));
    return listener.call(this, event);
  }, options);
};
"""

STATE = """() => {
  const table = document.querySelector('#screen .table-screen:not([data-kept])');
  const acts = [...document.querySelectorAll('#screen [data-act]')].filter((b) => !b.disabled).map((b) => b.dataset.act);
  const hand = [...document.querySelectorAll('#screen [data-act="card"][data-key]')].map((e) => e.dataset.key);  // in flight too
  const keys = [...document.querySelectorAll('#screen [data-key]')].map((e) => e.dataset.key);
  return {token: table ? Number(table.dataset.token) : null, phase: table ? table.dataset.phase : null, acts, hand, keys,
          waiting: !!document.body.dataset.waiting, busy: document.querySelector('#screen').hasAttribute('aria-busy'),
          status: document.getElementById('online-status')?.textContent || ''};
}"""
ERRORS: list = []                  # every page's console errors: none is expected
OVER = ("deal_over", "game_over")
KEY = re.compile(r'data-key="([^"]+)"')


@dataclass
class Table:
    host: object
    guests: list
    link: str
    url: str                      # the host's address (a reload or a return opens it again)
    contexts: list = field(default_factory=list)

    @property
    def pages(self) -> list:
        return [self.host, *self.guests]


def until(page, condition: str, arg=None, timeout: float = 30_000) -> None:
    """Wait on ``page`` until ``condition`` holds: JavaScript of ``s`` (the STATE below, read
    afresh each time) and ``arg``."""
    page.wait_for_function(f"([arg]) => {{ const s = ({STATE})(); return {condition}; }}", arg=[arg], timeout=timeout)


def state(page) -> dict:
    return page.evaluate(STATE)


def open_host(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.aggravationReady === true", timeout=BOOT_MS)
    return page


def join(context, link: str, name: str):
    page = context.new_page()
    page.goto(link)
    page.fill('input[name="name"]', name)
    page.click('button[type="submit"]')
    page.wait_for_selector('#screen [data-screen="lobby"]', timeout=30_000)
    return page


@pytest.fixture
def table(browser, site_url, relay):
    contexts = []

    def context():
        made = fresh_context(browser, **PHONE)
        made.add_init_script(CAPTURE)
        made.on("console", lambda m: m.type == "error" and ERRORS.append(m.text))
        contexts.append(made)
        return made

    url = f"{site_url}?relay={quote(relay, safe='')}&speed=0"
    host = open_host(context(), url)
    host.click('#screen [data-act="online"]')
    link = host.locator(".join-link").input_value(timeout=30_000)
    guests = [join(context(), link, name) for name in ("Ben", "Cy")]
    until(host, "document.querySelectorAll('.room-seats li').length === 3")   # both guests in the lobby
    host.click('#screen [data-act="online-start"]')
    made = Table(host, guests, link, url, contexts)
    in_step(made)
    ERRORS.clear()
    yield made
    for each in contexts:
        each.close()
    assert ERRORS == []


def in_step(table: Table, timeout: float = 30_000) -> int:
    """Every page has drawn the same move (no tap on its way): that move's number."""
    until(table.host, "s.token !== null", timeout=timeout)
    for _ in range(20):
        token = state(table.host)["token"]
        for page in table.pages:
            until(page, "s.token === arg && !s.waiting && !s.busy", token, timeout)
        if state(table.host)["token"] == token:
            return token
    raise AssertionError("the pages never showed the same move")


def heard(page) -> list[dict]:
    return [json.loads(unpacked(text)) for text in page.evaluate("window.__heard")]   # the texts the host sent


def unpacked(text: str) -> str:
    """A text as the host's page sent it: deflated (raw deflate), here in base64."""
    return zlib.decompress(base64.b64decode(text), -15).decode("utf-8")


def last_frame(page) -> dict:
    frames = [m for m in heard(page) if m.get("t") == "frame"]
    assert frames, "no frame received"
    return frames[-1]


def check_no_leak(table: Table) -> None:
    """Each guest's last screen holds its own cards and cards everyone sees, nothing else; and every
    frame it was ever sent was its own seat's."""
    host = state(table.host)
    if host["phase"] in OVER:
        return                            # a deal's end shows every hand, as at a real table
    public = set(host["keys"]) - set(host["hand"])
    hands = {0: set(host["hand"])}
    for n, guest in enumerate(table.guests, start=1):
        hands[n] = set(state(guest)["hand"])
    for n, guest in enumerate(table.guests, start=1):
        frames = [m for m in heard(guest) if m.get("t") == "frame"]
        assert {m["seat"] for m in frames} == {n}
        keys = set(KEY.findall(frames[-1]["html"]))
        others = set().union(*(cards for seat, cards in hands.items() if seat != n))
        assert not keys & others, f"guest {n} was sent another hand's cards: {sorted(keys & others)}"
        assert keys <= hands[n] | public, f"guest {n} was sent cards no one shows: {sorted(keys - hands[n] - public)}"


def tap(page, act: str, arg: str = "") -> None:
    selector = f'#screen [data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg else "")
    page.locator(selector).first.tap()
    until(page, "!s.waiting && !s.busy", timeout=20_000)       # the answer to the tap


def move(page) -> bool:
    """One step of this page's turn by taps, the plainest way on; False when it has none."""
    acts = set(state(page)["acts"])
    for act in ("pass", "draw", "lay", "fill", "godown", "layoff-all"):
        if act in acts:
            tap(page, act)
            return True
    if "discard" in page.evaluate("""() => [...document.querySelectorAll('#screen [data-act="discard"]')].map(b => b.dataset.act)"""):
        first = state(page)["hand"][0]
        tap(page, "card", first)
        tap(page, "discard")
        return True
    return False


def deal_over(page) -> bool:
    return state(page)["phase"] in OVER


def play(table: Table, moves: int, until_over: bool = False) -> int:
    """Up to ``moves`` steps by whoever's turn it is, checked for leaks after each; the moves made."""
    made = 0
    while made < moves:
        in_step(table)
        check_no_leak(table)
        if deal_over(table.host):
            return made
        mover = next((p for p in table.pages if move(p)), None)
        if mover is None:                 # no one has a move: the table moves on by itself (a deal's end)
            until(table.host, "s.token !== arg[0] || arg[1].includes(s.phase)", [state(table.host)["token"], list(OVER)])
            continue
        made += 1
    if until_over:
        raise AssertionError(f"the deal did not end in {moves} moves")
    return made


def test_three_phones_play_a_whole_deal_by_taps(table):
    """Host and two guests, each on their own phone, play the first deal to its end by taps; every
    screen a guest is sent is its own and shows no card it may not see."""
    host = table.host
    ben, cy = table.guests
    assert "Waiting for Ben" in host.locator("#screen .prompt").inner_text()
    cy.locator('#screen [data-act="guest-mute"]').tap()           # Cy mutes this phone: no tap goes to the host
    play(table, 600, until_over=True)
    for page in table.pages:
        until(page, "arg.includes(s.phase)", list(OVER), 20_000)     # the deal's end on every phone
    assert {m["t"] for g in table.guests for m in heard(g)} == {"table", "frame"}   # what the table is, then screens
    sounds = "() => performance.getEntriesByName('aggravation-sound').flatMap(m => m.detail)"
    assert {"turn", "end"} <= set(ben.evaluate(sounds))            # a guest hears its turn and the deal's end
    assert cy.evaluate(sounds) == []                               # Cy's phone muted, on its own
    chip = cy.locator('#screen [data-act="guest-mute"]')
    assert (chip.inner_text(), chip.get_attribute("aria-pressed")) == ("🔇", "true")   # redrawn, still its own
    assert cy.evaluate("JSON.parse(localStorage.getItem('aggravation.settings')).mute") == "on"
    assert ben.locator("#narration").inner_text().strip()          # and told in words, in the live region


def test_a_guest_who_reloads_mid_turn_gets_its_seat_back(table):
    """Ben draws, reloads before discarding, and is at his seat again with the card he drew."""
    ben = table.guests[0]
    for _ in range(60):                   # the others play (and Ben passes in a swap round) until he is to draw
        in_step(table)
        if "draw" in state(ben)["acts"]:
            break
        next(p for p in table.pages if move(p))
    tap(ben, "draw")
    before = sorted(state(ben)["hand"])
    token = in_step(table)
    ben.reload()
    until(ben, "s.token === arg[0] && JSON.stringify([...s.hand].sort()) === JSON.stringify(arg[1])", [token, before])
    assert "discard" in state(ben)["acts"] or ben.locator('#screen [data-act="discard"]').count()
    tap(ben, "card", before[0])
    tap(ben, "discard")
    assert in_step(table) == token + 1
    check_no_leak(table)


def test_the_game_waits_while_the_host_is_gone_and_goes_on_when_it_returns(table):
    """The host's tab closes: the guests are told the host is away; the host opens the game again
    and everyone plays on at the same move."""
    play(table, 4)
    token = in_step(table)
    context = table.host.context
    table.host.close()
    for guest in table.guests:
        until(guest, "s.status.includes('away')", timeout=20_000)     # told the host is away
    table.host = open_host(context, table.url)
    for guest in table.guests:
        until(guest, "s.status === ''")                               # back at the table
    assert in_step(table, 45_000) == token
    assert play(table, 6) == 6


# A page of someone with the link: PeerJS loaded, its own Peer on the relay, as `peer`.
OWN_PEER = """  await new Promise((ok, no) => { const s = document.createElement('script');
    s.src = '/assets/vendor/peerjs/peerjs.min.js'; s.onload = ok; s.onerror = no; document.head.append(s); });
  const url = new URL(relay);
  const peer = new peerjs.Peer({host: url.hostname, port: Number(url.port), path: url.pathname, secure: false,
                                config: {iceServers: []}});
  await new Promise((ok) => peer.on('open', ok));
"""

ROGUE = """async ([relay, code, texts]) => {
""" + OWN_PEER + """  const line = peer.connect(code, {reliable: true, serialization: 'raw'});
  const got = [];
  line.on('data', async (d) => got.push(await new Response(new Blob([d]).stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))).text()));
  let closed = false;
  line.on('close', () => { closed = true; });
  await new Promise((ok) => line.on('open', ok));
  for (const text of texts) { line.send(text); await new Promise((ok) => setTimeout(ok, 150)); }
  await new Promise((ok) => setTimeout(ok, 800));
  return {got, closed};
}"""


def test_forged_messages_are_refused_and_change_nothing(table, relay, site_url):
    """A stranger with the link, and a guest's own device speaking out of turn or for another seat:
    refused, and the table is as it was."""
    code = table.link.split("join=")[1].split("&")[0]
    token = in_step(table)
    hands = [sorted(state(p)["hand"]) for p in table.pages]
    stranger = fresh_context(table.contexts[0].browser, **PHONE)
    table.contexts.append(stranger)                       # closed with the table's phones
    page = stranger.new_page()
    page.goto(f"{site_url}rules.html")
    forged = [json.dumps({"t": "tap", "act": "draw", "arg": ""}),                        # no hello
              "{not json", json.dumps({"t": "tap", "act": "settings", "arg": ""}),
              json.dumps({"t": "hello", "token": "f" * 32, "name": "Mallory"})]           # the game has started
    answer = page.evaluate(ROGUE, [relay, code, forged])
    assert [json.loads(t)["t"] for t in answer["got"]] == ["refused"] and answer["closed"]
    huge = page.evaluate(ROGUE, [relay, code, ["x" * 100_000]])
    assert huge["got"] == [] and huge["closed"]
    # Ben's own token, from his phone: out of turn, for another seat, with a field no tap has.
    ben_token = json.loads(table.guests[0].evaluate("localStorage.getItem('aggravation.guest')"))["token"]
    cy_hand = hands[2]
    own = [json.dumps({"t": "hello", "token": ben_token, "name": "Ben"}),
           json.dumps({"t": "tap", "act": "card", "arg": cy_hand[0]}),
           json.dumps({"t": "tap", "act": "discard", "arg": "", "seat": 2}),
           json.dumps({"t": "tap", "act": "stock", "arg": ""}),
           json.dumps({"t": "tap", "act": "menu", "arg": ""})]
    said = table.guests[0].evaluate(ROGUE, [relay, code, own])
    frames = [json.loads(t) for t in said["got"]]
    assert frames and all(f["t"] == "frame" and f["seat"] == 1 for f in frames)
    assert not set(KEY.findall(frames[-1]["html"])) & set(cy_hand)
    stranger.close()
    table.guests[0].reload()             # Ben's own page takes his seat back from the forger's line
    assert in_step(table, 30_000) == token
    assert [sorted(state(p)["hand"]) for p in table.pages] == hands
    assert play(table, 3) == 3


def test_a_game_alone_never_loads_the_online_table(page, site_url, page_log):
    """Nobody plays online: the page never asks for the wire, PeerJS or the QR maker."""
    page.goto(f"{site_url}?seed=3&level=sprout&speed=0")
    page.wait_for_selector(".table-screen:not([data-kept])", timeout=BOOT_MS)
    page.locator('#screen [data-act="sort"]').click()
    page.wait_for_selector("#screen:not([aria-busy])", state="attached")   # the tap answered
    asked = [url for url in page_log.requests if re.search(r"online|peerjs|qrcode", url)]
    assert asked == []


def test_a_second_tab_takes_the_seat_and_the_first_stops_until_asked(table):
    """Ben opens the link again in another tab: that tab has his seat and his hand; the first says
    so and stops trying (no two tabs taking the seat in turn for ever) until he taps "Play here"."""
    first = table.guests[0]
    hand = sorted(state(first)["hand"])
    second = first.context.new_page()
    second.goto(table.link)
    until(second, "JSON.stringify([...s.hand].sort()) === JSON.stringify(arg)", hand)   # Ben's hand there
    until(first, "s.status.includes('another page')", timeout=20_000)
    table.guests[0] = second
    play(table, 3)                                 # the table plays on with the second tab, the first stays put
    assert "another page" in state(first)["status"] and not state(second)["status"]
    first.locator("#online-status button").click()
    until(second, "s.status.includes('another page')", timeout=20_000)
    until(first, "s.status === ''", timeout=20_000)
    table.guests[0] = first
    second.close()
    assert play(table, 3) == 3


def test_a_link_to_no_table_says_so_instead_of_waiting_for_a_host(browser, site_url, relay):
    """An old, closed or mistyped link: the page says no table is open there (not "the host is
    away"), and the table's place stays empty."""
    page = fresh_context(browser, **PHONE).new_page()
    page.goto(f"{site_url}?join=aggravation-{'0' * 24}&relay={quote(relay, safe='')}")
    page.locator(".join-form button").click()                      # no name yet: asked for one
    assert "Type your name" in page.locator(".join-form + .hint").inner_text()
    page.fill('input[name="name"]', "Dee")
    page.locator(".join-form button").click()
    until(page, "s.status.includes('No table is open at this link')", timeout=20_000)
    assert not page.locator("#screen .table-screen").count()
    page.context.close()


FLOOD = """async ([relay, code, text, count, hello]) => {
""" + OWN_PEER + """  const within = (promise, ms) => Promise.race([promise, new Promise((ok) => setTimeout(() => ok('timeout'), ms))]);
  const line = peer.connect(code, {reliable: true, serialization: 'raw'});
  const closed = new Promise((ok) => line.on('close', () => ok('closed')));
  await within(new Promise((ok) => line.on('open', ok)), 20000);
  let sent = 0;
  for (; sent < count && line.open; sent++) line.send(text);
  const first = await within(closed, 20000);
  const again = peer.connect(code, {reliable: true, serialization: 'raw'});   // the same peer, at once
  const heard = await within(new Promise((ok) => { again.on('data', () => ok('answered')); again.on('close', () => ok('closed')); }), 5000);
  if (again.open) again.send(hello);                                           // answered, were it heard
  const later = await within(new Promise((ok) => { again.on('data', () => ok('answered')); again.on('close', () => ok('closed')); }), 3000);
  peer.destroy();
  return {sent, first, heard, later};
}"""


def test_a_strangers_flood_is_cut_at_the_lines_budget_and_the_table_plays_on(table, relay, site_url):
    """3,000 messages from someone with the link, before any hello: the host's page closes the line
    past its budget (bursts of 40), the worker hears no more than that, the same peer is not heard
    again for a while, and the guests' next moves are answered as before."""
    code = table.link.split("join=")[1].split("&")[0]
    refused = []
    table.host.on("console", lambda m: "refused" in m.text and refused.append(m.text))
    token = in_step(table)
    stranger = fresh_context(table.contexts[0].browser, **PHONE)
    table.contexts.append(stranger)                       # closed with the table's phones
    page = stranger.new_page()
    page.goto(f"{site_url}rules.html")
    hello = json.dumps({"t": "hello", "token": "f" * 32, "name": "Mallory"})      # refused aloud, once the game is on
    flood = page.evaluate(FLOOD, [relay, code, json.dumps({"t": "tap", "act": "draw", "arg": ""}), 3000, hello])
    assert flood["first"] == "closed", flood
    assert "answered" not in (flood["heard"], flood["later"]), f"the flooding peer was heard again at once: {flood}"
    in_step(table)
    assert len(refused) <= 41, f"{len(refused)} of the flood's messages reached the worker"
    assert state(table.host)["token"] == token
    assert play(table, 3) == 3
    stranger.close()


def test_a_reaction_shows_by_the_senders_seat_on_every_phone_and_goes(table):
    """Ben taps 🙂 then 🎉: the picker folds away, and every phone shows 🎉 by Ben's seat for a few
    seconds (Ben's own by his dock), then it is gone by itself."""
    ben, cy = table.guests
    in_step(table)
    for page in table.pages:                                       # 🙂 in every bar, and the title still whole at 360 px
        assert page.evaluate("(h => h.scrollWidth <= h.clientWidth)(document.querySelector('#screen .topbar h1'))")
    ben.locator("#screen .reacts > summary").tap()
    ben.locator('#screen [data-act="react"][data-arg="party"]').tap()
    until(ben, "!document.querySelector('#screen details.reacts[open]')", timeout=5_000)
    for page, label in ((table.host, "Ben: 🎉"), (cy, "Ben: 🎉"), (ben, "You: 🎉")):
        page.wait_for_selector(f'#screen .reaction[aria-label="{label}"]', timeout=5_000)
    seat = table.host.locator('#screen .opp:has(.reaction[aria-label="Ben: 🎉"])').get_attribute("data-seat")
    assert seat == "1"
    for page in table.pages:
        page.wait_for_selector("#screen .reaction", state="detached", timeout=10_000)
