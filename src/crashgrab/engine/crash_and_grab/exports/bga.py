"""The board as SQL rows for the Board Game Arena edition's `tile` and `board` tables.

The edition (github.com/brianhenk0147/bga-cg) keeps a game's board in two tables created by
its dbmodel.sql. Its setup writes one `tile` row per slot and then fills `board` from its own
grid of that tile side (`setBoardTile`). Play reads both: moves and Crash Sites read `board`,
while its view draws each tile's picture from the tile's row (number, side, turn), and a
Quake Maker turn (`executeRotateTile`) reads the row and rebuilds that tile's `board` spaces
from the edition's grid at the new turn. So the rows must agree with the board, and this module
writes both, for a developer to load a designed board instead of the edition's random one:

- `board` rows carry our resolved board exactly, plus the edition's one-cell frame of "D".
- `tile` rows name, per slot, our tile, side and clockwise quarter turns; the edition's grid of
  that side at that turn (bga_tiles.py) must give exactly our cells there. Where it would not
  (the edition printing a side differently), the export is refused rather than write a row the
  edition would draw, and rebuild, differently.

`bga_sql(..., with_tables=True)` puts the two tables' CREATE TABLE statements first (the columns,
types, defaults and keys of the edition's dbmodel.sql, in SQL that MySQL and SQLite both read), so
the file loads into an empty database by itself.
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
        tiles.append(_tile_row(tile, placement, SLOT_POSITIONS[slot.name], slot.name, file))
    rows = []
    for y in range(board.height + 2):
        for x in range(board.width + 2):
            rows.append(BoardRow(x, y, _space_type(board, (x - 1, y - 1))))
    return BgaExport(tuple(sorted(tiles, key=lambda r: r.tile_position)), tuple(rows), tuple(warnings))


# The edition's two tables, from its dbmodel.sql: every column `smallint(5) unsigned NOT NULL DEFAULT 0`
# but the space type, `varchar(16) NOT NULL DEFAULT ''`. Written without MySQL's display width and
# ENGINE clause, which SQLite does not read; MySQL reads this as the same tables.
CREATE_TABLES = """CREATE TABLE IF NOT EXISTS tile (
  tile_number SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  tile_position SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  tile_x SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  tile_y SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  tile_use_side_A SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  tile_degree_rotation SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  PRIMARY KEY (tile_number)
);
CREATE TABLE IF NOT EXISTS board (
  board_x SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  board_y SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  board_space_type VARCHAR(16) NOT NULL DEFAULT '',
  PRIMARY KEY (board_x, board_y)
);"""


def bga_sql(export: BgaExport, title: str, with_tables: bool = False) -> str:
    """INSERT statements for the two tables, with exactly the edition's columns; `with_tables`
    first creates the tables (where they do not exist yet), so the file loads by itself."""
    name = " ".join(title.split())
    lines = [f"-- Crash & Grab board \"{name}\" for the Board Game Arena edition (bga-cg)."]
    if with_tables:
        lines += ["-- Creates the edition's tile and board tables (as its dbmodel.sql does) where they do not",
                  "-- exist yet, so it loads by itself: sqlite3 board.db < board.sql, or into MySQL.",
                  CREATE_TABLES]
    else:
        lines += ["-- Load into the tables its dbmodel.sql creates, in place of its initializeBoard() (or after",
                  "-- DELETE FROM tile; DELETE FROM board;). Into an empty database, export with",
                  "-- --format bga-with-tables, which creates the tables first."]
    lines.append("INSERT INTO tile (tile_number, tile_position, tile_x, tile_y, tile_use_side_A, "
                 "tile_degree_rotation) VALUES")
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


def _tile_row(tile: Tile, placement: Placement, position: int, slot_name: str, file) -> TileRow:
    """The edition row for our tile, side and turn, when the edition's grid of that side at that
    turn rebuilds exactly our cells; refused otherwise."""
    number, turns = int(tile.id), placement.rotation // 90
    ours = _our_grid(tile, placement)
    theirs = turned_clockwise(EDITION_GRIDS[(number, placement.side)], turns)
    if theirs != ours:
        cells = [f"[{placement.x + x},{placement.y + y}]" for y, line in enumerate(ours) for x, space in enumerate(line)
                 if y >= len(theirs) or x >= len(theirs[y]) or theirs[y][x] != space]
        raise InvalidFileError(
            f"tile {tile.id} side {placement.side} ({slot_name}): the Board Game Arena edition prints this side "
            f"differently (its grid differs from this board at {', '.join(cells)}), so it would draw this tile "
            "wrongly and rebuild it wrongly after a Quake Maker turn; no rows are written.", file=file,
            hint="This program's copy of the edition's grids (from its crashandgrab.game.php, setBoardTile) "
                 "is out of date: it needs updating.")
    return TileRow(number, position, placement.x + 1, placement.y + 1, int(placement.side == "A"), turns)


def _space_type(board, cell) -> str:
    x, y = cell
    if not (0 <= x < board.width and 0 <= y < board.height):
        return FRAME
    feature = board.feature_at(cell)
    if feature is None:
        return BLANK
    return str(feature.number) if feature.type == "crash_site" else ACCELERATOR
