"""Draw the app icons (assets/icons/): two fanned cards, a red heart, on card-table felt.

The PNGs are committed, so nobody needs to run this unless the design changes. It draws with the
standard library only: each shape is a point-in-shape test, each pixel is supersampled for smooth
edges, and a small PNG writer (zlib + struct) stores the result. The same geometry is written as
an SVG for browsers that prefer a vector favicon.

Usage: python scripts/make_icons.py
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"

FELT = (31, 107, 58)
FELT_EDGE = (22, 80, 43)
BACK = (43, 76, 140)
PAPER = (250, 247, 238)
RED = (200, 30, 45)

# (file name, size in px, maskable: full-bleed square with the art inside the 80 % safe circle)
SIZES = (
    ("icon-32.png", 32, False),
    ("apple-touch-icon.png", 180, True),
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)


def rounded_rect(px: float, py: float, cx: float, cy: float, w: float, h: float, r: float, turn: float) -> bool:
    """Is (px, py) inside a w×h rectangle with corner radius r, centred at (cx, cy), rotated by turn°?"""
    a = math.radians(-turn)
    dx, dy = px - cx, py - cy
    x = abs(dx * math.cos(a) - dy * math.sin(a)) - (w / 2 - r)
    y = abs(dx * math.sin(a) + dy * math.cos(a)) - (h / 2 - r)
    if x <= 0 or y <= 0:
        return x <= r and y <= r
    return x * x + y * y <= r * r


def heart(px: float, py: float, cx: float, cy: float, size: float, turn: float) -> bool:
    """The classic heart curve (x² + y² − 1)³ ≤ x²y³, scaled to `size` and rotated by turn°."""
    a = math.radians(-turn)
    dx, dy = px - cx, py - cy
    x = (dx * math.cos(a) - dy * math.sin(a)) / size
    y = -(dx * math.sin(a) + dy * math.cos(a)) / size + 0.1
    return (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0


def scene(maskable: bool):
    """Layers back to front: (colour, inside(x, y)) in unit coordinates (0..1 across the icon)."""
    # A maskable icon may be cropped to a circle of 80 % of its width: shrink the art into it.
    k, o = (0.78, 0.11) if maskable else (1.0, 0.0)

    def at(f):
        return lambda x, y: f((x - o) / k, (y - o) / k)

    layers = []
    if maskable:
        layers.append((FELT, lambda x, y: True))
    else:
        layers.append((FELT_EDGE, lambda x, y: rounded_rect(x, y, 0.5, 0.5, 1.0, 1.0, 0.22, 0)))
        layers.append((FELT, lambda x, y: rounded_rect(x, y, 0.5, 0.5, 0.94, 0.94, 0.19, 0)))
    back = (0.40, 0.53, 0.44, 0.60, 0.06, -14)
    front = (0.60, 0.49, 0.44, 0.60, 0.06, 10)
    layers += [
        (PAPER, at(lambda x, y: rounded_rect(x, y, *back))),
        (BACK, at(lambda x, y: rounded_rect(x, y, back[0], back[1], 0.36, 0.52, 0.035, back[5]))),
        # the front card's shadow on the felt and the back card
        (FELT_EDGE, at(lambda x, y: rounded_rect(x, y, front[0] + 0.012, front[1] + 0.014, *front[2:]))),
        (PAPER, at(lambda x, y: rounded_rect(x, y, *front))),
        (RED, at(lambda x, y: heart(x, y, front[0], front[1] + 0.01, 0.13, front[5]))),
    ]
    return layers


def render(size: int, maskable: bool) -> list[bytearray]:
    layers = scene(maskable)
    n = 4 if size <= 64 else 3  # samples per axis
    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            r = g = b = a = 0
            for sj in range(n):
                y = (j + (sj + 0.5) / n) / size
                for si in range(n):
                    x = (i + (si + 0.5) / n) / size
                    for colour, inside in reversed(layers):
                        if inside(x, y):
                            r += colour[0]
                            g += colour[1]
                            b += colour[2]
                            a += 255
                            break
            samples = n * n
            covered = a // 255
            if covered:
                row += bytes((r // covered, g // covered, b // covered, a // samples))
            else:
                row += bytes(4)
        rows.append(row)
    return rows


def png(rows: list[bytearray]) -> bytes:
    """An 8-bit RGBA PNG: signature, IHDR, one zlib IDAT (filter 0 on each row), IEND."""
    height, width = len(rows), len(rows[0]) // 4

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def hexc(colour: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % colour


def svg() -> str:
    """The same drawing as a 100×100 SVG."""
    def card(cx, cy, w, h, r, turn, fill):
        return (f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="{r:g}" '
                f'fill="{fill}" transform="rotate({turn:g} {cx:g} {cy:g})"/>')

    heart_path = ("M0 3.2 C-1.3 2.1 -3.4 0.6 -3.4 -1.1 C-3.4 -2.5 -2.3 -3.3 -1.3 -3.3 "
                  "C-0.6 -3.3 -0.1 -2.9 0 -2.4 C0.1 -2.9 0.6 -3.3 1.3 -3.3 C2.3 -3.3 3.4 -2.5 3.4 -1.1 "
                  "C3.4 0.6 1.3 2.1 0 3.2 Z")
    return "\n".join([
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
        f'<rect width="100" height="100" rx="22" fill="{hexc(FELT_EDGE)}"/>',
        f'<rect x="3" y="3" width="94" height="94" rx="19" fill="{hexc(FELT)}"/>',
        card(40, 53, 44, 60, 6, -14, hexc(PAPER)),
        card(40, 53, 36, 52, 3.5, -14, hexc(BACK)),
        card(61.2, 50.4, 44, 60, 6, 10, hexc(FELT_EDGE)),
        card(60, 49, 44, 60, 6, 10, hexc(PAPER)),
        f'<path d="{heart_path}" fill="{hexc(RED)}" transform="translate(60 50) rotate(10) scale(3.4)"/>',
        "</svg>",
        "",
    ])


def main() -> int:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in SIZES:
        (ICONS / name).write_bytes(png(render(size, maskable)))
        print(f"make_icons: wrote assets/icons/{name} ({size}×{size})")
    (ICONS / "icon.svg").write_text(svg(), encoding="utf-8")
    print("make_icons: wrote assets/icons/icon.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
