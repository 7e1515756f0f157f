"""Factory boards, board sets and courses: immutable values, no file I/O.

A board keeps its cell elements by cell (plain floor is not stored) and its edge elements by
edge, each edge once under its canonical name (terms.edge_key): `[3,4] east` and `[4,4] west` are
one key. An edge element also keeps the side it is mounted on (`mount`), since a laser fires and a
pusher pushes into the cell it is mounted on; a wall's mount is the canonical name. A laser or a
pusher stands on a wall: `wall_between` counts it as one.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

from ..grid.geometry import rotate_point
from ..grid.square import SQUARE
from .terms import ON_A_WALL, Cell, Edge, edge_key


@dataclass(frozen=True)
class CellElement:
    """What a cell holds besides floor: `type` one of terms.CELL_TYPES, with its settings."""

    type: str
    facing: str | None = None        # conveyor, flamethrower
    express: bool | None = None      # conveyor
    turn: str | None = None          # gear: left or right
    wrenches: int | None = None      # repair: 1 or 2
    colour: str | None = None        # portal
    steps: tuple[int, ...] | None = None  # crusher, flamethrower: program steps it is active in; () = every step

    def turned(self, rotation: int) -> "CellElement":
        return self if self.facing is None else replace(self, facing=SQUARE.turned(self.facing, rotation))

    def settings(self) -> dict[str, object]:
        """Its settings as files write them (after "type"), in a fixed order."""
        out: dict[str, object] = {}
        for name in ("facing", "express", "turn", "wrenches", "colour"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.steps is not None:
            out["steps"] = list(self.steps)
        return out


@dataclass(frozen=True)
class EdgeElement:
    """A wall, laser, pusher or door on the side `mount` of a cell."""

    type: str
    mount: Edge
    beams: int | None = None              # laser: 1-3
    steps: tuple[int, ...] | None = None  # pusher: active in; door: open in

    @property
    def key(self) -> Edge:
        return edge_key(*self.mount)

    def settings(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.beams is not None:
            out["beams"] = self.beams
        if self.steps is not None:
            out["steps"] = list(self.steps)
        return out

    def moved(self, mount: Edge) -> "EdgeElement":
        if self.type == "wall":  # a wall is named canonically whichever side it was drawn on
            mount = edge_key(*mount)
        return replace(self, mount=mount)


@dataclass(frozen=True)
class Start:
    number: int
    at: Cell
    facing: str


def rotate_in_box(cell: Cell, rotation: int, width: int, height: int) -> Cell:
    """Where `cell` of a width x height board lands when the board turns clockwise by `rotation`
    degrees and its top-left corner is put back at (0, 0)."""
    return rotate_point(cell[0], cell[1], width, height, rotation)


@dataclass(frozen=True)
class Board:
    id: str
    name: str
    width: int
    height: int
    cells: Mapping[Cell, CellElement] = field(default_factory=dict)
    edges: Mapping[Edge, tuple[EdgeElement, ...]] = field(default_factory=dict)  # canonical edge -> its elements
    starts: tuple[Start, ...] = ()  # numbered start squares printed on the board (a start strip's)

    def __hash__(self) -> int:
        return hash((self.id, self.width, self.height))

    def all_cells(self) -> list[Cell]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def element(self, cell: Cell) -> CellElement | None:
        return self.cells.get(cell)

    def edge_elements(self, cell: Cell, side: str) -> tuple[EdgeElement, ...]:
        return self.edges.get(edge_key(cell, side), ())

    def all_edge_elements(self) -> list[EdgeElement]:
        return [e for key in sorted(self.edges, key=_edge_order) for e in self.edges[key]]

    def wall_between(self, a: Cell, b: Cell) -> bool:
        """Whether a wall (or a laser or pusher, which stand on one) separates two neighbouring cells."""
        side = _side_towards(a, b)
        return any(e.type == "wall" or e.type in ON_A_WALL for e in self.edge_elements(a, side))

    def rotated(self, rotation: int) -> "Board":
        """The board turned clockwise by `rotation` degrees (0, 90, 180, 270), its top-left at (0, 0):
        cells, facings and edges turn with it."""
        if rotation % 360 == 0:
            return self
        width, height = (self.height, self.width) if rotation % 180 else (self.width, self.height)
        cells = {rotate_in_box(c, rotation, self.width, self.height): e.turned(rotation) for c, e in self.cells.items()}
        moved = [e.moved((rotate_in_box(e.mount[0], rotation, self.width, self.height),
                          SQUARE.turned(e.mount[1], rotation))) for e in self.all_edge_elements()]
        starts = tuple(Start(s.number, rotate_in_box(s.at, rotation, self.width, self.height),
                             SQUARE.turned(s.facing, rotation)) for s in self.starts)
        return replace(self, width=width, height=height, cells=cells, edges=edges_by_key(moved), starts=starts)


def _side_towards(a: Cell, b: Cell) -> str:
    for side in SQUARE.directions:
        if SQUARE.step(a, side) == b:
            return side
    raise ValueError(f"{a} and {b} are not neighbours")


def _edge_order(key: Edge) -> tuple[int, int, int]:
    return key[0][1], key[0][0], SQUARE.directions.index(key[1])


def edges_by_key(elements: Iterable[EdgeElement]) -> dict[Edge, tuple[EdgeElement, ...]]:
    grouped: dict[Edge, list[EdgeElement]] = {}
    for element in elements:
        grouped.setdefault(element.key, []).append(element)
    return {key: tuple(items) for key, items in grouped.items()}


@dataclass(frozen=True)
class BoardSet:
    id: str
    name: str
    boards: tuple[Board, ...]
    schema_ref: str | None = None

    def board(self, board_id: str) -> Board | None:
        return next((b for b in self.boards if b.id == board_id), None)


@dataclass(frozen=True)
class Placement:
    """A board on the course: `x`, `y` is its top-left cell after `rotation` (clockwise degrees)."""

    board: str
    x: int
    y: int
    rotation: int = 0


@dataclass(frozen=True)
class Piece:
    """A factory element piece of the expansion placed on the course (terms.PIECE_TYPES)."""

    type: str
    at: Cell
    colour: str | None = None             # portal
    facing: str | None = None             # flamethrower
    side: str | None = None               # door: the side of `at` it stands on
    steps: tuple[int, ...] | None = None  # crusher, flamethrower: active in; door: open in


@dataclass(frozen=True)
class Course:
    """A race course (the game's layout): boards from a board set, checkpoints in race order,
    starts and pieces, in course coordinates."""

    name: str
    boardset: BoardSet
    boards: tuple[Placement, ...] = ()
    checkpoints: tuple[Cell, ...] = ()
    starts: tuple[Start, ...] = ()
    pieces: tuple[Piece, ...] = ()
    players: int | None = None          # None: the number of starts
    boardset_ref: str | None = None     # a shipped id or an absolute path; None: embedded in the file
    notes: str = ""
    schema_ref: str | None = None

    @property
    def player_count(self) -> int:
        return self.players if self.players is not None else len(self.starts)
