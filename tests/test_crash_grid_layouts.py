"""Crash Grid arenas: the templates' starts (worked out by hand), the layout format and its errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from crashgrab.engine.crash_grid.board import rectangle_board
from crashgrab.engine.crash_grid.layout_io import layout_from_json, layout_to_json, load_layout, save_layout
from crashgrab.engine.crash_grid.model import ArenaLayout, Start
from crashgrab.engine.crash_grid.perimeter import inward_facings, perimeter
from crashgrab.engine.crash_grid.templates import template_layout
from crashgrab.engine.errors import InvalidFileError


def _starts(layout):
    return [(s.suit, s.cell, s.facing) for s in layout.starts]


# Edge walked clockwise from the top-left corner; first start at (size - 1) // 2, then every
# perimeter / players squares (docs/crash-grid.md works these out).
@pytest.mark.parametrize("template, size, starts", [
    ("4", 12, [("spades", (5, 0), "south"), ("hearts", (11, 5), "west"),
               ("diamonds", (6, 11), "north"), ("clubs", (0, 6), "east")]),
    ("3", 10, [("spades", (4, 0), "south"), ("hearts", (9, 7), "west"), ("diamonds", (0, 8), "east")]),
])
def test_template_starts_are_worked_out_by_hand(template, size, starts):
    layout = template_layout(template)
    assert (layout.width, layout.height, layout.template) == (size, size, template)
    assert _starts(layout) == starts
    assert layout.walls == frozenset()


def test_perimeter_walks_the_edge_clockwise_once():
    loop = perimeter(rectangle_board(4, 3))
    assert loop == [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2), (0, 2), (0, 1)]


@pytest.mark.parametrize("cell, facings", [((2, 0), ("south",)), ((4, 2), ("west",)), ((2, 4), ("north",)),
                                           ((0, 3), ("east",)), ((0, 0), ("south", "east")), ((2, 2), ())])
def test_inward_facings_on_a_5x5_arena(cell, facings):
    assert inward_facings(rectangle_board(5, 5), cell) == facings


def _document(**changes):
    document = {"format": "crash-grab-layout", "version": 2, "game": "crash-grid", "name": "t", "template": None,
                "arena": {"width": 6, "height": 6},
                "starts": [{"suit": "spades", "x": 2, "y": 0, "facing": "south"}], "walls": [[1, 1]]}
    document.update(changes)
    return document


def test_layout_round_trips_through_a_file(tmp_path):
    layout = ArenaLayout("Walled", 7, 5, (Start("hearts", 6, 2, "west"), Start("spades", 0, 2, "east")),
                         frozenset({(3, 2), (3, 1)}), None, notes="a note")
    path = tmp_path / "arena.json"
    save_layout(layout, path)
    assert load_layout(path) == layout
    written = json.loads(path.read_text())
    assert written["walls"] == [[3, 1], [3, 2]]  # row by row
    assert (written["format"], written["version"], written["game"]) == ("crash-grab-layout", 2, "crash-grid")


def test_template_layout_matches_the_shipped_test_layout():
    shipped = Path(__file__).parent / "crash_grid_scenarios" / "layouts" / "template-4.json"
    assert layout_to_json(template_layout("4")) == json.loads(shipped.read_text())


@pytest.mark.parametrize("changes, where, words", [
    ({"arena": {"width": 2, "height": 6}}, "$.arena.width", "minimum"),
    ({"starts": [{"suit": "stars", "x": 0, "y": 0, "facing": "south"}]}, "$.starts[0].suit", "not allowed"),
    ({"starts": [{"suit": "spades", "x": 0, "y": 0, "facing": "up"}]}, "$.starts[0].facing", "not allowed"),
    ({"template": "5"}, "$.template", "not allowed"),
    ({"walls": [[1]]}, "$.walls[0]", "at least 2"),
    ({"game": "crash-and-grab"}, "$.game", "crash-grid"),
    ({"walls": [[6, 0]]}, "$.walls[0]", "outside the 6x6 arena"),
    ({"walls": [[1, 1], [1, 1]]}, "$.walls[1]", "listed twice"),
    ({"starts": [{"suit": "spades", "x": 1, "y": 1, "facing": "south"}]}, "$.starts[0]", "on a wall"),
    ({"starts": [{"suit": "spades", "x": 0, "y": 9, "facing": "south"}]}, "$.starts[0]", "outside"),
    ({"starts": [{"suit": "spades", "x": 2, "y": 0, "facing": "south"},
                 {"suit": "spades", "x": 3, "y": 0, "facing": "south"}]}, "$.starts[1].suit", "two starts"),
    ({"starts": [{"suit": "spades", "x": 2, "y": 0, "facing": "south"},
                 {"suit": "hearts", "x": 2, "y": 0, "facing": "south"}]}, "$.starts[1]", "two riders start"),
])
def test_bad_layouts_name_the_json_path(changes, where, words):
    with pytest.raises(InvalidFileError) as caught:
        layout_from_json(_document(**changes), "arena.json")
    assert caught.value.where == where
    assert words in str(caught.value)
    assert str(caught.value).startswith("arena.json: ")


def test_a_failed_save_leaves_the_old_file(tmp_path):
    path = tmp_path / "arena.json"
    save_layout(template_layout("3"), path)
    before = path.read_bytes()
    with pytest.raises(InvalidFileError):
        save_layout(ArenaLayout("bad", 2, 2), path)  # 2x2 is below the schema's minimum
    assert path.read_bytes() == before


def test_an_arena_resolves_into_the_generic_board_with_typed_start_settings():
    from crashgrab.engine.crash_grid.board import starts
    from crashgrab.engine.crash_grid.system import SYSTEM
    from crashgrab.engine.feature_settings import facing_settings
    from crashgrab.engine.grid.model import ON_BOARD, Board

    layout = ArenaLayout("Walled", 7, 5, (Start("hearts", 6, 2, "west"), Start("spades", 0, 2, "east")),
                         frozenset({(3, 2), (3, 1)}))
    board = SYSTEM.resolve(layout).board
    assert isinstance(board, Board) and (board.width, board.height, len(board.cells())) == (7, 5, 35)
    assert board.cells_of_type("wall") == [(3, 1), (3, 2)]
    assert [(f.type, f.cell, dict(f.settings)) for f in board.placed if f.type == "start"] == [
        ("start", (6, 2), {"suit": "hearts", "facing": "west"}), ("start", (0, 2), {"suit": "spades", "facing": "east"})]
    assert [(f.type, f.tile) for f in board.features_at((6, 2))] == [("start", ON_BOARD)]
    assert not board.on_board((7, 2)) and board.features_at((2, 2)) == ()
    assert all(SYSTEM.feature_kind(f.type).settings_problems(f.settings) == [] for f in board.placed)
    assert starts(board) == layout.starts
    # A start's facing is a facing setting: it would turn with the board by the square geometry's step.
    assert facing_settings(SYSTEM.feature_kinds) == {"start": ("facing",)}
