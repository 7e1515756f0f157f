"""The Crash! board's view: always fitted to the window (no scroll bars, nothing to zoom), its
keys handed to the window first, and the arrow keys read as hex directions."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

from crashgrab.engine.crash.terms import Cell

from .scene import BoardScene

LEFT_RIGHT = {Qt.Key_Left: "west", Qt.Key_Right: "east"}


def up_down(cell: Cell, key: int) -> str:
    """Up and Down zigzag between the two hexes above (below), so that Up then Down comes back."""
    odd = cell[1] % 2 == 1
    if key == Qt.Key_Up:
        return "northeast" if odd else "northwest"
    return "southeast" if odd else "southwest"


def arrow_direction(cell: Cell, key: int) -> str | None:
    if key in LEFT_RIGHT:
        return LEFT_RIGHT[key]
    if key in (Qt.Key_Up, Qt.Key_Down):
        return up_down(cell, key)
    return None


class BoardView(QGraphicsView):
    """The board, always fitted (no scroll bars, nothing to zoom); keys go to the window first."""

    def __init__(self, scene: BoardScene, on_key) -> None:
        super().__init__(scene)
        self.on_key = on_key
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)  # the status bar names the hex under the pointer
        for policy in (self.setHorizontalScrollBarPolicy, self.setVerticalScrollBarPolicy):
            policy(Qt.ScrollBarAlwaysOff)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().leaveEvent(event)
        self.scene().hovered.emit(None)

    def fit(self) -> None:
        rect = self.scene().sceneRect()
        if not rect.isEmpty() and self.viewport().width() > 10:
            self.fitInView(rect, Qt.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Reached by the keyboard (Tab, F6): the window shows the hex cursor."""
        super().focusInEvent(event)
        if event.reason() in (Qt.TabFocusReason, Qt.BacktabFocusReason, Qt.ShortcutFocusReason):
            self.on_key(None)

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.on_key(None, shown=False)
