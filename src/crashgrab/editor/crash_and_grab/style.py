"""Crash & Grab's colours and shapes: tiles by role, Crash Sites, Accelerators, direction
markers. The studio's own style (editor/style.py) comes with them, so this game's modules
read one `style`."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainterPath

from ..style import *  # noqa: F403 -- the studio's style, which this one extends

CANVAS_LINE = QColor("#c7ccd4")  # free-form working grid outside the board
PAPER = {  # tile fill by role, so the kinds of tile read apart at a glance
    "core": QColor("#f8f4ea"),
    "arm5": QColor("#e8f1fa"),
    "arm6": QColor("#e8f1fa"),
    "centre5": QColor("#e9f5ea"),
    "centre6": QColor("#e9f5ea"),
    "custom": QColor("#f3ecf8"),
}
DEFAULT_PAPER = QColor("#f8f4ea")
CELL_LINE = QColor("#c9c2b3")
TILE_BORDER = QColor("#27303b")
HOLE_FILL = QColor("#eceef1")
HOLE_HATCH = QColor("#a7afba")
SLOT_OUTLINE = QColor("#6b7785")
SLOT_TEXT = QColor("#56616e")
SLOT_FILL = QColor("#f4f1ea")  # an empty template slot: plain, where a hole is hatched
CRASH_SITE = QColor("#1d4f91")
CRASH_SITE_RING = QColor("#0f2f5c")
ACCELERATOR = QColor("#ee8b12")
ACCELERATOR_RING = QColor("#a85a00")
MARKER_BACK = QColor("#27303b")
MARKER_TEXT = QColor("#ffffff")


def bounce_path(rect: QRectF) -> QPainterPath:
    """The Accelerator's mark: four chevrons pointing out from the middle, one each way, filling
    `rect`. It names no direction (an up-pointing mark read as "north"): a saucer stopped there
    is sent on again, whichever way."""
    path = QPainterPath()
    c, r = rect.center(), min(rect.width(), rect.height()) / 2
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        tip = c + QPointF(dx, dy) * r
        back = c + QPointF(dx, dy) * r * 0.55
        side = QPointF(-dy, dx) * r * 0.3
        path.moveTo(back + side)
        path.lineTo(tip)
        path.lineTo(back - side)
    path.addEllipse(c, r * 0.12, r * 0.12)  # the middle, where the saucer stops
    return path


def chevron_path(rect: QRectF) -> QPainterPath:
    """Two stacked chevrons, the accelerator's mark, filling `rect`."""
    path = QPainterPath()
    h = rect.height()
    for offset in (0.0, 0.42):
        top = rect.top() + h * offset
        path.moveTo(rect.left(), top + h * 0.5)
        path.lineTo(rect.center().x(), top)
        path.lineTo(rect.right(), top + h * 0.5)
    return path
