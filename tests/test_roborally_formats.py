"""RoboRally's file formats: the board set and the course round-trip byte for byte through their
golden files, the resolved course (the rules engine's input) is worked out by hand for a turned
board, the Tiled map loads in pytiled-parser (TMX and JSON alike), and the shipped board set uses
every element the issue names."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crashgrab.engine.cli import main
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.layout_io import load_layout, save_layout
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.roborally.boardset_io import load_boardset, save_boardset, standard_boardset
from crashgrab.engine.roborally.model import Course, Placement
from crashgrab.engine.roborally.resolved import resolved_course_json
from crashgrab.engine.roborally.terms import edge_key
from tests.conftest import ROOT
from tests.roborally_support import board, course, course_document

GOLDEN = ROOT / "tests" / "golden" / "roborally"


def test_the_board_set_round_trips_byte_for_byte(tmp_path):
    save_boardset(load_boardset(GOLDEN / "boardset.json"), tmp_path / "boardset.json")
    assert (tmp_path / "boardset.json").read_text() == (GOLDEN / "boardset.json").read_text()


def test_the_course_round_trips_byte_for_byte_and_keeps_its_board_set_path_relative(tmp_path):
    beside = tmp_path / "golden"
    beside.mkdir()
    for name in ("boardset.json", "course.json"):
        (beside / name).write_text((GOLDEN / name).read_text())
    save_layout(load_layout(beside / "course.json"), beside / "course.json")
    assert (beside / "course.json").read_text() == (GOLDEN / "course.json").read_text()
    (tmp_path / "elsewhere").mkdir()
    save_layout(load_layout(beside / "course.json"), tmp_path / "elsewhere" / "course.json")
    assert json.loads((tmp_path / "elsewhere" / "course.json").read_text())["boardset"] == "../golden/boardset.json"


def test_the_resolved_course_and_the_text_board_match_their_golden_files(capsys):
    assert main(["export", str(GOLDEN / "course.json")]) == 0
    assert capsys.readouterr().out == (GOLDEN / "course.resolved.json").read_text()
    assert main(["show", str(GOLDEN / "course.json")]) == 0
    assert capsys.readouterr().out == (GOLDEN / "course.show.txt").read_text()


def test_the_resolved_course_of_a_turned_board_by_hand():
    """Board "pair", 2 x 1: a belt on [1,0] facing east, a wall on [0,0] north, a laser on [1,0] west.
    Turned 90 degrees and put at [3,1]: (x, y) -> (3 - y, 1 + x), so [0,0] -> [3,1] and [1,0] -> [3,2];
    east turns to south, north to east, west to north. The laser's wall is added on its edge."""
    pair = board("pair", 2, 1, cells=[{"at": [1, 0], "type": "conveyor", "facing": "east", "express": False}],
                 edges=[{"at": [0, 0], "side": "north", "type": "wall"},
                        {"at": [1, 0], "side": "west", "type": "laser", "beams": 2}])
    layout = course([pair], [("pair", 3, 1, 90)], [(3, 1)], [(1, (3, 1), "west")],
                    [{"type": "door", "at": [3, 1], "side": "west", "steps": [2]},
                     {"type": "crusher", "at": [3, 1], "steps": []}])
    document = resolved_course_json(layout)
    validate(document, "roborally-resolved")
    assert document == {
        "game": "roborally", "name": "Test course", "width": 4, "height": 3,
        "cells": [{"at": [3, 1], "board": "pair", "type": "crusher", "steps": []},
                  {"at": [3, 2], "board": "pair", "type": "conveyor", "facing": "south", "express": False}],
        "edges": [{"at": [3, 1], "side": "east", "type": "wall"},
                  {"at": [3, 1], "side": "west", "type": "door", "steps": [2]},
                  {"at": [3, 2], "side": "north", "type": "laser", "beams": 2},
                  {"at": [3, 2], "side": "north", "type": "wall"}],
        "checkpoints": [[3, 1]],
        "starts": [{"number": 1, "at": [3, 1], "facing": "west"}],
        "players": 1,
    }


def test_an_unknown_board_is_refused_at_its_path():
    from crashgrab.engine.formats.layout_io import layout_from_json

    document = course_document([board("a", 2, 2)], [("a", 0, 0, 0), ("nope", 2, 0, 0)])
    with pytest.raises(InvalidFileError) as caught:
        layout_from_json(document, "c.json")
    assert caught.value.where == "$.boards[1].board" and "has no board 'nope'" in caught.value.message


