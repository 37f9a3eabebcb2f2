"""The host's side of an online table, in the page layer: the messages guests send (protocol.py)
and the screens sent back to each (host.py). The room and its game are the session's
(session/online.py), the lobby a screen (screens/online/); the wire is the page's
(assets/page/hosting.js and guest.js, PeerJS)."""
