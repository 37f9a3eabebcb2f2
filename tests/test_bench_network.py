"""bench/network.py's ThrottledHost: gzip as a CDN sends it, one link shared by every response."""

import gzip
import os
import threading
import time
import urllib.error
import urllib.request

import pytest

from bench.network import ThrottledHost

TEXT = b"const card = 'seven of hearts';\n" * 2000  # 66 KB that gzip shrinks a lot
NOISE = os.urandom(200_000)  # what gzip cannot shrink: the link's time is its size


@pytest.fixture
def site(tmp_path):
    (tmp_path / "app.js").write_bytes(TEXT)
    (tmp_path / "a.zip").write_bytes(NOISE)
    (tmp_path / "b.zip").write_bytes(NOISE)
    return tmp_path


def get(url: str, **headers) -> tuple[dict, bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        return response.headers, response.read()


def test_text_goes_gzip_encoded_to_a_browser_that_accepts_it(site):
    host = ThrottledHost(site, mbit=100, latency_ms=0)
    try:
        headers, body = get(host.url + "app.js", **{"Accept-Encoding": "gzip, deflate, br"})
        assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
        assert gzip.decompress(body) == TEXT and len(body) < len(TEXT) / 10
        assert host.sent()["/app.js"] > len(body)  # the body as sent, and its headers

        headers, body = get(host.url + "app.js")  # urllib asks for no encoding
        assert headers["Content-Encoding"] is None and body == TEXT

        headers, body = get(host.url + "a.zip", **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] is None and body == NOISE
    finally:
        host.stop()


def test_a_revalidation_of_an_unchanged_file_gets_a_304(site):
    host = ThrottledHost(site, mbit=100, latency_ms=0)
    try:
        headers, _ = get(host.url + "app.js", **{"Accept-Encoding": "gzip"})
        with pytest.raises(urllib.error.HTTPError) as answer:
            get(host.url + "app.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]})
        assert answer.value.code == 304
    finally:
        host.stop()


def test_parallel_downloads_share_the_link_and_each_waits_the_latency(site):
    """At 4 Mbit/s (500 KB/s) one 200 KB file takes 0.4 s; two at once take 0.8 s, both of them."""
    host = ThrottledHost(site, mbit=4, latency_ms=150)
    try:
        start = time.monotonic()
        get(host.url + "app.js")
        assert time.monotonic() - start >= 0.15 + len(TEXT) / 500_000 * 0.9

        done = {}

        def fetch(name):
            get(host.url + name)
            done[name] = time.monotonic() - start

        start = time.monotonic()
        threads = [threading.Thread(target=fetch, args=(name,)) for name in ("a.zip", "b.zip")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        alone = len(NOISE) / 500_000
        assert min(done.values()) >= 0.15 + 1.8 * alone  # each got about half the link
        assert max(done.values()) < 0.15 + 2 * alone + 0.3
        host.reset()
        assert host.sent() == {}
    finally:
        host.stop()
