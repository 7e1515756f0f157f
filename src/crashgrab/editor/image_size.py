"""How big a board image is: the physical scale of exports and the PNG pixel rule (no Qt here,
so `crashgrab render`'s options and the editor's DPI dialog can use it cheaply).

One board cell is CELL_MM millimetres (or the picture's own `unit_mm` per board unit: a hex
board's unit is its hex radius), with a margin of MARGIN_CELLS units on every side (room for
labels a game prints around its board), so for a board W x H units across:

    width_mm = (W + 2 * MARGIN_CELLS) * CELL_MM
    width_px = round(width_mm / 25.4 * dpi)          (likewise the height; halves round up)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from crashgrab.engine.errors import UsageError
from crashgrab.engine.system import BoardPicture, Geometry

CELL_MM = 25.0  # one board cell printed at game scale (see docs/exports.md)
MARGIN_CELLS = 1.1  # each side's margin, in cells (a test keeps it equal to the room a game's painter takes)
MM_PER_INCH = 25.4
DEFAULT_DPI = 150
PRINT_DPI = 300
MIN_DPI, MAX_DPI = 10, 1200
MAX_PIXELS = 100_000_000  # 400 MB of RGBA; larger images fail to allocate or swap
FORMATS = {".png": "png", ".svg": "svg"}


@dataclass(frozen=True)
class ImageGeometry:
    """A board picture's physical size: the board plus its margins."""

    board_width: float  # board units across (cells of a square grid)
    board_height: float
    unit_mm: float = CELL_MM

    @classmethod
    def for_picture(cls, picture: BoardPicture, geometry: Geometry) -> "ImageGeometry":
        """The size of a game's picture: its extent (every cell's polygon) at its unit's scale."""
        left, top, right, bottom = picture.extent(geometry)
        return cls(round(right - left, 9), round(bottom - top, 9), picture.unit_mm or CELL_MM)

    @property
    def width_mm(self) -> float:
        return _mm(self.board_width, self.unit_mm)

    @property
    def height_mm(self) -> float:
        return _mm(self.board_height, self.unit_mm)

    def size_text(self) -> str:
        """"8x8" for a square board, "12.12x11" (units, two decimals at most) for others."""
        return f"{self.board_width:.2f}".rstrip("0").rstrip(".") + "x" + f"{self.board_height:.2f}".rstrip("0").rstrip(".")

    def pixel_size(self, dpi: int) -> tuple[int, int]:
        """The PNG's size at `dpi`: millimetres to inches, times dpi, rounded half up."""
        return round_half_up(self.width_mm / MM_PER_INCH * dpi), round_half_up(self.height_mm / MM_PER_INCH * dpi)

    def max_dpi(self) -> int:
        """The highest DPI whose PNG stays within MAX_PIXELS (and MAX_DPI)."""
        square_inches = (self.width_mm / MM_PER_INCH) * (self.height_mm / MM_PER_INCH)
        dpi = min(MAX_DPI, int(math.sqrt(MAX_PIXELS / square_inches)))
        while dpi > MIN_DPI and math.prod(self.pixel_size(dpi)) > MAX_PIXELS:
            dpi -= 1
        return dpi


def _mm(units: float, unit_mm: float = CELL_MM) -> float:
    # rounded to a micrometre so that 8 cells give 255 mm, not 254.99999999999997
    return round((units + 2 * MARGIN_CELLS) * unit_mm, 3)


def round_half_up(value: float) -> int:
    return math.floor(value + 0.5)


def image_format(path: str | Path) -> str:
    """"png" or "svg" from the file name's extension (any case); anything else is a usage error."""
    suffix = Path(path).suffix
    if suffix.lower() not in FORMATS:
        shown = f'"{suffix}"' if suffix else "a name without an extension"
        raise UsageError(f"cannot tell the image format from {shown}.", file=path,
                         hint="Name the output board.png (raster, --dpi applies) or board.svg (vector).")
    return FORMATS[suffix.lower()]


def check_dpi(dpi: int, geometry: ImageGeometry | None = None) -> int:
    """`dpi` if it is in MIN_DPI..MAX_DPI and the PNG it gives is not too large to make."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi {dpi} is out of range.", hint=f"Use {MIN_DPI} to {MAX_DPI} ({PRINT_DPI} for print).")
    if geometry is not None and math.prod(geometry.pixel_size(dpi)) > MAX_PIXELS:
        width, height = geometry.pixel_size(dpi)
        raise UsageError(f"at {dpi} dpi this {geometry.size_text()} board would be "
                         f"{width}x{height} pixels, more than {MAX_PIXELS // 1_000_000} million.",
                         hint=f"Use at most --dpi {geometry.max_dpi()}, or export SVG for any size.")
    return dpi
