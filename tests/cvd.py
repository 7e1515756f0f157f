"""Colour-vision-deficiency simulation for tests: Machado, Oliveira and Fernandes (2009) at full
severity, applied in linear RGB, and the CIE76 colour difference ΔE*ab in CIELAB (D65).
A small helper for the Crash Grid suit checks (another worktree may bring a fuller one)."""
from __future__ import annotations

MACHADO_2009 = {  # severity 1.0
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(channel: float) -> float:
    channel = min(1.0, max(0.0, channel))
    return channel * 12.92 if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def rgb(hex_colour: str) -> tuple[float, float, float]:
    text = hex_colour.lstrip("#")
    return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def simulate(colour: tuple[float, float, float], deficiency: str) -> tuple[float, float, float]:
    """The sRGB colour (0..1) as seen with `deficiency`, sRGB (0..1)."""
    linear = [_linear(c) for c in colour]
    matrix = MACHADO_2009[deficiency]
    return tuple(_encoded(sum(m * c for m, c in zip(row, linear))) for row in matrix)  # type: ignore[return-value]


def lab(colour: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """CIE76 ΔE*ab between two sRGB colours (0..1)."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5
