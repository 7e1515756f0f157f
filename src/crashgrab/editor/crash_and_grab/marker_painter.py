"""The four direction markers round a board, drawn on any QPainter: where each sits in the margin
round the board, and each a dark pill with its icon, its name and an arrow pointing off the board.
"""
from __future__ import annotations

import math
from typing import Mapping

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPolygonF


from . import style


def marker_margin(cell: float) -> float:
    """Room left around the board for the direction markers."""
    return cell * 1.1


def marker_rects(board_rect: QRectF, cell: float) -> dict[str, QRectF]:
    """Where each side's marker sits (before turning east and west labels upright)."""
    margin = marker_margin(cell)
    height = cell * 0.62
    gap = (margin - height) / 2
    length = min(cell * 3.4, max(board_rect.width(), board_rect.height()))
    centre = board_rect.center()
    horizontal = QRectF(0, 0, length, height)
    vertical = QRectF(0, 0, height, length)
    rects = {}
    for side, rect, at in (
            ("north", horizontal, QPointF(centre.x(), board_rect.top() - gap - height / 2)),
            ("south", horizontal, QPointF(centre.x(), board_rect.bottom() + gap + height / 2)),
            ("west", vertical, QPointF(board_rect.left() - gap - height / 2, centre.y())),
            ("east", vertical, QPointF(board_rect.right() + gap + height / 2, centre.y()))):
        placed = QRectF(rect)
        placed.moveCenter(at)
        rects[side] = placed
    return rects


def paint_markers(painter: QPainter, board_rect: QRectF, directions: Mapping[str, str], cell: float,
                  exposed: QRectF | None = None) -> None:
    for side, rect in marker_rects(board_rect, cell).items():
        if exposed is None or rect.adjusted(-cell, -cell, cell, cell).intersects(exposed):
            paint_marker(painter, rect, directions.get(side) or "?", side)


def paint_marker(painter: QPainter, rect: QRectF, name: str, side: str) -> None:
    """A dark pill with the marker's icon, its name and an arrow pointing off the board."""
    painter.save()
    painter.translate(rect.center())
    if side in ("east", "west"):
        painter.rotate(90 if side == "east" else -90)
        pill = QRectF(-rect.height() / 2, -rect.width() / 2, rect.height(), rect.width())
    else:
        pill = QRectF(-rect.width() / 2, -rect.height() / 2, rect.width(), rect.height())
    radius = pill.height() / 2
    painter.setPen(Qt.NoPen)
    painter.setBrush(style.MARKER_BACK)
    painter.drawRoundedRect(pill, radius, radius)
    # The arrow points away from the board: up in this upright frame, except south (down).
    arrow_up = side != "south"
    tip = QPointF(pill.right() - radius, pill.center().y())
    arrow = QPolygonF([tip + QPointF(-radius * 0.42, radius * 0.22 * (1 if arrow_up else -1)),
                       tip + QPointF(0, -radius * 0.3 * (1 if arrow_up else -1)),
                       tip + QPointF(radius * 0.42, radius * 0.22 * (1 if arrow_up else -1))])
    painter.setPen(style.outline_pen(QColor("#9fb3c8"), max(1.2, radius * 0.16)))
    painter.setBrush(Qt.NoBrush)
    painter.drawPolyline(arrow)
    icon = QRectF(0, 0, pill.height() * 0.72, pill.height() * 0.72)
    icon.moveCenter(QPointF(pill.left() + radius + 1, pill.center().y()))
    paint_marker_icon(painter, icon, name)
    painter.setPen(style.MARKER_TEXT)
    painter.setFont(style.font(pill.height() * 0.46, bold=True))
    text_rect = QRectF(icon.right() + radius * 0.3, pill.top(), pill.width() - 2 * radius - icon.width() - radius * 0.6,
                       pill.height())
    painter.drawText(text_rect, Qt.AlignCenter, name)
    painter.restore()


def paint_marker_icon(painter: QPainter, rect: QRectF, name: str) -> None:
    """Small pictures of the four markers, so they read apart at a glance."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    c, r = rect.center(), rect.width() / 2
    if name == "Sun":
        painter.setPen(style.outline_pen(QColor("#ffc53d"), max(1.0, r * 0.18)))
        for i in range(8):
            angle = i * math.pi / 4
            painter.drawLine(QLineF(c + QPointF(math.cos(angle), math.sin(angle)) * r * 0.62,
                                    c + QPointF(math.cos(angle), math.sin(angle)) * r))
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor("#ffc53d"))
        painter.drawEllipse(c, r * 0.45, r * 0.45)
    elif name == "Stars":
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor("#fff1b8"))
        painter.drawPolygon(_star(c, r, r * 0.42))
    elif name == "Meteor":
        head = c + QPointF(r * 0.35, r * 0.35)
        painter.setPen(style.outline_pen(QColor("#ff9c6e"), max(1.0, r * 0.22)))
        for offset in (-0.3, 0.0, 0.3):
            start = head + QPointF(-r * 1.1 + offset * r, -r * 1.1 - offset * r) * 0.9
            painter.drawLine(QLineF(start, head))
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor("#ff7a45"))
        painter.drawEllipse(head, r * 0.42, r * 0.42)
    elif name == "Asteroids":
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor("#bfbfbf"))
        painter.drawPolygon(_rock(c + QPointF(-r * 0.25, r * 0.2), r * 0.62))
        painter.setBrush(QColor("#8c8c8c"))
        painter.drawPolygon(_rock(c + QPointF(r * 0.5, -r * 0.45), r * 0.38))
    else:
        painter.setPen(QColor("white"))
        painter.setFont(style.font(r * 1.4, bold=True))
        painter.drawText(rect, Qt.AlignCenter, "?")
    painter.restore()


def _star(centre: QPointF, outer: float, inner: float) -> QPolygonF:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(centre + QPointF(math.cos(angle), math.sin(angle)) * radius)
    return QPolygonF(points)


def _rock(centre: QPointF, radius: float) -> QPolygonF:
    bumps = (1.0, 0.78, 0.95, 0.7, 0.9, 0.82, 1.0, 0.74)
    return QPolygonF([centre + QPointF(math.cos(i * math.pi / 4), math.sin(i * math.pi / 4)) * radius * b
                      for i, b in enumerate(bumps)])
