"""A cell's feature drawn on any QPainter (a Crash Site as a numbered disc, an Accelerator as a
double chevron on an orange diamond, another game's feature as its initial) and named in words.
"""
from __future__ import annotations


from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE
from crashgrab.engine.grid.model import CellFeature, Feature

from . import style


def paint_feature(painter: QPainter, rect: QRectF, feature_type: str, number: int | None = None,
                  legible: bool = False) -> None:
    """`legible`: a thumbnail's Crash Site, its disc filling the cell and its number as large as fits."""
    painter.save()
    if feature_type == CRASH_SITE:
        _paint_crash_site(painter, rect, number, legible)
    elif feature_type == ACCELERATOR:
        _paint_accelerator(painter, rect)
    else:  # another game's feature: a neutral square with its initial
        inner = _inset(rect, 0.25)
        painter.setPen(QPen(style.TILE_BORDER, 1))
        painter.setBrush(QColor("#cbd2d9"))
        painter.drawRect(inner)
        painter.setFont(style.font(rect.height() * 0.3, bold=True))
        painter.drawText(inner, Qt.AlignCenter, feature_type[:1].upper())
    painter.restore()
THUMBNAIL_NUMBER_SHARE = (0.66, 0.56)  # of a thumbnail's cell: a Crash Site's number, one digit and two


def _paint_crash_site(painter: QPainter, rect: QRectF, number: int | None, legible: bool = False) -> None:
    disc = _inset(rect, 0.02 if legible else 0.14)
    painter.setPen(QPen(style.CRASH_SITE_RING, max(1.0, rect.width() / 28)))
    painter.setBrush(style.CRASH_SITE)
    painter.drawEllipse(disc)
    painter.setPen(QColor("white"))
    shares = THUMBNAIL_NUMBER_SHARE if legible else (0.36, 0.31)
    painter.setFont(style.font(rect.height() * shares[0 if (number or 0) < 10 else 1], bold=True))
    painter.drawText(disc, Qt.AlignCenter, "?" if number is None else str(number))


def _paint_accelerator(painter: QPainter, rect: QRectF) -> None:
    centre, radius = rect.center(), rect.width() * 0.38
    diamond = QPolygonF([centre + QPointF(0, -radius), centre + QPointF(radius, 0),
                         centre + QPointF(0, radius), centre + QPointF(-radius, 0)])
    painter.setPen(QPen(style.ACCELERATOR_RING, max(1.0, rect.width() / 28), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.setBrush(style.ACCELERATOR)
    painter.drawPolygon(diamond)
    mark = QRectF(0, 0, radius * 0.95, radius * 0.95)
    mark.moveCenter(centre)
    painter.setPen(style.outline_pen(QColor("white"), max(1.3, rect.width() / 18)))
    painter.setBrush(Qt.NoBrush)
    painter.drawPath(style.bounce_path(mark))  # four ways out: it names no direction


def _inset(rect: QRectF, fraction: float) -> QRectF:
    d = rect.width() * fraction
    return rect.adjusted(d, d, -d, -d)


def feature_words(feature: CellFeature | Feature | None) -> str:
    """A cell's feature (on the board or on a tile) in words, for tooltips."""
    if feature is None:
        return "plain space"
    if feature.type == CRASH_SITE:
        return f"Crash Site {feature.number}"
    if feature.type == ACCELERATOR:
        return "Accelerator"
    return feature.type.replace("_", " ")
