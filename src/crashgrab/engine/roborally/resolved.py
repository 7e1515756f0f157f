"""A course worked out in course coordinates: every cell's board and element, every edge element,
nothing left to rotate; and the resolved-course JSON the rules engine reads (the "json" export).

Boards are turned (model.Board.rotated) and shifted by their placement. Where boards overlap, the
first board listed keeps the cell (board-overlap is an error finding). Factory element pieces are
resolved into their cell (portal, crusher, flamethrower) or onto their edge (door). A laser or a
pusher always stands on a wall: the wall is added when the board drew only the laser. Walls are
listed once per edge, under the canonical name (terms.edge_key); lasers, pushers and doors keep
the cell and side they are mounted on, so their direction is known.

The resolved course is kept as the studio's generic board (engine/grid/model.py `Board`, as
Crash & Grab's is): every course cell with the board that keeps it, each cell's features (a
board's element printed on it, a factory element piece placed on the board: `ON_BOARD`), every
edge's features under the geometry's canonical `edge_key`, a laser, pusher or door facing away
from the side it is mounted on. `board_of`, `elements`, `board_elements` and `edges` read it in
RoboRally's own terms (model.CellElement, model.EdgeElement).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable

from ..grid import model as grid
from ..grid.geometry import Direction
from ..grid.square import SQUARE
from .model import Board, CellElement, Course, EdgeElement, Placement
from .terms import ON_A_WALL, Cell, Edge, edge_key


@dataclass(frozen=True)
class PlacedBoard:
    index: int            # in the course's boards list
    placement: Placement
    board: Board          # turned by the placement's rotation, its own coordinates from (0, 0)

    def to_course(self, cell: Cell) -> Cell:
        return cell[0] + self.placement.x, cell[1] + self.placement.y

    def course_cells(self) -> list[Cell]:
        return [self.to_course(c) for c in self.board.all_cells()]


# --- an element as a feature of the generic board, and back ----------------------------------
def cell_feature(element: CellElement, tile: str) -> grid.CellFeature:
    settings = element.settings()
    facing = settings.pop("facing", None)
    return grid.CellFeature(element.type, tile, facing=None if facing is None else Direction(facing),
                            settings=settings or grid.NO_SETTINGS)


def cell_element(feature: grid.CellFeature) -> CellElement:
    settings = dict(feature.settings)
    steps = settings.pop("steps", None)
    return CellElement(feature.type, facing=None if feature.facing is None else feature.facing.value,
                       steps=None if steps is None else tuple(steps), **settings)


def edge_feature(element: EdgeElement, tile: str) -> grid.CellFeature:
    """On its canonical edge; a laser, pusher or door faces away from its mount (where it fires,
    pushes, or is drawn from), a wall has no facing."""
    (_, side), mount = element.key, element.mount[1]
    facing = None if element.type == "wall" else Direction(SQUARE.opposite(mount))
    return grid.CellFeature(element.type, tile, facing=facing, edge=side, settings=element.settings() or grid.NO_SETTINGS)


def edge_element(key: Edge, feature: grid.CellFeature) -> EdgeElement:
    cell, side = key
    mount = key if feature.facing is None or feature.facing.value != side else (
        SQUARE.step(cell, side), SQUARE.opposite(side))
    settings = dict(feature.settings)
    steps = settings.pop("steps", None)
    return EdgeElement(feature.type, mount, steps=None if steps is None else tuple(steps), **settings)


def course_board(board_of: dict[Cell, str], elements: dict[Cell, CellElement], board_elements: dict[Cell, CellElement],
                 edges: Iterable[tuple[Edge, tuple[tuple[EdgeElement, str], ...]]]) -> grid.Board:
    """The generic board of a resolved course (course coordinates, from (0, 0))."""
    cell_features = {cell: (cell_feature(element, board_of[cell] if board_elements.get(cell) is element
                                         else grid.ON_BOARD),) for cell, element in elements.items()}
    width = max((c[0] + 1 for c in board_of), default=0)
    height = max((c[1] + 1 for c in board_of), default=0)
    return grid.Board(width, height, dict(board_of), {cell: features[0] for cell, features in cell_features.items()},
                      cell_features, {key: tuple(edge_feature(e, tile) for e, tile in items) for key, items in edges})


@dataclass(frozen=True)
class ResolvedCourse:
    course: Course
    placed: tuple[PlacedBoard, ...]
    floor: grid.Board             # the resolved course: cells, their features, the edges' features
    overlaps: dict[Cell, tuple[int, ...]] = field(default_factory=dict)  # cell -> the placements covering it

    @cached_property
    def board_of(self) -> dict[Cell, str]:
        """Every course cell -> the id of the board that keeps it."""
        return dict(self.floor.cell_tiles)

    @cached_property
    def elements(self) -> dict[Cell, CellElement]:
        """Board elements and cell pieces, by course cell."""
        return {cell: cell_element(features[0]) for cell, features in self.floor.all_cell_features().items()}

    @cached_property
    def board_elements(self) -> dict[Cell, CellElement]:
        """The boards' own elements only."""
        return {cell: self.elements[cell] for cell, features in self.floor.all_cell_features().items()
                if features[0].tile != grid.ON_BOARD}

    @cached_property
    def edges(self) -> dict[Edge, tuple[EdgeElement, ...]]:
        """Canonical edge -> its elements (course coordinates)."""
        return {key: tuple(edge_element(key, f) for f in features) for key, features in self.floor.edge_features.items()}

    def on_course(self, cell: Cell) -> bool:
        return cell in self.board_of

    def edge_elements(self, cell: Cell, side: str) -> tuple[EdgeElement, ...]:
        return self.edges.get(edge_key(cell, side), ())

    def wall_on(self, cell: Cell, side: str) -> bool:
        """Whether a fixed wall (or a laser or pusher on one) closes the side `side` of `cell`."""
        return any(e.type == "wall" or e.type in ON_A_WALL for e in self.edge_elements(cell, side))

    def wall_between(self, a: Cell, b: Cell) -> bool:
        """Whether a fixed wall separates two neighbouring cells."""
        return self.wall_on(a, next(d for d in SQUARE.directions if SQUARE.step(a, d) == b))

    def sorted_cells(self) -> list[Cell]:
        return sorted(self.board_of, key=lambda c: (c[1], c[0]))

    def bounds(self) -> tuple[int, int]:
        """(width, height) of the box from (0, 0) holding every course cell."""
        if not self.board_of:
            return 0, 0
        return max(c[0] for c in self.board_of) + 1, max(c[1] for c in self.board_of) + 1


