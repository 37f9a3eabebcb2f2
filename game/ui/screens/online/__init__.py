"""🌐 The online table's lobby: the room's link and QR code, who has sat down, the bots' level,
and the host's Start; a guest's device sees the same room while it waits."""
