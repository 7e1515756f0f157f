"""The arena being edited: one ArenaLayout, changed only through these methods, each of which
calls one engine edit and emits `changed` once. Undo commands (commands.py) call them;
"modified" is the undo stack's clean state."""
from __future__ import annotations

from crashgrab.engine.crash_grid import editing
from crashgrab.engine.crash_grid.model import ArenaLayout

from ..layout_document import LayoutDocument


class ArenaDocument(LayoutDocument):
    layout: ArenaLayout

    # Each raises editing.EditRefused (and changes nothing) when the engine refuses the edit.
    def resize(self, width: int, height: int) -> None:
        self._set(editing.resized(self.layout, width, height))

    def place_start(self, suit: str, cell, facing: str | None = None) -> None:
        self._set(editing.with_start(self.layout, suit, cell, facing))

    def rotate_start(self, suit: str) -> None:
        self._set(editing.rotated_start(self.layout, suit))

    def remove_start(self, suit: str) -> None:
        self._set(editing.without_start(self.layout, suit))

    def toggle_wall(self, cell) -> None:
        self._set(editing.with_wall_toggled(self.layout, cell))
