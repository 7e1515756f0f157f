"""The command line for RoboRally, through its game system: games, new (every template legal), show
(walls between squares), validate (exit codes, JSON), export (resolved JSON, Tiled) and render (walls
drawn on the edge, at 25 mm a square)."""
from __future__ import annotations

import json

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.formats.schemas import validate
from tests.conftest import ROOT
from tests.roborally_support import board, course_document

GOLDEN = ROOT / "tests" / "golden" / "roborally"


def crashgrab(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_roborally(capsys):
    code, out, _ = crashgrab(capsys, "games")
    assert code == 0
    assert "roborally: RoboRally: Crash and Burn (square grid; players 2, 3, 4, 5, 6, 7, 8)" in out
    assert "  exports: json, tiled" in out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_every_template_is_a_legal_course_with_its_starts_and_three_checkpoints(capsys, tmp_path, players):
    target = tmp_path / "course.json"
    code, _, _ = crashgrab(capsys, "new", "--game", "roborally", "--players", players, "-o", target)
    assert code == 0
    layout = load_layout(target)
    assert sorted(s.number for s in layout.starts) == list(range(1, players + 1))
    assert len(layout.checkpoints) == 3 and layout.player_count == players
    code, out, _ = crashgrab(capsys, "validate", target, "--format", "json")
    report = json.loads(out)
    validate(report, "validation-report")
    assert code == 0 and report["files"][0]["valid"]
    assert [f["code"] for f in report["files"][0]["findings"] if f["severity"] != "info"] == []
    assert report["files"][0]["metrics"]["life_points"][str(players)] == (3 if players <= 4 else 4)


def test_new_refuses_a_ninth_robot(capsys):
    try:
        code, _, err = crashgrab(capsys, "new", "--game", "roborally", "--players", "9")
    except SystemExit as stop:  # argparse's usage error
        code, err = stop.code, capsys.readouterr().err
    assert code == 2 and "2, 3, 4, 5, 6, 7, 8" in err


def test_show_draws_walls_between_the_squares(capsys):
    code, out, _ = crashgrab(capsys, "show", GOLDEN / "course.json")
    assert code == 0
    rows = out.splitlines()
    row_2 = next(r for r in rows if r.startswith(" 2 "))
    assert row_2 == " 2 P.  O  X |"  # the pusher on [0,2] west, the wall on [2,2] east
    below = rows[rows.index(row_2) + 1]
    assert below == "    DD    --"  # the door under [0,2], the wall under [2,2]


def _bad_course(tmp_path):
    document = course_document([board("a", 3, 3, cells=[{"at": [1, 1], "type": "pit"}])], [("a", 0, 0, 0)],
                               checkpoints=[(1, 1)], starts=[(1, (0, 0), "south"), (2, (2, 0), "south")])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    return path


def test_validate_reports_an_error_with_exit_1_and_strict_show_lists_it(capsys, tmp_path):
    path = _bad_course(tmp_path)
    code, out, _ = crashgrab(capsys, "validate", path)
    assert code == 1 and "error checkpoint-on-pit [1,1] checkpoint 1 at [1,1] is on a pit" in out
    code, _, err = crashgrab(capsys, "show", path)
    assert code == 1 and "checkpoint-on-pit" in err


def test_a_course_with_a_bad_field_is_one_message_with_exit_2(capsys, tmp_path):
    document = json.loads(_bad_course(tmp_path).read_text())
    document["boards"][0]["rotation"] = 45
    path = tmp_path / "rot.json"
    path.write_text(json.dumps(document))
    for command in ("validate", "show", "export"):
        code, _, err = crashgrab(capsys, command, path)
        assert code == 2 and "$.boards[0].rotation: 45 is not allowed here. Use one of 0, 90, 180, 270." in err


def test_export_writes_the_resolved_course(capsys, tmp_path):
    target = tmp_path / "course.resolved.json"
    code, _, _ = crashgrab(capsys, "export", GOLDEN / "course.json", "-o", target)
    assert code == 0
    document = json.loads(target.read_text())
    assert (document["width"], document["height"], len(document["cells"])) == (4, 5, 16)
    code, _, err = crashgrab(capsys, "export", GOLDEN / "course.json", "--format", "tiled")
    assert code == 2 and "-o course.tmx" in err


def test_render_draws_walls_on_the_edges_at_25_mm_a_square(capsys, qapp, tmp_path):
    from PySide6.QtGui import QImage

    from crashgrab.editor.image_size import MARGIN_CELLS

    layout = tmp_path / "course.json"
    assert main(["new", "--game", "roborally", "--players", "2", "-o", str(layout)]) == 0
    assert main(["render", str(layout), "-o", str(tmp_path / "course.png"), "--dpi", "50"]) == 0
    image = QImage(str(tmp_path / "course.png"))
    per_unit = 25 * 50 / 25.4  # pixels a square at 50 dpi

    def pixel(x, y):
        return image.pixelColor(round((MARGIN_CELLS + x) * per_unit), round((MARGIN_CELLS + y) * per_unit)).name()

    assert (image.width(), image.height()) == (round((12 + 2 * MARGIN_CELLS) * per_unit),
                                               round((16 + 2 * MARGIN_CELLS) * per_unit))
    assert pixel(1.0, 1.5) == "#1f2937"   # Foundry's wall on [1,1] west, on the edge itself
    assert pixel(0.0, 10.5) == "#dc2626"  # its laser on [0,10] west, over its wall
    assert pixel(1.5, 2.2) == "#f8fafc"   # floor, away from every edge
    assert main(["render", str(layout), "-o", str(tmp_path / "course.svg")]) == 0
    assert 'width="355mm"' in (tmp_path / "course.svg").read_text()


def test_the_picture_names_each_elements_steps_as_typed_settings():
    """Crushers, flamethrowers, pushers and doors carry their program steps as the seam's typed
    setting, so any legend or tool tip says "Crusher, steps 2, 4"; none listed is every step."""
    from crashgrab.engine.games import get_system
    from crashgrab.engine.formats.layout_io import load_layout

    from .conftest import ROOT

    system = get_system("roborally")
    picture = system.picture(load_layout(ROOT / "layouts" / "roborally" / "examples" / "factory-race.json"))
    words = {system.feature_kind(f.type).describe(f.number, f.facing, f.settings)
             for f in picture.features if f.type in ("crusher", "flamethrower", "pusher", "door")}
    assert {"Crusher, steps 2, 4", "Crusher, steps 1, 2, 3, 4, 5"} <= words
    assert all(system.feature_settings_problems(f) == [] for f in picture.features)
