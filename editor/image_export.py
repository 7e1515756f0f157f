"""Board images for print and sharing: PNG at a chosen DPI and SVG, drawn by the editor's painter.

The picture is exactly what `board_painter.paint_board` draws in the editor (holes, tiles,
Crash Sites, Accelerators, tile labels, empty template slots, direction markers), on white,
at a fixed physical scale: one board cell is CELL_MM millimetres, and the markers take a
margin of MARGIN_CELLS cells on every side. So an image's size follows from the board alone:

    width_mm = (board width in cells + 2 * MARGIN_CELLS) * CELL_MM
    width_px = round(width_mm / 25.4 * dpi)          (likewise the height)

The painter always draws at its own scale (style.CELL units per cell) and the painter is
scaled to the output, so line weights and lettering keep their proportions at every DPI.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

from engine.errors import InvalidFileError, UsageError
from engine.formats.png import write_bytes_atomic
from engine.grid.model import Board, Layout

from . import style
from .board_painter import BoardPicture, marker_margin, paint_board, picture_of

CELL_MM = 25.0  # one board cell printed at game scale (see docs/exports.md)
MM_PER_INCH = 25.4
MARGIN_CELLS = marker_margin(1.0)  # room for the direction markers on each side, in cells
DEFAULT_DPI = 150
MIN_DPI, MAX_DPI = 10, 1200
MAX_PIXELS = 100_000_000  # 400 MB of RGBA; beyond that QImage allocation fails or swaps
FORMATS = {".png": "png", ".svg": "svg"}
BACKGROUND = QColor("white")
SVG_RESOLUTION = 254  # QSvgGenerator's dots per inch: one "pixel" of its size = 0.1 mm

Source = Layout | Board | BoardPicture


@dataclass(frozen=True)
class ImageGeometry:
    """A board picture's physical size: the board plus the marker margins."""

    board_width: int  # cells
    board_height: int

    @property
    def width_mm(self) -> float:
        return _mm(self.board_width)

    @property
    def height_mm(self) -> float:
        return _mm(self.board_height)

    def pixel_size(self, dpi: int) -> tuple[int, int]:
        """The PNG's size at `dpi`: millimetres to inches, times dpi, rounded half up."""
        return _round(self.width_mm / MM_PER_INCH * dpi), _round(self.height_mm / MM_PER_INCH * dpi)

    def max_dpi(self) -> int:
        """The highest DPI whose PNG stays within MAX_PIXELS (and MAX_DPI)."""
        inches = (self.width_mm / MM_PER_INCH) * (self.height_mm / MM_PER_INCH)
        dpi = min(MAX_DPI, int(math.sqrt(MAX_PIXELS / inches)))
        while dpi > MIN_DPI and math.prod(self.pixel_size(dpi)) > MAX_PIXELS:
            dpi -= 1
        return dpi


def _mm(cells: int) -> float:
    # rounded to a micrometre so that 8 cells give 255 mm, not 254.99999999999997
    return round((cells + 2 * MARGIN_CELLS) * CELL_MM, 3)


def _round(value: float) -> int:
    return math.floor(value + 0.5)


def image_geometry(source: Source) -> ImageGeometry:
    board = picture_of(source).board
    return ImageGeometry(board.width, board.height)


def image_format(path: str | Path) -> str:
    """"png" or "svg" from the file name's extension (any case); anything else is a usage error."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        shown = f'"{Path(path).suffix}"' if Path(path).suffix else "no extension"
        raise UsageError(f"cannot tell the image format from {shown}.", file=path,
                         hint="Name the output board.png (raster, --dpi applies) or board.svg (vector).")
    return FORMATS[suffix]


def check_dpi(dpi: int, geometry: ImageGeometry | None = None) -> int:
    """`dpi` if it is in MIN_DPI..MAX_DPI and the PNG it gives is not too large to make."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi {dpi} is out of range.", hint=f"Use {MIN_DPI} to {MAX_DPI} (print: 300).")
    if geometry is not None and math.prod(geometry.pixel_size(dpi)) > MAX_PIXELS:
        width, height = geometry.pixel_size(dpi)
        raise UsageError(f"at {dpi} dpi this {geometry.board_width}x{geometry.board_height} board would be "
                         f"{width}x{height} pixels, more than {MAX_PIXELS // 1_000_000} million.",
                         hint=f"Use at most --dpi {geometry.max_dpi()}, or export SVG for any size.")
    return dpi


