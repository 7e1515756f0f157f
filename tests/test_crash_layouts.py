"""Crash! boards: the standard template, the default facing rule, the file format and the edits."""
from __future__ import annotations

import copy

import pytest

from crashgrab.engine.crash.editing import (EditRefused, turned_start, with_hex, with_junkyard, with_start,
                                            without_hex, without_start)
from crashgrab.engine.crash.facing import default_facing
from crashgrab.engine.crash.layout_io import layout_from_json, layout_to_json, load_layout, save_layout
from crashgrab.engine.crash.model import CrashLayout, Junkyard, Start
from crashgrab.engine.crash.system import SYSTEM
from crashgrab.engine.crash.templates import hexagon, template_layout
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats import layout_io as generic
from crashgrab.engine.games import get_system
from crashgrab.engine.grid.hex import distance, rotate_cell


def test_the_game_is_registered():
    assert get_system("crash") is SYSTEM and SYSTEM.title == "Crash!" and SYSTEM.geometry.name == "hex"


def test_standard_has_the_published_shape():
    layout = template_layout()
    assert len(layout.hexes) == 37
    assert layout.hexes == {(q, r) for q in range(-3, 4) for r in range(-3, 4) if distance((q, r), (0, 0)) <= 3}
    rows = [sum(1 for c in layout.hexes if c[1] == r) for r in range(-3, 4)]
    assert rows == [4, 5, 6, 7, 6, 5, 4]
    assert all(j.at[1] == 0 for j in layout.junkyards)


def test_a_half_turn_maps_one_players_starts_and_junkyard_onto_the_other():
    layout = template_layout()
    for start in layout.starts_of("p1"):
        other = layout.start_of("p2", start.car)
        assert other.at == rotate_cell(start.at, 180)
        assert layout.facing_of(other) == SYSTEM.geometry.turned(layout.facing_of(start), 180)
    assert layout.junkyard_of("p2").at == rotate_cell(layout.junkyard_of("p1").at, 180)


def test_standard_validates_with_no_finding():
    report = SYSTEM.validate(template_layout())
    assert report.findings == ()


def test_each_junkyard_is_nearer_the_opponent():
    layout = template_layout()
    for player, other in (("p1", "p2"), ("p2", "p1")):
        starts = [s.at for s in layout.starts_of(player)]
        own = sum(distance(s, layout.junkyard_of(player).at) for s in starts)
        theirs = sum(distance(s, layout.junkyard_of(other).at) for s in starts)
        assert own > theirs


# The default facing, worked by hand from the centres x = sqrt(3) (q + r/2), y = 1.5 r (angles
# clockwise from east, y down). A centroid straight below [0,0] is exactly between southeast (60)
# and southwest (120): the tie goes to the first clockwise, southeast.
@pytest.mark.parametrize("p2_cells, car_at, expected", [
    ([(3, 0)], (0, 0), "east"),
    ([(-3, 0)], (0, 0), "west"),
    ([(-1, 2)], (0, 0), "southeast"),            # straight down: a tie, the first clockwise
    ([(1, -2)], (0, 0), "northwest"),            # straight up: northwest (240) before northeast (300)
    ([(0, 3)], (0, 0), "southeast"),             # centre (2.60, 4.5): 60 degrees, southeast exactly
    ([(0, 3), (3, 0)], (0, 0), "east"),          # centroid (3.90, 2.25): 30 degrees, a tie east/southeast
    ([(2, -3)], (0, 0), "northeast"),
])
def test_default_facing(p2_cells, car_at, expected):
    starts = (Start("p1", 1, car_at),) + tuple(Start("p2", i + 1, c) for i, c in enumerate(p2_cells))
    layout = CrashLayout("t", hexagon(3), starts)
    assert default_facing(layout, starts[0]) == expected


