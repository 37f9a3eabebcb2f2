"""Colours: how far apart the suits' inks and the card face are, for both decks and four kinds of vision.

    python -m bench.colours

The inks are read from assets/css/game.css (``--red``, ``--black``, ``--paper`` the face, and the
four-colour deck's ``--suit-h/d/c/s``), so the numbers are the page's own. Each colour is shown as
seen with normal vision and simulated for protanopia, deuteranopia and tritanopia (Machado,
Oliveira & Fernandes 2009, severity 1, applied in linear RGB), then every pair of distinct inks,
and each ink against the face, is compared in CIELAB by CIEDE2000 (about 2 is a just-noticeable
difference; 10 and more reads as plainly different at a glance). The contrast ratio of each ink on
the face (WCAG 2) is listed too: the index must read as text.
"""
from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[1] / "assets" / "css" / "game.css"
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")
# Machado et al. 2009, severity 1.0: linear RGB in, linear RGB out.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
RGB = tuple[float, float, float]


def css_colours(text: str) -> dict[str, str]:
    """``--name: #rrggbb`` (or ``var(--other)``) declarations of the stylesheet, resolved."""
    found = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6}|var\(--[\w-]+\))", text))
    return {name: found[value[6:-1]] if value.startswith("var(") else value for name, value in found.items()}


def decks(colours: dict[str, str]) -> dict[str, dict[str, str]]:
    """Each deck's ink per suit, and the face they are printed on."""
    return {
        "two-colour": {"♠": colours["black"], "♥": colours["red"], "♦": colours["red"], "♣": colours["black"],
                       "face": colours["paper"]},
        "four-colour": {"♠": colours["suit-s"], "♥": colours["suit-h"], "♦": colours["suit-d"], "♣": colours["suit-c"],
                        "face": colours["paper"]},
    }


def linear(hex_colour: str) -> RGB:
    channels = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)


def seen(hex_colour: str, vision: str) -> RGB:
    rgb = linear(hex_colour)
    if vision == "normal":
        return rgb
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in MACHADO[vision])


def lab(rgb: RGB) -> RGB:
    """Linear sRGB to CIELAB (D65)."""
    r, g, b = rgb
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
                  for t in (xyz[0] / 0.95047, xyz[1], xyz[2] / 1.08883))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(one: RGB, two: RGB) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours (Sharma, Wu & Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_hue = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    r_t = (-math.sin(math.radians(60 * math.exp(-((h_mean - 275) / 25) ** 2)))
           * 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    dl, dc, dhh = (l2 - l1) / s_l, (c2 - c1) / s_c, d_hue / s_h
    return math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + r_t * dc * dhh)


def distances(deck: dict[str, str], vision: str) -> dict[str, float]:
    """Every pair of the deck's distinct inks, and each ink against the face: 'ink/ink' -> ΔE2000."""
    inks = {name: lab(seen(colour, vision)) for name, colour in deck.items()}
    return {f"{a}/{b}": ciede2000(inks[a], inks[b]) for a, b in itertools.combinations(inks, 2)
            if deck[a] != deck[b]}


def contrast(ink: str, face: str) -> float:
    """WCAG 2 contrast ratio of ``ink`` on ``face``."""
    def luminance(colour: str) -> float:
        r, g, b = linear(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(ink), luminance(face)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def report() -> str:
    out = []
    for name, deck in decks(css_colours(CSS.read_text())).items():
        out.append(f"{name} deck: " + ", ".join(f"{k} {v}" for k, v in deck.items()))
        worst = []
        for vision in VISIONS:
            pairs = distances(deck, vision)
            low = min(pairs, key=pairs.get)
            worst.append((pairs[low], vision, low))
            out.append(f"  {vision:13} " + "  ".join(f"{k} {v:4.1f}" for k, v in pairs.items()))
        value, vision, pair = min(worst)
        inks = {k: v for k, v in deck.items() if k != "face"}
        out.append(f"  smallest: {value:.1f} ({pair}, {vision}); contrast on the face: "
                   + ", ".join(f"{k} {contrast(v, deck['face']):.1f}:1" for k, v in inks.items()))
    return "\n".join(out)


if __name__ == "__main__":
    print(report())