@pytest.mark.parametrize("edit, where", [
    (lambda d: d["boards"][0].update(rotation=45), "$.boards[0].rotation"),
    (lambda d: d["pieces"].append({"type": "door", "at": [0, 0], "steps": []}), "$.pieces[0]"),
    (lambda d: d.update(boardset="nowhere"), "$.boardset"),
    (lambda d: d["boardset"]["boards"][0]["cells"].append({"at": [0, 0], "type": "oil", "x": 1}),
     "$.boardset.boards[0].cells[0]"),
    (lambda d: d.update(boardset="missing/set.json"), "$.boardset"),
])
def test_a_bad_course_names_its_json_path(edit, where, tmp_path):
    from crashgrab.engine.errors import CrashGrabError
    from crashgrab.engine.formats.layout_io import layout_from_json

    document = course_document([board("a", 2, 2)], [("a", 0, 0, 0)])
    edit(document)
    with pytest.raises(CrashGrabError) as caught:
        layout_from_json(document, tmp_path / "c.json")
    assert caught.value.where == where, caught.value


def test_the_shipped_board_set_uses_every_element():
    boardset = standard_boardset()
    factory = [b for b in boardset.boards if (b.width, b.height) == (12, 12)]
    assert len(factory) >= 4
    cells = [e for b in factory for e in b.cells.values()]
    edges = [e for b in factory for e in b.all_edge_elements()]
    kinds = {e.type for e in cells}
    assert kinds == {"pit", "conveyor", "gear", "repair", "oil", "portal", "crusher", "flamethrower"}
    assert {e.express for e in cells if e.type == "conveyor"} == {True, False}
    assert {e.turn for e in cells if e.type == "gear"} == {"left", "right"}
    assert {e.wrenches for e in cells if e.type == "repair"} == {1, 2}
    assert {e.beams for e in edges if e.type == "laser"} == {1, 2, 3}
    assert {e.type for e in edges} >= {"wall", "laser", "pusher"}
    strip = next(b for b in boardset.boards if (b.width, b.height) == (12, 4))
    assert sorted(s.number for s in strip.starts) == list(range(1, 9))
    assert not any(b.name[-1] in "EFGH" and len(b.name) == 1 for b in boardset.boards)  # not the published boards


def test_the_shipped_belts_curve_and_merge():
    """A curve: a belt fed from its side. A merge: a belt fed by two belts. Both speeds curve."""
    from crashgrab.engine.grid.square import SQUARE

    curves, merges = set(), set()
    for a_board in standard_boardset().boards:
        belts = {c: e for c, e in a_board.cells.items() if e.type == "conveyor"}
        for cell, belt in belts.items():
            feeders = [c for c, e in belts.items() if SQUARE.step(c, e.facing) == cell]
            if any(belts[f].facing != belt.facing for f in feeders):
                curves.add(belt.express)
            if len(feeders) >= 2:
                merges.add(belt.express)
    assert curves == {True, False} and merges


