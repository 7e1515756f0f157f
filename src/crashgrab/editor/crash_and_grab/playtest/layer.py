"""The pieces layer: saucers and crewmembers over the board scene, drawn from a GameState.

`show(state, marks)` makes the layer a picture of that state: one item per saucer on the
board and per crewmember on the board, each knowing its `cell`; marks for the events of
the current action up to the step shown. A slide animation may move a saucer's item from
the cell it came from, but its `cell` is the state's from the start: the layer never
holds anything the state does not say.

The words on the board (the marks' labels and the Accelerator's question) are placed
last, each as near its cell as it can be without covering another label, a tile tab, a
feature, a piece, an arrow or a marker (`labels.place_label`): the question first, then
the latest step's label, then the earlier ones.
"""
from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from crashgrab.editor.crash_and_grab.board_painter import picture_of, tile_tab_rects
from crashgrab.editor.crash_and_grab.board.items import Z_BOARD, Z_PIECES, Z_PREVIEW, BoardItem
from crashgrab.engine.crash_and_grab.rules.events import Event
from crashgrab.engine.crash_and_grab.terms import CRASH_SITE
from crashgrab.engine.crash_and_grab.rules.pieces import Crew
from crashgrab.engine.crash_and_grab.rules.state import GameState
from crashgrab.engine.grid.model import Cell

from .arrows import ChoicePrompt, DirectionArrow
from .labels import FAR_REACH, Box, BoardLabel, box_of, leader, place_label
from .marks import MARKED_KINDS, EventMark, MarkLabel, label_words
from .pieces import crew_rect, paint_crew, paint_saucer, saucer_rect

