"""Every way a layout file can be wrong gives one clear message: file, JSON path, what, how to fix."""
import copy
import json

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.errors import InvalidFileError, UnreadableFileError, WriteError
from crashgrab.engine.formats.jsonio import read_json, write_json_atomic
from crashgrab.engine.formats.layout_io import load_layout
from tests.conftest import LAYOUTS

GOOD = read_json(LAYOUTS / "standard-2-4p.json")
GOOD_5 = read_json(LAYOUTS / "standard-5p.json")


def changed(base, edit):
    document = copy.deepcopy(base)
    edit(document)
    return document


def set_in(path, value):
    def edit(document):
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


# (case, document, JSON path the message must name, words the message must contain)
CASES = [
    ("schema: unknown field", changed(GOOD, set_in(["colour"], "red")), "$", ["unknown field 'colour'", "Remove it"]),
    ("schema: missing field", changed(GOOD, lambda d: d.pop("directions")), "$", ["missing field 'directions'"]),
    ("unknown side", changed(GOOD, set_in(["placements", 1, "side"], "C")), "$.placements[1].side",
     ['"C" is not allowed', '"A", "B"']),
    ("unknown template", changed(GOOD, set_in(["template"], "7")), "$.template", ['"7" is not allowed', '"2-4"']),
    ("rotation of 45", changed(GOOD, set_in(["placements", 2, "rotation"], 45)), "$.placements[2].rotation",
     ["45 is not allowed", "0, 90, 180, 270"]),
    ("wrong version", changed(GOOD, set_in(["version"], 0)), "$.version", ["version 0 is not supported"]),
    ("newer version", changed(GOOD, set_in(["version"], 3)), "$.version", ["version 3", "reads up to version 2"]),
    ("unknown marker", changed(GOOD, set_in(["directions", "east"], "Moon")), "$.directions.east",
     ['"Moon" is not allowed', '"Sun"']),
    ("unknown tile", changed(GOOD, set_in(["placements", 0, "tile"], "99")), "$.placements[0]",
     ["Tile '99'", "not in tile set 'standard'"]),
    ("unknown tile set", changed(GOOD, set_in(["tileset"], "deluxe")), "$.tileset", ["no shipped tile set 'deluxe'"]),
    ("tile used twice", changed(GOOD, set_in(["placements", 1, "tile"], "1")), "$.placements[1]",
     ["Tile 1 is placed more than once"]),
    ("overlap", changed(GOOD, lambda d: (d.update(template=None), d["placements"][1].update(x=2))),
     "$.placements[1]", ["overlaps tile 1 at [2,0]"]),
    ("outside the template's board", changed(GOOD, set_in(["placements", 3, "x"], 5)), "$.placements[3]",
     ["reaches outside the 8x8 board at [8,4]"]),
    ("rotation the slot refuses", changed(GOOD_5, set_in(["placements", 4, "rotation"], 0)), "$.placements[4]",
     ["north arm slot takes tile 5 at rotation 90 or 270, not 0"]),
    ("tile in the wrong slot", changed(GOOD_5, lambda d: (d["placements"][0].update(tile="9"),
                                                          d["placements"][8].update(tile="1"))),
     "$.placements[0]", ["north-west core slot takes a core tile (1-4), not tile 9"]),
    ("a position far off any table", changed(GOOD, lambda d: (d.update(template=None), d["placements"][0].update(
        x=100_000_000))), "$.placements[0].x", ["100000000", "255"]),
    ("repeated marker", changed(GOOD, set_in(["directions", "east"], "Sun")), "$.directions",
     ["missing Asteroids", "repeated Sun"]),
]


@pytest.mark.parametrize("case, document, where, words", CASES, ids=[c[0] for c in CASES])
def test_library_raises_a_typed_error_with_file_path_and_words(tmp_path, case, document, where, words):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document))
    with pytest.raises(InvalidFileError) as caught:
        load_layout(path, strict=True)
    error = caught.value
    assert error.file == str(path)
    assert error.where == where
    for word in words:
        assert word in str(error)


@pytest.mark.parametrize("case, document, where, words", CASES, ids=[c[0] for c in CASES])
def test_command_line_prints_one_line_and_exits_1(tmp_path, capsys, case, document, where, words):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document))
    assert main(["export", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and where in err
    assert "Traceback" not in err


def test_malformed_json_names_line_and_column(tmp_path, capsys):
    path = tmp_path / "cut.json"
    path.write_text('{"format": "crash-grab-layout",\n "version": 1\n "name": "x"}')
    with pytest.raises(InvalidFileError, match=r"malformed JSON at line 3, column 2"):
        load_layout(path)
    assert main(["show", str(path)]) == 1
    assert "malformed JSON" in capsys.readouterr().err


@pytest.mark.parametrize("make", [lambda p: p, lambda p: (p.mkdir(), p)[1],
                                  lambda p: (p.write_bytes(b"\xff\xfe\x00bad"), p)[1]],
                         ids=["missing", "folder", "binary"])
def test_unreadable_file_exits_2(tmp_path, capsys, make):
    path = make(tmp_path / "layout.json")
    with pytest.raises(UnreadableFileError):
        read_json(path)
    assert main(["show", str(path)]) == 2
    assert str(path) in capsys.readouterr().err


def test_a_failed_save_is_a_write_error_and_keeps_the_old_file(tmp_path):
    with pytest.raises(WriteError, match="cannot write here") as caught:
        write_json_atomic(tmp_path / "no-such-folder" / "layout.json", GOOD)
    assert not isinstance(caught.value, UnreadableFileError) and caught.value.exit_code == 2
    in_the_way = tmp_path / "layout.json"  # a folder where the file should go: the rename fails
    in_the_way.mkdir()
    (in_the_way / "old").write_text("old")
    with pytest.raises(WriteError, match="could not be saved"):
        write_json_atomic(in_the_way, GOOD)
    assert (in_the_way / "old").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layout.json"]  # no temporary file left


def test_structural_problems_do_not_stop_a_non_strict_load(tmp_path):
    # The editor opens such a file so the designer can fix it; validation reports it.
    document = changed(GOOD, set_in(["placements", 1, "tile"], "1"))
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(document))
    assert [p.tile for p in load_layout(path).placements] == ["1", "1", "3", "4"]


@pytest.mark.parametrize("fmt", ["json", "tiled"])
def test_an_empty_free_form_layout_is_not_exported(tmp_path, capsys, fmt):
    document = changed(GOOD, lambda d: (d.update(template=None), d.update(placements=[])))
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(document))
    assert main(["export", str(path), "--format", fmt, "-o", str(tmp_path / "out.tmj")]) == 1
    assert "$.placements: the layout has no tiles" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.json"]
