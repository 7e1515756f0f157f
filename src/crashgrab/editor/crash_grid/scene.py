"""The arena drawn from the model (rebuilt from it on every change): squares, walls, starts
or, while playtesting, riders and trail cards, with the columns' and rows' numbers round the
arena and the selected finding's squares outlined. Mouse presses and releases are reported by
cell; the scene never changes the model."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem

from crashgrab.engine.crash_grid.board import arena_board, starts, walls
from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.crash_grid.rules import GridState

from .. import style
from .marks import (ANGLES, COORDINATE, FREE, LINE, SUIT_COLOURS, SUIT_SYMBOLS, WALL, card_rect,  # noqa: F401
                    paint_card, paint_hatch)

CELL = style.CELL


class CardItem(QGraphicsItem):
    """A start, rider or trail card: its suit's card, symbol and (but for a trail) facing arrow."""

    def __init__(self, suit: str, centre: QPointF, facing: str | None, selected: bool, alpha: int = 255) -> None:
        super().__init__()
        self.suit, self.facing, self.selected, self.alpha = suit, facing, selected, alpha
        self.setPos(centre)
        if selected:
            self.setZValue(5)  # its ring over a finding's outline of the same square

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return QRectF(-CELL / 2, -CELL / 2, CELL, CELL)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_card(painter, QPointF(0, 0), CELL, self.suit, self.facing, alpha=self.alpha)
        if self.selected:  # a ring round the card, clear of it: the clubs card is the selection's blue itself
            painter.setPen(style.outline_pen(style.SELECTION, 3))
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(card_rect(QPointF(0, 0), CELL).adjusted(-4.5, -4.5, 4.5, 4.5), 5, 5)


class HatchItem(QGraphicsItem):
    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = rect

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_hatch(painter, self.rect)


