"""The board view: zoom (Ctrl+wheel, Ctrl+0 to fit), pan (middle button or Space+drag),
and files dropped on it handed to the window."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsView


from .scene import BoardScene

MIN_ZOOM, MAX_ZOOM = 0.2, 6.0
ZOOM_STEP = 1.2


ARROWS = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}


class BoardView(QGraphicsView):
    filesDropped = Signal(list)  # local paths dropped on the board
    zoomChanged = Signal(float)
    placeRequested = Signal()  # Enter on a cell: place the palette's current tile there

    def __init__(self, scene: BoardScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing | QPainter.SmoothPixmapTransform)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.FullViewportUpdate)
        self.setAcceptDrops(True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.auto_fit = True  # keep the board fitted while the window resizes, until zoomed
        self._pan_from: QPointF | None = None
        self._space_held = False
        self._shifted_scroll: QPointF | None = None
        scene.boardShifting.connect(self._before_shift)
        scene.boardShifted.connect(self._follow_shift)

    def _before_shift(self, dx: float, dy: float) -> None:
        """Every tile is about to move in the scene (a free-form board grows left or up): where the
        scroll bars will be, before the scene's new extent clamps them."""
        self._shifted_scroll = QPointF(self.horizontalScrollBar().value() + dx * self.zoom(),
                                       self.verticalScrollBar().value() + dy * self.zoom())

    def _follow_shift(self, dx: float, dy: float) -> None:
        """Scroll with the tiles, so nothing moves on screen."""
        scroll, self._shifted_scroll = self._shifted_scroll, None
        if self.auto_fit:
            self.fit()
        elif scroll is not None:  # the scroll bars' values as they were, plus the shift
            self.horizontalScrollBar().setValue(round(scroll.x()))
            self.verticalScrollBar().setValue(round(scroll.y()))

    def board_scene(self) -> BoardScene:
        return self.scene()

    # --- zoom ----------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, factor: float) -> None:
        factor = max(MIN_ZOOM, min(MAX_ZOOM, factor))
        self.setTransform(QTransform.fromScale(factor, factor))
        self.zoomChanged.emit(factor)

    def zoom_in(self) -> None:
        self.auto_fit = False
        self.set_zoom(self.zoom() * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.auto_fit = False
        self.set_zoom(self.zoom() / ZOOM_STEP)

    def fit(self) -> None:
        """Ctrl+0: the whole board with its markers in view."""
        self.auto_fit = True
        rect = self.scene().sceneRect()
        if rect.isEmpty() or self.viewport().width() < 10:
            return
        self.fitInView(rect, Qt.KeepAspectRatio)
        self.zoomChanged.emit(self.zoom())

    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.ControlModifier:
            steps = event.angleDelta().y() / 120
            if steps:
                self.auto_fit = False
                self.set_zoom(self.zoom() * ZOOM_STEP ** steps)
            event.accept()
            return
        super().wheelEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

    def show_rect(self, rect: QRectF) -> None:
        """Scroll so that `rect` (scene coordinates) is in view, zooming out if it must."""
        if rect.isEmpty():
            return
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        if rect.width() > visible.width() or rect.height() > visible.height():
            self.fit()
        self.ensureVisible(rect, 24, 24)

    # --- pan -----------------------------------------------------------------------------
    def focusInEvent(self, event) -> None:
        """Reached by the keyboard (Tab, F6): show the cell cursor, on the selected tile if any."""
        super().focusInEvent(event)
        scene = self.board_scene()
        if scene.cursor is None and event.reason() in (Qt.TabFocusReason, Qt.BacktabFocusReason,
                                                       Qt.ShortcutFocusReason):
            selected = scene.layout.placement_of(scene.selected_tile()) if scene.selected_tile() else None
            scene.set_cursor((selected.x, selected.y) if selected else (0, 0), select=False)

    def keyPressEvent(self, event) -> None:
        scene, modifiers = self.board_scene(), event.modifiers() & ~Qt.KeypadModifier
        if event.key() in ARROWS and modifiers in (Qt.NoModifier, Qt.ControlModifier):
            columns, rows = ARROWS[event.key()]
            if modifiers == Qt.ControlModifier:
                scene.move_selected_by(columns, rows)
            else:
                scene.move_cursor(columns, rows)
            if scene.cursor is not None:
                self.ensureVisible(scene.cell_rect(scene.cursor), 20, 20)
            return
        if event.key() in (Qt.Key_Return, Qt.Key_Enter) and modifiers == Qt.NoModifier:
            self.placeRequested.emit()
            return
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self.viewport().setCursor(Qt.OpenHandCursor)
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MiddleButton or (event.button() == Qt.LeftButton and self._space_held):
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y()))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            if self._space_held:
                self.viewport().setCursor(Qt.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event) -> None:
        self.board_scene().cellHovered.emit(None)
        super().leaveEvent(event)

    # --- files dropped on the board open them; tiles go to the scene --------------------------
    def dragEnterEvent(self, event) -> None:
        if _local_files(event.mimeData()):
            event.acceptProposedAction()
            return
        super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:
        if _local_files(event.mimeData()):
            event.acceptProposedAction()
            return
        super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:
        paths = _local_files(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.filesDropped.emit(paths)
            return
        super().dropEvent(event)


def _local_files(mime) -> list[str]:
    if mime is None or not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
