"""The pieces layer: saucers and crewmembers over the board scene, drawn from a GameState.

`show(state, marks)` makes the layer a picture of that state: one item per saucer on the
board and per crewmember on the board, each knowing its `cell`; marks for the events of
the current action up to the step shown. A slide animation may move a saucer's item from
the cell it came from, but its `cell` is the state's from the start: the layer never
holds anything the state does not say.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from crashgrab.editor.board_painter import picture_of
from crashgrab.editor.scene import Z_BOARD, Z_PIECES, Z_PREVIEW, BoardItem
from crashgrab.engine.crash_and_grab.rules.events import Event
from crashgrab.engine.crash_and_grab.rules.pieces import Crew
from crashgrab.engine.crash_and_grab.rules.state import GameState
from crashgrab.engine.grid.model import Cell

from .arrows import ChoicePrompt, DirectionArrow
from .marks import MARKED_KINDS, EventMark
from .pieces import paint_crew, paint_saucer

Z_MARKS = Z_PIECES - 0.4   # trails and rings under the pieces
Z_SAUCERS = Z_PIECES + 0.2
Z_TAGS = Z_PIECES + 0.4     # mark labels over the pieces
Z_ARROWS = Z_PREVIEW + 1


class SaucerItem(QGraphicsItem):
    def __init__(self, color: str, cell_size: float) -> None:
        super().__init__()
        self.color, self.size = color, cell_size
        self.cell: Cell | None = None
        self.stationed: tuple[Crew, ...] = ()
        self.extras = 0
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setZValue(Z_SAUCERS)

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, self.size + 6, self.size + 6)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_saucer(painter, QRectF(0, 0, self.size, self.size), self.color, self.stationed, self.extras)


class CrewItem(QGraphicsItem):
    def __init__(self, crew: Crew, cell_size: float) -> None:
        super().__init__()
        self.crew, self.size = crew, cell_size
        self.cell: Cell | None = None
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setZValue(Z_PIECES)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.size + 4, self.size + 4)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_crew(painter, QRectF(0, 0, self.size, self.size), self.crew)


class GhostItem(QGraphicsItem):
    """Where a dragged piece would land: the piece, see-through, on a green or red cell."""

    def __init__(self, piece, cell: Cell, cell_size: float, ok: bool) -> None:
        super().__init__()
        self.piece, self.cell, self.size, self.ok = piece, cell, cell_size, ok
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setZValue(Z_ARROWS)
        self.setPos(cell[0] * cell_size, cell[1] * cell_size)

    def boundingRect(self) -> QRectF:
        return QRectF(-3, -3, self.size + 6, self.size + 6)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        colour = QColor("#1a9e55" if self.ok else "#d1242f")
        tint = QColor(colour)
        tint.setAlphaF(0.2)
        painter.setPen(QPen(colour, 3))
        painter.setBrush(tint)
        painter.drawRoundedRect(QRectF(1, 1, self.size - 2, self.size - 2), 4, 4)
        painter.setOpacity(0.7)
        rect = QRectF(0, 0, self.size, self.size)
        if isinstance(self.piece, Crew):
            paint_crew(painter, rect, self.piece)
        else:
            paint_saucer(painter, rect, self.piece)


class PiecesLayer(QObject):
    """Owns every playtest item in the scene; `clear()` takes them all away again."""

    def __init__(self, scene: QGraphicsScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.saucers: dict[str, SaucerItem] = {}
        self.crew: dict[Crew, CrewItem] = {}
        self.marks: list[EventMark] = []
        self.arrows: list[DirectionArrow] = []
        self._prompt: ChoicePrompt | None = None
        self._ghost: GhostItem | None = None
        self._animations: list[QVariantAnimation] = []
        self.turned_board: BoardItem | None = None  # the board in play when Quake Maker turned a tile
        self._turned_layout = None

    @property
    def cell_size(self) -> float:
        return self.scene.cell

    # --- the picture ---------------------------------------------------------------------
    def show(self, state: GameState, marks: Sequence[Event] = (), slide_ms: int = 0) -> None:
        """Draw `state`; `marks` are the events to mark, the last one the latest step.
        With `slide_ms`, a saucer the latest event moved slides from its previous cell."""
        self._stop_animations()
        self._show_board(state)
        on_board = {c: s for c, s in state.saucers.items() if s.at is not None}
        for color in list(self.saucers):
            if color not in on_board:
                self._remove(self.saucers.pop(color))
        for color, saucer in on_board.items():
            item = self.saucers.get(color)
            if item is None:
                item = self.saucers[color] = SaucerItem(color, self.cell_size)
                self.scene.addItem(item)
            item.cell = saucer.at
            item.stationed, item.extras = saucer.stationed, len(saucer.extras)
            item.setPos(self._origin(saucer.at))
            item.update()
        for crew in list(self.crew):
            if crew not in state.crew.values():
                self._remove(self.crew.pop(crew))
        for cell, crew in state.crew.items():
            item = self.crew.get(crew)
            if item is None:
                item = self.crew[crew] = CrewItem(crew, self.cell_size)
                self.scene.addItem(item)
            item.cell = cell
            item.setPos(self._origin(cell))
        self._show_marks(marks)
        latest = marks[-1] if marks else None
        if slide_ms > 0 and latest is not None and latest.kind == "move" and latest.saucer in self.saucers:
            self._slide(self.saucers[latest.saucer], latest.origin, latest.to, slide_ms)

    def _show_marks(self, events: Sequence[Event]) -> None:
        for item in self.marks:
            self._remove(item)
        self.marks = []
        marked = [e for e in events if e.kind in MARKED_KINDS]
        for event in marked:
            latest = event is events[-1]
            shape = EventMark(event, self.cell_size, latest)
            shape.setZValue(Z_MARKS)
            tag = EventMark(event, self.cell_size, latest, part="tag")
            tag.setZValue(Z_TAGS)
            for item in (shape, tag):
                self.scene.addItem(item)
                self.marks.append(item)

    def _slide(self, item: SaucerItem, origin: Cell, to: Cell, ms: int) -> None:
        animation = QVariantAnimation(self)
        animation.setStartValue(self._origin(origin))
        animation.setEndValue(self._origin(to))
        animation.setDuration(ms)
        animation.setEasingCurve(QEasingCurve.InOutQuad)
        animation.valueChanged.connect(item.setPos)
        item.setPos(self._origin(origin))
        self._animations.append(animation)
        animation.start()

    def _stop_animations(self) -> None:
        for animation in self._animations:
            animation.stop()
            animation.deleteLater()
        self._animations = []

    def is_sliding(self) -> bool:
        return any(a.state() == QVariantAnimation.Running for a in self._animations)

    # --- the Accelerator question ---------------------------------------------------------
    def show_arrows(self, at: Cell, options: Sequence[str], labels: dict[str, str], question: str) -> None:
        self.clear_arrows()
        for direction in options:
            arrow = DirectionArrow(at, direction, self.cell_size, labels.get(direction, direction))
            arrow.setZValue(Z_ARROWS)
            self.scene.addItem(arrow)
            self.arrows.append(arrow)
        self._prompt = ChoicePrompt(at, question, self.cell_size)
        self._prompt.setZValue(Z_ARROWS)
        self.scene.addItem(self._prompt)

    def clear_arrows(self) -> None:
        for arrow in self.arrows:
            self._remove(arrow)
        self.arrows = []
        if self._prompt is not None:
            self._remove(self._prompt)
            self._prompt = None

    # --- dragging a piece ----------------------------------------------------------------
    def show_ghost(self, piece, cell: Cell | None, ok: bool) -> None:
        self.clear_ghost()
        if cell is not None:
            self._ghost = GhostItem(piece, cell, self.cell_size, ok)
            self.scene.addItem(self._ghost)

    def clear_ghost(self) -> None:
        if self._ghost is not None:
            self._remove(self._ghost)
            self._ghost = None

    # --- lookups and clean-up -------------------------------------------------------------
    def piece_at(self, cell: Cell) -> str | Crew | None:
        """The saucer colour or the crewmember drawn on a cell."""
        for color, item in self.saucers.items():
            if item.cell == cell:
                return color
        for crew, item in self.crew.items():
            if item.cell == cell:
                return crew
        return None

    def saucer_cells(self) -> dict[str, Cell]:
        return {color: item.cell for color, item in self.saucers.items()}

    def crew_cells(self) -> dict[Crew, Cell]:
        return {crew: item.cell for crew, item in self.crew.items()}

    def _show_board(self, state: GameState) -> None:
        """The board in play over the layout's, when a tile has been turned (Quake Maker)."""
        layout = state.layout
        turned = layout is not None and layout.placements != self.scene.layout.placements
        if not turned:
            if self.turned_board is not None:
                self._remove(self.turned_board)
            self.turned_board, self._turned_layout = None, None
            return
        if layout is self._turned_layout:
            return
        if self.turned_board is not None:
            self._remove(self.turned_board)
        self.turned_board = BoardItem(picture_of(layout), self.cell_size)
        self.turned_board.setZValue(Z_BOARD + 0.5)
        self.scene.addItem(self.turned_board)
        self._turned_layout = layout

    def clear(self) -> None:
        self._stop_animations()
        for item in [*self.saucers.values(), *self.crew.values(), *self.marks]:
            self._remove(item)
        if self.turned_board is not None:
            self._remove(self.turned_board)
        self.turned_board, self._turned_layout = None, None
        self.saucers, self.crew, self.marks = {}, {}, []
        self.clear_arrows()
        self.clear_ghost()

    def _origin(self, cell: Cell) -> QPointF:
        return QPointF(cell[0] * self.cell_size, cell[1] * self.cell_size)

    def _remove(self, item: QGraphicsItem) -> None:
        if item.scene() is self.scene:
            self.scene.removeItem(item)
