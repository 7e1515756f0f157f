"""The Crash Grid arena's view: always fitted (no scroll bars, nothing to zoom), its keys handed
to the window first."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

from .scene import ArenaScene


class ArenaView(QGraphicsView):
    """The arena, always fitted (no scroll bars, nothing to zoom); keys go to the window first."""

    def __init__(self, scene: ArenaScene, on_key) -> None:
        super().__init__(scene)
        self.on_key = on_key
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)  # the status bar names the square under the pointer
        for policy in (self.setHorizontalScrollBarPolicy, self.setVerticalScrollBarPolicy):
            policy(Qt.ScrollBarAlwaysOff)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Reached by the keyboard (Tab, a click): the window shows the square cursor."""
        super().focusInEvent(event)
        if event.reason() in (Qt.TabFocusReason, Qt.BacktabFocusReason, Qt.ShortcutFocusReason):
            self.on_key(None)

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.on_key(None, shown=False)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().leaveEvent(event)
        self.scene().hovered.emit(None)
