"""Colours, sizes and small icons shared by the board painter, the overlays and the docks."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

CELL = 48.0  # scene units per board cell; the view zooms

SCENE_BACKGROUND = QColor("#d9dde3")
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
LABEL_BACK = QColor("#27303b")
LABEL_TEXT = QColor("#ffffff")
MARKER_BACK = QColor("#27303b")
MARKER_TEXT = QColor("#ffffff")
SELECTION = QColor("#1f6feb")
DROP_OK = QColor("#1a9e55")
DROP_REFUSED = QColor("#d1242f")

SEVERITY_COLOURS = {
    "error": QColor("#d1242f"),
    "warning": QColor("#d97706"),
    "info": QColor("#2f81f7"),
}
# The selected finding: a magenta that is no feature's colour (Crash Site blue, Accelerator
# orange) nor a severity's, with a white halo, over a board dimmed everywhere else.
FOCUS = QColor("#c2188f")
FOCUS_HALO = QColor(255, 255, 255, 230)
FOCUS_VEIL = QColor(20, 26, 34, 120)
# A choice the board asks for (the Accelerator's direction arrows): a teal that is no feature's,
# severity's or the focus colour; darker for the arrow hovered or chosen with the keys.
CHOICE = QColor("#0f766e")
CHOICE_ACTIVE = QColor("#0b4a45")


def font(pixel_size: float, bold: bool = False) -> QFont:
    result = QFont()
    result.setPixelSize(max(1, round(pixel_size)))
    result.setBold(bold)
    return result


def severity_icon(severity: str, size: int = 16) -> QIcon:
    """Drawn, not taken from the platform theme, so they look the same offscreen."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    colour = SEVERITY_COLOURS.get(severity, SEVERITY_COLOURS["info"])
    box = QRectF(1, 1, size - 2, size - 2)
    painter.setPen(Qt.NoPen)
    painter.setBrush(colour)
    if severity == "warning":
        painter.drawPolygon(QPolygonF([QPointF(box.center().x(), box.top()), box.bottomRight(), box.bottomLeft()]))
        glyph, box = "!", box.adjusted(0, size * 0.18, 0, 0)
    elif severity == "error":
        painter.drawEllipse(box)
        glyph = "\u00d7"
    else:
        painter.drawEllipse(box)
        glyph = "i"
    painter.setPen(QColor("white"))
    painter.setFont(font(size * 0.72, bold=True))
    painter.drawText(box, Qt.AlignCenter, glyph)
    painter.end()
    return QIcon(pixmap)


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


def outline_pen(colour: QColor, width: float, style=Qt.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setJoinStyle(Qt.RoundJoin)
    pen.setCapStyle(Qt.RoundCap)
    return pen
