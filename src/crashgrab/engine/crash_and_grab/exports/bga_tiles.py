"""The Board Game Arena edition's own grid of every tile side, and its way of turning a grid.

Facts read from the edition's public source (github.com/brianhenk0147/bga-cg,
crashandgrab.game.php, `setBoardTile` and `rotateMatrix90`), written down here as data:
each side is a list of rows, top to bottom; a space is "B" (blank), "S" (Accelerator) or a
Crash Site number "1".."12". The edition turns a grid clockwise one quarter at a time:
each new row is an old column read from the bottom up.

The grids are those of the edition's commit cc1808d (2024-12-15, "Updated Tiles: 4x4 and 2x4
tiles were updated", which changed sides 1A-4B and 10B-13B), unchanged through bb7664e
(2026-07-12), the newest read. They equal the published tile set (layouts/tilesets/standard.json)
on all 28 sides with no turn, and the edition turns them as we turn ours (clockwise), so a tile at
any turn here is the same tile at the same number of quarter turns there. The copy before
cc1808d printed the four cores and 10B-13B differently.
"""
from __future__ import annotations

Grid = tuple[tuple[str, ...], ...]


def _grid(*rows: str) -> Grid:
    return tuple(tuple(row.split()) for row in rows)


# (tile number, side) -> the edition's grid at rotation 0.
EDITION_GRIDS: dict[tuple[int, str], Grid] = {
    (1, "A"): _grid("B 1 B S", "B B 3 B", "2 B B B", "S B B B"),
    (1, "B"): _grid("S 2 B B", "B B 1 B", "B B B 3", "B B B S"),
    (2, "A"): _grid("B B S B", "B B B 5", "4 S B B", "B B 6 B"),
    (2, "B"): _grid("B 4 B B", "B B S B", "6 B B S", "B B 5 B"),
    (3, "A"): _grid("B 7 B B", "B B 9 B", "S B B 8", "B S B B"),
    (3, "B"): _grid("B B S B", "B 8 B B", "S B B 9", "B B 7 B"),
    (4, "A"): _grid("B B 11 B", "10 B B B", "B B S B", "B 12 B S"),
    (4, "B"): _grid("B B 10 B", "12 S B B", "B B B 11", "B B B S"),
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
    (10, "B"): _grid("B B B S", "B B B B"),
    (11, "A"): _grid("B B B B", "B B S B"),
    (11, "B"): _grid("B S B B", "B B B B"),
    (12, "A"): _grid("S B B B", "B B B B"),
    (12, "B"): _grid("B B B B", "B B B S"),
    (13, "A"): _grid("B B S B", "B B B B"),
    (13, "B"): _grid("B B B B", "B S B B"),
    (14, "A"): _grid("B B", "B S"),
    (14, "B"): _grid("S B", "B B"),
}


def turned_clockwise(grid: Grid, quarter_turns: int) -> Grid:
    """The grid after `quarter_turns` of the edition's clockwise quarter turn."""
    for _ in range(quarter_turns % 4):
        grid = tuple(tuple(reversed(column)) for column in zip(*grid))
    return grid
