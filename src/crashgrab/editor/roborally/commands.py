"""One small undo command per edit (on the shell's LayoutEdit: redo calls one document method,
undo restores the course from before it, a refused edit leaves no step). Each names its edit in
a designer's words ("Turn the Foundry board a quarter turn"), as the Edit menu shows it."""
from __future__ import annotations

from typing import Any, Callable

from crashgrab.engine.roborally.terms import cell_text, edge_text

from ..layout_document import LayoutEdit
from .document import CourseDocument


class CourseEdit(LayoutEdit):
    """`call(document)` is the one document method the edit makes."""

    document: CourseDocument

    def __init__(self, document: CourseDocument, text: str, call: Callable[[CourseDocument], Any]) -> None:
        super().__init__(document, text)
        self.call = call

    def change(self) -> None:
        self.call(self.document)


def place_board(document, board_id: str, name: str, x: int, y: int, rotation: int = 0) -> CourseEdit:
    return CourseEdit(document, f"Place the {name} board at {cell_text((x, y))}",
                      lambda d: d.place_board(board_id, x, y, rotation))


def move_board(document, index: int, name: str, x: int, y: int) -> CourseEdit:
    return CourseEdit(document, f"Move the {name} board to {cell_text((x, y))}", lambda d: d.move_board(index, x, y))


def turn_board(document, index: int, name: str, quarter_turns: int = 1) -> CourseEdit:
    way = "clockwise" if quarter_turns > 0 else "anticlockwise"
    return CourseEdit(document, f"Turn the {name} board a quarter turn {way}",
                      lambda d: d.turn_board(index, quarter_turns))


def remove_board(document, index: int, name: str) -> CourseEdit:
    return CourseEdit(document, f"Remove the {name} board", lambda d: d.remove_board(index))


def add_checkpoint(document, cell) -> CourseEdit:
    number = len(document.layout.checkpoints) + 1
    return CourseEdit(document, f"Add checkpoint {number} at {cell_text(cell)}", lambda d: d.add_checkpoint(cell))


def move_checkpoint(document, number: int, cell) -> CourseEdit:
    return CourseEdit(document, f"Move checkpoint {number} to {cell_text(cell)}",
                      lambda d: d.move_checkpoint(number, cell))


def reorder_checkpoint(document, number: int, new_number: int) -> CourseEdit:
    return CourseEdit(document, f"Make checkpoint {number} checkpoint {new_number}",
                      lambda d: d.reorder_checkpoint(number, new_number))


def remove_checkpoint(document, number: int) -> CourseEdit:
    return CourseEdit(document, f"Remove checkpoint {number}", lambda d: d.remove_checkpoint(number))


def add_start(document, cell, facing: str) -> CourseEdit:
    return CourseEdit(document, f"Add a start at {cell_text(cell)} facing {facing}",
                      lambda d: d.add_start(cell, facing))


def move_start(document, number: int, cell) -> CourseEdit:
    return CourseEdit(document, f"Move start {number} to {cell_text(cell)}", lambda d: d.move_start(number, cell))


def turn_start(document, number: int, quarter_turns: int = 1) -> CourseEdit:
    return CourseEdit(document, f"Turn start {number}", lambda d: d.turn_start(number, quarter_turns))


def remove_start(document, number: int) -> CourseEdit:
    return CourseEdit(document, f"Remove start {number}", lambda d: d.remove_start(number))


def set_players(document, players: int | None) -> CourseEdit:
    words = f"{players} robots" if players is not None else "one robot per start"
    return CourseEdit(document, f"Race with {words}", lambda d: d.set_players(players))


def _piece_where(piece) -> str:
    return edge_text(piece.at, piece.side) if piece.type == "door" and piece.side else cell_text(piece.at)


def add_piece(document, piece) -> CourseEdit:
    return CourseEdit(document, f"Put a {piece.type} piece on {_piece_where(piece)}", lambda d: d.add_piece(piece))


def change_piece(document, index: int, piece) -> CourseEdit:
    return CourseEdit(document, f"Set the {piece.type} piece on {_piece_where(piece)}",
                      lambda d: d.change_piece(index, piece))


def move_piece(document, index: int, kind: str, cell, side: str | None) -> CourseEdit:
    where = edge_text(cell, side) if side else cell_text(cell)
    return CourseEdit(document, f"Move the {kind} piece to {where}", lambda d: d.move_piece(index, cell, side))


def turn_piece(document, index: int, kind: str, quarter_turns: int = 1) -> CourseEdit:
    return CourseEdit(document, f"Turn the {kind} piece", lambda d: d.turn_piece(index, quarter_turns))


def remove_piece(document, index: int, kind: str) -> CourseEdit:
    return CourseEdit(document, f"Remove the {kind} piece", lambda d: d.remove_piece(index))


def set_cell(document, board_id: str, board_name: str, cell, element, what: str) -> CourseEdit:
    return CourseEdit(document, f"{what} on {cell_text(cell)} of {board_name}",
                      lambda d: d.set_cell(board_id, cell, element))


def turn_cell(document, board_id: str, board_name: str, cell, quarter_turns: int = 1) -> CourseEdit:
    return CourseEdit(document, f"Turn what is on {cell_text(cell)} of {board_name}",
                      lambda d: d.turn_cell(board_id, cell, quarter_turns))


def toggle_edge(document, board_id: str, board_name: str, element) -> CourseEdit:
    board = document.layout.boardset.board(board_id)
    there = board is not None and any(e.type == element.type and (e.type == "wall" or e.mount == element.mount)
                                      for e in board.edge_elements(*element.mount))
    verb = "Remove the" if there else "Add a"
    return CourseEdit(document, f"{verb} {element.type} on {edge_text(*element.mount)} of {board_name}",
                      lambda d: d.toggle_edge(board_id, element))


def change_edge(document, board_id: str, board_name: str, old, new) -> CourseEdit:
    return CourseEdit(document, f"Set the {old.type} on {edge_text(*old.mount)} of {board_name}",
                      lambda d: d.change_edge(board_id, old, new))


def add_board_to_set(document, width: int, height: int) -> CourseEdit:
    return CourseEdit(document, f"Add a new {width}x{height} board to the board set",
                      lambda d: d.add_board_to_set(width, height))


def rename_board(document, board_id: str, old_name: str, name: str) -> CourseEdit:
    return CourseEdit(document, f"Rename the board {old_name} to {name.strip()}", lambda d: d.rename_board(board_id, name))


def remove_board_from_set(document, board_id: str, name: str) -> CourseEdit:
    return CourseEdit(document, f"Take the board {name} out of the board set",
                      lambda d: d.remove_board_from_set(board_id))


def name_boardset_file(document, path: str, shown: str) -> CourseEdit:
    return CourseEdit(document, f"Keep the board set in {shown}", lambda d: d.name_boardset_file(path))


def resize_board(document, board_id: str, name: str, width: int, height: int) -> CourseEdit:
    return CourseEdit(document, f"Resize the board {name} to {width}x{height}",
                      lambda d: d.resize_board(board_id, width, height))
