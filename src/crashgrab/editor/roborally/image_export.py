"""`crashgrab render` of a RoboRally course (`GameEditor.write_image`): the course as the editor
draws it (painter.py), at true size (a square 25 mm, docs/roborally.md) with the studio's margin
round it, as a PNG at a DPI or an SVG in millimetres; written atomically."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.atomic import write_bytes_atomic
from crashgrab.engine.grid.square import SQUARE

from ..image_size import MARGIN_CELLS, ImageGeometry, check_dpi, image_format
from ..qt_images import board_image_bytes, gui_application
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
    kind = image_format(path)
    if kind == "png":
        check_dpi(dpi, geometry)
    description = f"{system.title} course, {geometry.size_text()} squares, one square = {geometry.unit_mm:g} mm"
    data = board_image_bytes(kind, dpi, geometry, title, description,
                             lambda painter, target: _paint(painter, course, geometry, target))
    write_bytes_atomic(path, data)
    return path


def _paint(painter: QPainter, course: Any, geometry: ImageGeometry, target: QRectF) -> None:
    """The course filling `target` with MARGIN_CELLS squares of margin on every side, on white."""
    painter.fillRect(target, QColor("white"))
    painter.setRenderHint(QPainter.Antialiasing)
    cell = target.width() / (geometry.board_width + 2 * MARGIN_CELLS)
    painter.translate(target.left() + MARGIN_CELLS * cell, target.top() + MARGIN_CELLS * cell)
    paint_course_layout(painter, course, cell)
