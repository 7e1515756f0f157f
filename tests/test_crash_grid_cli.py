"""The command line for Crash Grid, through its game system: games, new, show, validate,
export and scenario run, with their exit codes."""
from __future__ import annotations

import json

from crashgrab.engine.cli import main
from crashgrab.engine.crash_grid.layout_io import load_layout
from crashgrab.engine.crash_grid.templates import template_layout
from crashgrab.engine.formats.schemas import validate
from tests.conftest import ROOT

SCENARIOS = ROOT / "tests" / "crash_grid_scenarios"


def crashgrab(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_crash_grid_with_its_templates(capsys):
    code, out, _ = crashgrab(capsys, "games")
    assert code == 0
    assert "crash-grid: Crash Grid (square grid; players 3, 4)" in out
    assert "  template 4: 4 players (12x12), 12x12" in out


def test_new_gives_the_template_arena(capsys, tmp_path):
    target = tmp_path / "arena.json"
    code, _, _ = crashgrab(capsys, "new", "--game", "crash-grid", "--players", "4", "-o", target)
    assert code == 0
    layout = load_layout(target)
    assert [(s.suit, s.cell, s.facing) for s in layout.starts] == [
        ("spades", (5, 0), "south"), ("hearts", (11, 5), "west"), ("diamonds", (6, 11), "north"), ("clubs", (0, 6), "east")]
    assert (layout.width, layout.height, layout.template) == (12, 12, "4")


def test_new_refuses_a_player_count_without_an_arena(capsys):
    try:
        code, _, err = crashgrab(capsys, "new", "--game", "crash-grid", "--players", "2")
    except SystemExit as stop:  # argparse's usage error
        code, err = stop.code, capsys.readouterr().err
    assert code == 2
    assert "Crash Grid is played by 3, 4 players, not 2" in err


def _arena_file(tmp_path, **fields):
    document = {"format": "crash-grab-layout", "version": 2, "game": "crash-grid", "name": "Lopsided",
                "template": None, "arena": {"width": 5, "height": 5},
                "starts": [{"suit": "spades", "x": 2, "y": 0, "facing": "north"},
                           {"suit": "hearts", "x": 4, "y": 2, "facing": "west"}],
                "walls": [[3, 2]]}
    document.update(fields)
    path = tmp_path / "arena.json"
    path.write_text(json.dumps(document))
    return path


def test_show_draws_the_arena(capsys, tmp_path):
    code, out, _ = crashgrab(capsys, "show", _arena_file(tmp_path))
    assert code == 0
    assert out.splitlines()[:6] == [
        "Lopsided (custom, 5x5)",
        "    0 1 2 3 4 ",
        "   +----------+",
        " 0 |. . S^. . |",
        " 1 |. . . . . |",
        " 2 |. . . # H<|",
    ]


def test_validate_reports_the_findings_and_fails_on_errors(capsys, tmp_path):
    path = _arena_file(tmp_path)
    code, out, _ = crashgrab(capsys, "validate", path)
    assert code == 1
    codes = [line.split()[2] for line in out.splitlines()[:-1]]
    # worked out by hand: hearts' square ahead [3,2] is a wall; spades faces off the board;
    # loop positions 2 and 6 give gaps 4 and 12; of 22 free squares hearts reaches first only
    # [4,1] [3,3] [4,3] [3,4] [4,4] (5, 22.7%); spades 9 ([0,0] [1,0] [3,0], [0,1] [1,1] [2,1],
    # [0,2] [1,2] [2,2]: 40.9%, within 10 points of 50%); the rest are ties
    assert codes == ["start-blocked", "start-facing", "start-spacing", "territory", "arena-size"]
    assert out.splitlines()[-1] == f"{path}: 2 errors, 2 warnings, 1 note"
    code, out, _ = crashgrab(capsys, "validate", path, "--select", "start-spacing", "--format", "json")
    assert code == 0
    report = json.loads(out)
    validate(report, "validation-report")
    assert [f["code"] for f in report["files"][0]["findings"]] == ["start-spacing"]
    assert report["files"][0]["metrics"]["starts"]["spades"] == {"free_run": 0, "territory": 9, "share": 0.4091}


def test_validate_a_template_passes(capsys, tmp_path):
    target = tmp_path / "arena.json"
    crashgrab(capsys, "new", "--game", "crash-grid", "--players", "3", "-o", target)
    code, out, _ = crashgrab(capsys, "validate", target, "--strict")
    assert (code, out.strip()) == (0, f"{target}: no findings")


def test_export_writes_rows_starts_and_walls(capsys, tmp_path):
    code, out, _ = crashgrab(capsys, "export", _arena_file(tmp_path))
    assert code == 0
    document = json.loads(out)
    validate(document, "crash-grid-export")
    assert document["rows"] == ["..S..", ".....", "...#H", ".....", "....."]
    assert document["starts"][1] == {"suit": "hearts", "at": [4, 2], "facing": "west", "free_run": 0}
    code, _, err = crashgrab(capsys, "export", _arena_file(tmp_path), "--format", "tiled", "-o", tmp_path / "x.tmj")
    assert code == 2 and "Crash Grid has no export format 'tiled'" in err


def test_scenario_run_every_file_passes(capsys):
    files = sorted(SCENARIOS.glob("*.json"))
    code, out, err = crashgrab(capsys, "scenario", "run", *files)
    assert code == 0, err + out
    assert out.count("\nPASS: ") == len(files)
    assert out.rstrip().endswith(f"{len(files)} scenario files: all passed")


def test_scenario_run_text_shows_the_tricks_and_the_board(capsys):
    path = SCENARIOS / "initiative-tie-two.json"
    code, out, _ = crashgrab(capsys, "scenario", "run", path)
    assert code == 0
    lines = out.splitlines()
    assert lines[1:5] == [
        "trick 1: spades 7C K, hearts 7S K",
        "    1. initiative: hearts (7S), spades (7C)",
        "    2. hearts plays K: [3,2] -> [2,2] facing west, leaving its trail (8 trail cards in hand)",
        "    3. spades plays K facing east and crashes into the hearts rider at [2,2]",
    ]


def test_scenario_run_a_failed_expectation_exits_1(capsys, tmp_path):
    document = json.loads((SCENARIOS / "extended-mode.json").read_text())
    document["layout"] = json.loads((SCENARIOS / "layouts" / "open-6x6.json").read_text())
    document["expect"]["walls"] = [[2, 2]]
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(document))
    code, out, _ = crashgrab(capsys, "scenario", "run", path, "--format", "json")
    assert code == 1
    report = json.loads(out)
    assert report["expect"]["failures"] == [{"what": "walls", "expected": [[2, 2]], "actual": [[2, 2], [3, 2]]}]


