"""Square-grid geometry shared by every game: directions and quarter-turn rotation.

Coordinates are (x, y) with x the column from the left and y the row from the top.
Rotation is clockwise in quarter turns of 0, 90, 180 or 270 degrees.
"""
from __future__ import annotations

from enum import Enum

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)


class Direction(Enum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self]

    def turned(self, rotation: int) -> "Direction":
        """This direction after turning the board clockwise by `rotation` degrees."""
        order = list(Direction)
        return order[(order.index(self) + quarter_turns(rotation)) % 4]

    @property
    def opposite(self) -> "Direction":
        return self.turned(180)

    def step(self, x: int, y: int, distance: int = 1) -> tuple[int, int]:
        dx, dy = _DELTAS[self]
        return x + dx * distance, y + dy * distance


_DELTAS = {
    Direction.NORTH: (0, -1),
    Direction.EAST: (1, 0),
    Direction.SOUTH: (0, 1),
    Direction.WEST: (-1, 0),
}


def quarter_turns(rotation: int) -> int:
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
    return rotation // 90


def rotated_size(width: int, height: int, rotation: int) -> tuple[int, int]:
    """Width and height of a width x height rectangle after a clockwise rotation."""
    return (height, width) if quarter_turns(rotation) % 2 else (width, height)


def rotate_point(x: int, y: int, width: int, height: int, rotation: int) -> tuple[int, int]:
    """Where native cell (x, y) of a width x height rectangle lands after a clockwise rotation."""
    turns = quarter_turns(rotation)
    if turns == 0:
        return x, y
    if turns == 1:
        return height - 1 - y, x
    if turns == 2:
        return width - 1 - x, height - 1 - y
    return y, width - 1 - x


def neighbours(x: int, y: int) -> list[tuple[int, int]]:
    """The four orthogonal neighbours, north, east, south, west."""
    return [d.step(x, y) for d in Direction]
