"""Reachability on free-form boards whose holes cut them into parts."""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.validation import validate_layout
from tests.test_validation_helpers import board_layout


def found(report, code):
    return [(f.cells, dict(f.details)) for f in report.findings if f.code == code]


def test_a_part_without_crash_sites_behind_a_wall_of_holes_is_unreachable():
    report = validate_layout(board_layout("""
        1..#...
        ...#...
        ..2#...
    """))
    right = tuple((x, y) for y in range(3) for x in range(4, 7))
    assert found(report, "unreachable") == [(right, {"count": 9})]
    assert found(report, "isolated-crash-site") == []
    finding = next(f for f in report.findings if f.code == "unreachable")
    assert finding.severity == "error" and not report.valid
    assert finding.message.startswith("No sequence of moves from a Crash Site reaches 9 cells [4,0], [5,0]")


def test_each_orthogonally_connected_part_is_its_own_finding():
    report = validate_layout(board_layout("1#.#."))
    assert found(report, "unreachable") == [(((2, 0),), {"count": 1}), (((4, 0),), {"count": 1})]


def test_sites_on_either_side_of_a_wall_cannot_reach_each_other():
    report = validate_layout(board_layout("""
        1..#3..
        ...#...
        ..2#...
    """))
    assert found(report, "unreachable") == []
    assert found(report, "isolated-crash-site") == [
        (((0, 0),), {"number": 1, "unreached": [3]}),
        (((4, 0),), {"number": 3, "unreached": [1, 2]}),
        (((2, 2),), {"number": 2, "unreached": [3]}),
    ]
    message = next(f.message for f in report.findings if f.details.get("number") == 3)
    assert message.startswith("No sequence of moves from Crash Site 3 at [4,0] reaches Crash Sites 1 and 2")


def test_a_pocket_walled_in_by_accelerators_is_reached_by_a_bounce():
    # [2,2] has Accelerators north and west of it; bounced south from [2,1] with 1, a saucer lands there.
    report = validate_layout(board_layout("""
        1..
        .>>
        .>.
    """))
    assert found(report, "unreachable") == [] and found(report, "isolated-crash-site") == []


def test_a_board_without_holes_reaches_everything():
    report = validate_layout(board_layout("1....\n.>.>.\n....2"))
    assert found(report, "unreachable") == [] and found(report, "isolated-crash-site") == []
