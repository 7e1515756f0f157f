"""A tiny pure-Python rasteriser: filled rectangles, polygons and circles on an RGBA canvas.

Shapes are sampled on a grid `supersample` times finer than the output and averaged
down, so slanted and round edges come out smooth. Paint is opaque: a shape replaces
what lies under it (enough for flat tile art; no blending of translucent paint).
Coordinates are output pixels as floats; (0, 0) is the top-left corner of the image,
so pixel (i, j) covers [i, i+1) x [j, j+1).
"""
from __future__ import annotations

import math
from typing import Sequence

from .png import BYTES_PER_PIXEL, Colour, RGBAImage

Point = tuple[float, float]


def hex_colour(text: str, alpha: int = 255) -> Colour:
    """"#rrggbb" -> (r, g, b, alpha)."""
    value = text.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"expected #rrggbb, not {text!r}")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), alpha)


class Canvas:
    def __init__(self, width: int, height: int, supersample: int = 4,
                 background: Colour = (0, 0, 0, 0)) -> None:
        if width <= 0 or height <= 0 or supersample <= 0:
            raise ValueError("a canvas needs a positive size and supersample factor")
        self.width, self.height, self.scale = width, height, supersample
        self._fine_width, self._fine_height = width * supersample, height * supersample
        self._samples = bytearray(bytes(background) * (self._fine_width * self._fine_height))

    # Every shape comes down to horizontal spans of fine samples whose centres lie inside it.

    def fill_rect(self, left: float, top: float, right: float, bottom: float, colour: Colour) -> None:
        self.fill_polygon([(left, top), (right, top), (right, bottom), (left, bottom)], colour)

    def fill_polygon(self, points: Sequence[Point], colour: Colour) -> None:
        """Even-odd fill of a closed polygon (the last point joins the first)."""
        edges = [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]
        edges = [(a, b) for a, b in edges if a[1] != b[1]]  # horizontal edges add no crossings
        if not edges:
            return
        top = min(p[1] for p in points)
        bottom = max(p[1] for p in points)
        for row in self._rows_between(top, bottom):
            y = (row + 0.5) / self.scale
            crossings = sorted(
                x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                for (x0, y0), (x1, y1) in edges
                if min(y0, y1) <= y < max(y0, y1))  # half-open, so a shared vertex counts once
            for start, end in zip(crossings[0::2], crossings[1::2]):
                self._span(row, start, end, colour)

    def fill_circle(self, cx: float, cy: float, radius: float, colour: Colour) -> None:
        for row in self._rows_between(cy - radius, cy + radius):
            dy = (row + 0.5) / self.scale - cy
            if abs(dy) < radius:
                half = math.sqrt(radius * radius - dy * dy)
                self._span(row, cx - half, cx + half, colour)

    def _rows_between(self, top: float, bottom: float) -> range:
        first = max(0, math.ceil(top * self.scale - 0.5))
        last = min(self._fine_height, math.ceil(bottom * self.scale - 0.5))
        return range(first, last)

    def _span(self, row: int, left: float, right: float, colour: Colour) -> None:
        """Paint the fine samples of `row` whose centres lie in [left, right)."""
        first = max(0, math.ceil(left * self.scale - 0.5))
        last = min(self._fine_width, math.ceil(right * self.scale - 0.5))
        if last > first:
            start = (row * self._fine_width + first) * BYTES_PER_PIXEL
            self._samples[start:start + (last - first) * BYTES_PER_PIXEL] = bytes(colour) * (last - first)

    def image(self) -> RGBAImage:
        """Average each output pixel's samples; colour is weighted by alpha so that
        transparent samples do not darken an edge."""
        s, stride = self.scale, self._fine_width * BYTES_PER_PIXEL
        samples, count = self._samples, self.scale * self.scale
        out = bytearray(self.width * self.height * BYTES_PER_PIXEL)
        for y in range(self.height):
            rows = [samples[(y * s + k) * stride:(y * s + k + 1) * stride] for k in range(s)]
            for x in range(self.width):
                r = g = b = a = 0
                for fine_row in rows:
                    block = fine_row[x * s * BYTES_PER_PIXEL:(x + 1) * s * BYTES_PER_PIXEL]
                    for i in range(0, len(block), BYTES_PER_PIXEL):
                        alpha = block[i + 3]
                        r += block[i] * alpha
                        g += block[i + 1] * alpha
                        b += block[i + 2] * alpha
                        a += alpha
                at = (y * self.width + x) * BYTES_PER_PIXEL
                if a:
                    out[at:at + 4] = bytes((round(r / a), round(g / a), round(b / a), round(a / count)))
        return RGBAImage(self.width, self.height, bytes(out))


def rotated(points: Sequence[Point], centre: Point, quarter_turns: int) -> list[Point]:
    """Turn points clockwise (on screen, y down) about `centre` by 90 degrees per quarter turn."""
    cx, cy = centre
    out = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        for _ in range(quarter_turns % 4):
            dx, dy = -dy, dx
        out.append((cx + dx, cy + dy))
    return out
