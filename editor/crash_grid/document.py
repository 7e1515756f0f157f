"""The arena being edited: one ArenaLayout, changed only through these methods, each of which
calls one engine edit and emits `changed` once. Undo commands (commands.py) call them;
"modified" is the undo stack's clean state."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from crashgrab.engine.crash_grid import editing
from crashgrab.engine.crash_grid.model import ArenaLayout
from crashgrab.engine.formats.layout_io import save_layout


class ArenaDocument(QObject):
    changed = Signal()

    def __init__(self, layout: ArenaLayout, path: Path | None = None) -> None:
        super().__init__()
        self.layout = layout
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda _clean: self.changed.emit())

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def _set(self, layout: ArenaLayout) -> None:
        self.layout = layout
        self.changed.emit()

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

    def restore(self, layout: ArenaLayout) -> None:
        """Put back a layout this document held before (undo)."""
        self._set(layout)

    def reset(self, layout: ArenaLayout, path: Path | None = None) -> None:
        """Another arena (New, Open): a fresh history, nothing to save yet."""
        self.undo_stack.clear()
        self.layout, self.path = layout, path
        self.changed.emit()

    def save(self, path: Path) -> None:
        """Atomic, through the engine; raises CrashGrabError and leaves the document as it was."""
        save_layout(self.layout, path)
        self.path = path
        self.undo_stack.setClean()
        self.changed.emit()
