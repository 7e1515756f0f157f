"""The board as SQL rows for the Board Game Arena edition's `tile` and `board` tables.

The edition (github.com/brianhenk0147/bga-cg) keeps a game's board in two tables created by
its dbmodel.sql. Its setup writes one `tile` row per slot and then fills `board` from its own
grid of that tile side; play reads only `board`. This module writes both, so a developer can
load a designed board instead of the edition's random one:

- `board` rows carry our resolved board exactly, plus the edition's one-cell frame of "D".
- `tile` rows name, per slot, the edition tile, side and clockwise quarter turns whose grid
  (as the edition turns it) gives exactly our cells there. Where the edition prints a side
  differently from our tile set, no such row exists: the row keeps our tile and side at the
  closest turn, and a warning names the cells that differ.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...errors import InvalidFileError
from ..tileset_file import standard_tileset
from ...grid.model import Placement, Tile
from ..layout import Layout
from ..resolve import resolve_layout
from ..templates import TEMPLATES
from .bga_tiles import EDITION_GRIDS, Grid, turned_clockwise

# The edition's numbers for the slots of a template (its `tile_position`).
SLOT_POSITIONS = {"north-west core": 1, "north-east core": 2, "south-west core": 3,
                  "south-east core": 4, "west arm": 5, "north arm": 6, "east arm": 7,
                  "south arm": 8, "centre": 9}
# The edition draws the direction markers in fixed places.
EDITION_DIRECTIONS = {"north": "Sun", "south": "Meteor", "west": "Stars", "east": "Asteroids"}
FRAME = "D"
BLANK = "B"
ACCELERATOR = "S"


@dataclass(frozen=True)
class TileRow:
    tile_number: int
    tile_position: int
    tile_x: int
    tile_y: int
    tile_use_side_A: int
    tile_degree_rotation: int


@dataclass(frozen=True)
class BoardRow:
    board_x: int
    board_y: int
    board_space_type: str


@dataclass(frozen=True)
class BgaExport:
    tiles: tuple[TileRow, ...]
    board: tuple[BoardRow, ...]
    warnings: tuple[str, ...]


def bga_export(layout: Layout, file: str | None = None) -> BgaExport:
    """The rows for a standard board; refuses what the edition cannot hold, saying why."""
    template = _template_of(layout, file)
    _require_standard_tiles(layout, file)
    board = resolve_layout(layout).board
    if board.holes():
        x, y = board.holes()[0]
        raise InvalidFileError(f"the board has a hole at [{x},{y}], and the Board Game Arena edition "
                               "has no holes inside its board.", file=file, hint="Fill every template slot.")
    warnings = [message for message in _direction_warnings(layout)]
    tiles = []
    for placement in layout.placements:
        slot = template.slot_for(placement)
        if slot is None:
            raise InvalidFileError(f"tile {placement.tile} at [{placement.x},{placement.y}] is not in a slot "
                                   f"of template {template.id}.", file=file, hint="Snap it into a slot.")
        tile = layout.tileset.get(placement.tile)
        assert tile is not None  # a resolved board's tiles are in its tile set
        row, warning = _tile_row(tile, placement, SLOT_POSITIONS[slot.name], slot.name)
        tiles.append(row)
        if warning:
            warnings.append(warning)
    rows = []
    for y in range(board.height + 2):
        for x in range(board.width + 2):
            rows.append(BoardRow(x, y, _space_type(board, (x - 1, y - 1))))
    return BgaExport(tuple(sorted(tiles, key=lambda r: r.tile_position)), tuple(rows), tuple(warnings))


def bga_sql(export: BgaExport, title: str) -> str:
    """INSERT statements for the two tables, with exactly the edition's columns."""
    name = " ".join(title.split())
    lines = [f"-- Crash & Grab board \"{name}\" for the Board Game Arena edition (bga-cg).",
             "-- Load into the tables its dbmodel.sql creates, in place of its initializeBoard().",
             "INSERT INTO tile (tile_number, tile_position, tile_x, tile_y, tile_use_side_A, "
             "tile_degree_rotation) VALUES"]
    lines.append(",\n".join(f"({r.tile_number}, {r.tile_position}, {r.tile_x}, {r.tile_y}, "
                            f"{r.tile_use_side_A}, {r.tile_degree_rotation})" for r in export.tiles) + ";")
    lines.append("INSERT INTO board (board_x, board_y, board_space_type) VALUES")
    lines.append(",\n".join(f"({r.board_x}, {r.board_y}, '{r.board_space_type}')" for r in export.board) + ";")
    return "\n".join(lines) + "\n"


