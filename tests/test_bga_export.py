"""The Board Game Arena export: the SQL loaded into a real database (SQLite) rebuilds the board.

The rebuild follows the edition's own rules as read in its public source (bga-cg,
crashandgrab.game.php): `board` holds every space with a one-cell "D" frame and 1-based
cells inside; a `tile` row's grid (its `setBoardTile` table for that tile number and side) is
turned clockwise `tile_degree_rotation` times (its `rotateMatrix90`: each new row is an old
column read bottom-up) and laid from (tile_x, tile_y). The slot corners below are the
numbers of its getTileXFromTilePosition / getTileYFromTilePosition, copied by hand; the tables'
columns those of its dbmodel.sql, read by hand.
"""
import json
import shutil
import sqlite3
import subprocess
from dataclasses import replace

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash_and_grab.exports import bga_tiles
from crashgrab.engine.crash_and_grab.exports.bga import bga_export, bga_sql
from crashgrab.engine.crash_and_grab.exports.bga_tiles import EDITION_GRIDS
from crashgrab.engine.crash_and_grab.setup import random_layout_for_players
from crashgrab.engine.crash_and_grab.export import export_document
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.layout_io import layout_from_json, layout_to_json, load_layout
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset, tileset_to_json
from crashgrab.engine.grid.model import Feature
from tests.conftest import LAYOUTS

# tile_position -> (tile_x, tile_y) for 2-4, 5 and 6 players, as the edition computes them.
EDITION_SLOT_CORNERS = {
    "2-4": {1: (1, 1), 2: (5, 1), 3: (1, 5), 4: (5, 5)},
    "5": {1: (1, 1), 2: (6, 1), 3: (1, 6), 4: (6, 6), 5: (1, 5), 6: (5, 1), 7: (6, 5), 8: (5, 6), 9: (5, 5)},
    "6": {1: (1, 1), 2: (7, 1), 3: (1, 7), 4: (7, 7), 5: (1, 5), 6: (5, 1), 7: (7, 5), 8: (5, 7), 9: (5, 5)},
}
STANDARD = {"2-4": "standard-2-4p.json", "5": "standard-5p.json", "6": "standard-6p.json"}
CORES = {1, 2, 3, 4}
# The edition's tables as its dbmodel.sql defines them: (column, type, not null, default, key position).
EDITION_TABLES = {
    "tile": [("tile_number", "SMALLINT UNSIGNED", 1, "0", 1), ("tile_position", "SMALLINT UNSIGNED", 1, "0", 0),
             ("tile_x", "SMALLINT UNSIGNED", 1, "0", 0), ("tile_y", "SMALLINT UNSIGNED", 1, "0", 0),
             ("tile_use_side_A", "SMALLINT UNSIGNED", 1, "0", 0),
             ("tile_degree_rotation", "SMALLINT UNSIGNED", 1, "0", 0)],
    "board": [("board_x", "SMALLINT UNSIGNED", 1, "0", 1), ("board_y", "SMALLINT UNSIGNED", 1, "0", 2),
              ("board_space_type", "VARCHAR(16)", 1, "''", 0)],
}
# Sides 1A-4B and 10B-13B as the edition printed them before its commit cc1808d ("Updated Tiles").
BEFORE_CC1808D = {(1, "A"): ("B 1 B S", "B B 3 B", "S B B B", "2 B B B"), (10, "B"): ("B B B B", "B S B B")}


def load_into_sqlite(sql: str) -> sqlite3.Connection:
    database = sqlite3.connect(":memory:")
    database.executescript(
        "CREATE TABLE tile (tile_number INTEGER PRIMARY KEY, tile_position INTEGER NOT NULL, "
        "tile_x INTEGER NOT NULL, tile_y INTEGER NOT NULL, tile_use_side_A INTEGER NOT NULL, "
        "tile_degree_rotation INTEGER NOT NULL);"
        "CREATE TABLE board (board_x INTEGER NOT NULL, board_y INTEGER NOT NULL, "
        "board_space_type TEXT NOT NULL, PRIMARY KEY (board_x, board_y));")
    database.executescript(sql)
    return database


