"""The course (or one board) on screen: a zoom-and-pan view over a scene holding one item that
paints the resolved course (painter.py) and, above it, the selected finding's squares, the
selection, the keyboard cursor and a drag's ghost. The view reports presses, moves and releases
as board points (in squares, floats); it never changes the model.

Ctrl+wheel (or the window's + and -) zooms about the pointer, the middle button or the scroll
bars pan."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView

from crashgrab.engine.roborally.resolved import ResolvedCourse

from .. import style
from . import marks
from .painter import Overlays, course_bounds, paint_course

CELL = style.CELL
MIN_ZOOM, MAX_ZOOM = 0.15, 5.0
COORDINATE = QColor("#56616e")


class CourseItem(QGraphicsItem):
    """The whole course in one item: cheap to rebuild after every edit, painted at any zoom with
    walls in whole device pixels."""

    def __init__(self, resolved: ResolvedCourse, overlays: Overlays) -> None:
        super().__init__()
        self.resolved, self.overlays = resolved, overlays
        self.size = course_bounds(resolved)
        self.setData(0, "course")

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        width, height = self.size
        return QRectF(-CELL, -CELL, (width + 2) * CELL, (height + 2) * CELL)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        pixels_per_cell = painter.worldTransform().m11() * CELL
        paint_course(painter, self.resolved, CELL, marks.wall_pixels(pixels_per_cell), self.overlays)
        self._coordinates(painter, pixels_per_cell)

    def _coordinates(self, painter: QPainter, pixels_per_cell: float) -> None:
        """Column numbers above, row numbers left: the [x,y] the findings and the status bar name."""
        width, height = self.size
        every = 1 if pixels_per_cell >= 22 else 2 if pixels_per_cell >= 11 else 4
        painter.setPen(QPen(COORDINATE))
        painter.setFont(style.font(CELL * 0.3))
        for x in range(0, width, every):
            painter.drawText(QRectF(x * CELL, -CELL * 0.6, CELL, CELL * 0.55), Qt.AlignCenter, str(x))
        for y in range(0, height, every):
            painter.drawText(QRectF(-CELL * 0.95, y * CELL, CELL * 0.85, CELL), Qt.AlignVCenter | Qt.AlignRight, str(y))


class CourseView(QGraphicsView):
    pressed = Signal(object, object)  # board point (x, y) in squares, Qt.MouseButton
    moved = Signal(object)            # board point under the pointer (a drag or a hover)
    released = Signal(object)         # board point

    def __init__(self, on_key) -> None:
        self.course_scene = QGraphicsScene()
        super().__init__(self.course_scene)
        self.on_key = on_key
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)  # the hover: the square named, the side an edge tool takes
        self.setFocusPolicy(Qt.StrongFocus)
        self.setBackgroundBrush(QBrush(style.SCENE_BACKGROUND))
        self.item: CourseItem | None = None
        self._panning: QPointF | None = None

    def show_course(self, resolved: ResolvedCourse, overlays: Overlays, focus=(), selection: QRectF | None = None,
                    cursor=None, ghost: QRectF | None = None, verdict: str | None = None, refused: bool = False,
                    hover_side=None) -> None:
        """Everything drawn anew from the model; the zoom and scroll stay. `ghost`: where a drag would
        land, with its `verdict` beside it (✓ or ✕ and why: a shape and words, not only a colour);
        `hover_side`: the square's side an edge tool would act on."""
        self.course_scene.clear()
        self.item = CourseItem(resolved, overlays)
        self.course_scene.addItem(self.item)
        for x, y in focus:  # the selected finding's squares: magenta on a white halo (style.FOCUS)
            rect = QRectF(x * CELL, y * CELL, CELL, CELL).adjusted(3, 3, -3, -3)
            self.course_scene.addRect(rect, style.outline_pen(style.FOCUS_HALO, 7), QBrush(Qt.NoBrush))
            self.course_scene.addRect(rect, style.outline_pen(style.FOCUS, 4), QBrush(Qt.NoBrush)).setData(0, "focus")
        if selection is not None:
            self.course_scene.addRect(selection, style.outline_pen(QColor("white"), 7), QBrush(Qt.NoBrush))
            self.course_scene.addRect(selection, style.outline_pen(style.SELECTION, 4, Qt.DashLine),
                                      QBrush(Qt.NoBrush)).setData(0, "selection")
        if ghost is not None:
            colour = style.DROP_REFUSED if refused else style.CHOICE
            tint = QColor(colour)
            tint.setAlpha(40)
            self.course_scene.addRect(ghost, style.outline_pen(colour, 3, Qt.SolidLine if refused else Qt.DashLine),
                                      QBrush(tint)).setData(0, "ghost")
            if verdict:
                self._verdict(ghost, verdict, colour)
        if hover_side is not None:
            cell, side = hover_side
            a, b = marks.side_line(QRectF(cell[0] * CELL, cell[1] * CELL, CELL, CELL), side)
            pen = style.outline_pen(style.CHOICE, 4)
            pen.setCosmetic(True)
            self.course_scene.addLine(a.x(), a.y(), b.x(), b.y(), pen).setData(0, "hover_side")
        if cursor is not None:
            cell, side = cursor
            rect = QRectF(cell[0] * CELL, cell[1] * CELL, CELL, CELL)
            self.course_scene.addRect(rect.adjusted(1, 1, -1, -1), style.outline_pen(QColor("#1d4ed8"), 3),
                                      QBrush(Qt.NoBrush)).setData(0, "cursor")
            a, b = marks.side_line(rect, side)  # the side an edge tool would act on
            self.course_scene.addLine(a.x(), a.y(), b.x(), b.y(), style.outline_pen(QColor("#1d4ed8"), 6))
        width, height = self.item.size
        self.course_scene.setSceneRect(-CELL * 1.5, -CELL * 1.5, (width + 3) * CELL, (height + 3) * CELL)

    def _verdict(self, ghost: QRectF, text: str, colour: QColor) -> None:
        """A label at the ghost's top-left corner, readable at any zoom (it ignores the view's scale)."""
        label = QGraphicsSimpleTextItem(text)
        label.setFont(style.font(13, bold=True))
        label.setBrush(QBrush(QColor("white")))
        label.setFlag(QGraphicsItem.ItemIgnoresTransformations)
        box = label.boundingRect().adjusted(-4, -2, 4, 2)
        back = self.course_scene.addRect(box, QPen(Qt.NoPen), QBrush(colour.darker(120)))
        back.setFlag(QGraphicsItem.ItemIgnoresTransformations)
        back.setPos(ghost.topLeft())
        back.setData(0, "verdict")
        label.setParentItem(back)
        back.setToolTip(text)

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def pixels_per_cell(self) -> float:
        return CELL * self.zoom

    def zoom_by(self, factor: float) -> None:
        factor = max(MIN_ZOOM / self.zoom, min(MAX_ZOOM / self.zoom, factor))
        self.scale(factor, factor)

    def set_zoom(self, zoom: float) -> None:
        self.resetTransform()
        self.scale(zoom, zoom)

    def fit(self) -> None:
        rect = self.course_scene.sceneRect()
        if not rect.isEmpty() and self.viewport().width() > 10:
            self.fitInView(rect, Qt.KeepAspectRatio)

    def board_point(self, position) -> tuple[float, float]:
        point = self.mapToScene(position)
        return point.x() / CELL, point.y() / CELL

    def view_point(self, board_point) -> QPointF:
        """Where a board point (in squares) is on the viewport, in pixels."""
        return QPointF(self.mapFromScene(QPointF(board_point[0] * CELL, board_point[1] * CELL)))

    # --- events -------------------------------------------------------------------------------
    def wheelEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.modifiers() & Qt.ControlModifier:
            self.zoom_by(1.0015 ** event.angleDelta().y())
            return
        super().wheelEvent(event)

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.button() == Qt.MiddleButton:
            self._panning = event.position()
            return
        self.setFocus(Qt.MouseFocusReason)
        self.pressed.emit(self.board_point(event.position().toPoint()), event.button())

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self._panning is not None:
            delta = event.position() - self._panning
            self._panning = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y()))
            return
        self.moved.emit(self.board_point(event.position().toPoint()))

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self._panning is not None:
            self._panning = None
            return
        if event.button() == Qt.LeftButton:
            self.released.emit(self.board_point(event.position().toPoint()))

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)