def _template_of(layout: Layout, file):
    if layout.template is None:
        raise InvalidFileError("a free-form layout cannot go to Board Game Arena: the edition only builds "
                               "the three standard boards (templates 2-4, 5 and 6).", file=file,
                               where="$.template", hint="Lay the tiles out on a template.")
    return TEMPLATES[layout.template]


def _require_standard_tiles(layout: Layout, file) -> None:
    standard = standard_tileset()
    for placement in layout.placements:
        tile = layout.tileset.get(placement.tile)
        if tile is None or tile != standard.get(placement.tile):
            raise InvalidFileError(f"tile {placement.tile} is not the standard tile {placement.tile}, and the "
                                   "Board Game Arena edition only has the 14 standard tiles.", file=file,
                                   where="$.tileset", hint="Use the standard tile set, unchanged.")


def _direction_warnings(layout: Layout):
    for side, marker in EDITION_DIRECTIONS.items():
        ours = layout.directions.get(side)
        if ours != marker:
            yield (f"the {side} side has {ours or 'no marker'} here, but the Board Game Arena edition always "
                   f"puts {marker} there; it will name the directions its own way.")


def _our_grid(tile: Tile, placement: Placement) -> Grid:
    width, height = tile.size(placement.rotation)
    grid = [[BLANK] * width for _ in range(height)]
    for feature in tile.features(placement.side, placement.rotation):
        grid[feature.y][feature.x] = str(feature.number) if feature.type == "crash_site" else ACCELERATOR
    return tuple(tuple(row) for row in grid)


def _tile_row(tile: Tile, placement: Placement, position: int, slot_name: str) -> tuple[TileRow, str | None]:
    """The edition row that rebuilds our cells in this slot, or the closest one and a warning."""
    number = int(tile.id)
    ours = _our_grid(tile, placement)
    our_turns = placement.rotation // 90
    other_side = "B" if placement.side == "A" else "A"
    candidates = [(side, (our_turns + k) % 4) for side in (placement.side, other_side) for k in range(4)]
    row = lambda side, turns: TileRow(number, position, placement.x + 1, placement.y + 1,  # noqa: E731
                                      int(side == "A"), turns)
    for side, turns in candidates:
        if turned_clockwise(EDITION_GRIDS[(number, side)], turns) == ours:
            return row(side, turns), None
    # The edition prints this side differently: keep our side, at the turn closest to ours.
    best_turns, best_cells = our_turns, None
    for k in range(4):
        turns = (our_turns + k) % 4
        theirs = turned_clockwise(EDITION_GRIDS[(number, placement.side)], turns)
        if len(theirs) != len(ours) or len(theirs[0]) != len(ours[0]):
            continue
        differing = [(x, y) for y, line in enumerate(ours) for x, space in enumerate(line) if theirs[y][x] != space]
        if best_cells is None or len(differing) < len(best_cells):
            best_turns, best_cells = turns, differing
    cells = ", ".join(f"[{placement.x + x},{placement.y + y}]" for x, y in best_cells or ())
    warning = (f"tile {tile.id} side {placement.side} ({slot_name}): the Board Game Arena edition prints this "
               f"side differently, so its tile picture differs from this board at {cells}; the board rows "
               "hold this board as designed.")
    return row(placement.side, best_turns), warning


def _space_type(board, cell) -> str:
    x, y = cell
    if not (0 <= x < board.width and 0 <= y < board.height):
        return FRAME
    feature = board.feature_at(cell)
    if feature is None:
        return BLANK
    return str(feature.number) if feature.type == "crash_site" else ACCELERATOR
