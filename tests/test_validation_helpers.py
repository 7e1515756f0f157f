"""Hand-built boards for the validation tests, drawn as text, and the helpers' own tests.

    board_layout('''
        1.>
        ..#.
    ''')
draws a free-form layout: `.` plain, `>` Accelerator, `#` hole (or nothing: short rows
end in holes), `1`-`9` `a` `b` `c` Crash Sites 1-12. Each run of cells in a row becomes
one custom 1-high tile of an inline tile set, so holes fall between tiles.
`numbers={(x, y): 13}` renumbers the Crash Site drawn at that cell.
"""
from __future__ import annotations

import textwrap

from hypothesis import strategies as st

from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE, DEFAULT_DIRECTIONS
from crashgrab.engine.grid.geometry import Direction
from crashgrab.engine.grid.model import Feature, Placement, Tile, TileSet
from crashgrab.engine.crash_and_grab.layout import Layout

_SITE_CHARS = {**{str(n): n for n in range(1, 10)}, "a": 10, "b": 11, "c": 12}


def board_layout(picture: str, numbers: dict | None = None, name: str = "hand-built") -> Layout:
    numbers = numbers or {}
    rows = textwrap.dedent(picture).strip("\n").splitlines()
    tiles, placements = [], []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x] in "# ":
                x += 1
                continue
            start = x
            features = []
            while x < len(row) and row[x] not in "# ":
                char = row[x]
                if char == ">":
                    features.append(Feature(ACCELERATOR, x - start, 0))
                elif char in _SITE_CHARS:
                    features.append(Feature(CRASH_SITE, x - start, 0, numbers.get((x, y), _SITE_CHARS[char])))
                elif char != ".":
                    raise ValueError(f"unknown board character {char!r}")
                x += 1
            tile_id = f"r{y}c{start}"
            tiles.append(Tile(tile_id, "custom", x - start, 1, {"A": tuple(features), "B": ()}))
            placements.append(Placement(tile_id, "A", start, y, 0))
    tileset = TileSet("test", "hand-built tiles", tuple(tiles))
    return Layout(name, tileset, tuple(placements), None, dict(DEFAULT_DIRECTIONS))


# --- turning a whole layout a quarter turn clockwise ---------------------------------
def turn_cell(cell, height: int):
    """Where (x, y) of a board `height` rows high lands when the board turns 90 degrees clockwise."""
    x, y = cell
    return (height - 1 - y, x)


def turn_layout(layout: Layout, height: int) -> Layout:
    """Every placement turned with the board: position moved and rotation +90; markers moved on."""
    placements = []
    for p in layout.placements:
        w, h = layout.tileset.get(p.tile).size(p.rotation)
        placements.append(Placement(p.tile, p.side, height - (p.y + h), p.x, (p.rotation + 90) % 360))
    directions = {Direction(side).turned(90).value: marker for side, marker in layout.directions.items()}
    return Layout(layout.name, layout.tileset, tuple(placements), layout.template, directions,
                  severity_overrides=layout.severity_overrides)


# --- random free-form boards for property tests --------------------------------------
@st.composite
def custom_tiles(draw, tile_id: str):
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    sides = {}
    for side in ("A", "B"):
        features = []
        for y in range(height):
            for x in range(width):
                kind = draw(st.sampled_from(["plain", "plain", "plain", "accelerator", "site"]))
                if kind == "accelerator":
                    features.append(Feature(ACCELERATOR, x, y))
                elif kind == "site":
                    features.append(Feature(CRASH_SITE, x, y, draw(st.integers(1, 13))))
        sides[side] = tuple(features)
    return Tile(tile_id, "custom", width, height, sides)


@st.composite
def free_form_layouts(draw, max_tiles: int = 6, span: int = 7):
    """A free-form layout of custom tiles that do not overlap, with holes between them."""
    count = draw(st.integers(1, max_tiles))
    tiles, placements, taken = [], [], set()
    for index in range(count):
        tile = draw(custom_tiles(f"t{index}"))
        placement = Placement(tile.id, draw(st.sampled_from("AB")), draw(st.integers(0, span)),
                              draw(st.integers(0, span)), draw(st.sampled_from((0, 90, 180, 270))))
        cells = set(placement.cells(tile))
        if cells & taken:
            continue
        taken |= cells
        tiles.append(tile)
        placements.append(placement)
    if not placements:  # the first tile never overlaps, so this cannot happen; keep draws total
        raise AssertionError("no placement")
    return Layout("random", TileSet("random", "random tiles", tuple(tiles)), tuple(placements),
                  None, dict(DEFAULT_DIRECTIONS))


# --- the helpers' own tests -----------------------------------------------------------
def test_board_layout_draws_cells_features_and_holes():
    from crashgrab.engine.crash_and_grab.resolve import resolve_layout
    layout = board_layout("""
        1.>
        ..#c
    """, numbers={(3, 1): 13})
    board = resolve_layout(layout).board
    assert (board.width, board.height) == (4, 2)
    assert board.holes() == [(3, 0), (2, 1)]
    assert board.feature_at((0, 0)).number == 1
    assert board.feature_at((2, 0)).type == ACCELERATOR
    assert board.feature_at((3, 1)).number == 13
    assert board.feature_at((1, 1)) is None
    assert resolve_layout(layout).findings == ()


def test_turn_layout_turns_every_feature_with_the_board():
    from crashgrab.engine.crash_and_grab.resolve import resolve_layout
    from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
    tileset = standard_tileset()
    layout = Layout("one tile", tileset, (Placement("10", "A", 1, 2, 0),), None, dict(DEFAULT_DIRECTIONS))
    board = resolve_layout(layout).board  # tile 10 side A: 4x2, Accelerator at native (0, 1)
    turned = resolve_layout(turn_layout(layout, board.height)).board
    assert board.cells_of_type(ACCELERATOR) == [(1, 3)]
    assert turned.cells_of_type(ACCELERATOR) == [turn_cell((1, 3), board.height)] == [(0, 1)]
    assert sorted(turned.cell_tiles) == sorted(turn_cell(c, board.height) for c in board.cell_tiles)
    assert turn_layout(layout, 4).directions == {"east": "Sun", "south": "Asteroids", "west": "Meteor",
                                                 "north": "Stars"}
