"""`crashgrab render` of a RoboRally course (`GameEditor.write_image`): the course as the editor
draws it (painter.py), at true size (a square 25 mm, docs/roborally.md) with the studio's margin
round it, as a PNG at a DPI or an SVG in millimetres; written atomically."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.atomic import write_bytes_atomic
from crashgrab.engine.grid.square import SQUARE

from ..image_size import MARGIN_CELLS, MM_PER_INCH, ImageGeometry, check_dpi, image_format, round_half_up
from ..qt_images import encode_png, gui_application
from .painter import paint_course_layout


def write_image(course: Any, output: str | Path, dpi: int, file: str | Path | None = None) -> Path:
    from crashgrab.engine.games import get_system

    gui_application()
    system = get_system("roborally")
    picture = system.picture(course)
    if not picture.cells:
        raise InvalidFileError("the course has no board, so there is nothing to draw.", file=str(file or output),
                               hint="Place a board first.")
    geometry = ImageGeometry.for_picture(picture, SQUARE)
    title = course.name or system.title
    path = Path(output)
    if image_format(path) == "png":
        check_dpi(dpi, geometry)
        width, height = geometry.pixel_size(dpi)
        image = QImage(width, height, QImage.Format_RGB32)
        image.setDotsPerMeterX(round_half_up(dpi / MM_PER_INCH * 1000))
        image.setDotsPerMeterY(round_half_up(dpi / MM_PER_INCH * 1000))
        image.setText("Title", title)
        painter = QPainter(image)
        try:
            _paint(painter, course, geometry, QRectF(0, 0, width, height))
        finally:
            painter.end()
        data = encode_png(image)
    else:
        from PySide6.QtSvg import QSvgGenerator

        buffer_data = QByteArray()
        buffer = QBuffer(buffer_data)
        buffer.open(QIODevice.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setResolution(254)  # one unit of its size = 0.1 mm
        generator.setSize(QSize(round_half_up(geometry.width_mm * 10), round_half_up(geometry.height_mm * 10)))
        generator.setViewBox(QRectF(0, 0, geometry.width_mm, geometry.height_mm))
        generator.setTitle(title)
        generator.setDescription(f"{system.title} course, {geometry.size_text()} squares, one square = "
                                 f"{geometry.unit_mm:g} mm")
        painter = QPainter(generator)
        try:
            _paint(painter, course, geometry, QRectF(0, 0, geometry.width_mm, geometry.height_mm))
        finally:
            painter.end()
        buffer.close()
        data = bytes(buffer_data)
    write_bytes_atomic(path, data)
    return path


def _paint(painter: QPainter, course: Any, geometry: ImageGeometry, target: QRectF) -> None:
    """The course filling `target` with MARGIN_CELLS squares of margin on every side, on white."""
    painter.fillRect(target, QColor("white"))
    painter.setRenderHint(QPainter.Antialiasing)
    cell = target.width() / (geometry.board_width + 2 * MARGIN_CELLS)
    painter.translate(target.left() + MARGIN_CELLS * cell, target.top() + MARGIN_CELLS * cell)
    paint_course_layout(painter, course, cell)
