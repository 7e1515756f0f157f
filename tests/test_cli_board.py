"""`crashgrab new`, `show` and `export` end to end, against golden files checked by hand."""
import json
import subprocess
import sys

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.layout_io import layout_from_json, load_layout
from crashgrab.engine.formats.schemas import validate
from tests.conftest import LAYOUTS, ROOT

GOLDEN = ROOT / "tests" / "golden"


def test_show_prints_the_10x10_board_framed_by_its_markers(capsys):
    # Golden file checked cell by cell against the tile list (e.g. tile 13 side A turned 90
    # puts its Accelerator at [5,8]; tile 4 side A puts Crash Site 12 at [7,9], shown as c).
    assert main(["show", str(LAYOUTS / "standard-6p.json")]) == 0
    out = capsys.readouterr().out
    assert out == (GOLDEN / "standard-6p.show.txt").read_text()
    board_rows = [line for line in out.splitlines() if line.count("|") == 2]
    assert len(board_rows) == 10 and all(len(r.split("|")[1]) == 10 for r in board_rows)


def test_show_marks_holes_in_a_free_form_board(tmp_path, capsys):
    document = read_json(LAYOUTS / "standard-2-4p.json")
    document.update(template=None)
    document["placements"] = [{"tile": "9", "side": "A", "x": 0, "y": 0, "rotation": 0},
                              {"tile": "14", "side": "B", "x": 2, "y": 0, "rotation": 0}]
    path = tmp_path / "free.json"
    path.write_text(json.dumps(document))
    assert main(["show", str(path)]) == 0
    rows = [line.split("|")[1] for line in capsys.readouterr().out.splitlines() if line.count("|") == 2]
    assert rows == [">#>.", "##.."]


def test_export_matches_the_golden_file_and_its_schema(tmp_path):
    out = tmp_path / "board.json"
    assert main(["export", str(LAYOUTS / "standard-2-4p.json"), "-o", str(out)]) == 0
    document = read_json(out)
    validate(document, "crash-grab-export")
    assert document == read_json(GOLDEN / "standard-2-4p.export.json")
    assert document["board"] == {"width": 8, "height": 8} and document["holes"] == []
    # Crash Site 7 is printed at [1,0] of tile 3 side A, which lies at [0,4].
    assert {"x": 1, "y": 4, "type": "crash_site", "number": 7, "tile": "3"} in document["cells"]
    assert sorted(c["number"] for c in document["cells"] if c["type"] == "crash_site") == list(range(1, 13))


@pytest.mark.parametrize("players, size", [(2, 8), (4, 8), (5, 9), (6, 10)])
def test_new_writes_a_legal_reproducible_board(tmp_path, players, size):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["new", "--players", str(players), "--seed", "11", "-o", str(first)]) == 0
    assert main(["new", "--players", str(players), "--seed", "11", "-o", str(second)]) == 0
    assert first.read_text() == second.read_text()
    layout = load_layout(first, strict=True)
    board = resolve_layout(layout).board
    assert (board.width, board.height) == (size, size)


def test_new_without_a_seed_reports_the_seed_it_used(capsys):
    assert main(["new", "--players", "3"]) == 0
    captured = capsys.readouterr()
    seed = int(captured.err.split()[-1])
    assert main(["new", "--players", "3", "--seed", str(seed)]) == 0
    assert capsys.readouterr().out == captured.out


@pytest.mark.parametrize("argv", [["new", "--players", "7"], ["new"], ["show"], ["frobnicate"]])
def test_usage_errors_exit_2(argv):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2


def test_console_script_runs_as_a_module():
    result = subprocess.run([sys.executable, "-m", "crashgrab.engine", "show", str(LAYOUTS / "standard-5p.json")],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and "Sun" in result.stdout and result.stderr == ""


def test_save_then_load_round_trips_every_shipped_layout(tmp_path):
    from crashgrab.engine.formats.layout_io import save_layout
    for path in LAYOUTS.glob("*.json"):
        layout = load_layout(path)
        save_layout(layout, tmp_path / path.name)
        assert (tmp_path / path.name).read_text() == path.read_text()
        assert layout_from_json(read_json(tmp_path / path.name)).placements == layout.placements
