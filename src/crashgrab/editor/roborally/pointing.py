"""The mouse and the keyboard on the RoboRally board (a mixin of window.CourseWindow): what a
click, a drag, a right-click and each key does, by tool and mode. They only turn input into undo
commands (or a selection); the document changes the model.

Keys (as in the other editors): the arrows move a cursor and choose the side an edge tool acts
on, Enter or Space acts there as a click, Ctrl+arrows move the selection, R / Shift+R turn it,
Delete removes it, Escape lets go."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt

from crashgrab.engine.grid.square import SQUARE
from crashgrab.engine.roborally.model import Course
from crashgrab.engine.roborally.resolved import resolve_course
from crashgrab.engine.roborally.terms import edge_key

from . import commands, edits
from .tools import cell_element, edge_element, piece
from .view import CELL

EDGE_PIXELS = 7.0  # a click this close to a square's side names that side
ARROWS = {Qt.Key_Up: "north", Qt.Key_Right: "east", Qt.Key_Down: "south", Qt.Key_Left: "west"}


class Pointing:
    course: Any
    document: Any
    mode: str
    tool: str
    selected: Any
    cursor: Any
    drag: Any
    hover_cell: Any
    hover_side: Any
    painting: bool
    resolved: Any
    view: Any

    def moved_course(self, thing: tuple, cell, origin, side=None) -> Course:
        """The course as moving `thing` (pressed on `origin`) to `cell` would make it: the same pure
        edit the drop's undo command makes (raises its refusal)."""
        kind, key = thing
        course = self.course
        if kind == "board":
            placement = course.boards[key]
            return edits.with_board_moved(course, key, placement.x + cell[0] - origin[0],
                                          placement.y + cell[1] - origin[1])
        if kind == "checkpoint":
            return edits.with_checkpoint_moved(course, key, cell)
        if kind == "start":
            return edits.with_start_moved(course, key, cell)
        item = course.pieces[key]
        if item.type == "door":
            at, door_side = side if side is not None else (cell, item.side)
            return edits.with_piece_moved(course, key, at, door_side)
        return edits.with_piece_moved(course, key, cell)

    def side_at(self, point) -> tuple | None:
        return SQUARE.edge_at(point, EDGE_PIXELS / max(self.view.pixels_per_cell(), 1e-6))

    def thing_at(self, cell) -> tuple | None:
        """The course's marker or board under a square, topmost first."""
        course = self.course
        start = next((s for s in course.starts if s.at == cell), None)
        if start is not None:
            return ("start", start.number)
        if cell in course.checkpoints:
            return ("checkpoint", course.checkpoints.index(cell) + 1)
        index = next((i for i, p in enumerate(course.pieces) if p.at == cell and p.type != "door"), None)
        if index is not None:
            return ("piece", index)
        for placed in reversed(resolve_course(course).placed):
            if cell in placed.course_cells():
                return ("board", placed.index)
        return None

    def door_piece_at(self, side) -> int | None:
        if side is None:
            return None
        key = edge_key(*side)
        return next((i for i, p in enumerate(self.course.pieces)
                     if p.type == "door" and p.side and edge_key(p.at, p.side) == key), None)

    def on_pressed(self, point, button) -> None:
        cell = SQUARE.cell_at(point)
        side = self.side_at(point)
        self.cursor = None  # the mouse's turn: the keyboard's cursor comes back with the arrow keys
        if button == Qt.RightButton:
            self.remove_at(cell, side)
            return
        if button == Qt.LeftButton:
            self.act_at(cell, side, press=True)

    def act_at(self, cell, side, press: bool = False) -> None:
        """A click (or Enter at the cursor): the tool's edit, or with Select, select what is there."""
        if self.mode:
            self._board_act(cell, side, press)
            return
        tool = self.tool
        door = self.door_piece_at(side)
        thing = ("piece", door) if door is not None else self.thing_at(cell)
        if tool == "select" or (thing is not None and thing[0] != "board"):  # a marker is dragged with any tool
            self.select(thing)
            self.drag = (thing, cell) if press and thing is not None else None
            return
        if tool == "board":
            board_id = self.board_box.currentData()
            if board_id and self.edit(commands.place_board(self.document, board_id, self.board_name(board_id), *cell)):
                self.select(("board", len(self.course.boards) - 1))
        elif tool == "checkpoint":
            if self.edit(commands.add_checkpoint(self.document, cell)):
                self.select(("checkpoint", len(self.course.checkpoints)))
        elif tool == "start":
            if self.edit(commands.add_start(self.document, cell, self.settings().facing)):
                self.select(("start", max(s.number for s in self.course.starts if s.at == cell)))
        else:
            if tool == "door" and side is None:
                self.statusBar().showMessage("Not done: click nearer a square's side to put a door there.", 8000)
                return
            if self.edit(commands.add_piece(self.document, piece(tool, side[0] if tool == "door" else cell,
                                                                 side[1] if tool == "door" else None,
                                                                 self.settings()))):
                self.select(("piece", len(self.course.pieces) - 1))

    def _board_act(self, cell, side, press: bool) -> None:
        board_id = self.mode
        tool = self._tool(self.tool)
        if tool is None or tool.id == "select":
            mounted = self._mounted_at(side)
            if mounted is not None:
                self.select(("edge", mounted))
            else:
                self.select(("cell", cell) if self.resolved.on_course(cell) else None)
            return
        if tool.edge:
            if side is None:
                self.statusBar().showMessage(f"Not done: click nearer a square's side to put a {tool.title.lower()} "
                                             "there.", 8000)
                return
            element = edge_element(tool.id, side[0], side[1], self.settings())
            self.edit(commands.toggle_edge(self.document, board_id, self.board_name(board_id), element))
            return
        self.painting = press
        self.paint_cell(cell)

    def _mounted_at(self, side):
        """The laser, pusher or door of the edited board on that side of that square, if any."""
        board = self.course.boardset.board(self.mode) if self.mode else None
        if side is None or board is None:
            return None
        return next((e for e in board.edge_elements(*side) if e.type != "wall" and e.mount == side), None)

    def paint_cell(self, cell, quiet: bool = False) -> None:
        element = cell_element(self.tool, self.settings())
        tool = self._tool(self.tool)
        what = f"Paint {tool.title.lower()}" if tool and element is not None else "Clear"
        if self.edit(commands.set_cell(self.document, self.mode, self.board_name(self.mode), cell, element, what),
                     quiet=quiet):
            self.selected = ("cell", cell)
            self._show_selection()

    def remove_at(self, cell, side) -> None:
        """Right-click or Delete at the cursor: what is on the side under the pointer, else the square's thing."""
        if self.mode:
            board = self.course.boardset.board(self.mode)
            on_side = board.edge_elements(*side) if side is not None and board is not None else ()
            mounted = [e for e in on_side if e.type == "wall" or e.mount == side] if side else []
            if mounted:
                element = next((e for e in mounted if e.type != "wall"), mounted[0])
                self.edit(commands.toggle_edge(self.document, self.mode, self.board_name(self.mode), element))
            elif board is not None and board.element(cell) is not None:
                self.edit(commands.set_cell(self.document, self.mode, board.name, cell, None, "Clear"))
            return
        door = self.door_piece_at(side)
        thing = ("piece", door) if door is not None else self.thing_at(cell)
        if thing is not None and thing[0] == "board":  # a whole board goes only on purpose
            self.statusBar().showMessage("To take a board off the course, select it and press Delete.", 6000)
        elif thing is not None:
            self.remove(thing)

    def remove(self, thing: tuple) -> bool:
        kind, key = thing
        document = self.document
        if kind == "board":
            done = self.edit(commands.remove_board(document, key, self.board_name(self.course.boards[key].board)))
        elif kind == "checkpoint":
            done = self.edit(commands.remove_checkpoint(document, key))
        elif kind == "start":
            done = self.edit(commands.remove_start(document, key))
        elif kind == "piece":
            done = self.edit(commands.remove_piece(document, key, self.course.pieces[key].type))
        elif kind == "cell":
            done = self.edit(commands.set_cell(document, self.mode, self.board_name(self.mode), key, None, "Clear"))
        else:
            return False
        if done and kind != "cell":
            self.selected = None
            self.refresh()
        return done

    def on_moved(self, point) -> None:
        cell = SQUARE.cell_at(point)
        tool = self._tool(self.tool)
        side = self.side_at(point) if tool is not None and tool.edge else None
        side_changed, self.hover_side = side != self.hover_side, side
        if cell != self.hover_cell:
            self.hover_cell = cell
            self.cell_label.setText(self.describe_cell(cell))
            if self.painting and self.mode:
                board = self.course.boardset.board(self.mode)
                if board is not None and board.contains(cell) and board.element(cell) != cell_element(self.tool,
                                                                                                     self.settings()):
                    self.paint_cell(cell, quiet=True)
                    return  # the edit redrew it
            elif self.drag is not None:
                self.redraw()
                return
        if side_changed:
            self.redraw()

    def on_released(self, point) -> None:
        cell = SQUARE.cell_at(point)
        drag, self.drag, self.painting = self.drag, None, False
        if drag is None or drag[0] is None or cell == drag[1]:
            if drag is not None:
                self.redraw()
            return
        self.move_thing(drag[0], cell, drag[1], self.side_at(point))

    def move_thing(self, thing: tuple, cell, origin, side=None) -> bool:
        """The selected board by the squares between `origin` and `cell`; a marker or piece to `cell`."""
        kind, key = thing
        course, document = self.course, self.document
        if kind == "board":
            placement = course.boards[key]
            x, y = placement.x + cell[0] - origin[0], placement.y + cell[1] - origin[1]
            return self.edit(commands.move_board(document, key, self.board_name(placement.board), x, y))
        if kind == "checkpoint":
            return self.edit(commands.move_checkpoint(document, key, cell))
        if kind == "start":
            return self.edit(commands.move_start(document, key, cell))
        if kind == "piece":
            item = course.pieces[key]
            if item.type == "door":
                if side is None:
                    side = (cell, item.side)
                return self.edit(commands.move_piece(document, key, "door", side[0], side[1]))
            return self.edit(commands.move_piece(document, key, item.type, cell, None))
        return False

    def turn(self, quarter_turns: int) -> bool:
        if self.selected is None:
            return False
        kind, key = self.selected
        document = self.document
        if kind == "board":
            return self.edit(commands.turn_board(document, key, self.board_name(self.course.boards[key].board),
                                                 quarter_turns))
        if kind == "start":
            return self.edit(commands.turn_start(document, key, quarter_turns))
        if kind == "piece":
            return self.edit(commands.turn_piece(document, key, self.course.pieces[key].type, quarter_turns))
        if kind == "cell":
            return self.edit(commands.turn_cell(document, self.mode, self.board_name(self.mode), key, quarter_turns))
        return False

    def on_key(self, event) -> bool:
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeypadModifier
        if key in ARROWS and modifiers == Qt.ControlModifier and self.selected is not None:
            cell = self._selected_cell(self.selected) if self.selected[0] != "board" else \
                (self.course.boards[self.selected[1]].x, self.course.boards[self.selected[1]].y)
            if cell is not None:
                target = SQUARE.step(cell, ARROWS[key])
                if self.selected[0] == "cell":
                    self.select(("cell", target))
                elif self.selected[0] == "piece" and self.course.pieces[self.selected[1]].type == "door":
                    item = self.course.pieces[self.selected[1]]
                    self.edit(commands.move_piece(self.document, self.selected[1], "door", target, item.side))
                else:
                    self.move_thing(self.selected, target, cell)
            return True
        if key in ARROWS and modifiers == Qt.NoModifier:
            side = ARROWS[key]
            if self.cursor is None:
                start = self._selected_cell(self.selected) if self.selected else None
                self.cursor = (start or (self.resolved.sorted_cells() or [(0, 0)])[0], side)
            else:
                self.cursor = (SQUARE.step(self.cursor[0], side), side)
            self.cell_label.setText(self.describe_cell(self.cursor[0]) + f" (edge tools: its {side} side)")
            self.redraw()
            self.view.ensureVisible(QRectF(self.cursor[0][0] * CELL, self.cursor[0][1] * CELL, CELL, CELL), 30, 30)
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space) and self.cursor is not None:
            self.act_at(self.cursor[0], self.cursor)
            return True
        if key == Qt.Key_R and modifiers in (Qt.NoModifier, Qt.ShiftModifier):
            self.turn(-1 if modifiers & Qt.ShiftModifier else 1)
            return True
        if key in (Qt.Key_Delete, Qt.Key_Backspace):
            if self.selected is not None:
                self.remove(self.selected)
            elif self.cursor is not None:
                self.remove_at(self.cursor[0], self.cursor)
            else:
                self.statusBar().showMessage("Nothing selected to delete: click a thing first.", 4000)
            return True
        if key == Qt.Key_Escape:
            self.drag = None
            self.select(None)
            return True
        return False

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.on_key(event):
            super().keyPressEvent(event)
