"""A board view any game's window may use: the whole board always fitted (no scroll bars, nothing
to zoom), the mouse tracked (the status bar names the cell under the pointer; leaving says so
with `hovered(None)` on the scene), and the keys handed to the window's `on_key(event)` first."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView


class FittedView(QGraphicsView):
    def __init__(self, scene: QGraphicsScene, on_key) -> None:
        super().__init__(scene)
        self.on_key = on_key
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)
        for policy in (self.setHorizontalScrollBarPolicy, self.setVerticalScrollBarPolicy):
            policy(Qt.ScrollBarAlwaysOff)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().leaveEvent(event)
        self.scene().hovered.emit(None)
