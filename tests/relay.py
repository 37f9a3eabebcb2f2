"""A local PeerJS signalling server for the tests of online tables: `peer` from node_modules (the
server `make relay` runs, pinned in package.json), on a free port of 127.0.0.1, stopped when the
test or session that started it ends, failed or not.

    with local_relay() as url:   # "http://127.0.0.1:PORT/": host, port and path for PeerJS's client
        ...

tests/browser/conftest.py wraps it as the session fixture `relay`. No internet is needed: the
server and the browsers all run on this machine. Standard library only.
"""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
NAME = "PeerJS Server"  # what the server's root answers, in its JSON's "name"
HOST = "127.0.0.1"
START_TIMEOUT_S = 20.0  # node starts it in ~0.3 s; leave room for a loaded 2-core machine
STOP_TIMEOUT_S = 5.0
ATTEMPTS = 3  # free ports tried, should another program take one first


class RelayError(RuntimeError):
    """The relay could not be started: what is missing, or what the server said."""


class PortTaken(RelayError):
    """Another program listens on the relay's port (`peer` then stays up, idle: it never exits)."""


@contextlib.contextmanager
def local_relay(port: int = 0, timeout: float = START_TIMEOUT_S) -> Iterator[str]:
    """Run `node node_modules/peer/dist/bin/peerjs.js --port PORT --path /` on 127.0.0.1 (a free
    port when `port` is 0) and yield its URL once it answers; stop it on the way out, by an
    exception too."""
    if not SERVER.is_file():
        raise RelayError(f"{SERVER.relative_to(ROOT)} is missing: run `make setup-runtime` (npm ci)")
    if port and listened(port):  # else a relay already there would answer for ours
        raise PortTaken(f"the relay's port is taken: {port}")
    for attempt in range(1 if port else ATTEMPTS):
        url = f"http://{HOST}:{port or free_port()}/"
        with tempfile.TemporaryFile() as output:  # not a pipe: a pipe nobody reads fills and stalls it
            server = start(urlsplit(url).port, output)
            try:
                try:
                    wait_until_up(server, output, url, timeout)
                except PortTaken:
                    if port or attempt == ATTEMPTS - 1:
                        raise
                    continue
                yield url
                return
            finally:
                stop(server)


def start(port: int, output) -> subprocess.Popen:
    try:
        return subprocess.Popen(
            ["node", str(SERVER), "--port", str(port), "--path", "/", "--host", HOST],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
        )
    except FileNotFoundError as error:
        raise RelayError("node is not installed: the relay runs on Node.js") from error


def wait_until_up(server: subprocess.Popen, output, url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not answers(url):
        if "EADDRINUSE" in said(output):
            raise PortTaken(f"the relay's port is taken: {url}")
        if server.poll() is not None:
            raise RelayError(f"the relay at {url} exited with {server.returncode}: {said(output) or 'no output'}")
        if time.monotonic() > deadline:
            raise RelayError(f"the relay at {url} did not answer in {timeout:.0f} s: {said(output) or 'no output'}")
        time.sleep(0.05)


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def free_port() -> int:
    """A port nobody listens on now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def listened(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        return probe.connect_ex((HOST, port)) == 0


def answers(url: str) -> bool:
    """The server at `url` is up and is PeerJS's."""
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return json.loads(response.read().decode("utf-8")).get("name") == NAME
    except (OSError, ValueError):  # URLError is an OSError
        return False


def said(output) -> str:
    """What the server printed so far."""
    output.seek(0)
    return output.read().decode("utf-8", "replace").strip()
