"""The arena drawn from the model (rebuilt from it on every change): squares, walls, starts
or, while playtesting, riders and trail cards. Mouse presses and releases are reported by
cell; the scene never changes the model."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsScene

from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.crash_grid.rules import GridState

from .. import style

CELL = style.CELL
SUIT_COLOURS = {"spades": QColor("#1f2937"), "hearts": QColor("#dc2626"),
                "diamonds": QColor("#d97706"), "clubs": QColor("#15803d")}
FREE = QColor("#f8fafc")
WALL = QColor("#475569")
LINE = QColor("#cbd5e1")
ANGLES = {"north": -90, "east": 0, "south": 90, "west": 180}


class ArenaScene(QGraphicsScene):
    pressed = Signal(object, object)   # cell, Qt.MouseButton
    released = Signal(object)          # cell

    def __init__(self) -> None:
        super().__init__()
        self.selected: str | None = None

    def cell_at(self, point: QPointF) -> tuple[int, int]:
        return math.floor(point.x() / CELL), math.floor(point.y() / CELL)

    def mousePressEvent(self, event) -> None:
        self.pressed.emit(self.cell_at(event.scenePos()), event.button())

    def mouseReleaseEvent(self, event) -> None:
        self.released.emit(self.cell_at(event.scenePos()))

    # --- drawing ---------------------------------------------------------------------------
    def _squares(self, width: int, height: int, walls) -> None:
        self.clear()
        pen = QPen(LINE, 1)
        for y in range(height):
            for x in range(width):
                fill = WALL if (x, y) in walls else FREE
                item = self.addRect(x * CELL, y * CELL, CELL, CELL, pen, QBrush(fill))
                item.setData(0, "wall" if (x, y) in walls else "square")
        self.setSceneRect(-CELL / 2, -CELL / 2, (width + 1) * CELL, (height + 1) * CELL)

    def _rider(self, suit: str, cell, facing: str, kind: str) -> None:
        """A card-shaped marker with an arrow toward its facing."""
        x, y = (cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL
        colour = SUIT_COLOURS[suit]
        outline = QPen(style.SELECTION if suit == self.selected else colour.darker(), 3 if suit == self.selected else 1)
        card = self.addRect(x - CELL * 0.3, y - CELL * 0.38, CELL * 0.6, CELL * 0.76, outline, QBrush(colour))
        card.setData(0, kind)
        card.setToolTip(f"{suit} {kind} at [{cell[0]},{cell[1]}] facing {facing}")
        arrow = QPolygonF([QPointF(CELL * 0.26, 0), QPointF(-CELL * 0.1, -CELL * 0.16), QPointF(-CELL * 0.1, CELL * 0.16)])
        item = self.addPolygon(arrow, QPen(Qt.NoPen), QBrush(QColor("#ffffff")))
        item.setPos(x, y)
        item.setRotation(ANGLES[facing])
        item.setData(0, "arrow")

    def _trail(self, suit: str, cell) -> None:
        x, y = cell[0] * CELL, cell[1] * CELL
        colour = QColor(SUIT_COLOURS[suit])
        colour.setAlpha(110)
        item = self.addRect(x + CELL * 0.2, y + CELL * 0.12, CELL * 0.6, CELL * 0.76, QPen(colour.darker(), 1),
                            QBrush(colour))
        item.setData(0, "trail")
        item.setToolTip(f"{suit} trail card at [{cell[0]},{cell[1]}]")

    def show_layout(self, layout: ArenaLayout, owners: dict | None = None) -> None:
        """The arena; `owners` (cell -> suit initial, the territory overlay's labels) tints squares."""
        self._squares(layout.width, layout.height, layout.walls)
        initials = {suit[0]: colour for suit, colour in SUIT_COLOURS.items()}
        for cell, initial in (owners or {}).items():
            tint = QColor(initials[initial])
            tint.setAlpha(45)
            item = self.addRect(cell[0] * CELL, cell[1] * CELL, CELL, CELL, QPen(Qt.NoPen), QBrush(tint))
            item.setData(0, "territory")
        for start in layout.starts:
            self._rider(start.suit, start.cell, start.facing, "start")

    def show_state(self, state: GridState) -> None:
        self._squares(state.width, state.height, state.walls)
        for cell, suit in sorted(state.trails):
            self._trail(suit, cell)
        for rider in state.riders_on_board():
            self._rider(rider.suit, rider.at, rider.facing, "rider")

    def kinds(self) -> list[str]:
        """What is drawn, by kind (for tests and screenshots)."""
        return sorted(str(item.data(0)) for item in self.items() if item.data(0))