Z_MARKS = Z_PIECES - 0.4   # trails and rings under the pieces
Z_SAUCERS = Z_PIECES + 0.2
Z_TAGS = Z_PIECES + 0.4     # mark labels over the pieces
Z_ARROWS = Z_PREVIEW + 1
Z_PROMPT = Z_ARROWS + 0.1
PROMPT_RISE = 0.45  # cells above the Accelerator's top edge: clear of the north arrow
FEATURE_INSET = 0.12  # of a cell: a Crash Site's disc with its ring, an Accelerator's diamond
MIN_LABEL_PIXELS = 10.0  # a label's letters never shrink below this on screen: zoomed out, labels grow


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
        self.marks: list[EventMark | MarkLabel] = []  # shapes, then labels
        self.leaders: list[QGraphicsItem] = []
        self.arrows: list[DirectionArrow] = []
        self._prompt: ChoicePrompt | None = None
        self._question: tuple[Cell, str] = ((0, 0), "")  # the Accelerator asking, and its question
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
        board = self.turned_board.picture.board if self.turned_board is not None else self.scene.board
        sites = tuple(c for c, f in board.features.items() if f.type == CRASH_SITE)  # trails keep their numbers clear
        labels = []
        for event in marked:
            latest = event is events[-1]
            shape = EventMark(event, self.cell_size, latest, sites)
            shape.setZValue(Z_MARKS)
            self.scene.addItem(shape)
            self.marks.append(shape)
            words = label_words(event)
            if words is not None:
                label = MarkLabel(event, words[0], words[1], self.cell_size, latest)
                label.setZValue(Z_TAGS)
                labels.append(label)
        for label in labels:
            self.scene.addItem(label)
            self.marks.append(label)
        self._place_labels()

    @property
    def labels(self) -> list[BoardLabel]:
        """Every label on the board: the question (if any), then the marks' labels."""
        return ([self._prompt] if self._prompt is not None else []) + \
            [m for m in self.marks if isinstance(m, MarkLabel)]

    def _place_labels(self) -> None:
        """Put each label in the free place nearest its cell: the question first, then the
        latest step's label, then the earlier ones from the newest back."""
        for item in self.leaders:
            self._remove(item)
        self.leaders = []
        size = self.cell_size
        taken = self._label_obstacles()
        bounds = box_of(self.scene.sceneRect())
        scale = self.label_scale()
        marks = [m for m in self.marks if isinstance(m, MarkLabel)]
        ordered = sorted(reversed(marks), key=lambda m: not m.latest)
        for label in ([self._prompt] if self._prompt is not None else []) + ordered:
            cell = self.scene.cell_rect(label.cell)
            label.setScale(scale)
            rect = label.sceneBoundingRect()
            # The question's home is above the north arrow; a mark's words hug their cell.
            how = {"rise": PROMPT_RISE, "hug": False} if label is self._prompt else {}
            box = (place_label(rect.width(), rect.height(), box_of(cell), size, taken, bounds, **how) or
                   place_label(rect.width(), rect.height(), box_of(cell), size, taken, bounds, FAR_REACH, **how))
            if box is None:  # nowhere free on the whole board: on its cell's top edge, as before
                box = (cell.center().x() - rect.width() / 2, cell.top() - rect.height() / 2, 0.0, 0.0)
            label.setPos(box[0], box[1])
            taken.append(box_of(label.sceneBoundingRect()))
            line = leader(label.sceneBoundingRect(), cell, getattr(label, "colour", label.background), size)
            if line is not None:
                line.setZValue(Z_MARKS)
                self.scene.addItem(line)
                self.leaders.append(line)

    def label_scale(self) -> float:
        """How much bigger than drawn at 100% the labels must be for their letters to keep
        MIN_LABEL_PIXELS on screen at the view's zoom."""
        views = self.scene.views()
        zoom = views[0].transform().m11() if views else 1.0
        letters = BoardLabel.letter_size(self.cell_size) * zoom
        return max(1.0, MIN_LABEL_PIXELS / letters) if letters > 0 else 1.0

    def relabel(self) -> None:
        """Place the labels again (the view zoomed, so their size on the board changed)."""
        if self.labels and abs(self.labels[0].scale() - self.label_scale()) > 1e-3:
            self._place_labels()

    def _label_obstacles(self) -> list[Box]:
        """What no label may cover: tile tabs, features, saucers, crewmembers, arrows, markers."""
        size = self.cell_size
        board = self.turned_board.picture.board if self.turned_board is not None else self.scene.board
        taken = [box_of(r) for r in tile_tab_rects(self.scene.tile_tabs.picture, size)]
        taken += [box_of(_inset(self.scene.cell_rect(c), FEATURE_INSET)) for c in board.features]
        taken += [box_of(saucer_rect(self.scene.cell_rect(i.cell))) for i in self.saucers.values() if i.cell]
        taken += [box_of(crew_rect(self.scene.cell_rect(i.cell))) for i in self.crew.values() if i.cell]
        taken += [box_of(a.sceneBoundingRect()) for a in self.arrows]
        taken += [box_of(r) for r in self.scene.marker_pill_rects().values()]
        return taken

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
        self._question = (at, question)
        for direction in options:
            arrow = DirectionArrow(at, direction, self.cell_size, labels.get(direction, direction))
            arrow.setZValue(Z_ARROWS)
            self.scene.addItem(arrow)
            self.arrows.append(arrow)
        self._prompt = ChoicePrompt(at, question, self.cell_size)
        self._prompt.setZValue(Z_PROMPT)
        self.scene.addItem(self._prompt)
        self._place_labels()

    def choose_arrow(self, direction: str | None) -> None:
        """Mark the arrow picked with the keys (None: none); the question then names the choice,
        beside that arrow's target cell."""
        for arrow in self.arrows:
            arrow.set_chosen(arrow.direction == direction)
        if self._prompt is None:
            return
        at, question = self._question
        chosen = next((a for a in self.arrows if a.chosen), None)
        self._remove(self._prompt)
        if chosen is None:
            self._prompt = ChoicePrompt(at, question, self.cell_size)
        else:
            self._prompt = ChoicePrompt(chosen.cell, f"{chosen.label}? Enter", self.cell_size)
        self._prompt.setZValue(Z_PROMPT)
        self.scene.addItem(self._prompt)
        self._place_labels()

    @property
    def chosen_arrow(self) -> str | None:
        return next((a.direction for a in self.arrows if a.chosen), None)

    def clear_arrows(self) -> None:
        for arrow in self.arrows:
            self._remove(arrow)
        self.arrows = []
        if self._prompt is not None:
            self._remove(self._prompt)
            self._prompt = None
            self._place_labels()

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
        for item in [*self.saucers.values(), *self.crew.values(), *self.marks, *self.leaders]:
            self._remove(item)
        if self.turned_board is not None:
            self._remove(self.turned_board)
        self.turned_board, self._turned_layout = None, None
        self.saucers, self.crew, self.marks, self.leaders = {}, {}, [], []
        self.clear_arrows()
        self.clear_ghost()

    def _origin(self, cell: Cell) -> QPointF:
        return QPointF(cell[0] * self.cell_size, cell[1] * self.cell_size)

    def _remove(self, item: QGraphicsItem) -> None:
        if item.scene() is self.scene:
            self.scene.removeItem(item)


def _inset(rect: QRectF, fraction: float) -> QRectF:
    dx, dy = rect.width() * fraction, rect.height() * fraction
    return rect.adjusted(dx, dy, -dx, -dy)
