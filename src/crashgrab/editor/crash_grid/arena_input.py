"""The mouse and the keyboard on the Crash Grid arena (a mixin of window.ArenaWindow): a click, a
drag and each key turned into one undo command (or a selection), by tool; playtesting, a rider
chosen, dragged to another square or turned. The arrow keys move a cursor over the squares,
Enter acts there as a click, Ctrl+arrows move the selected start, R turns it, Delete removes it."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from . import commands
from .chrome import WALL_TOOL

ARROW_STEPS = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}


class ArenaInput:
    document: Any
    undo_stack: Any
    scene: Any
    tool: str
    dragging: str | None
    cursor: tuple[int, int] | None
    playtest: Any
    playtesting: bool

    # --- editing -----------------------------------------------------------------------------
    def edit(self, command: commands.ArenaEdit) -> bool:
        """Push an edit; a refused one leaves nothing on the stack and says why."""
        self.undo_stack.push(command)
        if command.refused is not None:
            self.statusBar().showMessage(f"Not done: {command.refused.message}", 8000)
            return False
        return True

    def start_at(self, cell) -> str | None:
        return next((s.suit for s in self.document.layout.starts if s.cell == cell), None)

    def on_pressed(self, cell, button) -> None:
        self.cursor = None  # the mouse's turn: the keyboard's cursor comes back with the arrow keys
        self.act_at(cell, press=True)

    def act_at(self, cell, press: bool = False) -> None:
        """A click (or Enter at the cursor): select a start or rider, else the tool's edit."""
        suit = self.playtest.rider_at(cell) if self.playtesting else self.start_at(cell)
        if self.playtesting:
            self.dragging = suit if press else None
            self.scene.selected = suit
            self.redraw()
            return
        if suit is not None:
            self.select(suit)
            self.dragging = suit if press else None
        elif self.tool == WALL_TOOL:
            self.edit(commands.ToggleWall(self.document, cell))
        else:
            if self.edit(commands.PlaceStart(self.document, self.tool, cell)):
                self.select(self.tool)

    def on_released(self, cell) -> None:
        suit, self.dragging = self.dragging, None
        if self.playtesting:
            if suit is not None and self.playtest.rider_at(cell) != suit:
                self.playtest.place(suit, cell)
            return
        start = self.document.layout.start_of(suit) if suit else None
        if start is not None and start.cell != cell:
            self.edit(commands.PlaceStart(self.document, suit, cell))

    def select(self, suit: str | None) -> None:
        self.scene.selected = suit
        self.refresh()

    def on_key(self, event, shown: bool = True) -> bool:
        """The board's keys; None: the board got the keyboard's focus (`shown`) or lost it. The
        arrow keys move a cursor over the squares, Enter acts there as a click, Ctrl+arrows move
        the selected start. True when used."""
        if event is None:
            if shown and self.cursor is None:
                start = self.document.layout.start_of(self.scene.selected) if self.scene.selected else None
                self.cursor = start.cell if start is not None else (0, 0)
            self.redraw()
            self.show_cell()
            return True
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeypadModifier
        step = ARROW_STEPS.get(key)
        if step is not None and modifiers == Qt.NoModifier:
            x, y = self.cursor or (0, 0)
            layout = self.document.layout
            self.cursor = (min(max(x + step[0], 0), layout.width - 1), min(max(y + step[1], 0), layout.height - 1))
            self.redraw()
            self.show_cell()
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and modifiers == Qt.NoModifier:
            self.act_at(self.cursor or (0, 0))
            return True
        suit = self.scene.selected
        if step is not None and modifiers == Qt.ControlModifier and suit and not self.playtesting:
            start = self.document.layout.start_of(suit)
            if start is not None:
                target = (start.cell[0] + step[0], start.cell[1] + step[1])
                if self.edit(commands.PlaceStart(self.document, suit, target)):
                    self.cursor = target
                    self.redraw()
                    self.show_cell()
            return True
        if self.playtesting and suit and key == Qt.Key_R:
            self.playtest.turn(suit)
            return True
        if suit and not self.playtesting and self.document.layout.start_of(suit):
            if key == Qt.Key_R:
                self.edit(commands.RotateStart(self.document, suit))
                return True
            if key in (Qt.Key_Delete, Qt.Key_Backspace):
                self.edit(commands.RemoveStart(self.document, suit))
                self.scene.selected = None
                self.redraw()
                return True
        if key == Qt.Key_Escape and suit:
            self.select(None)
            return True
        return False

    def keyPressEvent(self, event) -> None:
        if not self.on_key(event):
            super().keyPressEvent(event)
