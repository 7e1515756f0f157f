"""One small undo command per edit (on the shell's LayoutEdit: redo calls one document method,
undo restores the layout from before it, a refused edit leaves no step)."""
from __future__ import annotations


from ..layout_document import LayoutEdit
from .document import ArenaDocument


class ArenaEdit(LayoutEdit):
    document: ArenaDocument


class Resize(ArenaEdit):
    def __init__(self, document: ArenaDocument, width: int, height: int) -> None:
        super().__init__(document, f"Resize the arena to {width}x{height}")
        self.size = (width, height)

    def change(self) -> None:
        self.document.resize(*self.size)


class PlaceStart(ArenaEdit):
    def __init__(self, document: ArenaDocument, suit: str, cell, facing: str | None = None) -> None:
        super().__init__(document, f"Place the {suit} start at [{cell[0]},{cell[1]}]")
        self.suit, self.cell, self.facing = suit, cell, facing

    def change(self) -> None:
        self.document.place_start(self.suit, self.cell, self.facing)


class RotateStart(ArenaEdit):
    def __init__(self, document: ArenaDocument, suit: str) -> None:
        super().__init__(document, f"Turn the {suit} start")
        self.suit = suit

    def change(self) -> None:
        self.document.rotate_start(self.suit)


class RemoveStart(ArenaEdit):
    def __init__(self, document: ArenaDocument, suit: str) -> None:
        super().__init__(document, f"Remove the {suit} start")
        self.suit = suit

    def change(self) -> None:
        self.document.remove_start(self.suit)


class ToggleWall(ArenaEdit):
    def __init__(self, document: ArenaDocument, cell) -> None:
        super().__init__(document, f"Toggle the wall at [{cell[0]},{cell[1]}]")
        self.cell = cell

    def change(self) -> None:
        self.document.toggle_wall(self.cell)
