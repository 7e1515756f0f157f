"""RoboRally board set files: JSON <-> BoardSet, validated against
schemas/roborally-boardset.schema.json, saved atomically.

Beyond the schema, loading refuses what no board can hold, naming the JSON path: a board id used
twice, a cell or an edge outside its board, a cell listed twice, one edge element drawn twice (a
wall named from either of its cells is the same wall), a door and a wall on one edge.
A board's wall is written under its canonical name (terms.edge_key) when that cell lies on the
board, else under its other name, so a file says each edge one way.
"""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from ..errors import InvalidFileError, UnreadableFileError
from ..formats.jsonio import parse_json, read_json, with_schema_ref, write_json_atomic
from ..formats.kinds import check_kind
from ..formats.schemas import validate
from ..grid.square import SQUARE
from .model import Board, BoardSet, CellElement, EdgeElement, Start, edges_by_key
from .terms import ON_A_WALL, Cell, Edge, cell_text, edge_text

FORMAT = "crash-grab-boardset"
SCHEMA = "roborally-boardset"
SHIPPED_FOLDER = "roborally"  # under the shipped layouts: layouts/roborally/<id>.json


def _cell(value: list[int]) -> Cell:
    return (value[0], value[1])


def _steps(raw: dict[str, Any]) -> tuple[int, ...] | None:
    return tuple(sorted(raw["steps"])) if "steps" in raw else None


def cell_element(raw: dict[str, Any]) -> CellElement:
    return CellElement(raw["type"], raw.get("facing"), raw.get("express"), raw.get("turn"), raw.get("wrenches"),
                       raw.get("colour"), _steps(raw))


def boardset_from_json(document: Any, file: str | Path | None = None, where: str = "$") -> BoardSet:
    """A BoardSet from a document; `where` prefixes JSON paths when it is embedded in a course."""
    def fail(path: str, message: str, hint: str | None = None):
        raise InvalidFileError(message, file=file, where=where + path[1:], hint=hint)

    try:
        check_kind(document, FORMAT, file)
        validate(document, SCHEMA, file)
    except InvalidFileError as error:
        if where != "$" and error.where:
            error.where = where + error.where[1:]
        raise
    boards: list[Board] = []
    for index, raw in enumerate(document["boards"]):
        path = f"$.boards[{index}]"
        if any(b.id == raw["id"] for b in boards):
            fail(f"{path}.id", f"the board id {raw['id']!r} is used twice.", "Give each board its own id.")
        boards.append(_board(raw, path, fail))
    return BoardSet(document["id"], document["name"], tuple(boards), document.get("$schema"))


def _board(raw: dict[str, Any], path: str, fail) -> Board:
    width, height = raw["width"], raw["height"]

    def inside(cell: Cell, where: str) -> None:
        if not (cell[0] < width and cell[1] < height):
            fail(where, f"{cell_text(cell)} is outside the {width}x{height} board {raw['id']!r}.",
                 f"Use x from 0 to {width - 1} and y from 0 to {height - 1}.")

    cells: dict[Cell, CellElement] = {}
    for index, item in enumerate(raw["cells"]):
        where = f"{path}.cells[{index}]"
        cell = _cell(item["at"])
        inside(cell, f"{where}.at")
        if cell in cells:
            fail(where, f"the cell {cell_text(cell)} of board {raw['id']!r} is listed twice.",
                 "A cell holds one element: remove one.")
        cells[cell] = cell_element(item)
    edges: list[EdgeElement] = []
    for index, item in enumerate(raw["edges"]):
        where = f"{path}.edges[{index}]"
        cell, side = _cell(item["at"]), item["side"]
        inside(cell, f"{where}.at")
        element = EdgeElement(item["type"], (cell, side), item.get("beams"), _steps(item)).moved((cell, side))
        for other in edges:
            if other.key != element.key:
                continue
            if element.type == other.type and (element.type == "wall" or other.mount == element.mount):
                fail(where, f"the {element.type} on {edge_text(cell, side)} of board {raw['id']!r} is drawn twice "
                     f"(also as {edge_text(*other.mount)}).", "An edge is one thing from either side: remove one.")
            if {element.type, other.type} == {"door", "wall"} or (element.type == "door" and other.type in ON_A_WALL) \
                    or (other.type == "door" and element.type in ON_A_WALL):
                fail(where, f"the edge {edge_text(cell, side)} of board {raw['id']!r} holds a door and a wall.",
                     "A door is a wall while it is shut: remove the wall, or the door.")
        edges.append(element)
    starts: list[Start] = []
    for index, item in enumerate(raw.get("starts", [])):
        where = f"{path}.starts[{index}]"
        start = Start(item["number"], _cell(item["at"]), item["facing"])
        inside(start.at, f"{where}.at")
        if any(s.number == start.number for s in starts):
            fail(f"{where}.number", f"board {raw['id']!r} has two starts numbered {start.number}.", "Number them 1 to 8.")
        if any(s.at == start.at for s in starts):
            fail(f"{where}.at", f"board {raw['id']!r} has two starts on {cell_text(start.at)}.", "Move one of them.")
        starts.append(start)
    return Board(raw["id"], raw["name"], width, height, cells, edges_by_key(edges), tuple(starts))


