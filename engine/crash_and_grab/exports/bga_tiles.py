"""The Board Game Arena edition's own grid of every tile side, and its way of turning a grid.

Facts read from the edition's public source (github.com/brianhenk0147/bga-cg,
crashandgrab.game.php, `setBoardTile` and `rotateMatrix90`), written down here as data:
each side is a list of rows, top to bottom; a space is "B" (blank), "S" (Accelerator) or a
Crash Site number "1".."12". The edition turns a grid clockwise one quarter at a time:
each new row is an old column read from the bottom up.
"""
from __future__ import annotations

Grid = tuple[tuple[str, ...], ...]


def _grid(*rows: str) -> Grid:
    return tuple(tuple(row.split()) for row in rows)


# (tile number, side) -> the edition's grid at rotation 0.
EDITION_GRIDS: dict[tuple[int, str], Grid] = {
    (1, "A"): _grid("B 1 B S", "B B 3 B", "S B B B", "2 B B B"),
    (1, "B"): _grid("B B 2 B", "1 S B B", "B B B S", "B B B 3"),
    (2, "A"): _grid("4 B S B", "B B B 5", "B S B B", "B 6 B B"),
    (2, "B"): _grid("4 B B B", "S B B B", "B B 5 B", "B 6 B S"),
    (3, "A"): _grid("S B B B", "B S B 7", "B B 9 B", "8 B B B"),
    (3, "B"): _grid("8 S B B", "B B B 9", "B B S B", "B B 7 B"),
    (4, "A"): _grid("B B 10 B", "B B B S", "S 11 B B", "B B B 12"),
    (4, "B"): _grid("B 10 B B", "B B S B", "B S B 12", "B B 11 B"),
    (5, "A"): _grid("B B B S"),
    (5, "B"): _grid("B B S B"),
    (6, "A"): _grid("B B B B"),
    (6, "B"): _grid("B B B B"),
    (7, "A"): _grid("B S B B"),
    (7, "B"): _grid("S B B B"),
    (8, "A"): _grid("B B B B"),
    (8, "B"): _grid("B B B B"),
    (9, "A"): _grid("S"),
    (9, "B"): _grid("B"),
    (10, "A"): _grid("B B B B", "S B B B"),
    (10, "B"): _grid("B B B B", "B S B B"),
    (11, "A"): _grid("B B B B", "B B S B"),
    (11, "B"): _grid("B B B B", "B B B S"),
    (12, "A"): _grid("S B B B", "B B B B"),
    (12, "B"): _grid("B S B B", "B B B B"),
    (13, "A"): _grid("B B S B", "B B B B"),
    (13, "B"): _grid("B B B S", "B B B B"),
    (14, "A"): _grid("B B", "B S"),
    (14, "B"): _grid("S B", "B B"),
}


def turned_clockwise(grid: Grid, quarter_turns: int) -> Grid:
    """The grid after `quarter_turns` of the edition's clockwise quarter turn."""
    for _ in range(quarter_turns % 4):
        grid = tuple(tuple(reversed(column)) for column in zip(*grid))
    return grid
