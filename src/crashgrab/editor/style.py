"""The studio's colours, sizes and small icons, shared by every game's editor.

A game's own colours (its features, its tiles) live in its editor package."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap, QPolygonF

CELL = 48.0  # scene units per board cell; the view zooms

SCENE_BACKGROUND = QColor("#d9dde3")
LABEL_BACK = QColor("#27303b")
LABEL_TEXT = QColor("#ffffff")
SELECTION = QColor("#1f6feb")
DROP_OK = QColor("#1a9e55")
DROP_REFUSED = QColor("#d1242f")

SEVERITY_COLOURS = {
    "error": QColor("#d1242f"),
    "warning": QColor("#d97706"),
    "info": QColor("#2f81f7"),
}
# The selected finding: a magenta that no game's feature uses nor a severity, with a white
# halo, over a board dimmed everywhere else.
FOCUS = QColor("#c2188f")
FOCUS_HALO = QColor(255, 255, 255, 230)
FOCUS_VEIL = QColor(20, 26, 34, 120)
# A choice the board asks for (arrows to pick a direction): a teal that is no feature's,
# severity's or the focus colour; darker for the arrow hovered or chosen with the keys.
CHOICE = QColor("#0f766e")
CHOICE_ACTIVE = QColor("#0b4a45")


def font(pixel_size: float, bold: bool = False) -> QFont:
    result = QFont()
    result.setPixelSize(max(1, round(pixel_size)))
    result.setBold(bold)
    return result


def severity_icon(severity: str, size: int = 16) -> QIcon:
    """Drawn, not taken from the platform theme, so they look the same offscreen: an error is an
    octagon with ×, a warning a triangle with !, a note a disc with i (shape and glyph, not only colour)."""
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
    elif severity == "error":  # an octagon, a stop sign: told from the round note by its shape too
        cut = box.width() * 0.29
        painter.drawPolygon(QPolygonF([QPointF(box.left() + cut, box.top()), QPointF(box.right() - cut, box.top()),
                                       QPointF(box.right(), box.top() + cut), QPointF(box.right(), box.bottom() - cut),
                                       QPointF(box.right() - cut, box.bottom()), QPointF(box.left() + cut, box.bottom()),
                                       QPointF(box.left(), box.bottom() - cut), QPointF(box.left(), box.top() + cut)]))
        glyph = "\u00d7"
    else:
        painter.drawEllipse(box)
        glyph = "i"
    painter.setPen(QColor("white"))
    painter.setFont(font(size * 0.72, bold=True))
    painter.drawText(box, Qt.AlignCenter, glyph)
    painter.end()
    return QIcon(pixmap)


def outline_pen(colour: QColor, width: float, style=Qt.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setJoinStyle(Qt.RoundJoin)
    pen.setCapStyle(Qt.RoundCap)
    return pen
