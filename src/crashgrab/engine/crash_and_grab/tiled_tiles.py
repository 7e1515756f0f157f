"""The Tiled export's tileset: which tile shows which kind of cell, and where its artwork is.

The artwork is one PNG that ships with the program (layouts/tiled/crash-grab-tiles.png), painted
by the editor's own board painter: `python -m crashgrab.editor.crash_and_grab.output.tiled_tileset`
writes it, and a test checks that it is still what that painter draws. So a map in Tiled looks
like the board in the editor, while the engine, which never imports Qt, only copies the file.

Tiles sit in a grid image COLUMNS wide, TILE_SIZE pixels square, local ids row by row:
  rows 0-3  the cells of a tile, one row per paper (the tile's colour in the editor, by its
            role): 0 core (and any role the editor has no colour for), 1 arm, 2 centre, 3 custom.
            Column 0 plain floor; 1 a Crash Site without a printable number (a custom tile set's
            number outside 1-12); 2 an Accelerator; 3-14 Crash Site 1-12.
  row 4     the half inside a cell of the editor's heavy tile borders, drawn over the floor:
            column = sides - 1, where sides adds north 1, east 2, south 4, west 8 for each side
            of a board cell that meets another tile, a hole or the outside, or of a hole that
            meets a tile (1-15).
  row 5     column 0: a hole, hatched as in the editor; the rest of the row is left empty.
With the tileset's firstgid of 1, a tile's gid is local id + 1; gid 0 is an empty cell. The core
row keeps the gids of the first exports (1 floor, 2 unnumbered, 3 Accelerator, 3 + n Crash Site n).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from .terms import ACCELERATOR, CRASH_SITE, CRASH_SITE_NUMBERS
from ..grid.model import CellFeature
from ..resources import LAYOUTS

TILE_SIZE = 32
FIRST_GID = 1
EMPTY_GID = 0
FLOOR_CLASS = "floor"
BORDER_CLASS = "tile_border"
HOLE_CLASS = "hole"
IMAGE_RESOURCE = ("tiled", "crash-grab-tiles.png")  # under the shipped layouts folder

# The editor's paper colours, by tile role (editor/crash_and_grab/style.py PAPER): one tileset row each.
PAPERS = ("core", "arm", "centre", "custom")
PAPER_OF_ROLE = {"core": "core", "arm5": "arm", "arm6": "arm", "centre5": "centre", "centre6": "centre",
                 "custom": "custom"}
DEFAULT_PAPER = "core"

NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8  # border sides, added up


@dataclass(frozen=True)
class TileKind:
    local_id: int
    kind: str  # the Tiled tile class: "floor", "crash_site", "accelerator", "tile_border" or "hole"
    number: int | None = None  # a Crash Site's number
    paper: str | None = None  # the floor's paper, one of PAPERS
    sides: int = 0  # a border tile's sides (NORTH + EAST + ...)

    @property
    def gid(self) -> int:
        return FIRST_GID + self.local_id


def _cell_kinds() -> list[tuple[str, int | None]]:
    return [(FLOOR_CLASS, None), (CRASH_SITE, None), (ACCELERATOR, None),
            *((CRASH_SITE, n) for n in CRASH_SITE_NUMBERS)]


COLUMNS = len(_cell_kinds())
TILE_KINDS: tuple[TileKind, ...] = (
    *(TileKind(row * COLUMNS + column, kind, number, paper)
      for row, paper in enumerate(PAPERS) for column, (kind, number) in enumerate(_cell_kinds())),
    *(TileKind(len(PAPERS) * COLUMNS + sides - 1, BORDER_CLASS, sides=sides) for sides in range(1, 16)),
    TileKind((len(PAPERS) + 1) * COLUMNS, HOLE_CLASS),
)
ROWS = -(-len(TILE_KINDS) // COLUMNS)
_FLOOR_GIDS = {(k.paper, k.kind, k.number): k.gid for k in TILE_KINDS if k.paper is not None}
_BORDER_GIDS = {k.sides: k.gid for k in TILE_KINDS if k.kind == BORDER_CLASS}
HOLE_GID = TILE_KINDS[-1].gid
FLOOR_GID = _FLOOR_GIDS[(DEFAULT_PAPER, FLOOR_CLASS, None)]
UNNUMBERED_CRASH_SITE_GID = _FLOOR_GIDS[(DEFAULT_PAPER, CRASH_SITE, None)]
ACCELERATOR_GID = _FLOOR_GIDS[(DEFAULT_PAPER, ACCELERATOR, None)]


def paper_for(role: str | None) -> str:
    return PAPER_OF_ROLE.get(role or "", DEFAULT_PAPER)


def gid_for(feature: CellFeature | None, role: str | None = None) -> int:
    """The floor tile for a board cell: plain, an Accelerator, or the Crash Site of its number, on the
    paper of its tile's role. A feature type this tileset has no picture for shows as plain floor
    (its object still says what it is)."""
    paper = paper_for(role)
    if feature is None or feature.type not in (CRASH_SITE, ACCELERATOR):
        return _FLOOR_GIDS[(paper, FLOOR_CLASS, None)]
    number = feature.number if feature.type == CRASH_SITE and feature.number in CRASH_SITE_NUMBERS else None
    return _FLOOR_GIDS[(paper, feature.type, number)]


def border_gid(sides: int) -> int:
    """The border overlay for a cell with heavy lines on `sides`; EMPTY_GID for none."""
    return _BORDER_GIDS[sides] if sides else EMPTY_GID


def tile_origin(local_id: int) -> tuple[int, int]:
    """Top-left pixel of a tile in the tileset image."""
    return (local_id % COLUMNS) * TILE_SIZE, (local_id // COLUMNS) * TILE_SIZE


@lru_cache(maxsize=1)
def tileset_png() -> bytes:
    """The shipped tileset image, as PNG bytes."""
    return files(LAYOUTS).joinpath(*IMAGE_RESOURCE).read_bytes()
