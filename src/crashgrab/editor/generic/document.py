"""The board the generic editor edits: one method per edit, each one of the game's pure edits
(engine/editing.py) handed to `_set`, which emits `changed` once."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from crashgrab.engine.editing import BoardEditing

from ..layout_document import LayoutDocument

Cell = tuple[int, int]


class BoardDocument(LayoutDocument):
    def __init__(self, editing: BoardEditing, layout: Any, path: Path | None = None) -> None:
        super().__init__(layout, path)
        self.editing = editing

    def place(self, feature_type: str, cell: Cell, edge: str | None = None) -> None:
        self._set(self.editing.place(self.layout, feature_type, cell, edge))

    def remove(self, cell: Cell, edge: str | None = None) -> None:
        self._set(self.editing.remove(self.layout, cell, edge))

    def turn(self, cell: Cell, edge: str | None = None) -> None:
        self._set(self.editing.turn(self.layout, cell, edge))

    def resize(self, width: int, height: int) -> None:
        self._set(self.editing.resize(self.layout, width, height))
