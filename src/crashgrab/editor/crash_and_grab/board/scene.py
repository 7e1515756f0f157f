"""The board scene: a picture of the document, redrawn from its `layoutChanged` signal.

The scene never edits the layout. A gesture (dropping a palette tile, dragging a placed
tile, a key on the selected tile) becomes a plan from `crashgrab.editor.crash_and_grab.placing`; an `Edit` goes
onto the document's undo stack as a command, a `Refusal` goes to the status bar.

Drop handling is a plain method, `drop_tile(scene_pos, drag)`, which the Qt drag-and-drop
events and tests both call.

`BoardScene` here keeps the selection and the edits (plans, drop previews); its other jobs are
mixins beside it: `canvas` (the picture, a free-form board's room, cell geometry),
`scene_overlays` (overlays, a finding's cells, a cell's words) and `scene_input` (mouse, keys,
drops). The items it is made of are in `items`.
"""
from __future__ import annotations


from PySide6.QtCore import QPointF, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.validation import ValidationReport
from crashgrab.engine.grid.model import Board, Cell

from .. import style
from ..commands import command_for
from ..document import LayoutDocument
from .drop_verdict import MAX_TEXT_WIDTH, DropVerdict
from .highlight import CellHighlight
from ..placing import Edit, Plan, Refusal, TileDrag, placement_area, plan_drop

from .items import Z_PREVIEW, Z_SELECTION, BoardItem, CellCursor, MarkerPills, TileGhost, TileOutline
from .canvas import CanvasMixin
from .scene_input import SceneInputMixin
from .scene_overlays import SceneOverlaysMixin


class BoardScene(CanvasMixin, SceneOverlaysMixin, SceneInputMixin, QGraphicsScene):
    tileSelected = Signal(object)  # tile id or None
    statusMessage = Signal(str)  # refusals and notes, for the status bar
    cellClicked = Signal(object)  # (x, y)
    cellHovered = Signal(object)  # (x, y) or None
    markersActivated = Signal()  # a direction marker was double-clicked
    # Every tile moves by (dx, dy) scene pixels (a free-form board grew left or up): said before the
    # scene changes and again after, so a view can keep what it shows where it was.
    boardShifting = Signal(float, float)
    boardShifted = Signal(float, float)

    def __init__(self, document: LayoutDocument, cell: float = style.CELL, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.cell = cell
        self.setBackgroundBrush(style.SCENE_BACKGROUND)
        self.board: Board = resolve_layout(document.layout).board
        self.report: ValidationReport | None = None
        self._selected: str | None = None
        self._board_item: BoardItem | None = None
        self._selection_item: TileOutline | None = None
        self._preview: list[QGraphicsItem] = []
        self._highlight: CellHighlight | None = None
        self._highlight_spec: tuple | None = None
        self._overlay_items: list[QGraphicsItem] = []
        self.exposure_on = False
        self.accelerator_distance: int | None = None  # None: the accelerator graph is off
        self.reachability_on = False
        self.reach_origin: Cell | None = None
        self._press: tuple[QPointF, TileDrag] | None = None
        self._dragging = False
        self._hovered: Cell | None = None
        self._pointer = None  # the pointer's last screen position over the board
        self.cursor: Cell | None = None  # the keyboard's cell (arrow keys), shown while the board has focus
        self._cursor_item: CellCursor | None = None
        self._canvas: tuple[int, int, int, int] | None = None  # free-form: where tiles may go, in cells
        self._pills: MarkerPills | None = None
        document.layoutChanged.connect(self.show_changes)
        self.rebuild()

    # --- selection ---------------------------------------------------------------------
    def selected_tile(self) -> str | None:
        return self._selected

    def select_tile(self, tile_id: str | None) -> None:
        if tile_id is not None and self.layout.placement_of(tile_id) is None:
            tile_id = None
        changed = tile_id != self._selected
        self._selected = tile_id
        self._show_selection()
        if changed:
            self.tileSelected.emit(tile_id)

    def _show_selection(self) -> None:
        if self._selection_item is not None:
            self.removeItem(self._selection_item)
            self._selection_item = None
        placement = self.layout.placement_of(self._selected) if self._selected else None
        if placement is not None:
            rect = self.area_rect(placement_area(self.layout, placement))
            self._selection_item = TileOutline(rect, style.SELECTION, Z_SELECTION)
            self.addItem(self._selection_item)

    # --- edits -------------------------------------------------------------------------
    def apply(self, plan: Plan) -> bool:
        """Carry out a plan: an edit goes on the undo stack, a refusal to the status bar."""
        if plan is None:
            return False
        if isinstance(plan, Refusal):
            self.statusMessage.emit(plan.reason)
            return False
        self.document.undo_stack.push(command_for(self.document, plan))
        if plan.placements and plan.kind != "remove":  # the tile just placed, moved or turned stays selected
            self.select_tile(plan.placements[0].tile)
        self.statusMessage.emit(plan.note or plan.text + ".")
        return True

    def preview_drop(self, pos: QPointF, drag: TileDrag) -> Plan:
        """Show where a drop at `pos` would put the tile, or why it would be refused."""
        self.clear_preview()
        plan = plan_drop(self.layout, drag, self.cell_at(pos))
        if isinstance(plan, Edit):
            ghost = TileGhost(self.layout, plan, drag.tile, self.cell)
            self._preview.append(ghost)
            self._preview.append(TileOutline(ghost.boundingRect(), style.DROP_OK, Z_PREVIEW, fill=True))
            for other in plan.placements[1:]:  # the tile a swap sends the other way, shown where it lands
                self._preview.append(TileGhost(self.layout, plan, other.tile, self.cell))
                rect = self.area_rect(placement_area(self.layout, other))
                self._preview.append(TileOutline(rect, style.DROP_OK, Z_PREVIEW))
        elif isinstance(plan, Refusal) and plan.area is not None:
            self._preview.append(TileOutline(self.area_rect(plan.area), style.DROP_REFUSED, Z_PREVIEW, fill=True,
                                             dashed=True))
        words = plan.reason if isinstance(plan, Refusal) else \
            f"Drop to {plan.text[0].lower()}{plan.text[1:]}." if isinstance(plan, Edit) else ""
        if words:  # the verdict where the eye is, at the pointer; the status bar keeps it too
            views = self.views()
            near_right = bool(views) and \
                views[0].mapFromScene(pos).x() > views[0].viewport().width() - MAX_TEXT_WIDTH - 60
            self._preview.append(DropVerdict(pos, isinstance(plan, Edit), words, leftward=near_right))
            self._preview[-1].setZValue(Z_PREVIEW + 1)
        for item in self._preview:
            self.addItem(item)
        if words:
            self.statusMessage.emit(words)
        return plan

    def drop_verdict(self) -> DropVerdict | None:
        """The badge and words shown at the pointer while a tile is dragged, if any."""
        return next((item for item in self._preview if isinstance(item, DropVerdict)), None)

    def previewing(self) -> bool:
        """Whether a drop target (or a refused area) is shown."""
        return bool(self._preview)

    def clear_preview(self) -> None:
        for item in self._preview:
            if item.scene() is self:
                self.removeItem(item)
        self._preview = []

    def drop_tile(self, pos: QPointF, drag: TileDrag) -> Plan:
        """What a drop at scene position `pos` does: the one entry point for every drop."""
        self.clear_preview()
        plan = plan_drop(self.layout, drag, self.cell_at(pos))
        self.apply(plan)
        return plan
