"""The Crash! board's view: always fitted to the window (no scroll bars, nothing to zoom), its
keys handed to the window first, and the arrow keys read as hex directions."""
from __future__ import annotations

from PySide6.QtCore import Qt

from crashgrab.engine.crash.terms import Cell

from ..fitted_view import FittedView

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


class BoardView(FittedView):
    """The board (editor/fitted_view.py), fitted again whenever the window's size changes."""

    def fit(self) -> None:
        rect = self.scene().sceneRect()
        if not rect.isEmpty() and self.viewport().width() > 10:
            self.fitInView(rect, Qt.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit()
