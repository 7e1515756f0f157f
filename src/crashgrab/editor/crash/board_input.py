"""The mouse and the keyboard on the Crash! board (a mixin of window.CrashBoardWindow): a click,
a drag and each key turned into one undo command (or a selection), by tool; playtesting, they go
to the playtest panel. The keyboard does what the mouse does: the arrow keys move a cursor over
the hexes, Enter acts there as a click, Ctrl+arrows move the selected piece, R / Shift+R turn a
start, 1-6 choose the car, Delete removes the piece (or the hex under the cursor)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from crashgrab.engine.crash.terms import CARS, HEX, Cell

from . import commands
from .board_view import arrow_direction
from .chrome import HEX_TOOL


class BoardInput:
    document: Any
    undo_stack: Any
    tool: str
    selected: tuple | None
    cursor: Cell | None
    dragging: tuple | None
    painting: bool | None
    stroke: int
    car_box: Any
    playtest: Any
    playtesting: bool

    # --- editing -----------------------------------------------------------------------------
    def edit(self, command: commands.BoardEdit, quiet: bool = False) -> bool:
        """Push an edit; a refused one leaves nothing on the stack and says why."""
        self.undo_stack.push(command)
        if command.refused is not None:
            if not quiet:
                self.statusBar().showMessage(f"Not done: {command.refused.message}", 8000)
            return False
        return True

    def piece_at(self, cell: Cell) -> tuple | None:
        layout = self.document.layout
        start = next((s for s in layout.starts if s.at == cell), None)
        if start is not None:
            return ("start", start.player, start.car)
        junkyard = next((j for j in layout.junkyards if j.at == cell), None)
        return ("junkyard", junkyard.player) if junkyard is not None else None

    def piece_cell(self, piece: tuple) -> Cell | None:
        layout = self.document.layout
        if piece[0] == "start":
            start = layout.start_of(piece[1], piece[2])
            return start.at if start else None
        junkyard = layout.junkyard_of(piece[1])
        return junkyard.at if junkyard else None

    def _piece_exists(self, piece: tuple) -> bool:
        return self.piece_cell(piece) is not None

    def move_piece(self, piece: tuple, cell: Cell) -> bool:
        if piece[0] == "start":
            return self.edit(commands.PlaceStart(self.document, piece[1], piece[2], cell))
        return self.edit(commands.PlaceJunkyard(self.document, piece[1], cell))

    def select(self, piece: tuple | None) -> None:
        self.selected = piece
        if piece is not None:
            what = f"{piece[1]}'s car {piece[2]}" if piece[0] == "start" else f"{piece[1]}'s junkyard"
            keys = "R / Shift+R turn it, " if piece[0] == "start" else ""
            self.statusBar().showMessage(f"{what} selected: drag it or Ctrl+arrows to move it, {keys}Delete removes it.",
                                         6000)
        self.redraw()

    def on_pressed(self, cell: Cell, button) -> None:
        if button != Qt.LeftButton:
            return
        self.cursor = None  # the mouse's turn: the keyboard's cursor comes back with the arrow keys
        if self.playtesting:
            self.playtest.clicked(cell)
            return
        self.act_at(cell, press=True)

    def act_at(self, cell: Cell, press: bool = False) -> None:
        """A click (or Enter at the cursor): select a piece, else the tool's edit."""
        piece = self.piece_at(cell)
        if piece is not None:
            self.select(piece)
            self.dragging = piece if press else None
            return
        if self.tool == HEX_TOOL:
            self.stroke += 1
            add = cell not in self.document.layout.hexes
            self.painting = add if press else None
            self.edit(commands.PaintHexes(self.document, (cell,), add, self.stroke))
        elif self.tool.startswith("start_"):
            player, car = self.tool.removeprefix("start_"), self.car_box.value()
            if self.edit(commands.PlaceStart(self.document, player, car, cell)):
                self.select(("start", player, car))
                self._next_car(player)
        else:
            player = self.tool.removeprefix("junkyard_")
            if self.edit(commands.PlaceJunkyard(self.document, player, cell)):
                self.select(("junkyard", player))

    def _next_car(self, player: str) -> None:
        """After a start is placed, the start tool offers the next car of that player without one."""
        layout = self.document.layout
        missing = [n for n in CARS if layout.start_of(player, n) is None]
        if missing:
            after = [n for n in missing if n > self.car_box.value()]
            self.car_box.setValue((after or missing)[0])

    def on_dragged(self, cell: Cell) -> None:
        if self.painting is not None and (cell in self.document.layout.hexes) != self.painting:
            self.edit(commands.PaintHexes(self.document, (cell,), self.painting, self.stroke))

    def on_released(self, cell: Cell) -> None:
        piece, self.dragging, self.painting = self.dragging, None, None
        if piece is not None and not self.playtesting and self.piece_cell(piece) not in (None, cell):
            self.move_piece(piece, cell)
        self.redraw()  # the board, held still under the mouse until now, fitted again

    def on_key(self, event, shown: bool = True) -> bool:
        """The board's keys; None: the board got the keyboard's focus (`shown`) or lost it. True when used."""
        if event is None:
            if not shown:
                self.redraw()
                self.show_cell()
                return True
            if self.cursor is None:
                at = self.piece_cell(self.selected) if self.selected else None
                self.cursor = at or (min(self.document.layout.hexes, key=lambda c: (c[1], c[0]))
                                     if self.document.layout.hexes else (0, 0))
            self.redraw()
            self.show_cell()
            return True
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeypadModifier
        if self.cursor is None and (arrow_direction((0, 0), key) or key in (Qt.Key_Return, Qt.Key_Enter)):
            self.on_key(None)  # the first arrow key shows the cursor where it would start
            if key not in (Qt.Key_Return, Qt.Key_Enter) and modifiers == Qt.NoModifier:
                return True
        cursor = self.cursor or (0, 0)
        direction = arrow_direction(cursor, key)
        if direction is not None and modifiers == Qt.NoModifier:
            self.cursor = HEX.step(cursor, direction)
            self.redraw()
            self.show_cell()
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and modifiers == Qt.NoModifier:
            if self.playtesting:
                self.playtest.clicked(cursor)
            else:
                self.act_at(cursor)
            return True
        if self.playtesting:
            return self.playtest.key(event)
        if direction is not None and modifiers == Qt.ControlModifier and self.selected is not None:
            at = self.piece_cell(self.selected)
            if at is not None:
                target = HEX.step(at, arrow_direction(at, key) or direction)
                if self.move_piece(self.selected, target):
                    self.cursor = target
                    self.redraw()
            return True
        if Qt.Key_1 <= key <= Qt.Key_6 and modifiers == Qt.NoModifier:
            self.car_box.setValue(key - Qt.Key_0)
            return True
        if key == Qt.Key_R and self.selected is not None and self.selected[0] == "start":
            steps = -1 if modifiers & Qt.ShiftModifier else 1
            self.edit(commands.TurnStart(self.document, self.selected[1], self.selected[2], steps))
            return True
        if key in (Qt.Key_Delete, Qt.Key_Backspace):
            self.delete()
            return True
        if key == Qt.Key_Escape and self.selected is not None:
            self.select(None)
            return True
        return False

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)

    def delete(self) -> None:
        """Delete: the selected piece, else the hex under the cursor."""
        piece = self.selected
        if piece is not None:
            command = commands.RemoveStart(self.document, piece[1], piece[2]) if piece[0] == "start" else \
                commands.RemoveJunkyard(self.document, piece[1])
            if self.edit(command):
                self.selected = None
                self.redraw()
        elif self.cursor is not None:
            self.stroke += 1
            self.edit(commands.PaintHexes(self.document, (self.cursor,), False, self.stroke))