def gui_application() -> QGuiApplication:
    """The running Qt application, or a new offscreen one: fonts need one, a display does not."""
    global _headless_app
    app = QGuiApplication.instance()
    if app is None:
        app = _headless_app = QGuiApplication(["crashgrab", "-platform", "offscreen"])
    return app


_headless_app: QGuiApplication | None = None  # kept so Python does not destroy it


def _picture(source: Source) -> BoardPicture:
    picture = picture_of(source)
    if picture.board.width == 0 or picture.board.height == 0:
        raise InvalidFileError("the layout has no tiles, so there is no board to draw.",
                               hint="Place at least one tile, then export the image.")
    return picture


def _paint(painter: QPainter, picture: BoardPicture, units_per_cell: float) -> None:
    """The board picture with its top-left margin corner at (0, 0), `units_per_cell` per cell."""
    board = picture.board
    margin = MARGIN_CELLS * units_per_cell
    painter.fillRect(QRectF(0, 0, (board.width + 2 * MARGIN_CELLS) * units_per_cell,
                            (board.height + 2 * MARGIN_CELLS) * units_per_cell), BACKGROUND)
    painter.save()
    painter.translate(margin, margin)
    painter.scale(units_per_cell / style.CELL, units_per_cell / style.CELL)
    paint_board(painter, picture, style.CELL, origin=QPointF(0, 0), markers=True)
    painter.restore()


def render_png(source: Source, dpi: int = DEFAULT_DPI, title: str | None = None) -> QImage:
    """The board as an image of `ImageGeometry.pixel_size(dpi)`, its DPI recorded for printing."""
    gui_application()
    picture = _picture(source)
    geometry = ImageGeometry(picture.board.width, picture.board.height)
    check_dpi(dpi, geometry)
    width, height = geometry.pixel_size(dpi)
    image = QImage(width, height, QImage.Format_ARGB32)
    if image.isNull():
        raise UsageError(f"not enough memory for a {width}x{height} image.", hint="Use a lower --dpi.")
    image.fill(BACKGROUND)
    dots_per_metre = _round(dpi / MM_PER_INCH * 1000)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.setText("Title", _title(source, title))
    image.setText("Software", "crashgrab")
    painter = QPainter(image)
    try:
        _paint(painter, picture, CELL_MM / MM_PER_INCH * dpi)
    finally:
        painter.end()
    return image


def png_bytes(source: Source, dpi: int = DEFAULT_DPI, title: str | None = None) -> bytes:
    image = render_png(source, dpi, title)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise UsageError("Qt could not encode the PNG.")
    buffer.close()
    return bytes(data)


def svg_bytes(source: Source, title: str | None = None) -> bytes:
    """The board as SVG: width and height in millimetres, viewBox user units = millimetres."""
    from PySide6.QtSvg import QSvgGenerator  # only this export needs the QtSvg module

    gui_application()
    picture = _picture(source)
    geometry = ImageGeometry(picture.board.width, picture.board.height)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setResolution(SVG_RESOLUTION)  # so width/height come out in exact tenths of a millimetre
    generator.setSize(QSize(_round(geometry.width_mm * 10), _round(geometry.height_mm * 10)))
    generator.setViewBox(QRectF(0, 0, geometry.width_mm, geometry.height_mm))
    generator.setTitle(_title(source, title))
    generator.setDescription(f"Crash & Grab board, {geometry.board_width}x{geometry.board_height} cells, "
                             f"one cell = {CELL_MM:g} mm")
    painter = QPainter(generator)
    try:
        _paint(painter, picture, CELL_MM)
    finally:
        painter.end()
    buffer.close()
    return bytes(data)


def write_board_image(source: Source, path: str | Path, dpi: int = DEFAULT_DPI, title: str | None = None) -> Path:
    """PNG or SVG by `path`'s extension, rendered in memory first and then written atomically,
    so a failed render leaves no file (and an existing one untouched)."""
    path = Path(path)
    kind = image_format(path)
    data = png_bytes(source, dpi, title) if kind == "png" else svg_bytes(source, title)
    write_bytes_atomic(path, data)
    return path


def _title(source: Source, title: str | None) -> str:
    if title is not None:
        return title
    if isinstance(source, Layout) and source.name:
        return source.name
    return "Crash & Grab board"
