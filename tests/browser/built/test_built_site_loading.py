"""A first visit to the built site over a slow line: the loading bar moves with the download's
bytes (assets/python-boot.mjs counts them, assets/page/boot.js draws them), never backwards, and
says how much is in; then the table opens."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.network import ThrottledHost

# What the loading line shows, sampled every 40 ms from the page's first moment.
RECORD = """(() => {
  const seen = (window.__loading = []);
  const sample = () => {
    const bar = document.getElementById("load-progress");
    const amount = document.getElementById("load-amount");
    const line = document.getElementById("loading");
    if (bar) seen.push([bar.value, amount ? amount.textContent : "", line ? line.textContent : ""]);
    if (!document.body || !document.body.dataset.python) setTimeout(sample, 40);
  };
  sample();
})();"""


@pytest.fixture
def slow_line(built_site):
    """The built site through one 24 Mbit/s line, 20 ms a request: its 5 MB take about 2 s."""
    host = ThrottledHost(Path(built_site.folder.name), mbit=24, latency_ms=20)
    host.precompress()
    yield host.url + "aggravation/"
    host.stop()


def test_the_loading_bar_follows_the_download_of_a_first_visit(page, page_log, slow_line):
    page.add_init_script(RECORD)
    page.goto(f"{slow_line}?speed=0")
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=120_000)
    samples = page.evaluate("window.__loading")
    values = [value for value, _, _ in samples]
    assert values == sorted(values), "the bar went backwards"
    downloading = [(value, amount) for value, amount, line in samples if line.startswith("Downloading the game")]
    shown = [int(re.fullmatch(r"(\d+) %", amount).group(1)) for _, amount in downloading]
    assert shown == [int(value) for value, _ in downloading], "the share beside the bar is the bar's own"
    assert len(set(shown)) >= 5 and max(shown) >= 75, f"the bar hardly moved while the game downloaded: {shown}"
    # Once all is in, the line says so while Python starts, and the bar stands where the download left it.
    starting = [value for value, _, line in samples if line.startswith("Starting the game")]
    assert starting and min(starting) >= max(shown)
    page.get_by_role("button", name="🌱 Sprout").click()
    page.wait_for_selector('[data-zone="hand"] [data-card]')
    page_log.assert_clean()
