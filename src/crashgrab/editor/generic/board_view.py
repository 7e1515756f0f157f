"""A zoom-and-pan view of a board drawn from its picture, for any geometry: Ctrl+wheel or +/-
zooms about the pointer, the scroll bars (or the middle button) pan, and a press reports the
board point (in board units) under it. The scene is rebuilt from the picture on every change."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QPainter, QPen, QColor, QPolygonF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from crashgrab.engine.system import BoardPicture, GameSystem

from ..game_views import CELL, PictureItem

MIN_ZOOM, MAX_ZOOM = 0.2, 6.0


class BoardView(QGraphicsView):
    pressed = Signal(object, object)  # (board point (x, y) in board units, Qt.MouseButton)
    hovered = Signal(object)          # board point under the pointer

    def __init__(self, system: GameSystem) -> None:
        self.board_scene = QGraphicsScene()
        super().__init__(self.board_scene)
        self.system = system
        self.board_item: PictureItem | None = None
        self.cursor_item = None
        self.setRenderHint(QPainter.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setMouseTracking(True)
        self._panning: QPointF | None = None

    def show_picture(self, picture: BoardPicture, cursor: tuple[int, int] | None = None,
                     marked: tuple[tuple[int, int], ...] = ()) -> None:
        """Draw `picture`, the keyboard cursor's cell outlined and `marked` cells (a finding's) ringed."""
        self.board_scene.clear()
        self.board_item = PictureItem(self.system, picture)
        self.board_scene.addItem(self.board_item)
        geometry = self.system.geometry
        for cell in marked:
            self._outline(cell, QColor("#b91c1c"), 0.09, Qt.DashLine)
        if cursor is not None:
            self.cursor_item = self._outline(cursor, QColor("#1d4ed8"), 0.07, Qt.SolidLine)
        left, top, right, bottom = geometry.bounds(picture.cells)
        self.board_scene.setSceneRect((left - 1) * CELL, (top - 1) * CELL, (right - left + 2) * CELL,
                                      (bottom - top + 2) * CELL)

    def _outline(self, cell, colour: QColor, width: float, style: Qt.PenStyle):
        polygon = QPolygonF([QPointF(x * CELL, y * CELL) for x, y in self.system.geometry.cell_polygon(cell)])
        pen = QPen(colour, CELL * width, style)
        pen.setCosmetic(False)
        return self.board_scene.addPolygon(polygon, pen)

    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        factor = max(MIN_ZOOM / self.zoom, min(MAX_ZOOM / self.zoom, factor))
        self.scale(factor, factor)

    def fit(self) -> None:
        self.fitInView(self.board_scene.sceneRect(), Qt.KeepAspectRatio)

    def board_point(self, position) -> tuple[float, float]:
        point = self.mapToScene(position)
        return point.x() / CELL, point.y() / CELL

    def pixels_per_unit(self) -> float:
        return CELL * self.zoom

    # --- events ---------------------------------------------------------------------------------
    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.ControlModifier:
            self.zoom_by(1.0015 ** event.angleDelta().y())
            return
        super().wheelEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MiddleButton:
            self._panning = event.position()
            return
        self.pressed.emit(self.board_point(event.position().toPoint()), event.button())

    def mouseMoveEvent(self, event) -> None:
        if self._panning is not None:
            delta = event.position() - self._panning
            self._panning = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y()))
            return
        self.hovered.emit(self.board_point(event.position().toPoint()))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        self._panning = None
        super().mouseReleaseEvent(event)
