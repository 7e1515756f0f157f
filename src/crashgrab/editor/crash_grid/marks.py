"""How the arena's things look, drawn with a QPainter so the scene, the print poster, the legend
and the toolbar's icons show them alike: free squares, walls (a fill and a hatch, so a wall is
told from a dark start by its pattern too) and starts or riders as their suit's card carrying
the suit's symbol (♠ ♥ ♦ ♣: the suit is read from the shape, not only the colour) and an arrow
toward its facing.

The suits' colours keep every pair, and each against the walls, at least ΔE 30 apart with
normal vision and under protanopia and deuteranopia (Machado 2009 at full severity;
tests/test_editor_crash_grid_look.py measures it)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF

from .. import style

SUIT_SYMBOLS = {"spades": "\u2660", "hearts": "\u2665", "diamonds": "\u2666", "clubs": "\u2663"}
SUIT_COLOURS = {"spades": QColor("#111827"), "hearts": QColor("#c2410c"),
                "diamonds": QColor("#f0b400"), "clubs": QColor("#2563eb")}
# The symbol and arrow on the card: white, but dark on the light amber of diamonds.
SUIT_INK = {"spades": QColor("#ffffff"), "hearts": QColor("#ffffff"),
            "diamonds": QColor("#111827"), "clubs": QColor("#ffffff")}
FREE = QColor("#f8fafc")
WALL = QColor("#718096")
WALL_HATCH = QColor("#4a5568")
LINE = QColor("#cbd5e1")
COORDINATE = QColor("#56616e")
ANGLES = {"north": -90, "east": 0, "south": 90, "west": 180}
CARD_WIDTH, CARD_HEIGHT = 0.6, 0.76  # of a square


def paint_square(painter: QPainter, rect: QRectF, wall: bool, line_width: float = 1.0) -> None:
    painter.setPen(QPen(LINE, line_width))
    painter.setBrush(QBrush(WALL if wall else FREE))
    painter.drawRect(rect)
    if wall:
        paint_hatch(painter, rect)


def paint_hatch(painter: QPainter, rect: QRectF) -> None:
    """A wall's diagonal hatch, in the square's own units (so it scales with the board, on paper too)."""
    painter.save()
    painter.setClipRect(rect, Qt.IntersectClip)
    painter.setPen(QPen(WALL_HATCH, rect.width() * 0.05))
    step = rect.width() / 4
    for index in range(-4, 5):
        x = rect.left() + index * step
        painter.drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()))
    painter.restore()


def card_rect(centre: QPointF, cell: float) -> QRectF:
    return QRectF(centre.x() - cell * CARD_WIDTH / 2, centre.y() - cell * CARD_HEIGHT / 2,
                  cell * CARD_WIDTH, cell * CARD_HEIGHT)


def paint_card(painter: QPainter, centre: QPointF, cell: float, suit: str, facing: str | None,
               outline: QColor | None = None, outline_width: float | None = None, alpha: int = 255) -> None:
    """A suit's card centred on `centre`, `cell` the square's size: its symbol in the middle and,
    if `facing` is given, an arrow at the card's edge toward it."""
    colour, ink = QColor(SUIT_COLOURS[suit]), QColor(SUIT_INK[suit])
    colour.setAlpha(alpha)
    ink.setAlpha(alpha)
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)
    border = QColor(outline) if outline is not None else QColor(SUIT_COLOURS[suit]).darker(160)
    painter.setPen(QPen(border, outline_width if outline_width is not None else max(1.0, cell / 48)))
    painter.setBrush(QBrush(colour))
    painter.drawRoundedRect(card_rect(centre, cell), cell * 0.06, cell * 0.06)
    # With an arrow the symbol steps back from it, so the two never touch at any size.
    back = {"north": (0, 0.08), "south": (0, -0.08), "east": (-0.07, 0), "west": (0.07, 0)}.get(facing or "", (0, 0))
    symbol_centre = QPointF(centre.x() + back[0] * cell, centre.y() + back[1] * cell)
    painter.setPen(QPen(ink))
    painter.setFont(style.font(cell * (0.3 if facing else 0.4), bold=True))
    painter.drawText(QRectF(symbol_centre.x() - cell * 0.25, symbol_centre.y() - cell * 0.25, cell * 0.5, cell * 0.5),
                     Qt.AlignCenter, SUIT_SYMBOLS[suit])
    if facing is not None:
        # The card's half-extent toward its facing: the arrow sits just inside that edge.
        reach = (CARD_WIDTH if facing in ("east", "west") else CARD_HEIGHT) / 2 - 0.03
        painter.translate(centre)
        painter.rotate(ANGLES[facing])
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(ink))
        painter.drawPolygon(QPolygonF([QPointF(cell * reach, 0), QPointF(cell * (reach - 0.15), -cell * 0.14),
                                       QPointF(cell * (reach - 0.15), cell * 0.14)]))
    painter.restore()