def edge_name_on(board: Board, element: EdgeElement) -> Edge:
    """How a board file names an element's edge: a laser, pusher or door by its mount; a wall by
    its canonical name when that cell is on the board, else by the other."""
    if element.type != "wall" or board.contains(element.mount[0]):
        return element.mount
    cell, side = element.mount
    return SQUARE.step(cell, side), SQUARE.opposite(side)


def board_to_json(board: Board) -> dict[str, Any]:
    cells = [{"at": list(c), "type": board.cells[c].type, **board.cells[c].settings()}
             for c in sorted(board.cells, key=lambda c: (c[1], c[0]))]
    edges: list[dict[str, Any]] = []
    for element in board.all_edge_elements():
        cell, side = edge_name_on(board, element)
        edges.append({"at": list(cell), "side": side, "type": element.type, **element.settings()})
    edges.sort(key=lambda e: (e["at"][1], e["at"][0], SQUARE.directions.index(e["side"]), e["type"]))
    document: dict[str, Any] = {"id": board.id, "name": board.name, "width": board.width, "height": board.height,
                "cells": cells, "edges": edges}
    if board.starts:
        document["starts"] = [{"number": s.number, "at": list(s.at), "facing": s.facing} for s in board.starts]
    return document


def boardset_to_json(boardset: BoardSet) -> dict[str, Any]:
    return with_schema_ref({"format": FORMAT, "version": 1, "game": "roborally", "id": boardset.id,
                            "name": boardset.name, "boards": [board_to_json(b) for b in boardset.boards]},
                           boardset.schema_ref)


def load_boardset(path: str | Path) -> BoardSet:
    return boardset_from_json(read_json(path), path)


def save_boardset(boardset: BoardSet, path: str | Path) -> None:
    """Validate, then write atomically (a failed save leaves the old file as it was)."""
    document = boardset_to_json(boardset)
    validate(document, SCHEMA, path)
    write_json_atomic(path, document)


def shipped_boardset_file(boardset_id: str):
    return files("crashgrab.layouts").joinpath(SHIPPED_FOLDER, f"{boardset_id}.json")


@lru_cache(maxsize=None)
def shipped_boardset(boardset_id: str) -> BoardSet | None:
    """A board set that ships with the program (layouts/roborally/<id>.json), or None."""
    resource = shipped_boardset_file(boardset_id)
    if not resource.is_file():
        return None
    return boardset_from_json(parse_json(resource.read_text(encoding="utf-8"), resource.name), resource.name)


def standard_boardset() -> BoardSet:
    boardset = shipped_boardset("standard")
    if boardset is None:
        raise UnreadableFileError("the standard board set is missing from the installed program.",
                                  file="roborally/standard.json", hint="Reinstall the program.")
    return boardset
