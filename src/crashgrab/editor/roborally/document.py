"""The course being edited (with its board set): one Course, changed only through these methods,
each calling one pure edit (edits.py) and emitting `changed` once. Undo commands (commands.py)
call them; "modified" is the undo stack's clean state."""
from __future__ import annotations

from crashgrab.engine.roborally.model import CellElement, Course, EdgeElement, Piece

from ..layout_document import LayoutDocument
from . import edits


class CourseDocument(LayoutDocument):
    layout: Course

    # Each raises edits.RoboRallyEditRefused (and changes nothing) when the edit is refused.
    def place_board(self, board_id: str, x: int, y: int, rotation: int = 0) -> None:
        self._set(edits.with_board(self.layout, board_id, x, y, rotation))

    def move_board(self, index: int, x: int, y: int) -> None:
        self._set(edits.with_board_moved(self.layout, index, x, y))

    def turn_board(self, index: int, quarter_turns: int) -> None:
        self._set(edits.with_board_turned(self.layout, index, quarter_turns))

    def remove_board(self, index: int) -> None:
        self._set(edits.without_board(self.layout, index))

    def add_checkpoint(self, cell) -> None:
        self._set(edits.with_checkpoint(self.layout, cell))

    def move_checkpoint(self, number: int, cell) -> None:
        self._set(edits.with_checkpoint_moved(self.layout, number, cell))

    def reorder_checkpoint(self, number: int, new_number: int) -> None:
        self._set(edits.with_checkpoint_reordered(self.layout, number, new_number))

    def remove_checkpoint(self, number: int) -> None:
        self._set(edits.without_checkpoint(self.layout, number))

    def add_start(self, cell, facing: str) -> None:
        self._set(edits.with_start(self.layout, cell, facing))

    def move_start(self, number: int, cell) -> None:
        self._set(edits.with_start_moved(self.layout, number, cell))

    def turn_start(self, number: int, quarter_turns: int) -> None:
        self._set(edits.with_start_turned(self.layout, number, quarter_turns))

    def remove_start(self, number: int) -> None:
        self._set(edits.without_start(self.layout, number))

    def set_players(self, players: int | None) -> None:
        self._set(edits.with_players(self.layout, players))

    def add_piece(self, piece: Piece) -> None:
        self._set(edits.with_piece(self.layout, piece))

    def change_piece(self, index: int, piece: Piece) -> None:
        self._set(edits.with_piece_changed(self.layout, index, piece))

    def move_piece(self, index: int, cell, side: str | None) -> None:
        self._set(edits.with_piece_moved(self.layout, index, cell, side))

    def turn_piece(self, index: int, quarter_turns: int) -> None:
        self._set(edits.with_piece_turned(self.layout, index, quarter_turns))

    def remove_piece(self, index: int) -> None:
        self._set(edits.without_piece(self.layout, index))

    def set_cell(self, board_id: str, cell, element: CellElement | None) -> None:
        self._set(edits.with_cell_element(self.layout, board_id, cell, element))

    def turn_cell(self, board_id: str, cell, quarter_turns: int) -> None:
        self._set(edits.with_cell_element_turned(self.layout, board_id, cell, quarter_turns))

    def toggle_edge(self, board_id: str, element: EdgeElement) -> None:
        self._set(edits.with_edge_toggled(self.layout, board_id, element))

    def change_edge(self, board_id: str, old: EdgeElement, new: EdgeElement) -> None:
        self._set(edits.with_edge_element_changed(self.layout, board_id, old, new))

    def add_board_to_set(self, width: int, height: int) -> None:
        self._set(edits.with_new_board(self.layout, width, height))

    def rename_board(self, board_id: str, name: str) -> None:
        self._set(edits.with_board_renamed(self.layout, board_id, name))

    def remove_board_from_set(self, board_id: str) -> None:
        self._set(edits.without_set_board(self.layout, board_id))

    def name_boardset_file(self, path: str) -> None:
        self._set(edits.with_boardset_file(self.layout, path))

    def resize_board(self, board_id: str, width: int, height: int) -> None:
        self._set(edits.with_board_resized(self.layout, board_id, width, height))