def placed_boards(course: Course) -> tuple[PlacedBoard, ...]:
    placed = []
    for index, placement in enumerate(course.boards):
        board = course.boardset.board(placement.board)
        if board is not None:  # loading refuses an unknown board; a value built in code may still name one
            placed.append(PlacedBoard(index, placement, board.rotated(placement.rotation)))
    return tuple(placed)


def resolve_course(course: Course) -> ResolvedCourse:
    placed = placed_boards(course)
    board_of: dict[Cell, str] = {}
    covering: dict[Cell, list[int]] = {}
    board_elements: dict[Cell, CellElement] = {}
    edge_list: list[tuple[EdgeElement, str]] = []     # each with the board printing it (ON_BOARD: a piece)
    for item in placed:
        for local in item.board.all_cells():
            cell = item.to_course(local)
            covering.setdefault(cell, []).append(item.index)
            if cell in board_of:
                continue
            board_of[cell] = item.board.id
            element = item.board.element(local)
            if element is not None:
                board_elements[cell] = element
        for edge in item.board.all_edge_elements():
            (x, y), side = edge.mount
            edge_list.append((edge.moved((item.to_course((x, y)), side)), item.board.id))
    elements = dict(board_elements)
    for piece in course.pieces:
        if piece.type == "door":
            if piece.side is not None:
                edge_list.append((EdgeElement("door", (piece.at, piece.side), steps=piece.steps), grid.ON_BOARD))
        elif piece.at not in elements:  # a piece on an element is piece-not-empty; the board's element stays
            elements[piece.at] = CellElement(piece.type, facing=piece.facing, colour=piece.colour, steps=piece.steps)
    overlaps = {cell: tuple(indices) for cell, indices in covering.items() if len(indices) > 1}
    floor = course_board(board_of, elements, board_elements, _edges_once(edge_list).items())
    return ResolvedCourse(course, placed, floor, overlaps)


def _edges_once(elements: list[tuple[EdgeElement, str]]) -> dict[Edge, tuple[tuple[EdgeElement, str], ...]]:
    """Each edge's elements (with the board printing each), a wall once (two boards meeting, or a
    laser's own wall, add no second)."""
    grouped: dict[Edge, list[tuple[EdgeElement, str]]] = {}
    for element, tile in elements:
        items = grouped.setdefault(element.key, [])
        if element.type in ON_A_WALL and not any(e.type == "wall" for e, _ in items):
            items.append((EdgeElement("wall", element.key), tile))
        if element.type == "wall" and any(e.type == "wall" for e, _ in items):
            continue
        if any(e.type == element.type and e.mount == element.mount for e, _ in items):
            continue  # the same element twice, from overlapping boards
        items.append((element, tile))
    return {key: tuple(items) for key, items in grouped.items()}


def _side_order(side: str) -> int:
    return SQUARE.directions.index(side)


def cell_json(cell: Cell, board: str, element: CellElement | None) -> dict[str, Any]:
    if element is None:
        return {"at": list(cell), "board": board, "type": "floor"}
    return {"at": list(cell), "board": board, "type": element.type, **element.settings()}


def edge_json(element: EdgeElement) -> dict[str, Any]:
    cell, side = element.mount
    return {"at": list(cell), "side": side, "type": element.type, **element.settings()}


def resolved_course_json(course: Course, resolved: ResolvedCourse | None = None) -> dict[str, Any]:
    """The resolved course (docs/roborally.md, "Resolved JSON"): the hand-off to the rules engine."""
    resolved = resolved or resolve_course(course)
    width, height = resolved.bounds()
    cells = [cell_json(c, resolved.board_of[c], resolved.elements.get(c)) for c in resolved.sorted_cells()]
    edges = [edge_json(e) for items in resolved.edges.values() for e in items]
    edges.sort(key=lambda e: (e["at"][1], e["at"][0], _side_order(e["side"]), e["type"]))
    return {
        "game": "roborally", "name": course.name, "width": width, "height": height,
        "cells": cells, "edges": edges,
        "checkpoints": [list(c) for c in course.checkpoints],
        "starts": [{"number": s.number, "at": list(s.at), "facing": s.facing}
                   for s in sorted(course.starts, key=lambda s: s.number)],
        "players": course.player_count,
    }
