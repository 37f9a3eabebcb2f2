"""Online tables' transport on this machine, with no internet: two browsers (two contexts, nothing
shared) find each other through the local PeerJS signalling server (`relay`, tests/relay.py, the
server `make relay` runs) and exchange messages over a WebRTC data channel, using the PeerJS client
as the game's server ships it (assets/vendor/peerjs/peerjs.min.js, scripts/vendor.py).

No ICE servers: both browsers are on this machine, so their own addresses connect them; no STUN or
TURN host is asked for anything (PageLog fails the test on a request to any host but 127.0.0.1).
"""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit

import pytest

from conftest import PageLog
from helpers import fresh_context

pytestmark = pytest.mark.browser

CLIENT = "assets/vendor/peerjs/peerjs.min.js"
PAGE = "rules.html"  # a page of the game's server with no script of its own: the client alone runs there
WAIT_MS = 15_000  # each step takes well under a second here; a hang fails with the step's name

# Open a Peer with the given id on the relay; keep the messages it receives in window.__got.
OPEN = """async ({ id, options, waitMs }) => {
  const within = (what, promise) => Promise.race([promise, new Promise((_, fail) =>
    setTimeout(() => fail(new Error(`${what}: nothing in ${waitMs} ms`)), waitMs))]);
  window.__within = within;
  window.__got = [];
  const peer = window.__peer = new window.peerjs.Peer(id, options);
  peer.on("connection", (conn) => {
    window.__conn = conn;
    conn.on("data", (data) => { window.__got.push(data); conn.send({ echo: data, from: peer.id }); });
  });
  return within("open on the relay", new Promise((opened, fail) => {
    peer.on("open", opened);
    peer.on("error", (error) => fail(new Error(`${error.type}: ${error.message}`)));
  }));
}"""

# Connect to another Peer, send one message, return its answer.
CALL = """async ({ to, message }) => {
  const conn = window.__peer.connect(to, { reliable: true });
  await window.__within("data channel open", new Promise((opened, fail) => {
    conn.on("open", opened);
    conn.on("error", fail);
  }));
  const answer = window.__within("answer", new Promise((answered) => conn.on("data", answered)));
  conn.send(message);
  return answer;
}"""


def relay_options(relay: str) -> dict:
    """PeerJS's options for a relay URL, as ?relay=http://host:port/path gives them to the page."""
    parts = urlsplit(relay)
    return {"host": parts.hostname, "port": parts.port, "path": parts.path or "/", "secure": parts.scheme == "https",
            "config": {"iceServers": []}, "debug": 1}


def test_two_browsers_exchange_messages_through_the_local_relay(browser, site_url, relay):
    options = relay_options(relay)
    contexts = [fresh_context(browser) for _ in range(2)]
    try:
        pages, logs = [], []
        for context in contexts:
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            logs.append(PageLog().attach(page))
            page.goto(site_url + PAGE)
            page.add_script_tag(url=site_url + CLIENT)
            assert page.evaluate("typeof window.peerjs.Peer") == "function"
            pages.append(page)
        host, guest = pages
        ids = [f"aggravation-test-{uuid.uuid4().hex}" for _ in pages]
        for page, peer_id in zip(pages, ids):
            assert page.evaluate(OPEN, {"id": peer_id, "options": options, "waitMs": WAIT_MS}) == peer_id

        message = {"intent": "draw", "seat": 2, "cards": ["7H", "JK"], "text": "Ben's turn — ♥"}
        answer = guest.evaluate(CALL, {"to": ids[0], "message": message})

        assert host.evaluate("window.__got") == [message]  # the host got it, intact
        assert answer == {"echo": message, "from": ids[0]}  # and the guest got the host's answer
        for log in logs:
            assert any(url.endswith(CLIENT) for url in log.requests)  # the game server's copy
            log.assert_clean()
    finally:
        for context in contexts:
            context.close()
