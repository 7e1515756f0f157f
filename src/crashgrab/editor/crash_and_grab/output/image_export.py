"""Board images for print and sharing: PNG at a chosen DPI and SVG, drawn by the editor's painter.

The picture is exactly what `board_painter.paint_board` draws in the editor (holes, tiles,
Crash Sites, Accelerators, tile labels, empty template slots, direction markers), on white,
at the physical scale of `image_size` (one cell = CELL_MM millimetres). The painter draws at
its own scale (style.CELL units per cell) and is scaled to the output, so line weights and
lettering keep their proportions at every DPI.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter

from crashgrab.engine.errors import InvalidFileError, UsageError
from crashgrab.engine.formats.atomic import write_bytes_atomic
from crashgrab.engine.grid.model import Board
from crashgrab.engine.crash_and_grab.layout import Layout

from .. import style
from ...qt_images import encode_png, gui_application
from ..board_painter import BoardPicture, paint_board, picture_of
from ...image_size import (CELL_MM, DEFAULT_DPI, MARGIN_CELLS, MM_PER_INCH, ImageGeometry, check_dpi,
                         image_format, round_half_up)

BACKGROUND = QColor("white")
SVG_RESOLUTION = 254  # QSvgGenerator's dots per inch: one "pixel" of its size = 0.1 mm

Source = Layout | Board | BoardPicture


def require_board(source: Source, file: str | Path | None = None) -> BoardPicture:
    """The picture to draw; a free-form layout without tiles has none (InvalidFileError)."""
    picture = picture_of(source)
    if picture.board.width == 0 or picture.board.height == 0:
        raise InvalidFileError("the layout has no tiles, so there is no board to draw.", file=file,
                               where="$.placements", hint="Place at least one tile, then export the image.")
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
    picture = require_board(source)
    geometry = ImageGeometry(picture.board.width, picture.board.height)
    check_dpi(dpi, geometry)
    width, height = geometry.pixel_size(dpi)
    image = QImage(width, height, QImage.Format_RGB32)  # opaque: paper, no alpha
    if image.isNull():
        raise UsageError(f"not enough memory for a {width}x{height} image.", hint="Use a lower --dpi.")
    image.fill(BACKGROUND)
    dots_per_metre = round_half_up(dpi / MM_PER_INCH * 1000)
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
    return encode_png(render_png(source, dpi, title))


def svg_bytes(source: Source, title: str | None = None) -> bytes:
    """The board as SVG: width and height in millimetres, viewBox user units = millimetres."""
    from PySide6.QtSvg import QSvgGenerator  # only this export needs the QtSvg module

    gui_application()
    picture = require_board(source)
    geometry = ImageGeometry(picture.board.width, picture.board.height)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setResolution(SVG_RESOLUTION)  # so width/height come out in exact tenths of a millimetre
    generator.setSize(QSize(round_half_up(geometry.width_mm * 10), round_half_up(geometry.height_mm * 10)))
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