@pytest.mark.parametrize("name", ["course.tmj", "course.tmx"])
def test_the_tiled_map_loads_in_pytiled_parser(tmp_path, name):
    import pytiled_parser

    assert main(["export", str(GOLDEN / "course.json"), "--format", "tiled", "-o", str(tmp_path / name)]) == 0
    parsed = pytiled_parser.parse_map(tmp_path / name)
    assert (parsed.map_size.width, parsed.map_size.height, parsed.orientation) == (4, 5, "orthogonal")
    names = [layer.name for layer in parsed.layers]
    assert names == ["floor", "pit", "conveyor", "gear", "repair", "oil", "portal", "crusher", "flamethrower",
                     "edges", "settings", "checkpoints", "starts"]
    layers = {layer.name: layer for layer in parsed.layers}
    assert sum(v > 0 for row in layers["floor"].data for v in row) == 16  # 12 of the yard, 4 of the strip
    belt_gid = layers["conveyor"].data[0][2]  # [2,0]: the express belt, now facing south
    tileset = next(iter(parsed.tilesets.values()))
    assert tileset.tiles[belt_gid - 1].properties == {"element": "conveyor", "facing": "south", "express": True}
    edges = layers["edges"].tiled_objects
    assert len(edges) == 8 and sum(o.class_ == "wall" for o in edges) == 4
    laser = next(o for o in edges if o.class_ == "laser")
    assert laser.properties == {"x": 1, "y": 0, "side": "north", "beams": 3}
    assert [o.properties for o in layers["starts"].tiled_objects] == [{"number": 1, "facing": "north"},
                                                                       {"number": 2, "facing": "north"}]
    assert (tmp_path / "course-tiles.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.skipif(__import__("shutil").which("tiled") is None, reason="the Tiled editor is not installed")
def test_tiled_itself_opens_both_forms(tmp_path):
    """Tiled converts our .tmx and .tmj to its own JSON, and both keep the layers and the walls."""
    import os
    import subprocess

    for name in ("course.tmx", "course.tmj"):
        assert main(["export", str(GOLDEN / "course.json"), "--format", "tiled", "-o", str(tmp_path / name)]) == 0
        result = subprocess.run(["tiled", "--export-map", "json", str(tmp_path / name), str(tmp_path / f"{name}.json")],
                                capture_output=True, text=True, timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        assert result.returncode == 0, result.stderr
        by_tiled = json.loads((tmp_path / f"{name}.json").read_text())
        assert [layer["name"] for layer in by_tiled["layers"]][:2] == ["floor", "pit"]
        edges = next(layer for layer in by_tiled["layers"] if layer["name"] == "edges")
        assert sorted(o.get("class", o.get("type")) for o in edges["objects"]) == ["door", "door", "laser", "pusher", "wall", "wall",
                                                               "wall", "wall"]


# --- the resolved course's promises, on random courses of the shipped boards ---------------------


@st.composite
def courses(draw) -> Course:
    boardset = standard_boardset()
    ids = [b.id for b in boardset.boards]
    placements = draw(st.lists(st.builds(Placement, st.sampled_from(ids), st.integers(0, 20), st.integers(0, 20),
                                         st.sampled_from((0, 90, 180, 270))), min_size=1, max_size=3))
    return Course("random", boardset, tuple(placements))


@settings(max_examples=25, deadline=None)
@given(courses())
def test_every_cell_once_row_major_and_every_edge_once(course):
    document = resolved_course_json(course)
    at = [tuple(c["at"]) for c in document["cells"]]
    assert at == sorted(set(at), key=lambda c: (c[1], c[0]))  # once each, row by row
    covered = {(p.x + x, p.y + y) for p in course.boards for b in [course.boardset.board(p.board)]
               for x in range(b.height if p.rotation % 180 else b.width)
               for y in range(b.width if p.rotation % 180 else b.height)}
    assert set(at) == covered
    walls = [(tuple(e["at"]), e["side"]) for e in document["edges"] if e["type"] == "wall"]
    assert len(walls) == len(set(walls)) and all(edge_key(cell, side) == (cell, side) for cell, side in walls)
    for mounted in (e for e in document["edges"] if e["type"] in ("laser", "pusher")):
        assert edge_key(tuple(mounted["at"]), mounted["side"]) in walls  # a laser or pusher stands on a wall
    assert document["width"] == max(x for x, _ in at) + 1 and document["height"] == max(y for _, y in at) + 1
    validate(document, "roborally-resolved")


def test_a_board_set_path_is_confined_and_must_lead_to_a_board_set(tmp_path, monkeypatch):
    from crashgrab.engine.formats.layout_io import layout_from_json

    inside = tmp_path / "inside"
    inside.mkdir()
    (tmp_path / "set.json").write_text((GOLDEN / "boardset.json").read_text())
    document = json.loads((GOLDEN / "course.json").read_text())
    document["boardset"] = "../set.json"
    assert layout_from_json(document, inside / "course.json").boardset.id == "golden"
    monkeypatch.setenv("CRASHGRAB_CONFINE", str(inside))
    with pytest.raises(InvalidFileError) as caught:
        layout_from_json(document, inside / "course.json")
    assert caught.value.where == "$.boardset" and "leads outside" in caught.value.message
    monkeypatch.delenv("CRASHGRAB_CONFINE")
    (inside / "other.json").write_text((GOLDEN / "course.json").read_text())
    document["boardset"] = "other.json"
    with pytest.raises(InvalidFileError) as caught:
        layout_from_json(document, inside / "course.json")
    assert caught.value.where == "$.boardset" and "this is a layout, not a board set" in caught.value.message


def test_the_text_board_numbers_columns_past_nine_in_full():
    from crashgrab.engine.roborally.text import grid_text

    header = grid_text(12, 1, {}, lambda cell, side: ()).splitlines()[0]
    assert header.split() == [str(x) for x in range(12)]


def test_a_course_without_pieces_loads_with_none_and_saves_them_as_an_empty_list(tmp_path):
    document = json.loads((GOLDEN / "course.json").read_text())
    document.pop("pieces")
    (tmp_path / "boardset.json").write_text((GOLDEN / "boardset.json").read_text())
    (tmp_path / "course.json").write_text(json.dumps(document))
    course = load_layout(tmp_path / "course.json")
    assert course.pieces == ()
    save_layout(course, tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text())["pieces"] == []
