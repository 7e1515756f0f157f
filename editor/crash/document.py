"""The Crash! board being edited: one CrashLayout, changed only through these methods, each of
which calls the engine's pure edits (engine/crash/editing.py) and emits `changed` once. Undo
commands (commands.py) call them; "modified" is the undo stack's clean state."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from crashgrab.engine.crash import editing
from crashgrab.engine.crash.layout_io import save_layout
from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.terms import Cell


class BoardDocument(QObject):
    changed = Signal()

    def __init__(self, layout: CrashLayout, path: Path | None = None) -> None:
        super().__init__()
        self.layout = layout
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda _clean: self.changed.emit())

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def _set(self, layout: CrashLayout) -> None:
        self.layout = layout
        self.changed.emit()

    # Each raises editing.EditRefused (and changes nothing) when the engine refuses the edit.
    def paint_hexes(self, cells: tuple[Cell, ...], add: bool) -> None:
        """Add (or remove) each hex of a paint stroke; hexes already so are left. Refused when the
        stroke changes nothing, so an empty stroke leaves no undo step."""
        layout = self.layout
        for cell in cells:
            if add and cell not in layout.hexes:
                layout = editing.with_hex(layout, cell)
            elif not add and cell in layout.hexes:
                layout = editing.without_hex(layout, cell)
        if layout == self.layout:
            raise editing.EditRefused("nothing to paint here.")
        self._set(layout)

    def place_start(self, player: str, car: int, cell: Cell, facing: str | None = None) -> None:
        self._set(editing.with_start(self.layout, player, car, cell, facing))

    def turn_start(self, player: str, car: int, steps: int) -> None:
        self._set(editing.turned_start(self.layout, player, car, steps))

    def remove_start(self, player: str, car: int) -> None:
        self._set(editing.without_start(self.layout, player, car))

    def place_junkyard(self, player: str, cell: Cell) -> None:
        self._set(editing.with_junkyard(self.layout, player, cell))

    def remove_junkyard(self, player: str) -> None:
        self._set(editing.without_junkyard(self.layout, player))

    def restore(self, layout: CrashLayout) -> None:
        """Put back a layout this document held before (undo)."""
        self._set(layout)

    def reset(self, layout: CrashLayout, path: Path | None = None) -> None:
        """Another board (New, Open): a fresh history, nothing to save yet."""
        self.undo_stack.clear()
        self.layout, self.path = layout, path
        self.changed.emit()

    def save(self, path: Path) -> None:
        """Atomic, through the engine; raises CrashGrabError and leaves the document as it was."""
        save_layout(self.layout, path)
        self.path = path
        self.undo_stack.setClean()
        self.changed.emit()
