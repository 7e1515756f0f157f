"""The board a game's editor edits, and the base of its undo commands: the editor shell the
game editors shared word for word (the start of issue 20's editor shell).

A game's document subclasses `LayoutDocument` with one method per edit, each calling one of the
engine's pure edits and handing the new layout to `_set`, which emits `changed` once; "modified"
is the undo stack's clean state. A game's commands subclass `LayoutEdit`: redo calls one document
method (`change`), undo restores the layout from before it, and an edit the engine refuses
(errors.EditRefused) makes the command obsolete (the stack drops it) with the reason in `refused`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from crashgrab.engine.errors import EditRefused
from crashgrab.engine.formats.layout_io import save_layout


class LayoutDocument(QObject):
    changed = Signal()

    def __init__(self, layout: Any, path: Path | None = None) -> None:
        super().__init__()
        self.layout = layout
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda _clean: self.changed.emit())

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def _set(self, layout: Any) -> None:
        self.layout = layout
        self.changed.emit()

    def restore(self, layout: Any) -> None:
        """Put back a layout this document held before (undo)."""
        self._set(layout)

    def reset(self, layout: Any, path: Path | None = None) -> None:
        """Another board (New, Open): a fresh history, nothing to save yet."""
        self.undo_stack.clear()
        self.layout, self.path = layout, path
        self.changed.emit()

    def save(self, path: Path) -> None:
        """Atomic, through the engine (the layout's own game writes it); raises CrashGrabError and
        leaves the document as it was."""
        save_layout(self.layout, path)
        self.path = path
        self.undo_stack.setClean()
        self.changed.emit()


class LayoutEdit(QUndoCommand):
    def __init__(self, document: LayoutDocument, text: str) -> None:
        super().__init__(text)
        self.document = document
        self.before = document.layout
        self.refused: EditRefused | None = None

    def redo(self) -> None:
        try:
            self.change()
        except EditRefused as error:
            self.refused = error
            self.setObsolete(True)

    def change(self) -> None:  # pragma: no cover - every edit overrides it
        raise NotImplementedError

    def undo(self) -> None:
        self.document.restore(self.before)
