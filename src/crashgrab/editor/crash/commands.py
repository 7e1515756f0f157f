"""One small undo command per edit (on the shell's LayoutEdit: redo calls one document method,
undo restores the layout from before it, a refused edit leaves no step). The hexes of one paint
stroke (press, drag, release) merge into one command, so one undo takes the stroke back."""
from __future__ import annotations

from crashgrab.engine.crash.terms import Cell, cell_text

from ..layout_document import LayoutEdit
from .document import BoardDocument

PAINT_ID = 2101  # QUndoCommand.id of paint strokes: same id and stroke, one command


class BoardEdit(LayoutEdit):
    document: BoardDocument


class PaintHexes(BoardEdit):
    def __init__(self, document: BoardDocument, cells: tuple[Cell, ...], add: bool, stroke: int) -> None:
        super().__init__(document, f"{'Add' if add else 'Remove'} hex{'es' if len(cells) > 1 else ''} "
                         f"{' '.join(cell_text(c) for c in cells)}")
        self.cells, self.add, self.stroke = tuple(cells), add, stroke

    def change(self) -> None:
        self.document.paint_hexes(self.cells, self.add)

    def id(self) -> int:
        return PAINT_ID

    def mergeWith(self, other) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(other, PaintHexes) or other.stroke != self.stroke or other.add != self.add:
            return False
        self.cells += tuple(c for c in other.cells if c not in self.cells)
        self.setText(f"{'Add' if self.add else 'Remove'} {len(self.cells)} hexes")
        return True


class PlaceStart(BoardEdit):
    def __init__(self, document: BoardDocument, player: str, car: int, cell: Cell, facing: str | None = None) -> None:
        super().__init__(document, f"Place {player}'s car {car} at {cell_text(cell)}")
        self.player, self.car, self.cell, self.facing = player, car, cell, facing

    def change(self) -> None:
        self.document.place_start(self.player, self.car, self.cell, self.facing)


class TurnStart(BoardEdit):
    def __init__(self, document: BoardDocument, player: str, car: int, steps: int) -> None:
        super().__init__(document, f"Turn {player}'s car {car} {'clockwise' if steps > 0 else 'anticlockwise'}")
        self.player, self.car, self.steps = player, car, steps

    def change(self) -> None:
        self.document.turn_start(self.player, self.car, self.steps)


class RemoveStart(BoardEdit):
    def __init__(self, document: BoardDocument, player: str, car: int) -> None:
        super().__init__(document, f"Remove {player}'s car {car}")
        self.player, self.car = player, car

    def change(self) -> None:
        self.document.remove_start(self.player, self.car)


class PlaceJunkyard(BoardEdit):
    def __init__(self, document: BoardDocument, player: str, cell: Cell) -> None:
        super().__init__(document, f"Place {player}'s junkyard at {cell_text(cell)}")
        self.player, self.cell = player, cell

    def change(self) -> None:
        self.document.place_junkyard(self.player, self.cell)


class RemoveJunkyard(BoardEdit):
    def __init__(self, document: BoardDocument, player: str) -> None:
        super().__init__(document, f"Remove {player}'s junkyard")
        self.player = player

    def change(self) -> None:
        self.document.remove_junkyard(self.player)
