"""The board scene's picture and canvas: drawing the layout (again only where an edit changed it),
the room a free-form board keeps around its tiles, the marker pills and cell geometry.
"""
from __future__ import annotations


from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from crashgrab.engine.grid.model import Cell
from crashgrab.engine.crash_and_grab.layout import Layout

from .. import style
from ..board_painter import BoardPicture, picture_changes, picture_of, picture_rect
from ..marker_painter import marker_rects
from ..placing import template_of
from .items import BoardItem, MarkerPills, TileTabsItem

FREE_FORM_ROOM = 4  # spare cells beyond a free-form board's tiles, on every side, to drop tiles into
FREE_FORM_MARGIN = 0  # the canvas grows (to FREE_FORM_ROOM again) only when a tile reaches this near its edge (0: past it)
FREE_FORM_MINIMUM = 10


def _contains(outer: tuple[int, int, int, int], inner: tuple[int, int, int, int]) -> bool:
    return (outer[0] <= inner[0] and outer[1] <= inner[1] and inner[0] + inner[2] <= outer[0] + outer[2]
            and inner[1] + inner[3] <= outer[1] + outer[3])


def _union(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    left, top = min(a[0], b[0]), min(a[1], b[1])
    return left, top, max(a[0] + a[2], b[0] + b[2]) - left, max(a[1] + a[3], b[1] + b[3]) - top


def _at_least(area: tuple[int, int, int, int], size: int) -> tuple[int, int, int, int]:
    """`area` widened evenly on both sides to `size` cells each way, if smaller."""
    x, y, w, h = area
    grow_w, grow_h = max(0, size - w), max(0, size - h)
    return x - grow_w // 2, y - grow_h // 2, w + grow_w, h + grow_h


class CanvasMixin:
    """The picture and canvas of `BoardScene`."""

    @property
    def layout(self) -> Layout:
        return self.document.layout

    def rebuild(self, picture: BoardPicture | None = None) -> None:
        """Draw the model from scratch, with new board and tab items: the reference that
        `show_changes` must paint exactly like (tests/test_editor_scene_changes.py)."""
        if self._board_item is not None:
            self.removeItem(self._board_item)
            self.removeItem(self.tile_tabs)
        picture = picture if picture is not None else picture_of(self.layout)
        self.board = picture.board
        if self._canvas is None:
            self._update_canvas()
        self._board_item = BoardItem(picture, self.cell, markers=template_of(self.layout) is not None)
        self.addItem(self._board_item)
        # the tabs stand half above their tile's top edge: room for them whether or not markers are round it
        self.tile_tabs = TileTabsItem(picture, self.cell, picture_rect(picture.board.width, picture.board.height,
                                                                       self.cell, markers=True))
        self.addItem(self.tile_tabs)
        self._show_around_board()

    def show_changes(self) -> None:
        """After a change of the layout: the same items draw the new picture, and their cached
        pictures are repainted only where it differs (a flipped tile's cells and tab); a board
        that changes size, markers or tile colours is rebuilt."""
        picture = picture_of(self.layout)
        shift = self.document.shift
        if shift != (0, 0):
            self.boardShifting.emit(shift[0] * self.cell, shift[1] * self.cell)
        self.board = picture.board
        self._update_canvas(shift)
        changes = picture_changes(self._board_item.picture, picture, self.cell) if self._board_item is not None else None
        if changes is None:
            self.rebuild(picture)
        else:
            board_rects, tab_rects = changes
            self._board_item.picture = self.tile_tabs.picture = picture
            for rect in board_rects:
                self._board_item.redraw(rect)
            for rect in tab_rects:
                self.tile_tabs.redraw(rect)
            self._show_around_board()
        if shift != (0, 0):
            self._follow_shift(shift)

    def _show_around_board(self) -> None:
        """The selection, the drop preview and the scene's extent, after the board changed."""
        if self._selected and self.layout.placement_of(self._selected) is None:
            self.select_tile(None)
        else:
            self._show_selection()
        self.clear_preview()
        self._show_pills()
        self.setSceneRect(self._scene_rect())
        self.update()

    def _scene_rect(self) -> QRectF:
        rect = self._board_item.boundingRect() | self.canvas_rect()
        if self._pills is not None:
            rect |= self._pills.boundingRect()
        return rect.adjusted(-self.cell * 0.3, -self.cell * 0.3, self.cell * 0.3, self.cell * 0.3)

    def canvas_rect(self) -> QRectF:
        """Where tiles can be dropped: the template's board, or room on every side of a free-form
        one (left of and above its [0,0] too)."""
        if template_of(self.layout) is not None or self._canvas is None:
            return QRectF(0, 0, self.board.width * self.cell, self.board.height * self.cell)
        return self.area_rect(self._canvas)

    def reset_canvas(self) -> None:
        """Another board: its free-form canvas starts again from its tiles."""
        self._canvas = None
        self._update_canvas()
        self._show_around_board()

    def _update_canvas(self, shift: Cell = (0, 0)) -> None:
        """A free-form canvas follows its tiles when they all move (`shift`), and grows, by
        FREE_FORM_ROOM at a time, only when a tile comes within FREE_FORM_MARGIN of its edge; it
        never shrinks under the designer (a new board starts it again: `reset_canvas`)."""
        if template_of(self.layout) is not None:
            self._canvas = None
            return
        width, height = self.board.width, self.board.height
        room = (-FREE_FORM_ROOM, -FREE_FORM_ROOM, width + 2 * FREE_FORM_ROOM, height + 2 * FREE_FORM_ROOM)
        if self._canvas is None:
            self._canvas = _at_least(room if self.layout.placements else (0, 0, 0, 0), FREE_FORM_MINIMUM)
            return
        x, y, w, h = self._canvas
        x, y = x + shift[0], y + shift[1]
        near = (-FREE_FORM_MARGIN, -FREE_FORM_MARGIN, width + 2 * FREE_FORM_MARGIN, height + 2 * FREE_FORM_MARGIN)
        if self.layout.placements and not _contains((x, y, w, h), near):
            x, y, w, h = _union((x, y, w, h), room)
        self._canvas = (x, y, w, h)

    def _follow_shift(self, shift: Cell) -> None:
        """Every tile moved by `shift` cells in the file: the keyboard's cursor and the reachability
        cell go with them, and the view scrolls with them, so nothing moves on screen."""
        if self.cursor is not None:
            self.cursor = (self.cursor[0] + shift[0], self.cursor[1] + shift[1])
            if self._cursor_item is not None:
                self._cursor_item.setPos(self._cursor_item.pos() + QPointF(shift[0] * self.cell, shift[1] * self.cell))
        if self.reach_origin is not None:
            self.reach_origin = (self.reach_origin[0] + shift[0], self.reach_origin[1] + shift[1])
        self.boardShifted.emit(shift[0] * self.cell, shift[1] * self.cell)

    def _show_pills(self) -> None:
        if self._pills is not None:
            self.removeItem(self._pills)
            self._pills = None
        if template_of(self.layout) is None and self._canvas is not None and self.layout.directions:
            self._pills = MarkerPills(self.canvas_rect(), self.layout.directions, self.cell)
            self.addItem(self._pills)

    def markers_frame(self) -> QRectF:
        """The rectangle the direction markers sit round: the board, or a free-form board's canvas."""
        if template_of(self.layout) is None and self._canvas is not None:
            return self.canvas_rect()
        return QRectF(0, 0, self.board.width * self.cell, self.board.height * self.cell)

    def marker_pill_rects(self) -> dict[str, QRectF]:
        """Where each side's direction marker lies in the scene."""
        return marker_rects(self.markers_frame(), self.cell)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawBackground(painter, rect)
        if template_of(self.layout) is not None:
            return
        canvas = self.canvas_rect()  # free-form: a faint grid shows where tiles may go
        painter.setPen(QPen(style.CANVAS_LINE, 1))
        for x in range(round(canvas.width() / self.cell) + 1):
            left = canvas.left() + x * self.cell
            painter.drawLine(QPointF(left, canvas.top()), QPointF(left, canvas.bottom()))
        for y in range(round(canvas.height() / self.cell) + 1):
            top = canvas.top() + y * self.cell
            painter.drawLine(QPointF(canvas.left(), top), QPointF(canvas.right(), top))
        if not self.layout.placements:
            painter.setPen(style.SLOT_TEXT)
            painter.setFont(style.font(self.cell * 0.3, bold=True))
            painter.drawText(canvas, Qt.AlignCenter | Qt.TextWordWrap,
                             "Free-form board\nDrag tiles from the palette\nonto any free cells")

    def cell_at(self, pos: QPointF) -> Cell:
        return int(pos.x() // self.cell), int(pos.y() // self.cell)

    def cell_rect(self, cell: Cell) -> QRectF:
        return QRectF(cell[0] * self.cell, cell[1] * self.cell, self.cell, self.cell)

    def area_rect(self, area) -> QRectF:
        x, y, w, h = area
        return QRectF(x * self.cell, y * self.cell, w * self.cell, h * self.cell)
