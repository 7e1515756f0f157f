"""The Tiled export's tileset: which tile shows which kind of cell, and the tile artwork.

Tiles sit in a grid image, COLUMNS wide, TILE_SIZE pixels square, local ids row by row:
  0  plain floor
  1  Crash Site without a printable number (a custom tile set's number outside 1-12)
  2  Accelerator
  3-14  Crash Site 1-12, the number printed on the tile
With the tileset's firstgid of 1, a cell's gid is local id + 1; gid 0 is an empty cell (a hole).
The numbered tiles make the floor layer alone read like the printed board.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .terms import ACCELERATOR, CRASH_SITE, CRASH_SITE_NUMBERS
from ..grid.model import CellFeature
from ..formats.png import RGBAImage
from ..formats.raster import Canvas, Point, hex_colour, rotated

TILE_SIZE = 32
COLUMNS = 5
FIRST_GID = 1
EMPTY_GID = 0
FLOOR_CLASS = "floor"

FLOOR_EDGE = hex_colour("#1c2433")
FLOOR = hex_colour("#34425b")
CRASH_RING = hex_colour("#a8650f")
CRASH_DISC = hex_colour("#f2b134")
INK = hex_colour("#1c2433")
ACCELERATOR_MARK = hex_colour("#3fd0c9")


@dataclass(frozen=True)
class TileKind:
    local_id: int
    kind: str  # the Tiled tile class: "floor", "crash_site" or "accelerator"
    number: int | None = None

    @property
    def gid(self) -> int:
        return FIRST_GID + self.local_id


TILE_KINDS: tuple[TileKind, ...] = (
    TileKind(0, FLOOR_CLASS),
    TileKind(1, CRASH_SITE),
    TileKind(2, ACCELERATOR),
    *(TileKind(2 + n, CRASH_SITE, n) for n in CRASH_SITE_NUMBERS),
)
ROWS = -(-len(TILE_KINDS) // COLUMNS)
FLOOR_GID = TILE_KINDS[0].gid
UNNUMBERED_CRASH_SITE_GID = TILE_KINDS[1].gid
ACCELERATOR_GID = TILE_KINDS[2].gid
_NUMBERED_GID = {k.number: k.gid for k in TILE_KINDS if k.number is not None}


def gid_for(feature: CellFeature | None) -> int:
    """The floor tile for a board cell: plain, an Accelerator, or the Crash Site of its number.
    A feature type this tileset has no picture for shows as plain floor (its object still says what it is)."""
    if feature is None:
        return FLOOR_GID
    if feature.type == CRASH_SITE:
        return _NUMBERED_GID.get(feature.number, UNNUMBERED_CRASH_SITE_GID) if feature.number is not None \
            else UNNUMBERED_CRASH_SITE_GID
    if feature.type == ACCELERATOR:
        return ACCELERATOR_GID
    return FLOOR_GID


def tile_origin(local_id: int) -> tuple[int, int]:
    """Top-left pixel of a tile in the tileset image."""
    return (local_id % COLUMNS) * TILE_SIZE, (local_id // COLUMNS) * TILE_SIZE


@lru_cache(maxsize=1)
def tileset_image() -> RGBAImage:
    canvas = Canvas(COLUMNS * TILE_SIZE, ROWS * TILE_SIZE)
    for kind in TILE_KINDS:
        x, y = tile_origin(kind.local_id)
        _draw_floor(canvas, x, y)
        if kind.kind == CRASH_SITE:
            _draw_crash_site(canvas, x, y, kind.number)
        elif kind.kind == ACCELERATOR:
            _draw_accelerator(canvas, x, y)
    return canvas.image()


# --- artwork, drawn for a 32-pixel tile and scaled by TILE_SIZE / 32 ------------------------

_UNIT = TILE_SIZE / 32


def _at(x0: float, y0: float, points: list[Point]) -> list[Point]:
    return [(x0 + px * _UNIT, y0 + py * _UNIT) for px, py in points]


def _draw_floor(canvas: Canvas, x0: int, y0: int) -> None:
    canvas.fill_rect(x0, y0, x0 + TILE_SIZE, y0 + TILE_SIZE, FLOOR_EDGE)
    canvas.fill_rect(x0 + _UNIT, y0 + _UNIT, x0 + TILE_SIZE - _UNIT, y0 + TILE_SIZE - _UNIT, FLOOR)


def _draw_crash_site(canvas: Canvas, x0: int, y0: int, number: int | None) -> None:
    centre_x, centre_y = x0 + 16 * _UNIT, y0 + 16 * _UNIT
    canvas.fill_circle(centre_x, centre_y, 13 * _UNIT, CRASH_RING)
    canvas.fill_circle(centre_x, centre_y, 11 * _UNIT, CRASH_DISC)
    if number is None:  # a crash mark instead of a number
        bar = [(9.5, 11.5), (11.5, 9.5), (22.5, 20.5), (20.5, 22.5)]
        canvas.fill_polygon(_at(x0, y0, bar), INK)
        canvas.fill_polygon(_at(x0, y0, [(32 - px, py) for px, py in bar]), INK)
        return
    _draw_number(canvas, x0, y0, str(number))


# Digits on a 3x5 grid, drawn 2 pixels per grid square: crisp at 32 pixels.
_DIGITS = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
}
_DOT, _GAP = 2, 2  # pixels per font square, pixels between digits


def _draw_number(canvas: Canvas, x0: int, y0: int, text: str) -> None:
    width = len(text) * 3 * _DOT + (len(text) - 1) * _GAP
    left, top = 16 - width / 2, 16 - 5 * _DOT / 2
    for index, digit in enumerate(text):
        digit_left = left + index * (3 * _DOT + _GAP)
        for row, line in enumerate(_DIGITS[digit]):
            for column, mark in enumerate(line):
                if mark == "#":
                    px, py = digit_left + column * _DOT, top + row * _DOT
                    canvas.fill_polygon(_at(x0, y0, [(px, py), (px + _DOT, py), (px + _DOT, py + _DOT),
                                                     (px, py + _DOT)]), INK)


# A chevron pointing north, above the tile centre; turned to the other three sides it makes
# the Accelerator's mark: the saucer moves again, in whichever direction its owner picks.
_CHEVRON = [(16, 3), (21.5, 8.5), (19.38, 10.62), (16, 7.24), (12.62, 10.62), (10.5, 8.5)]


def _draw_accelerator(canvas: Canvas, x0: int, y0: int) -> None:
    for quarter in range(4):
        canvas.fill_polygon(_at(x0, y0, rotated(_CHEVRON, (16, 16), quarter)), ACCELERATOR_MARK)
    canvas.fill_circle(x0 + 16 * _UNIT, y0 + 16 * _UNIT, 3 * _UNIT, ACCELERATOR_MARK)