def edition_turn(grid, times):
    for _ in range(times):
        grid = [list(reversed([row[column] for row in grid])) for column in range(len(grid[0]))]
    return grid


def expected_spaces(document):
    """Our resolved export as the edition's space types, keyed by 1-based cell."""
    width, height = document["board"]["width"], document["board"]["height"]
    spaces = {(x + 1, y + 1): "B" for y in range(height) for x in range(width)}
    for cell in document["cells"]:
        spaces[(cell["x"] + 1, cell["y"] + 1)] = str(cell["number"]) if cell["type"] == "crash_site" else "S"
    return spaces


def rebuilt_from_tile_rows(database):
    """{1-based cell: (space type, tile number)} as the edition's setBoardTile lays the tile rows."""
    spaces = {}
    for number, x0, y0, side_a, turns in database.execute(
            "SELECT tile_number, tile_x, tile_y, tile_use_side_A, tile_degree_rotation FROM tile"):
        grid = edition_turn([list(row) for row in EDITION_GRIDS[(number, "A" if side_a == 1 else "B")]], turns)
        for dy, row in enumerate(grid):
            for dx, space in enumerate(row):
                assert (x0 + dx, y0 + dy) not in spaces, "two tile rows cover one cell"
                spaces[(x0 + dx, y0 + dy)] = (space, number)
    return spaces


