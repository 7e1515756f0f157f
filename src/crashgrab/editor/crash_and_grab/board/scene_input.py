"""The board scene's input: click to select, drag a placed tile to move or swap it, the keyboard's
cell cursor and keys, and tiles dropped from the palette (Qt drag and drop).
"""
from __future__ import annotations


from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QToolTip

from crashgrab.engine.grid.model import Cell

from ..placing import TILE_MIME, TileDrag, placement_area, plan_drop, template_of, tile_at
from .items import CellCursor

def _drag_of(mime) -> TileDrag | None:
    if mime is None or not mime.hasFormat(TILE_MIME):
        return None
    return TileDrag.from_bytes(mime.data(TILE_MIME).data())


class SceneInputMixin:
    """Mouse, keys and drops of `BoardScene`."""

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.LeftButton:
            super().mousePressEvent(event)
            return
        cell = self.cell_at(event.scenePos())
        placement = tile_at(self.layout, cell)
        self.select_tile(placement.tile if placement else None)
        self.cellClicked.emit(cell)
        if self.reachability_on:
            self.set_reach_origin(cell if self.board.on_board(cell) else None)
        if placement is not None:
            grab = (cell[0] - placement.x, cell[1] - placement.y)
            self._press = (event.scenePos(), TileDrag(placement.tile, placement.side, placement.rotation, grab))
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        cell = self.cell_at(event.scenePos())
        # A move the pointer did not make (the view scrolled to follow the keyboard's cursor)
        # leaves the status bar on the cursor's cell.
        pointer_moved = event.screenPos() != self._pointer
        self._pointer = event.screenPos()
        if cell != self._hovered and pointer_moved:
            self._hovered = cell
            self.cellHovered.emit(cell)
        if self._press is None or not (event.buttons() & Qt.LeftButton):
            return
        start, drag = self._press
        if not self._dragging:
            moved = (event.scenePos() - start).manhattanLength()
            if moved * self._view_scale() < QApplication.startDragDistance():
                return
            self._dragging = True
        self.preview_drop(event.scenePos(), drag)

    def mouseReleaseEvent(self, event) -> None:
        press, dragging = self._press, self._dragging
        self._press, self._dragging = None, False
        if press is not None and dragging and event.button() == Qt.LeftButton:
            self.drop_tile(event.scenePos(), press[1])
        else:
            self.clear_preview()

    def mouseDoubleClickEvent(self, event) -> None:
        if self.marker_side_at(event.scenePos()):
            self.markersActivated.emit()
        else:
            self.mousePressEvent(event)

    def set_cursor(self, cell: Cell | None, select: bool = True) -> None:
        """Put the keyboard's cell cursor on `cell` (kept on the canvas); with `select`, the tile under
        it is selected, so R, F and Delete act on it."""
        if self._cursor_item is not None:
            self.removeItem(self._cursor_item)
            self._cursor_item = None
        if cell is not None:
            canvas = self.canvas_rect()
            left, top = round(canvas.left() / self.cell), round(canvas.top() / self.cell)
            right, bottom = left + round(canvas.width() / self.cell) - 1, top + round(canvas.height() / self.cell) - 1
            cell = (min(max(cell[0], left), right), min(max(cell[1], top), bottom))
            self._cursor_item = CellCursor(self.cell_rect(cell))
            self.addItem(self._cursor_item)
            if select:
                self.select_tile(self.board.cell_tiles.get(cell))
        self.cursor = cell
        self.cellHovered.emit(cell)

    def move_cursor(self, columns: int, rows: int) -> None:
        x, y = self.cursor if self.cursor is not None else (0, 0)
        self.set_cursor((x + columns, y + rows) if self.cursor is not None else (x, y))

    def place_at_cursor(self, tile_id: str, side: str) -> bool:
        """Enter: the palette's tile side with its top-left corner at the cursor (in a template,
        into the slot under it)."""
        if self.cursor is None:
            return False
        return self.apply(plan_drop(self.layout, TileDrag(tile_id, side, 0, (0, 0)), self.cursor))

    def move_selected_by(self, columns: int, rows: int) -> bool:
        """Ctrl+arrow: the selected tile one cell over in free-form, one slot over in a template."""
        placement = self.layout.placement_of(self._selected) if self._selected else None
        if placement is None:
            return False
        x, y, w, h = placement_area(self.layout, placement)
        step = (w, h) if template_of(self.layout) is not None else (1, 1)
        target = (x + columns * step[0], y + rows * step[1])
        moved = self.apply(plan_drop(self.layout, TileDrag(placement.tile, placement.side, placement.rotation),
                                     target))
        if moved and self.cursor is not None:
            self.set_cursor((self.cursor[0] + columns * step[0], self.cursor[1] + rows * step[1]))
        return moved

    def escape(self) -> None:
        """Esc: cancel a tile being dragged, or else select nothing."""
        if self._press is not None and self._dragging:
            self._press, self._dragging = None, False
            self.clear_preview()
            self.statusMessage.emit("Move cancelled.")
            return
        self._press = None
        self.select_tile(None)

    def helpEvent(self, event) -> None:
        QToolTip.showText(event.screenPos(), self.cell_tooltip(self.cell_at(event.scenePos())), event.widget())
        event.accept()

    def _view_scale(self) -> float:
        views = self.views()
        return views[0].transform().m11() if views else 1.0

    def dragEnterEvent(self, event) -> None:
        drag = _drag_of(event.mimeData())
        if drag is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.preview_drop(event.scenePos(), drag)

    def dragMoveEvent(self, event) -> None:
        drag = _drag_of(event.mimeData())
        if drag is None:
            event.ignore()
            return
        self.preview_drop(event.scenePos(), drag)
        # Accept even a refused spot, so the drop still says why (a bare "no" cursor would not).
        event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:
        self.clear_preview()
        event.accept()

    def dropEvent(self, event) -> None:
        drag = _drag_of(event.mimeData())
        if drag is None:
            event.ignore()
            return
        self.drop_tile(event.scenePos(), drag)
        event.acceptProposedAction()
