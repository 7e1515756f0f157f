"""A drop's verdict at the pointer: a tick or a cross badge and the reason in words, beside the
tile being dragged, so it is read where the eye is and without telling green from red (the two
outlines also differ in shape: solid where the tile fits, dashed where it is refused)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from .. import style

BADGE = 22.0  # screen pixels, at any zoom
OFFSET = QPointF(18, 16)  # from the pointer, down and right, clear of the cursor's arrow
MAX_TEXT_WIDTH = 300.0
TEXT_BACK = QColor(255, 255, 255, 240)
TEXT_INK = QColor("#1b1f24")


def badge_path(rect: QRectF, fits: bool) -> QPainterPath:
    """The badge's mark: a tick where the tile fits, a cross where it is refused."""
    path = QPainterPath()
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    if fits:
        path.moveTo(x + w * 0.27, y + h * 0.52)
        path.lineTo(x + w * 0.44, y + h * 0.69)
        path.lineTo(x + w * 0.74, y + h * 0.33)
    else:
        path.moveTo(x + w * 0.32, y + h * 0.32)
        path.lineTo(x + w * 0.68, y + h * 0.68)
        path.moveTo(x + w * 0.68, y + h * 0.32)
        path.lineTo(x + w * 0.32, y + h * 0.68)
    return path


def paint_badge(painter: QPainter, rect: QRectF, fits: bool) -> None:
    """A round badge in the verdict's colour with a white tick or cross; a refused one square."""
    colour = style.DROP_OK if fits else style.DROP_REFUSED
    painter.setPen(QPen(QColor("white"), 2))
    painter.setBrush(colour)
    if fits:
        painter.drawEllipse(rect)
    else:  # a second shape cue: round for yes, square for no
        painter.drawRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
    painter.setPen(style.outline_pen(QColor("white"), rect.width() * 0.14))
    painter.setBrush(Qt.NoBrush)
    painter.drawPath(badge_path(rect, fits))


class DropVerdict(QGraphicsItem):
    """The badge and the words at the pointer; the same size on screen at every zoom."""

    def __init__(self, pos: QPointF, fits: bool, text: str, leftward: bool = False) -> None:
        """`leftward`: near the view's right edge, the words go left of the pointer instead."""
        super().__init__()
        self.fits, self.text = fits, text
        self.setPos(pos)
        self.setFlag(QGraphicsItem.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self._font = style.font(13, bold=False)
        metrics = QFontMetricsF(self._font)
        bounds = metrics.boundingRect(QRectF(0, 0, MAX_TEXT_WIDTH, 1000), Qt.TextWordWrap, text)
        self.badge_rect = QRectF(OFFSET.x(), OFFSET.y(), BADGE, BADGE)
        self.text_rect = QRectF(self.badge_rect.right() + 6, OFFSET.y(), bounds.width() + 12,
                                max(bounds.height() + 8, BADGE))
        if leftward:  # the badge stays by the pointer, the words lie to its left
            self.text_rect.moveRight(-6)
            self.badge_rect.moveLeft(self.text_rect.right() + 6)

    def boundingRect(self) -> QRectF:
        return (self.badge_rect | self.text_rect).adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        paint_badge(painter, self.badge_rect, self.fits)
        colour = style.DROP_OK if self.fits else style.DROP_REFUSED
        painter.setPen(QPen(colour, 1.5))
        painter.setBrush(TEXT_BACK)
        painter.drawRoundedRect(self.text_rect, 5, 5)
        painter.setPen(TEXT_INK)
        painter.setFont(self._font)
        painter.drawText(self.text_rect.adjusted(6, 4, -6, -4), Qt.AlignLeft | Qt.AlignVCenter | Qt.TextWordWrap,
                         self.text)
