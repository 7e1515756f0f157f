"""The generic editor's undo commands: each calls one `BoardDocument` method (layout_document.LayoutEdit)."""
from __future__ import annotations

from .document import BoardDocument, Cell
from ..layout_document import LayoutEdit


def _where(cell: Cell, edge: str | None) -> str:
    return f"[{cell[0]},{cell[1]}]" + (f" {edge} side" if edge else "")


class Place(LayoutEdit):
    def __init__(self, document: BoardDocument, feature_type: str, title: str, cell: Cell, edge: str | None) -> None:
        super().__init__(document, f"Place {title} at {_where(cell, edge)}")
        self.feature_type, self.cell, self.edge = feature_type, cell, edge

    def change(self) -> None:
        self.document.place(self.feature_type, self.cell, self.edge)


class Remove(LayoutEdit):
    def __init__(self, document: BoardDocument, cell: Cell, edge: str | None) -> None:
        super().__init__(document, f"Remove what is at {_where(cell, edge)}")
        self.cell, self.edge = cell, edge

    def change(self) -> None:
        self.document.remove(self.cell, self.edge)


class Turn(LayoutEdit):
    def __init__(self, document: BoardDocument, cell: Cell, edge: str | None) -> None:
        super().__init__(document, f"Turn what is at {_where(cell, edge)}")
        self.cell, self.edge = cell, edge

    def change(self) -> None:
        self.document.turn(self.cell, self.edge)


class Resize(LayoutEdit):
    def __init__(self, document: BoardDocument, width: int, height: int) -> None:
        super().__init__(document, f"Resize the board to {width}\u00d7{height}")
        self.width, self.height = width, height

    def change(self) -> None:
        self.document.resize(self.width, self.height)
