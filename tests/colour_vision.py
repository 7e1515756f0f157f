"""Colour vision for the editor's tests: how a colour looks without full colour vision, and how far
apart two colours look (CIE76 delta E on L*a*b*, D65).

The simulation is Machado, Oliveira and Fernandes (2009), "A physiologically-based model for
simulation of color vision deficiency", at full severity, applied to linear RGB. About 2 is a
just-noticeable difference; the issues ask cues that must read apart to stay at 20 or more.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterable

from PySide6.QtGui import QColor

MACHADO_2009 = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}
VISIONS = tuple(MACHADO_2009)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = max(0.0, min(1.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(colour: QColor, vision: str) -> QColor:
    """`colour` as someone with `vision` sees it (opaque; alpha is dropped)."""
    rgb = [_linear(v) for v in (colour.redF(), colour.greenF(), colour.blueF())]
    seen = [_gamma(sum(m * v for m, v in zip(row, rgb))) for row in MACHADO_2009[vision]]
    return QColor.fromRgbF(*seen)


def lab(colour: QColor) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in (colour.redF(), colour.greenF(), colour.blueF()))
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: QColor, b: QColor) -> float:
    """CIE76 colour difference."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def seen_difference(a: QColor, b: QColor, vision: str) -> float:
    """How far apart `a` and `b` look to someone with `vision`."""
    return delta_e(simulate(a, vision), simulate(b, vision))


def closest_pair(colours: Iterable[QColor], vision: str) -> tuple[float, str, str]:
    """The smallest seen difference among `colours`, with the two colours' names."""
    return min((seen_difference(a, b, vision), a.name(), b.name()) for a, b in combinations(list(colours), 2))
