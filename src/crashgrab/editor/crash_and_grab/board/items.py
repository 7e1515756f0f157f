"""The items the board scene is made of: the board's picture (cached as an image, redrawn where it
changed), the direction marker pills, the tile tabs, outlines, the keyboard's cell cursor and a
dragged tile's ghost; and their stacking order.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEngine, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem

from crashgrab.engine.crash_and_grab.layout import Layout

from .. import style
from ..board_painter import BoardPicture, paint_board, paint_markers, \
    paint_tile_face, paint_tile_labels, picture_rect, shows_markers
from ..marker_painter import marker_rects
from ..placing import Edit, placement_area, tile_at

# Stacking order; playtest pieces (a later mode) go above the overlays.
# Tile tabs lie above highlights and the selection, so a tab such as "10A" is never crossed out.
Z_BOARD, Z_EXPOSURE, Z_REACH, Z_ACCELERATORS, Z_HIGHLIGHT, Z_SELECTION, Z_TILE_TABS, Z_PIECES, Z_PREVIEW = range(9)


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
