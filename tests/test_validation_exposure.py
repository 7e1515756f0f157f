"""Edge exposure: Crash Sites and Accelerators next to the edge of the board or a hole."""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.validation import validate_layout
from tests.test_validation_helpers import board_layout

# 1 [0,0] corner (north and west off); 2 [2,0] north edge; 5 [3,1] inside; 4 [1,2] beside the
# hole [2,2]; 3 [3,3] south edge. Accelerator [1,1] inside, [4,2] on the east edge.
EXPOSED = """
    1.2..
    .>.5.
    .4#.>
    ...3.
"""


def found(report, code):
    return [(f.cells, dict(f.details)) for f in report.findings if f.code == code]


def test_crash_sites_on_the_edge_or_beside_a_hole():
    report = validate_layout(board_layout(EXPOSED))
    assert found(report, "crash-site-edge") == [
        (((0, 0),), {"number": 1, "off_neighbours": 2}),
        (((2, 0),), {"number": 2, "off_neighbours": 1}),
        (((1, 2),), {"number": 4, "off_neighbours": 1}),
        (((3, 3),), {"number": 3, "off_neighbours": 1}),
    ]
    assert all(f.severity == "info" for f in report.findings if f.code == "crash-site-edge")


def test_only_a_site_open_on_two_sides_or_more_is_a_corner():
    report = validate_layout(board_layout(EXPOSED))
    assert found(report, "crash-site-corner") == [(((0, 0),), {"number": 1, "off_neighbours": 2})]
    corner = next(f for f in report.findings if f.code == "crash-site-corner")
    assert corner.severity == "warning"
    assert corner.message.startswith("Crash Site 1 at [0,0] is open to the edge on 2 sides")


def test_a_site_on_a_one_cell_island_is_open_on_all_four_sides():
    report = validate_layout(board_layout("1#2"))
    assert found(report, "crash-site-corner") == [(((0, 0),), {"number": 1, "off_neighbours": 4}),
                                                  (((2, 0),), {"number": 2, "off_neighbours": 4})]


def test_accelerators_on_the_edge():
    report = validate_layout(board_layout(EXPOSED))
    assert found(report, "accelerator-edge") == [(((4, 2),), {"off_neighbours": 1})]


def test_nothing_inside_the_board_is_exposed():
    report = validate_layout(board_layout("""
        .....
        .1>..
        .....
    """))
    codes = {f.code for f in report.findings}
    assert not codes & {"crash-site-edge", "crash-site-corner", "accelerator-edge"}
