"""The painting canvas: both sides of one tile, drawn by the editor's board painter, with
the cells the engine finds faulty ringed in red and a preview of the brush under the mouse.

The canvas only reports clicks (`cellClicked(side, cell, erase)`); the window turns a
click into an undo command. It never changes the tile set.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from crashgrab.engine.crash_and_grab.tiles import TileFault
from crashgrab.engine.grid.model import Cell, Feature, Tile
from crashgrab.engine.grid.tile_editing import feature_at

from .. import style
from ..board_painter import feature_words, paint_feature, paint_tile_face

SIDES = ("A", "B")
PAD = 18.0  # around the drawing
CAPTION = 24.0  # "Side A" above each face
RULER = 16.0  # column and row numbers
GAP = 40.0  # between the two faces
MIN_CELL, MAX_CELL = 14.0, 320.0  # as large as the canvas allows: a small tile fills it too
FAULT = style.SEVERITY_COLOURS["error"]
HINT_TEXT = QColor("#56616e")


class TileCanvas(QWidget):
    cellClicked = Signal(str, object, bool)  # side, (x, y), erase (right button)
    cellHovered = Signal(object)  # (side, (x, y)) or None

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.tile: Tile | None = None
        self.faults: list[TileFault] = []
        self.brush: Feature | None = None  # what a left click puts down; None erases
        self.hovered: tuple[str, Cell] | None = None
        self.shown_sides: tuple[str, ...] = SIDES  # both faces, or one drawn as large as the canvas allows
        self.setMouseTracking(True)
        self.setMinimumSize(360, 240)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setCursor(Qt.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(640, 420)

    # --- what to show ------------------------------------------------------------------
    def set_tile(self, tile: Tile | None, faults: list[TileFault]) -> None:
        self.tile = tile
        self.faults = [f for f in faults if tile is not None and f.tile == tile.id]
        if tile is None or (self.hovered and not self._inside(self.hovered[1])):
            self.hovered = None
        self.update()

    def show_sides(self, sides: tuple[str, ...]) -> None:
        self.shown_sides = tuple(s for s in SIDES if s in sides) or SIDES
        if self.hovered and self.hovered[0] not in self.shown_sides:
            self.hovered = None
        self.update()

    def set_brush(self, feature: Feature | None) -> None:
        self.brush = feature
        self.update()

    def faulty_cells(self, side: str) -> set[Cell]:
        return {f.cell for f in self.faults if f.side == side and f.cell is not None}

    # --- geometry ------------------------------------------------------------------------
    def cell_size(self) -> float:
        return self._geometry()[1]

    def side_rects(self) -> dict[str, QRectF]:
        """Where each face is drawn, in widget pixels."""
        return self._geometry()[0]

    def _geometry(self) -> tuple[dict[str, QRectF], float]:
        if self.tile is None:
            return {}, 0.0
        w, h = self.tile.width, self.tile.height
        width, height = float(self.width()), float(self.height())
        faces = len(self.shown_sides)
        # Side by side or one above the other: whichever gives the bigger cells.
        across = min((width - 2 * PAD - (faces - 1) * GAP - faces * RULER) / (faces * w),
                     (height - 2 * PAD - CAPTION - RULER) / h)
        stacked = min((width - 2 * PAD - RULER) / w,
                      (height - 2 * PAD - faces * (CAPTION + RULER) - (faces - 1) * GAP) / (faces * h))
        across, stacked = (max(MIN_CELL, min(MAX_CELL, size)) for size in (across, stacked))
        side_by_side = across >= stacked  # as big either way: side by side reads best
        cell = across if side_by_side else stacked
        face_w, face_h = w * cell + RULER, h * cell + CAPTION + RULER
        total_w = faces * face_w + (faces - 1) * GAP if side_by_side else face_w
        total_h = face_h if side_by_side else faces * face_h + (faces - 1) * GAP
        left = max(PAD, (width - total_w) / 2)
        top = max(PAD, (height - total_h) / 2)
        rects = {}
        for index, side in enumerate(self.shown_sides):
            x = left + (index * (face_w + GAP) if side_by_side else 0)
            y = top + (0 if side_by_side else index * (face_h + GAP))
            rects[side] = QRectF(x + RULER, y + CAPTION + RULER, w * cell, h * cell)
        return rects, cell

    def cell_rect(self, side: str, cell: Cell) -> QRectF:
        rect, size = self.side_rects()[side], self.cell_size()
        return QRectF(rect.left() + cell[0] * size, rect.top() + cell[1] * size, size, size)

    def cell_center(self, side: str, cell: Cell) -> QPoint:
        """The widget pixel at the centre of a cell (for tests and tooltips)."""
        return self.cell_rect(side, cell).center().toPoint()

    def hit(self, pos: QPointF) -> tuple[str, Cell] | None:
        rects, size = self._geometry()
        for side, rect in rects.items():
            if rect.contains(pos):
                x = min(int((pos.x() - rect.left()) // size), self.tile.width - 1)
                y = min(int((pos.y() - rect.top()) // size), self.tile.height - 1)
                return side, (x, y)
        return None

    def _inside(self, cell: Cell) -> bool:
        return self.tile is not None and 0 <= cell[0] < self.tile.width and 0 <= cell[1] < self.tile.height

    # --- drawing ---------------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(self.rect(), style.SCENE_BACKGROUND)
        if self.tile is None:
            painter.setPen(HINT_TEXT)
            painter.setFont(style.font(15))
            painter.drawText(QRectF(self.rect()).adjusted(30, 30, -30, -30), Qt.AlignCenter | Qt.TextWordWrap,
                             "No tile selected.\nAdd one with \u201cNew Tile\u201d, or pick a tile in the list.")
            painter.end()
            return
        rects, cell = self._geometry()
        for side, rect in rects.items():
            self._paint_face(painter, side, rect, cell)
        painter.end()

    def _paint_face(self, painter: QPainter, side: str, rect: QRectF, cell: float) -> None:
        tile = self.tile
        painter.setPen(style.TILE_BORDER)
        painter.setFont(style.font(14, bold=True))
        caption = QRectF(rect.left() - RULER, rect.top() - RULER - CAPTION, rect.width() + RULER, CAPTION - 4)
        painter.drawText(caption, Qt.AlignLeft | Qt.AlignBottom, f"Tile {tile.id} \u00b7 side {side}")
        painter.setPen(HINT_TEXT)
        painter.setFont(style.font(11))
        for x in range(tile.width):
            painter.drawText(QRectF(rect.left() + x * cell, rect.top() - RULER, cell, RULER - 2),
                             Qt.AlignHCenter | Qt.AlignBottom, str(x))
        for y in range(tile.height):
            painter.drawText(QRectF(rect.left() - RULER, rect.top() + y * cell, RULER - 4, cell),
                             Qt.AlignRight | Qt.AlignVCenter, str(y))
        paint_tile_face(painter, tile, side, 0, cell, origin=rect.topLeft(), label=False)
        for x, y in self.faulty_cells(side):
            if self._inside((x, y)):
                self._paint_fault(painter, self.cell_rect(side, (x, y)))
        if self.hovered and self.hovered[0] == side:
            self._paint_hover(painter, side, self.hovered[1])

    def _paint_fault(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.setPen(QPen(FAULT, max(2.0, rect.width() / 16)))
        tint = QColor(FAULT)
        tint.setAlphaF(0.14)
        painter.setBrush(tint)
        painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), 4, 4)
        badge = QRectF(0, 0, rect.width() * 0.34, rect.width() * 0.34)
        badge.moveCenter(rect.topRight() + QPointF(-rect.width() * 0.17, rect.width() * 0.17))
        painter.setPen(Qt.NoPen)
        painter.setBrush(FAULT)
        painter.drawEllipse(badge)
        painter.setPen(QColor("white"))
        painter.setFont(style.font(badge.height() * 0.8, bold=True))
        painter.drawText(badge, Qt.AlignCenter, "!")
        painter.restore()

    def _paint_hover(self, painter: QPainter, side: str, cell: Cell) -> None:
        rect = self.cell_rect(side, cell)
        current = feature_at(self.tile, side, cell)
        painter.save()
        if self.brush is not None and not _same(current, self.brush):
            painter.setOpacity(0.45)
            painter.fillRect(rect.adjusted(1, 1, -1, -1), style.PAPER.get(self.tile.kind, style.DEFAULT_PAPER))
            paint_feature(painter, rect, self.brush.type, self.brush.number)
            painter.setOpacity(1.0)
        elif self.brush is None and current is not None:
            painter.setPen(QPen(FAULT, max(2.0, rect.width() / 14), Qt.SolidLine, Qt.RoundCap))
            inner = rect.adjusted(rect.width() * 0.22, rect.width() * 0.22, -rect.width() * 0.22, -rect.width() * 0.22)
            painter.drawLine(inner.topLeft(), inner.bottomRight())
            painter.drawLine(inner.topRight(), inner.bottomLeft())
        painter.setPen(QPen(style.SELECTION, 2.5))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect.adjusted(1, 1, -1, -1))
        painter.restore()

    # --- mouse -----------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        target = self.hit(event.position())
        if target is None or event.button() not in (Qt.LeftButton, Qt.RightButton):
            return
        self.cellClicked.emit(target[0], target[1], event.button() == Qt.RightButton)

    def mouseMoveEvent(self, event) -> None:
        self._hover(self.hit(event.position()))

    def leaveEvent(self, event) -> None:
        self._hover(None)

    def _hover(self, target: tuple[str, Cell] | None) -> None:
        if target != self.hovered:
            self.hovered = target
            self.update()
            self.cellHovered.emit(target)

    def describe(self, side: str, cell: Cell) -> str:
        """A cell in words with its faults, for the status bar."""
        text = f"{self.tile.id}{side} [{cell[0]},{cell[1]}]: {feature_words(feature_at(self.tile, side, cell))}"
        problems = [f.message for f in self.faults if f.side == side and f.cell == cell]
        return text + ("  \u2014  " + " ".join(problems) if problems else "")


def _same(current: Feature | None, brush: Feature) -> bool:
    return current is not None and (current.type, current.number) == (brush.type, brush.number)
