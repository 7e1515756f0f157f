"""The painting tools: what a left click puts on a cell, and the toolbar icons, drawn by
the board painter so the toolbar reads like the canvas."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap

from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE
from crashgrab.engine.grid.model import Feature

from .. import style
from ..board_painter import paint_feature

TOOLS = ("crash_site", "accelerator", "erase")
TOOL_TITLES = {"crash_site": "Crash Site", "accelerator": "Accelerator", "erase": "Erase"}
TOOL_KEYS = {"crash_site": "C", "accelerator": "A", "erase": "E"}
TOOL_TIPS = {"crash_site": "click a cell to put a Crash Site with the number beside it",
             "accelerator": "click a cell to put an Accelerator", "erase": "click a cell to clear it"}


def brush_for(tool: str, number: int) -> Feature | None:
    """What a left click with `tool` puts on a cell; None clears it. Position is the click's."""
    if tool == "crash_site":
        return Feature(CRASH_SITE, 0, 0, number)
    if tool == "accelerator":
        return Feature(ACCELERATOR, 0, 0)
    return None


def tool_icon(tool: str, number: int = 5, size: int = 22) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    rect = QRectF(0, 0, size, size)
    brush = brush_for(tool, number)
    if brush is not None:
        paint_feature(painter, rect, brush.type, brush.number)
    else:  # erase: a red cross
        painter.setPen(style.outline_pen(style.SEVERITY_COLOURS["error"], size / 8))
        inner = rect.adjusted(size / 4, size / 4, -size / 4, -size / 4)
        painter.drawLine(inner.topLeft(), inner.bottomRight())
        painter.drawLine(inner.topRight(), inner.bottomLeft())
    painter.end()
    return QIcon(pixmap)
