"""The board's symbols say only what they mean: the Accelerator's mark points every way (an upward
chevron read as "north"), drawn the same after a quarter turn."""
from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from crashgrab.editor.crash_and_grab.board_painter import paint_feature
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR


def test_the_accelerator_mark_names_no_direction(qapp):
    size = 64
    image = QImage(size, size, QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    paint_feature(painter, QRectF(0, 0, size, size), ACCELERATOR)
    painter.end()
    for angle in (90, 180, 270):
        turned = image.transformed(QTransform().rotate(angle))
        differing = sum(abs(image.pixelColor(x, y).lightness() - turned.pixelColor(x, y).lightness()) > 60
                        for x in range(size) for y in range(size))
        assert differing < size * size * 0.01, f"{differing} pixels change under a {angle} degree turn"
