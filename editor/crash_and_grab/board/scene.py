"""The board scene: a picture of the document, redrawn from its `layoutChanged` signal.

The scene never edits the layout. A gesture (dropping a palette tile, dragging a placed
tile, a key on the selected tile) becomes a plan from `crashgrab.editor.crash_and_grab.placing`; an `Edit` goes
onto the document's undo stack as a command, a `Refusal` goes to the status bar.

Drop handling is a plain method, `drop_tile(scene_pos, drag)`, which the Qt drag-and-drop
events and tests both call.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEngine, QPen, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QToolTip

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.validation import ValidationReport
from crashgrab.engine.crash_and_grab.validation.overlays import accelerator_links, reachable_in_one_move
from crashgrab.engine.grid.model import Board, Cell
from crashgrab.engine.crash_and_grab.layout import Layout

from .. import style
from ..board_painter import BoardPicture, feature_words, marker_rects, paint_board, paint_markers, \
    paint_tile_face, paint_tile_labels, picture_changes, picture_of, picture_rect, shows_markers, tile_tab_rects
from ..commands import command_for
from ..document import LayoutDocument
from .drop_verdict import MAX_TEXT_WIDTH, DropVerdict
from .overlays import AcceleratorOverlay, CellHighlight, ExposureOverlay, ReachabilityOverlay
from ..placing import TILE_MIME, Edit, Plan, Refusal, TileDrag, placement_area, plan_drop, template_of, tile_at

# Stacking order; playtest pieces (a later mode) go above the overlays.
# Tile tabs lie above highlights and the selection, so a tab such as "10A" is never crossed out.
Z_BOARD, Z_EXPOSURE, Z_REACH, Z_ACCELERATORS, Z_HIGHLIGHT, Z_SELECTION, Z_TILE_TABS, Z_PIECES, Z_PREVIEW = range(9)
FREE_FORM_ROOM = 4  # spare cells beyond a free-form board's tiles, on every side, to drop tiles into
FREE_FORM_MARGIN = 0  # the canvas grows (to FREE_FORM_ROOM again) only when a tile reaches this near its edge (0: past it)
FREE_FORM_MINIMUM = 10


class CachedPicture(QGraphicsItem):
    """An item drawn once into an image of device pixels, then copied to the view: hovering, drag
    previews and overlays cost a blit. `redraw(rect)` draws that part again, exactly as a full
    redraw would: unclipped onto a scratch image of the same size, then copied in. (Qt's own
    DeviceCoordinateCache draws a part into a scratch pixmap the part's size, where hairlines
    cut at its edge come out a shade different.)"""

    MAX_PIXELS = 2048 * 2048  # zoomed in further, only the part in view is drawn, each time
    MAX_STALE = 64  # rectangles waiting to be drawn again; with more, the whole picture is drawn again

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption)  # exposedRect: the part in view
        self._image: QImage | None = None
        self._placed: tuple | None = None  # the device scale, sub-pixel offset and size the image is for
        self._stale: list[QRectF] = []
        self._scratch: QImage | None = None  # where a stale part is drawn again

    def draw(self, painter: QPainter, exposed: QRectF) -> None:
        """Paint the picture (what lies near `exposed`, in item coordinates, at least)."""
        raise NotImplementedError

    def redraw(self, rect: QRectF) -> None:
        """The picture changed inside `rect` (item coordinates)."""
        if self._image is not None and len(self._stale) < self.MAX_STALE:
            self._stale.append(rect)
        else:  # not drawn yet, or changed in many places while out of sight: all of it next time
            self._image = None
        self.update(rect)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        device = painter.deviceTransform()
        size = device.mapRect(self.boundingRect())
        if (painter.paintEngine().type() != QPaintEngine.Raster or device.type().value > QTransform.TxScale.value
                or size.width() * size.height() > self.MAX_PIXELS):
            self._image = None
            self.draw(painter, option.exposedRect)
            return
        x, y = math.floor(device.dx()), math.floor(device.dy())
        to_image = device * QTransform.fromTranslate(-x, -y)  # keeps the sub-pixel offset
        area = to_image.mapRect(self.boundingRect()).toAlignedRect()
        if area.isEmpty():
            return
        to_image *= QTransform.fromTranslate(-area.left(), -area.top())
        placed = (device.m11(), device.m22(), device.dx() - x, device.dy() - y, area.size())
        if self._image is None or placed != self._placed:
            self._image, self._placed = QImage(area.size(), QImage.Format_ARGB32_Premultiplied), placed
            self._render(painter.renderHints(), to_image, None)
        elif self._stale:
            self._render(painter.renderHints(), to_image, self._stale)
        self._stale = []
        painter.save()
        painter.resetTransform()
        to_device = painter.deviceTransform()  # the widget's place in the device (a window grab) and pixel ratio
        target = QRectF(x + area.left(), y + area.top(), area.width(), area.height())
        painter.drawImage(to_device.inverted()[0].mapRect(target), self._image, QRectF(self._image.rect()))
        painter.restore()

    def _render(self, hints, to_image: QTransform, stale: list[QRectF] | None) -> None:
        """Draw the whole picture; or draw what lies near the stale rectangles onto a scratch image
        of the same size and copy the stale part over. Never clipped: a clip, or a smaller image,
        would move where hairlines start and change their antialiasing."""
        if stale is None:
            target = self._image
            target.fill(Qt.transparent)
            exposed = self.boundingRect()
        else:
            if self._scratch is None or self._scratch.size() != self._image.size():
                self._scratch = QImage(self._image.size(), QImage.Format_ARGB32_Premultiplied)
            target, exposed, parts = self._scratch, QRectF(), []
            for rect in stale:
                exposed |= rect
                parts.append(to_image.mapRect(rect).toAlignedRect().adjusted(-1, -1, 1, 1) & target.rect())
        painter = QPainter(target)
        if stale is not None:  # only the parts copied over need a clean start
            painter.setCompositionMode(QPainter.CompositionMode_Source)
            for part in parts:
                painter.fillRect(part, Qt.transparent)
            painter.setCompositionMode(QPainter.CompositionMode_SourceOver)
        painter.setRenderHints(hints)
        painter.setTransform(to_image)
        self.draw(painter, exposed)
        painter.end()
        if stale is not None:
            painter = QPainter(self._image)
            painter.setCompositionMode(QPainter.CompositionMode_Source)
            for part in parts:
                painter.drawImage(part, target, part)
            painter.end()


class BoardItem(CachedPicture):
    """The whole board, drawn by `board_painter` exactly as an image export draws it; an edit
    redraws only the cells it changed (`BoardScene.show_changes`). `markers`: the direction
    markers round it (a free-form board's sit round its canvas instead: `MarkerPills`)."""

    def __init__(self, picture: BoardPicture, cell: float, markers: bool = True) -> None:
        super().__init__()
        self.picture, self.cell = picture, cell
        self._rect = picture_rect(picture.board.width, picture.board.height, cell,
                                  markers=markers and shows_markers(picture))
        self.setZValue(Z_BOARD)

    def boundingRect(self) -> QRectF:
        return self._rect

    def draw(self, painter: QPainter, exposed: QRectF) -> None:
        paint_board(painter, self.picture, self.cell, markers=not self._rect.topLeft().isNull(), tile_labels=False,
                    exposed=exposed)


class MarkerPills(QGraphicsItem):
    """A free-form board's direction markers: round the canvas, outside every cell a tile can be
    dropped on, and still while the board grows inside it."""

    def __init__(self, frame: QRectF, directions, cell: float) -> None:
        super().__init__()
        self.frame, self.directions, self.cell = QRectF(frame), dict(directions), cell
        self.rects = marker_rects(self.frame, cell)
        self.setZValue(Z_BOARD)

    def boundingRect(self) -> QRectF:
        rect = QRectF()
        for pill in self.rects.values():
            rect |= pill
        return rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        paint_markers(painter, self.frame, self.directions, self.cell)


class TileTabsItem(CachedPicture):
    """The tile id tabs, drawn above highlights and outlines."""

    def __init__(self, picture: BoardPicture, cell: float, rect: QRectF) -> None:
        super().__init__()
        self.picture, self.cell, self._rect = picture, cell, rect
        self.setZValue(Z_TILE_TABS)
        self.setAcceptedMouseButtons(Qt.NoButton)  # clicks go to the board beneath

    def boundingRect(self) -> QRectF:
        return self._rect

    def draw(self, painter: QPainter, exposed: QRectF) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        paint_tile_labels(painter, self.picture, self.cell, exposed)


class TileOutline(QGraphicsItem):
    """The selected tile's outline, or a drop target: green and solid when it fits, red and dashed
    when refused (the dashes tell them apart without colour)."""

    def __init__(self, rect: QRectF, colour: QColor, z: float, fill: bool = False, dashed: bool = False) -> None:
        super().__init__()
        self._rect, self.colour, self.fill, self.dashed = rect, colour, fill, dashed
        self.setZValue(z)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        tint = QColor(self.colour)
        tint.setAlphaF(0.16 if self.fill else 0.08)
        painter.setBrush(tint)
        pen = QPen(self.colour, 3.5, Qt.CustomDashLine if self.dashed else Qt.SolidLine)
        if self.dashed:
            pen.setDashPattern([2.5, 1.6])
        painter.setPen(pen)
        painter.drawRoundedRect(self._rect.adjusted(1, 1, -1, -1), 4, 4)


class CellCursor(QGraphicsItem):
    """The keyboard's cell on the board: a dashed square in the focus colour."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self._rect = rect
        self.setZValue(Z_PREVIEW)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(style.FOCUS_HALO, 6))
        painter.drawRect(self._rect.adjusted(2, 2, -2, -2))
        painter.setPen(QPen(style.FOCUS, 3, Qt.DashLine))
        painter.drawRect(self._rect.adjusted(2, 2, -2, -2))


class TileGhost(QGraphicsItem):
    """The tile where a drop would put it. Opaque over other tiles (a see-through copy over a tile
    it swaps with is a double exposure); see-through over empty cells, so the spot stays visible."""

    def __init__(self, layout: Layout, edit: Edit, tile_id: str, cell: float) -> None:
        super().__init__()
        self.tile = layout.tileset.get(tile_id)
        self.placement = edit.target(tile_id)
        self.cell = cell
        x, y, w, h = placement_area(layout, self.placement)
        self._rect = QRectF(x * cell, y * cell, w * cell, h * cell)
        self.setZValue(Z_PREVIEW)
        under = (tile_at(layout, (cx, cy)) for cx in range(x, x + w) for cy in range(y, y + h))
        covers_a_tile = any(p is not None and p.tile != tile_id for p in under)
        self.setOpacity(1.0 if covers_a_tile else 0.72)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        paint_tile_face(painter, self.tile, self.placement.side, self.placement.rotation, self.cell,
                        origin=self._rect.topLeft())


class BoardScene(QGraphicsScene):
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

    # --- the picture -------------------------------------------------------------------
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

    # --- findings, overlays --------------------------------------------------------------
    def set_report(self, report: ValidationReport | None) -> None:
        self.report = report
        self._rebuild_overlays()
        if self._highlight_spec:
            self.highlight_cells(*self._highlight_spec)

    def highlight_cells(self, cells, severity: str = "info", path=(), caption: str = "") -> QRectF:
        """Outline the cells of a finding (and a loop's path); returns their rectangle to scroll to."""
        routed = (self._highlight_spec[2] if self._highlight_spec else ()) != tuple(path)
        self._remove_highlight()
        self._highlight_spec = (tuple(cells), severity, tuple(path), caption)
        self._highlight = CellHighlight(self.board.width, self.board.height, self.cell, cells, severity,
                                        path, caption)
        self._highlight.setZValue(Z_HIGHLIGHT)
        self.addItem(self._highlight)
        if routed:  # the graph leaves out the arrows the route now draws (or draws them again)
            self._rebuild_overlays()
        return self._highlight.cells_rect()

    def clear_highlight(self) -> None:
        routed = bool(self._highlight_spec and self._highlight_spec[2])
        self._remove_highlight()
        if routed:
            self._rebuild_overlays()

    def _remove_highlight(self) -> None:
        if self._highlight is not None:
            self.removeItem(self._highlight)
        self._highlight, self._highlight_spec = None, None

    def highlighted_route(self) -> list:
        """The selected loop's steps, in order round it (empty for any other finding)."""
        return list(self._highlight.route_steps) if self._highlight else []

    def highlighted_cells(self) -> tuple[Cell, ...]:
        return self._highlight.cells if self._highlight else ()

    def set_overlays(self, *, exposure: bool | None = None, accelerator_distance: int | None | bool = False,
                     reachability: bool | None = None) -> None:
        """Turn overlays on or off; `accelerator_distance` None turns the graph off."""
        if exposure is not None:
            self.exposure_on = exposure
        if accelerator_distance is not False:
            self.accelerator_distance = accelerator_distance
        if reachability is not None:
            self.reachability_on = reachability
        self._rebuild_overlays()

    def set_reach_origin(self, cell: Cell | None) -> None:
        self.reach_origin = cell
        self._rebuild_overlays()

    def overlay_items(self) -> list[QGraphicsItem]:
        return list(self._overlay_items)

    def _rebuild_overlays(self) -> None:
        for item in self._overlay_items:
            self.removeItem(item)
        self._overlay_items = []
        report = self.report
        if report is None:
            return
        board = report.board
        size = (board.width, board.height, self.cell)
        tabs = tile_tab_rects(self.tile_tabs.picture, self.cell)  # overlay labels keep clear of them
        counts: list[QRectF] = []
        if self.exposure_on:
            exposure = ExposureOverlay(*size, report.metrics["exposure"]["cells"], tabs, board.features)
            counts = list(exposure.labels.values())
            self._add_overlay(exposure, Z_EXPOSURE)
        if self.reachability_on and self.reach_origin is not None and board.on_board(self.reach_origin):
            reached = reachable_in_one_move(board, self.reach_origin)
            self._add_overlay(ReachabilityOverlay(*size, self.reach_origin, reached, tabs, board.features, counts),
                              Z_REACH)
        if self.accelerator_distance:
            links, groups = accelerator_links(board, self.accelerator_distance)
            route = self._highlight_spec[2] if self._highlight_spec else ()
            self._add_overlay(AcceleratorOverlay(*size, self.accelerator_distance, links, groups, route),
                              Z_ACCELERATORS)

    def _add_overlay(self, item: QGraphicsItem, z: int) -> None:
        item.setZValue(z)
        self.addItem(item)
        self._overlay_items.append(item)

    def cell_words(self, cell: Cell) -> str:
        """What lies on a cell, after its "[x,y]": the legend's words (an empty slot is no hole)."""
        x, y = cell
        if self.board.on_board(cell):
            tile = self.board.cell_tiles[cell]
            placement = self.layout.placement_of(tile)
            side = placement.side if placement else ""
            return f"{feature_words(self.board.feature_at(cell))} \u00b7 tile {tile}{side}"
        for slot in self.tile_tabs.picture.empty_slots:
            sx, sy, w, h = slot.area
            if sx <= x < sx + w and sy <= y < sy + h:
                return f"empty slot ({slot.name}) for {slot.hint}" if slot.hint else f"empty slot ({slot.name})"
        if 0 <= x < self.board.width and 0 <= y < self.board.height:
            return "hole: off the board"
        return "off the board"

    def cell_tooltip(self, cell: Cell) -> str:
        """A cell's feature, tile and findings, for hovering."""
        lines = [f"<b>[{cell[0]},{cell[1]}]</b> {self.cell_words(cell)}"]
        if self.reachability_on and self.reach_origin is not None and self.report is not None:
            distance = reachable_in_one_move(self.report.board, self.reach_origin).get(cell)
            if distance is not None:
                lines.append(f"reached from [{self.reach_origin[0]},{self.reach_origin[1]}] with a move of {distance}")
        if (crashing := self.crashing_moves_at(cell)) is not None:
            lines.append(f"{crashing} of 20 moves from here crash")
        for finding in self.findings_at(cell):
            colour = style.SEVERITY_COLOURS.get(finding.severity, style.SEVERITY_COLOURS["info"]).name()
            lines.append(f"<span style='color:{colour}'><b>{finding.severity}</b></span> "
                         f"{finding.code}: {finding.message}")
        return "<br>".join(lines)

    def crashing_moves_at(self, cell: Cell) -> int | None:
        """The heat map's count for a cell, while the heat map is on (a Crash Site's is not written
        on the board: its disc fills the cell)."""
        if not self.exposure_on or self.report is None:
            return None
        return next((entry["off_moves"] for entry in self.report.metrics["exposure"]["cells"]
                     if (entry["x"], entry["y"]) == cell), None)

    def findings_at(self, cell: Cell) -> list:
        if self.report is None:
            return []
        return [f for f in self.report.findings if cell in f.cells]

    def marker_side_at(self, pos: QPointF) -> str | None:
        for side, rect in self.marker_pill_rects().items():
            if rect.contains(pos):
                return side
        return None

    # --- mouse: click to select, drag a placed tile to move or swap it --------------------
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

    # --- keyboard ------------------------------------------------------------------------
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

    # --- drops from the palette (Qt drag and drop) -----------------------------------------
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


def _drag_of(mime) -> TileDrag | None:
    if mime is None or not mime.hasFormat(TILE_MIME):
        return None
    return TileDrag.from_bytes(mime.data(TILE_MIME).data())
