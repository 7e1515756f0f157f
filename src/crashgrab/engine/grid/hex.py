"""The hex grid as a `system.Geometry`: pointy-top hexes in axial coordinates [q, r].

q grows to the east, r to the south-east; the cube coordinate s is -q - r. Directions run
clockwise from east. Board units are the hex radius (centre to corner): the centre of [q, r]
is at x = sqrt(3) * (q + r / 2), y = 1.5 * r, with y growing downward as on screen, so a hex
is sqrt(3) units across its flats and 2 units from point to point.
Rotations turn clockwise in 60-degree steps.
"""
from __future__ import annotations

import math
from typing import Iterable

from .edges import canonical_edge, polygon_bounds

Cell = tuple[int, int]
Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)
DIRECTIONS: tuple[str, ...] = ("east", "southeast", "southwest", "west", "northwest", "northeast")
DELTAS: dict[str, Cell] = {
    "east": (1, 0), "southeast": (0, 1), "southwest": (-1, 1),
    "west": (-1, 0), "northwest": (0, -1), "northeast": (1, -1),
}
ROTATIONS: tuple[int, ...] = (0, 60, 120, 180, 240, 300)
ACROSS_FLATS = SQRT3  # a hex's width between two opposite sides, in board units (radii)


def sixth_turns(rotation: int) -> int:
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
    return rotation // 60


def distance(a: Cell, b: Cell) -> int:
    """Steps between two hexes: the cube distance max(|dq|, |dr|, |ds|)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate_cell(cell: Cell, rotation: int, centre: Cell = (0, 0)) -> Cell:
    """Where `cell` lands when the board turns clockwise by `rotation` degrees about `centre`."""
    q, r = cell[0] - centre[0], cell[1] - centre[1]
    for _ in range(sixth_turns(rotation)):
        q, r = -r, q + r
    return q + centre[0], r + centre[1]


def direction_angle(direction: str) -> float:
    """The direction's angle in degrees, clockwise from east on screen (y down): east 0, southeast 60 ..."""
    return 60.0 * DIRECTIONS.index(direction)


def nearest_directions(vector: Point) -> tuple[str, ...]:
    """The directions nearest in angle to `vector` (board units, y down), clockwise from east;
    two when it points exactly between two, none for the zero vector."""
    if vector == (0.0, 0.0) or math.hypot(*vector) < 1e-12:
        return ()
    angle = math.degrees(math.atan2(vector[1], vector[0])) % 360.0
    gaps = [angle_between(angle, direction_angle(d)) for d in DIRECTIONS]
    best = min(gaps)
    return tuple(d for d, gap in zip(DIRECTIONS, gaps) if gap - best < 1e-9)


def angle_between(a: float, b: float) -> float:
    """The smaller angle between two angles in degrees (0 to 180)."""
    gap = abs(a - b) % 360.0
    return min(gap, 360.0 - gap)


def vector_angle(vector: Point) -> float:
    return math.degrees(math.atan2(vector[1], vector[0])) % 360.0


class HexGeometry:
    name = "hex"
    directions: tuple[str, ...] = DIRECTIONS
    rotations: tuple[int, ...] = ROTATIONS

    def step(self, cell: Cell, direction: str, distance: int = 1) -> Cell:
        dq, dr = DELTAS[direction]
        return cell[0] + dq * distance, cell[1] + dr * distance

    def turned(self, direction: str, rotation: int) -> str:
        return DIRECTIONS[(DIRECTIONS.index(direction) + sixth_turns(rotation)) % 6]

    def opposite(self, direction: str) -> str:
        return self.turned(direction, 180)

    def neighbours(self, cell: Cell) -> list[Cell]:
        return [self.step(cell, d) for d in DIRECTIONS]

    def distance(self, a: Cell, b: Cell) -> int:
        return distance(a, b)

    def rotate_cell(self, cell: Cell, rotation: int, centre: Cell = (0, 0)) -> Cell:
        return rotate_cell(cell, rotation, centre)

    def direction_angle(self, direction: str) -> float:
        return direction_angle(direction)

    def edge_key(self, cell: Cell, direction: str) -> tuple[Cell, str]:
        return canonical_edge(self, cell, direction)

    def bounds(self, cells: Iterable[Cell]) -> tuple[float, float, float, float]:
        return polygon_bounds(self, cells)

    def cell_centre(self, cell: Cell) -> Point:
        q, r = cell
        return SQRT3 * (q + r / 2), 1.5 * r

    def cell_polygon(self, cell: Cell) -> list[Point]:
        """The six corners clockwise, starting with the one between the northeast and east sides,
        so that corners i and i + 1 bound the side toward DIRECTIONS[i]."""
        cx, cy = self.cell_centre(cell)
        return [(cx + math.cos(math.radians(60 * i - 30)), cy + math.sin(math.radians(60 * i - 30)))
                for i in range(6)]

    def cell_at(self, point: Point) -> Cell:
        """The hex containing `point` (board units): axial from pixel, then cube rounding."""
        x, y = point
        q = (SQRT3 / 3 * x - y / 3)
        r = 2 * y / 3
        return _cube_round(q, r)

    def edge(self, cell: Cell, direction: str) -> tuple[Point, Point]:
        """The side of `cell` toward `direction`, clockwise (east: its upper corner, then its lower)."""
        corners = self.cell_polygon(cell)
        index = DIRECTIONS.index(direction)
        return corners[index], corners[(index + 1) % 6]

    def edge_at(self, point: Point, tolerance: float = 0.15) -> tuple[Cell, str] | None:
        """The side within `tolerance` of `point` (the hex containing it names it), if any."""
        cell = self.cell_at(point)
        cx, cy = self.cell_centre(cell)
        dx, dy = point[0] - cx, point[1] - cy
        best, gap = None, math.inf
        for direction in DIRECTIONS:
            angle = math.radians(direction_angle(direction))
            to_side = SQRT3 / 2 - (dx * math.cos(angle) + dy * math.sin(angle))
            if to_side < gap:
                best, gap = direction, to_side
        return (cell, best) if best is not None and gap <= tolerance else None


def _cube_round(q: float, r: float) -> Cell:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


HEX = HexGeometry()