def check_export(layout):
    document = export_document(layout)
    export = bga_export(layout)
    database = load_into_sqlite(bga_sql(export, layout.name))
    ours = expected_spaces(document)
    width, height = document["board"]["width"], document["board"]["height"]

    board = {(x, y): t for x, y, t in database.execute("SELECT board_x, board_y, board_space_type FROM board")}
    assert len(board) == (width + 2) * (height + 2)
    for (x, y), space in board.items():
        inside = 1 <= x <= width and 1 <= y <= height
        assert space == (ours[(x, y)] if inside else "D"), (x, y)

    corners = EDITION_SLOT_CORNERS[layout.template]
    rows = list(database.execute("SELECT tile_position, tile_x, tile_y, tile_degree_rotation FROM tile"))
    assert sorted(r[0] for r in rows) == sorted(corners)
    for position, x, y, turns in rows:
        assert (x, y) == corners[position]
        if position in (5, 7):
            assert turns in (0, 2)  # the edition lays west and east arms flat
        if position in (6, 8):
            assert turns in (1, 3)

    # Every tile row rebuilds exactly our cells, as the edition's setBoardTile lays it; the row
    # is our tile, side and turn.
    rebuilt = rebuilt_from_tile_rows(database)
    assert {cell: space for cell, (space, _) in rebuilt.items()} == ours
    assert sorted(database.execute("SELECT tile_number, tile_use_side_A, tile_degree_rotation FROM tile")) == \
        sorted((int(p.tile), int(p.side == "A"), p.rotation // 90) for p in layout.placements)
    assert not any(w.startswith("tile ") for w in export.warnings)
    return database


@pytest.mark.parametrize("template", ["2-4", "5", "6"])
def test_standard_layouts_export_with_no_warning_and_rebuild_from_sqlite(tmp_path, capsys, template):
    check_export(load_layout(LAYOUTS / STANDARD[template]))
    out = tmp_path / "board.sql"
    assert main(["export", "--format", "bga", str(LAYOUTS / STANDARD[template]), "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""


def test_a_quake_maker_turn_rebuilds_our_tile_turned():
    """The edition's executeRotateTile adds the turns to the tile's row and rebuilds its spaces
    from its grid: for each core of the 2-4 board and each turn, that is our board with the tile turned."""
    layout = load_layout(LAYOUTS / STANDARD["2-4"])
    for index, placement in enumerate(layout.placements):
        for turns in (1, 2, 3):
            database = load_into_sqlite(bga_sql(bga_export(layout), layout.name))
            database.execute("UPDATE tile SET tile_degree_rotation = (tile_degree_rotation + ?) % 4 "
                             "WHERE tile_number = ?", (turns, int(placement.tile)))
            turned = list(layout.placements)
            turned[index] = replace(placement, rotation=(placement.rotation + 90 * turns) % 360)
            expected = expected_spaces(export_document(layout.with_placements(turned)))
            assert {cell: space for cell, (space, _) in rebuilt_from_tile_rows(database).items()} == expected


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 7), (4, 42), (5, 3), (5, 11), (6, 5), (6, 99), (6, 2024)])
def test_random_layouts_rebuild_from_sqlite(players, seed):
    check_export(random_layout_for_players(standard_tileset(), players, seed, tileset_ref="standard"))


def our_grid(tile, side, rotation=0):
    width, height = tile.size(rotation)
    grid = [["B"] * width for _ in range(height)]
    for f in tile.features(side, rotation):
        grid[f.y][f.x] = str(f.number) if f.type == "crash_site" else "S"
    return grid


def test_the_edition_grids_equal_the_standard_tiles_on_all_28_sides():
    """Cross-check of two independent sources: the edition's grids (its current setBoardTile) are
    our published tile set, side for side, with no turn; and turned as the edition turns them they
    stay our tile turned as we turn it."""
    tileset = standard_tileset()
    assert sorted(EDITION_GRIDS) == sorted((int(t.id), side) for t in tileset.tiles for side in "AB")
    assert len(EDITION_GRIDS) == 28
    for tile in tileset.tiles:
        for side in "AB":
            grid = [list(row) for row in EDITION_GRIDS[(int(tile.id), side)]]
            assert grid == our_grid(tile, side), (tile.id, side)
            for turns in (1, 2, 3):
                assert edition_turn(grid, turns) == our_grid(tile, side, 90 * turns), (tile.id, side, turns)


def test_edition_grids_transcribed_from_its_source():
    # Spot checks against the edition's setBoardTile text (commit cc1808d and later), read by hand.
    assert EDITION_GRIDS[(1, "A")][0] == ("B", "1", "B", "S")
    assert EDITION_GRIDS[(4, "A")][2] == ("B", "B", "S", "B")
    assert EDITION_GRIDS[(10, "B")] == (("B", "B", "B", "S"), ("B", "B", "B", "B"))
    assert EDITION_GRIDS[(14, "B")] == (("S", "B"), ("B", "B"))
    assert EDITION_GRIDS[(9, "B")] == (("B",),)
    assert "cc1808d" in bga_tiles.__doc__


@pytest.mark.parametrize("side", sorted(BEFORE_CC1808D))
def test_a_side_the_edition_prints_differently_is_refused(tmp_path, capsys, monkeypatch, side):
    """The stale grids printed 1A and 10B otherwise: then no row is written at all (exit 2), not a
    "closest" row the edition would draw and rebuild wrongly."""
    number, face = side
    monkeypatch.setitem(EDITION_GRIDS, side, tuple(tuple(row.split()) for row in BEFORE_CC1808D[side]))
    document = layout_to_json(load_layout(LAYOUTS / "standard-6p.json"))
    document["placements"] = [dict(p, side=face) if p["tile"] == str(number) else p for p in document["placements"]]
    out = tmp_path / "board.sql"
    assert main(["export", "--format", "bga", str(write_layout(tmp_path, document)), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"tile {number} side {face}" in err and "prints this side differently" in err and "Traceback" not in err
    # 1A: Crash Site 2 and the Accelerator swap rows 2 and 3 at [0,2], [0,3]. 10B (north arm, turned 90 at
    # [4,0]): the Accelerator moves from [5,3] to [4,1] in the 2x4 slot.
    named = {(1, "A"): "[0,2], [0,3]", (10, "B"): "[4,1], [5,3]"}[side]
    assert f"at {named}" in err
    assert not out.exists()


def test_cli_writes_sql_and_warns_about_markers(tmp_path, capsys):
    source = load_layout(LAYOUTS / "standard-2-4p.json")
    document = layout_to_json(source)
    document["directions"] = {"north": "Meteor", "east": "Asteroids", "south": "Sun", "west": "Stars"}
    path = write_layout(tmp_path, document)
    out = tmp_path / "board.sql"
    assert main(["export", "--format", "bga", str(path), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "the north side has Meteor here, but the Board Game Arena edition always puts Sun there" in err
    assert "the south side has Sun" in err and "west side" not in err
    database = load_into_sqlite(out.read_text())
    assert database.execute("SELECT COUNT(*) FROM tile").fetchone() == (4,)
    assert database.execute("SELECT COUNT(*) FROM board").fetchone() == (100,)


def write_layout(tmp_path, document):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize("change,expected", [
    ("free-form", "a free-form layout cannot go to Board Game Arena"),
    ("custom tile", "tile 1 is not the standard tile 1"),
])
def test_cli_refuses_what_the_edition_cannot_hold(tmp_path, capsys, change, expected):
    layout = load_layout(LAYOUTS / "standard-2-4p.json")
    document = layout_to_json(layout)
    if change == "free-form":
        document["template"] = None
    else:
        tiles = standard_tileset()
        moved = [Feature("accelerator", 1, 1)] + list(tiles.get("1").sides["A"])[1:]
        changed = replace(tiles.get("1"), sides={**tiles.get("1").sides, "A": tuple(moved)})
        document["tileset"] = tileset_to_json(tiles.with_tile(changed))
    out = tmp_path / "board.sql"
    assert main(["export", "--format", "bga", str(write_layout(tmp_path, document)), "-o", str(out)]) == 2  # cannot run
    assert expected in capsys.readouterr().err
    assert not out.exists()


def test_a_layout_with_a_hole_is_refused(tmp_path, capsys):
    layout = load_layout(LAYOUTS / "standard-2-4p.json")
    document = layout_to_json(layout)
    document["placements"] = document["placements"][:3]
    out = tmp_path / "board.sql"
    code = main(["export", "--format", "bga", str(write_layout(tmp_path, document)), "-o", str(out)])
    assert code == 2 and not out.exists()
    assert "empty slot" in capsys.readouterr().err  # the usual structural message comes first
    with pytest.raises(InvalidFileError, match=r"hole at \[4,4\].*has no holes inside its board"):
        bga_export(layout_from_json(document))  # a program calling the export directly


@pytest.mark.parametrize("template", ["2-4", "5", "6"])
def test_with_tables_the_file_loads_into_an_empty_database_by_itself(tmp_path, template):
    out = tmp_path / "board.sql"
    assert main(["export", "--format", "bga-with-tables", str(LAYOUTS / STANDARD[template]), "-o", str(out)]) == 0
    database = sqlite3.connect(":memory:")
    database.executescript(out.read_text())  # nothing else: the file creates its tables
    for table, columns in EDITION_TABLES.items():
        assert [tuple(row[1:]) for row in database.execute(f"PRAGMA table_info({table})")] == columns
    layout = load_layout(LAYOUTS / STANDARD[template])
    document = export_document(layout)
    width, height = document["board"]["width"], document["board"]["height"]
    assert database.execute("SELECT COUNT(*) FROM board").fetchone() == ((width + 2) * (height + 2),)
    assert {cell: space for cell, (space, _) in rebuilt_from_tile_rows(database).items()} == expected_spaces(document)
    # The rows are those of the plain export, after the tables.
    plain = bga_sql(bga_export(layout), layout.name)
    assert out.read_text().endswith(plain[plain.index("INSERT INTO tile"):])


def test_without_tables_an_empty_database_refuses_and_the_header_says_what_to_do(tmp_path):
    layout = load_layout(LAYOUTS / STANDARD["2-4"])
    text = bga_sql(bga_export(layout), layout.name)
    with pytest.raises(sqlite3.OperationalError, match="no such table: tile"):
        sqlite3.connect(":memory:").executescript(text)
    header = " ".join(line.removeprefix("-- ") for line in text.splitlines() if line.startswith("--"))
    assert "the tables its dbmodel.sql creates" in header and "--format bga-with-tables" in header


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the sqlite3 command-line shell is not installed")
def test_the_sqlite3_shell_loads_the_file_by_itself(tmp_path):
    out = tmp_path / "board.sql"
    assert main(["export", "--format", "bga-with-tables", str(LAYOUTS / STANDARD["6"]), "-o", str(out)]) == 0
    result = subprocess.run(["sqlite3", ":memory:"], input=out.read_text() + "SELECT COUNT(*) FROM board;\n",
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "144\n")
