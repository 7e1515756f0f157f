"""The Board Game Arena export: the SQL loaded into a real database (SQLite) rebuilds the board.

The rebuild follows the edition's own rules as read in its public source (bga-cg,
crashandgrab.game.php): `board` holds every space with a one-cell "D" frame and 1-based
cells inside; a `tile` row's grid (its `setBoardTile` table for that tile number and side) is
turned clockwise `tile_degree_rotation` times (its `rotateMatrix90`: each new row is an old
column read bottom-up) and laid from (tile_x, tile_y). The slot corners below are the
numbers of its getTileXFromTilePosition / getTileYFromTilePosition, copied by hand.
"""
import json
import sqlite3
from dataclasses import replace

import pytest

from crashgrab.engine.cli import main
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

    rebuilt = rebuilt_from_tile_rows(database)
    assert set(rebuilt) == set(ours)  # the tile rows cover exactly the board
    differing = {}
    for cell, (space, number) in rebuilt.items():
        if space != ours[cell]:
            differing.setdefault(number, []).append(cell)
    # Every tile but the four cores rebuilds our cells exactly; the cores are printed
    # differently in the edition, and the warning names exactly the cells that differ.
    assert set(differing) <= CORES
    for number, cells in differing.items():
        [warning] = [w for w in export.warnings if w.startswith(f"tile {number} side")]
        named = ", ".join(f"[{x - 1},{y - 1}]" for x, y in sorted(cells, key=lambda c: (c[1], c[0])))
        assert named in warning
    for number in {int(p.tile) for p in layout.placements} - set(differing):
        assert not any(w.startswith(f"tile {number} side") for w in export.warnings)
    return differing


@pytest.mark.parametrize("template", ["2-4", "5", "6"])
def test_standard_layouts_rebuild_from_sqlite(template):
    layout = load_layout(LAYOUTS / STANDARD[template])
    differing = check_export(layout)
    assert set(differing) == CORES


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 7), (4, 42), (5, 3), (5, 11), (6, 5), (6, 99), (6, 2024)])
def test_random_layouts_rebuild_from_sqlite(players, seed):
    check_export(random_layout_for_players(standard_tileset(), players, seed, tileset_ref="standard"))


def test_arm_and_centre_sides_match_the_edition_under_some_turn_and_cores_do_not():
    """Cross-check of two independent sources: our tile set against the edition's grids."""
    tileset = standard_tileset()
    for tile in tileset.tiles:
        for side in "AB":
            ours = [["B"] * tile.width for _ in range(tile.height)]
            for f in tile.features(side):
                ours[f.y][f.x] = str(f.number) if f.type == "crash_site" else "S"
            found = any(edition_turn([list(r) for r in EDITION_GRIDS[(int(tile.id), s)]], k) == ours
                        for s in "AB" for k in range(4))
            assert found == (int(tile.id) not in CORES), (tile.id, side)


def test_edition_grids_transcribed_from_its_source():
    # Spot checks against the edition's setBoardTile text, read by hand.
    assert EDITION_GRIDS[(1, "A")][0] == ("B", "1", "B", "S")
    assert EDITION_GRIDS[(4, "A")][2] == ("S", "11", "B", "B")
    assert EDITION_GRIDS[(14, "B")] == (("S", "B"), ("B", "B"))
    assert EDITION_GRIDS[(9, "B")] == (("B",),)


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
