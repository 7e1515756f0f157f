"""How playtest pieces look: saucers and crewmembers, drawn the same on the board and in
the piece palette.

A saucer is a coloured disc with a light dome carrying its colour's initial (so colours
read apart without colour vision) and a pip per stationed crewmember on its rim. A
crewmember is a rounded square, a different shape from the round Crash Sites it often
stands on, with its type's initial.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from .. import style
from crashgrab.engine.crash_and_grab.rules.pieces import Crew

SAUCER_COLOURS = {
    "red": QColor("#d1242f"),
    "yellow": QColor("#f5c518"),
    "green": QColor("#1a9e55"),
    "blue": QColor("#1f6feb"),
    "purple": QColor("#8250df"),
    "orange": QColor("#f07c00"),
}
DARK_TEXT_ON = {"yellow"}  # colours too light for white letters
TYPE_LETTERS = {"pilot": "P", "scientist": "S", "doctor": "D", "engineer": "E"}
INK = QColor("#1b1f24")


def piece_colour(color: str) -> QColor:
    return SAUCER_COLOURS.get(color, QColor("#888888"))


def letter_colour(color: str) -> QColor:
    return INK if color in DARK_TEXT_ON else QColor("white")


def saucer_rect(cell_rect: QRectF) -> QRectF:
    return _inset(cell_rect, 0.09)


def crew_rect(cell_rect: QRectF) -> QRectF:
    return _inset(cell_rect, 0.2)


def paint_saucer(painter: QPainter, cell_rect: QRectF, color: str, stationed: tuple[Crew, ...] = (),
                 extras: int = 0) -> None:
    """A saucer filling most of `cell_rect`, seen from above."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    disc = saucer_rect(cell_rect)
    size = disc.width()
    fill = piece_colour(color)
    painter.setPen(QPen(QColor(0, 0, 0, 60), size * 0.06))
    painter.setBrush(QColor(0, 0, 0, 45))  # shadow, so the saucer lifts off the board
    painter.drawEllipse(disc.translated(size * 0.04, size * 0.06))
    painter.setPen(QPen(fill.darker(160), size * 0.07))
    painter.setBrush(fill)
    painter.drawEllipse(disc)
    dome = _inset(disc, 0.24)
    painter.setPen(QPen(QColor(255, 255, 255, 170), size * 0.04))
    painter.setBrush(fill.lighter(125) if color not in DARK_TEXT_ON else fill.lighter(108))
    painter.drawEllipse(dome)
    painter.setPen(letter_colour(color))
    painter.setFont(style.font(size * 0.36, bold=True))
    painter.drawText(dome, Qt.AlignCenter, colour_initial(color))
    pip = size * 0.2
    corners = (QPointF(-1, -1), QPointF(1, -1), QPointF(1, 1), QPointF(-1, 1))
    for index, crew in enumerate(stationed[:4]):  # one pip per stationed type, round the rim
        centre = disc.center() + corners[index] * (size * 0.355)
        rect = QRectF(0, 0, pip, pip)
        rect.moveCenter(centre)
        painter.setPen(QPen(QColor("white"), size * 0.035))
        painter.setBrush(piece_colour(crew.color))
        painter.drawRoundedRect(rect, pip * 0.25, pip * 0.25)
    if extras:
        tag = QRectF(0, 0, size * 0.42, size * 0.26)
        tag.moveCenter(QPointF(disc.center().x(), disc.bottom() - size * 0.02))
        painter.setPen(Qt.NoPen)
        painter.setBrush(INK)
        painter.drawRoundedRect(tag, tag.height() / 2, tag.height() / 2)
        painter.setPen(QColor("white"))
        painter.setFont(style.font(tag.height() * 0.78, bold=True))
        painter.drawText(tag, Qt.AlignCenter, f"+{extras}")
    painter.restore()


def colour_initial(color: str) -> str:
    return color[:1].upper()


def paint_crew(painter: QPainter, cell_rect: QRectF, crew: Crew) -> None:
    """A crewmember: a rounded square in its colour with its type's initial, and its colour's
    initial on a white corner tag, so a red and a green Pilot differ without colour vision."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    badge = crew_rect(cell_rect)
    size = badge.width()
    fill = piece_colour(crew.color)
    painter.setPen(Qt.NoPen)
    painter.setBrush(QColor(0, 0, 0, 50))
    painter.drawRoundedRect(badge.translated(size * 0.05, size * 0.07), size * 0.22, size * 0.22)
    painter.setPen(QPen(QColor("white"), size * 0.09))
    painter.setBrush(fill)
    painter.drawRoundedRect(badge, size * 0.22, size * 0.22)
    painter.setPen(letter_colour(crew.color))
    painter.setFont(style.font(size * 0.5, bold=True))
    painter.drawText(badge.adjusted(0, 0, -size * 0.16, -size * 0.1), Qt.AlignCenter, TYPE_LETTERS[crew.type])
    tag = QRectF(0, 0, size * 0.44, size * 0.44)
    tag.moveCenter(badge.bottomRight() - QPointF(size * 0.08, size * 0.08))
    painter.setPen(QPen(fill.darker(150), size * 0.05))
    painter.setBrush(QColor("white"))
    painter.drawRoundedRect(tag, tag.width() * 0.3, tag.width() * 0.3)
    painter.setPen(INK)
    painter.setFont(style.font(tag.height() * 0.72, bold=True))
    painter.drawText(tag, Qt.AlignCenter, colour_initial(crew.color))
    painter.restore()


def _inset(rect: QRectF, fraction: float) -> QRectF:
    dx, dy = rect.width() * fraction, rect.height() * fraction
    return rect.adjusted(dx, dy, -dx, -dy)