def test_round_trip_keeps_a_left_out_facing_left_out(tmp_path):
    layout = template_layout()
    layout = CrashLayout(layout.name, layout.hexes, (Start("p1", 1, (2, -3)),) + layout.starts[1:], layout.junkyards,
                         "standard", notes="a note")
    path = tmp_path / "board.json"
    save_layout(layout, path)
    again = load_layout(path)
    assert again == layout
    assert "facing" not in layout_to_json(again)["starts"][0]
    assert again.facing_of(again.starts[0]) == "southwest"
    assert generic.load_layout(path) == layout


@pytest.mark.parametrize("change, where, words", [
    (lambda d: d["hexes"].append([0, 0]), "$.hexes[37]", "listed twice"),
    (lambda d: d["starts"][2].update(facing="north"), "$.starts[2].facing", "not allowed"),
    (lambda d: d["starts"][0].update(car=7), "$.starts[0].car", "7"),
    (lambda d: d["junkyards"][0].update(player="p3"), "$.junkyards[0].player", "not allowed"),
    (lambda d: d.update(game="crash-grid"), "$.game", None),
    (lambda d: d["hexes"].append([0, 65]), "$.hexes[37][1]", None),
])
def test_bad_layouts_name_the_json_path(change, where, words):
    document = copy.deepcopy(layout_to_json(template_layout()))
    change(document)
    with pytest.raises(InvalidFileError) as caught:
        layout_from_json(document, "board.json")
    assert caught.value.where == where
    if words:
        assert words in caught.value.message


def test_strict_loading_refuses_a_board_with_a_structural_error():
    document = layout_to_json(template_layout())
    document["starts"] = document["starts"][1:]
    assert len(layout_from_json(document).starts) == 11
    with pytest.raises(InvalidFileError, match="start-count"):
        layout_from_json(document, strict=True)


def test_edits_are_pure_and_refuse_what_no_board_holds():
    layout = template_layout()
    with pytest.raises(EditRefused, match="p1's car 5 is on"):
        without_hex(layout, (3, 0))
    with pytest.raises(EditRefused, match="p2's junkyard"):
        with_start(layout, "p1", 1, (1, 0))
    with pytest.raises(EditRefused, match="not a hex"):
        with_junkyard(layout, "p1", (5, 0))
    bigger = with_hex(layout, (4, 0))
    assert (4, 0) in bigger.hexes and (4, 0) not in layout.hexes
    moved = with_start(bigger, "p1", 5, (4, 0))
    assert moved.start_of("p1", 5).at == (4, 0) and moved.start_of("p1", 5).facing == "west"
    assert layout.start_of("p1", 5).at == (3, 0)
    assert without_start(layout, "p2", 3).start_of("p2", 3) is None


def test_turning_a_start_steps_through_the_six_directions():
    layout = template_layout()
    turned = layout
    seen = []
    for _ in range(6):
        turned = turned_start(turned, "p1", 4)
        seen.append(turned.start_of("p1", 4).facing)
    assert seen == ["northwest", "northeast", "east", "southeast", "southwest", "west"]
    assert turned_start(layout, "p1", 4, -1).start_of("p1", 4).facing == "southwest"


def test_junkyards_move_and_a_free_form_board_has_the_hexes_only():
    layout = with_junkyard(template_layout(), "p1", (-2, 0))
    assert layout.junkyards == (Junkyard("p1", (-2, 0)), Junkyard("p2", (1, 0)))
    blank = SYSTEM.new_layout()
    assert len(blank.hexes) == 37 and not blank.starts and not blank.junkyards


def test_games_lists_crash_and_new_makes_the_standard_board(tmp_path, capsys):
    from crashgrab.engine.cli import main

    assert main(["games"]) == 0
    assert "crash: Crash! (hex grid; players 2)" in capsys.readouterr().out
    path = tmp_path / "board.json"
    assert main(["new", "--game", "crash", "-o", str(path)]) == 0
    assert load_layout(path) == template_layout()
    with pytest.raises(SystemExit):
        main(["new", "--game", "crash", "--players", "3"])
    with pytest.raises(SystemExit):
        main(["new", "--game", "crash-grid"])   # two player counts: say which
