"""The Crash! board being edited: one CrashLayout, changed only through these methods, each of
which calls the engine's pure edits (engine/crash/editing.py) and emits `changed` once. Undo
commands (commands.py) call them; "modified" is the undo stack's clean state."""
from __future__ import annotations

from crashgrab.engine.crash import editing
from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.terms import Cell

from ..layout_document import LayoutDocument


class BoardDocument(LayoutDocument):
    layout: CrashLayout

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