class ArenaScene(QGraphicsScene):
    pressed = Signal(object, object)   # cell, Qt.MouseButton
    released = Signal(object)          # cell
    hovered = Signal(object)           # the cell under the pointer, each time it changes (None: none)

    def __init__(self) -> None:
        super().__init__()
        self.selected: str | None = None
        self.focus_cells: tuple[tuple[int, int], ...] = ()  # the selected finding's squares
        self.cursor: tuple[int, int] | None = None  # the keyboard's square, drawn dashed
        self._size = (0, 0)
        self._hovered: tuple[int, int] | None = None

    def cell_at(self, point: QPointF) -> tuple[int, int]:
        return math.floor(point.x() / CELL), math.floor(point.y() / CELL)

    def mousePressEvent(self, event) -> None:
        self.pressed.emit(self.cell_at(event.scenePos()), event.button())

    def mouseReleaseEvent(self, event) -> None:
        self.released.emit(self.cell_at(event.scenePos()))

    def mouseMoveEvent(self, event) -> None:
        cell = self.cell_at(event.scenePos())
        if cell != self._hovered:
            self._hovered = cell
            self.hovered.emit(cell)

    def arena_rect(self) -> QRectF:
        """The arena and its row and column numbers, in scene units."""
        width, height = self._size
        return QRectF(-CELL * 0.7, -CELL * 0.7, (width + 0.7) * CELL, (height + 0.7) * CELL)

    # --- drawing ---------------------------------------------------------------------------
    def _squares(self, width: int, height: int, walls) -> None:
        self.clear()
        pen = QPen(LINE, 1)
        for y in range(height):
            for x in range(width):
                fill = WALL if (x, y) in walls else FREE
                item = self.addRect(x * CELL, y * CELL, CELL, CELL, pen, QBrush(fill))
                item.setData(0, "wall" if (x, y) in walls else "square")
                if (x, y) in walls:
                    self.addItem(HatchItem(QRectF(x * CELL, y * CELL, CELL, CELL)))
        self._coordinates(width, height)
        self._size = (width, height)
        self.setSceneRect(-CELL, -CELL, (width + 1.5) * CELL, (height + 1.5) * CELL)

    def _coordinates(self, width: int, height: int) -> None:
        """Column numbers above the arena, row numbers left of it: the [x,y] findings and the status bar name."""
        font = style.font(CELL * 0.3)
        for x in range(width):
            self._coordinate(str(x), QPointF((x + 0.5) * CELL, -CELL * 0.3), font)
        for y in range(height):
            self._coordinate(str(y), QPointF(-CELL * 0.35, (y + 0.5) * CELL), font)

    def _coordinate(self, text: str, centre: QPointF, font) -> None:
        item = QGraphicsSimpleTextItem(text)
        item.setFont(font)
        item.setBrush(QBrush(COORDINATE))
        box = item.boundingRect()
        item.setPos(centre.x() - box.width() / 2, centre.y() - box.height() / 2)
        item.setData(0, "coordinate")
        self.addItem(item)

    def _rider(self, suit: str, cell, facing: str, kind: str) -> None:
        """A card with the suit's symbol and an arrow toward its facing."""
        item = CardItem(suit, QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL), facing, suit == self.selected)
        item.setData(0, kind)
        item.setToolTip(f"{SUIT_SYMBOLS[suit]} {suit} {kind} at [{cell[0]},{cell[1]}] facing {facing}")
        self.addItem(item)

    def _trail(self, suit: str, cell) -> None:
        item = CardItem(suit, QPointF((cell[0] + 0.5) * CELL, (cell[1] + 0.5) * CELL), None, False, 110)
        item.setData(0, "trail")
        item.setToolTip(f"{SUIT_SYMBOLS[suit]} {suit} trail card at [{cell[0]},{cell[1]}]")
        self.addItem(item)

    def _focus(self) -> None:
        """The selected finding's squares: a magenta outline on a white halo (style.FOCUS)."""
        for x, y in self.focus_cells:
            rect = QRectF(x * CELL, y * CELL, CELL, CELL).adjusted(3, 3, -3, -3)
            self.addRect(rect, style.outline_pen(style.FOCUS_HALO, 7), QBrush(Qt.NoBrush))
            item = self.addRect(rect, style.outline_pen(style.FOCUS, 4), QBrush(Qt.NoBrush))
            item.setData(0, "focus")
        if self.cursor is not None:  # dashed, as Crash!'s hex cursor: told from the solid focus by its line too
            x, y = self.cursor
            item = self.addRect(QRectF(x * CELL, y * CELL, CELL, CELL).adjusted(2, 2, -2, -2),
                                style.outline_pen(style.SELECTION, 4, Qt.DashLine), QBrush(Qt.NoBrush))
            item.setData(0, "cursor")
            item.setZValue(10)

    def show_layout(self, layout: ArenaLayout, owners: dict | None = None) -> None:
        """The arena; `owners` (cell -> suit initial, the territory overlay's labels) tints squares."""
        board = arena_board(layout)
        self._squares(board.width, board.height, walls(board))
        initials = {suit[0]: colour for suit, colour in SUIT_COLOURS.items()}
        for cell, initial in (owners or {}).items():
            tint = QColor(initials[initial])
            tint.setAlpha(45)
            item = self.addRect(cell[0] * CELL, cell[1] * CELL, CELL, CELL, QPen(Qt.NoPen), QBrush(tint))
            item.setData(0, "territory")
            mark = QGraphicsSimpleTextItem(SUIT_SYMBOLS[next(s for s in SUIT_COLOURS if s[0] == initial)])
            mark.setFont(style.font(CELL * 0.3))  # the owner by its symbol too, not only the tint (readable at 1024x640)
            mark.setBrush(QBrush(QColor(initials[initial]).darker(120)))
            mark.setPos(cell[0] * CELL + CELL * 0.06, cell[1] * CELL + CELL * 0.02)
            mark.setData(0, "territory-mark")
            self.addItem(mark)
        for start in starts(board):
            self._rider(start.suit, start.cell, start.facing, "start")
        self._focus()

    def show_state(self, state: GridState) -> None:
        self._squares(state.width, state.height, state.walls)
        for cell, suit in sorted(state.trails):
            self._trail(suit, cell)
        for rider in state.riders_on_board():
            self._rider(rider.suit, rider.at, rider.facing, "rider")
        self._focus()

    def kinds(self) -> list[str]:
        """What is drawn, by kind (for tests and screenshots)."""
        return sorted(str(item.data(0)) for item in self.items() if item.data(0))