def test_scenario_run_an_illegal_choice_exits_2_naming_trick_and_player(capsys):
    path = SCENARIOS / "bad" / "missing-move.json"
    code, out, err = crashgrab(capsys, "scenario", "run", path, "--format", "json")
    assert code == 2
    assert "trick 1 (hearts): hearts plays no move card" in err
    error = json.loads(out)["error"]
    assert (error["where"], error["trick"], error["player"], error["choice"], error["options"]) == (
        "$.tricks[0].moves", 1, "hearts", "move", ["J", "Q", "K"])


def test_template_arena_from_new_equals_the_engine_template(capsys, tmp_path):
    target = tmp_path / "three.json"
    crashgrab(capsys, "new", "--game", "crash-grid", "--players", "3", "-o", target)
    assert load_layout(target) == template_layout("3")


def test_the_worked_example_in_the_scenarios_doc_is_real_output(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    docs = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8").split("\n## Crash Grid scenarios\n", 1)[1]
    shown = docs.split("initiative-tie-two.json` prints:\n\n```\n", 1)[1].split("\n```", 1)[0]
    code, out, _ = crashgrab(capsys, "scenario", "run", "tests/crash_grid_scenarios/initiative-tie-two.json")
    assert code == 0 and out.rstrip("\n") == shown


def test_render_draws_a_crash_grid_arena(qapp, capsys, tmp_path):  # a QApplication first, as the editor has
    arena = tmp_path / "arena.json"
    crashgrab(capsys, "new", "--game", "crash-grid", "--players", "4", "-o", arena)
    code, _, err = crashgrab(capsys, "render", arena, "-o", tmp_path / "arena.png", "--dpi", "50")
    assert code == 0, err
    assert (tmp_path / "arena.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "wrote" in err
