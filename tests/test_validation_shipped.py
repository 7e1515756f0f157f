"""The three shipped layouts: findings and metrics pinned, worked out by hand from the boards.

standard-2-4p (8x8)   standard-5p (9x9)    standard-6p (10x10)
  .1.>..>.              .1.>...>.            .1.>>...>.
  ..3....5              ..3.....5            ..3......5
  2...4>..              2....4>..            2.....4>..
  >.....6.              >...>..6.            >.......6.
  .7....b.              ....>.>..            ......>...
  ..9.a...              .7.....b.            ..>..>....
  >..8..>.              ..9..a...            .7......b.
  .>...c.>              >..8...>.            ..9...a...
                        .>....c.>            >..8.>..>.
                                             .>.....c.>
(1-9, a b c = Crash Sites 1-12, > Accelerator.)

Two Accelerators d or fewer apart in a clear line link both ways from d on, so loop groups
are the connected parts of those links; every other finding follows from the pictures.
"""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.formats.layout_io import load_layout
from tests.conftest import LAYOUTS


EXPECTED = {
    "standard-2-4p.json": [
        # Row 0: [3,0]-[6,0] three apart; column 0: [0,3]-[0,6] three apart. The other pairs in
        # a line ([0,6]-[6,6], [1,7]-[7,7], [6,0]-[6,6]) are six apart: no move reaches.
        ("warning", "accelerator-loop", ((3, 0), (6, 0)), {"distance": 3, "cycle": [[3, 0], [6, 0]]}),
        ("warning", "accelerator-loop", ((0, 3), (0, 6)), {"distance": 3, "cycle": [[0, 3], [0, 6]]}),
        # 9 [2,5] - 10 [4,5]: 2 steps; 8 [3,6] - 9 [2,5]: 1 + 1 steps.
        ("warning", "crash-site-sequence", ((2, 5), (4, 5)), {"numbers": [9, 10], "steps": 2}),
        ("warning", "crash-site-sequence", ((3, 6), (2, 5)), {"numbers": [8, 9], "steps": 2}),
        # Accelerators on the border: all but [5,2] and [6,6].
        ("info", "accelerator-edge", ((3, 0),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((6, 0),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((0, 3),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((0, 6),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((1, 7),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((7, 7),), {"off_neighbours": 2}),
        # Crash Sites 1, 5, 2 and 12 lie on the edge, none in a corner.
        ("info", "crash-site-edge", ((1, 0),), {"number": 1, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((7, 1),), {"number": 5, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((0, 2),), {"number": 2, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((5, 7),), {"number": 12, "off_neighbours": 1}),
    ],
    "standard-5p.json": [
        # Links: [4,3]-[4,4] at 1; [4,4]-[6,4] and [6,2]-[6,4] at 2; [3,0]-[7,0], [0,3]-[4,3] and
        # [0,3]-[0,7] at 4. Groups: d=1 the pair, d=2 four, d=4 the top pair and six.
        ("warning", "accelerator-loop", ((3, 0), (7, 0)), {"distance": 4, "cycle": [[3, 0], [7, 0]]}),
        ("warning", "accelerator-loop", ((6, 2), (0, 3), (4, 3), (4, 4), (6, 4), (0, 7)),
         {"distance": 4, "cycle": [[6, 2], [6, 4]]}),
        ("warning", "accelerator-loop", ((6, 2), (4, 3), (4, 4), (6, 4)), {"distance": 2, "cycle": [[6, 2], [6, 4]]}),
        ("warning", "accelerator-loop", ((4, 3), (4, 4)), {"distance": 1, "cycle": [[4, 3], [4, 4]]}),
        # 8 [3,7] - 9 [2,6]; 9 [2,6] - 10 [5,6] is 3 steps here.
        ("warning", "crash-site-sequence", ((3, 7), (2, 6)), {"numbers": [8, 9], "steps": 2}),
        ("info", "accelerator-edge", ((3, 0),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((7, 0),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((0, 3),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((0, 7),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((1, 8),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((8, 8),), {"off_neighbours": 2}),
        ("info", "crash-site-edge", ((1, 0),), {"number": 1, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((8, 1),), {"number": 5, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((0, 2),), {"number": 2, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((6, 8),), {"number": 12, "off_neighbours": 1}),
    ],
    "standard-6p.json": [
        # Links: [3,0]-[4,0] at 1; [2,5]-[5,5], [5,5]-[5,8], [5,8]-[8,8] at 3; [4,0]-[8,0] at 4;
        # [0,8]-[5,8], [0,3]-[0,8] at 5. New groups: d=1 pair, d=3 four, d=4 three, d=5 six.
        ("warning", "accelerator-loop", ((3, 0), (4, 0)), {"distance": 1, "cycle": [[3, 0], [4, 0]]}),
        ("warning", "accelerator-loop", ((3, 0), (4, 0), (8, 0)), {"distance": 4, "cycle": [[3, 0], [4, 0]]}),
        ("warning", "accelerator-loop", ((0, 3), (2, 5), (5, 5), (0, 8), (5, 8), (8, 8)),
         {"distance": 5, "cycle": [[0, 3], [0, 8]]}),
        ("warning", "accelerator-loop", ((2, 5), (5, 5), (5, 8), (8, 8)), {"distance": 3, "cycle": [[2, 5], [5, 5]]}),
        ("warning", "crash-site-sequence", ((3, 8), (2, 7)), {"numbers": [8, 9], "steps": 2}),
        ("info", "accelerator-edge", ((3, 0),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((4, 0),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((8, 0),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((0, 3),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((0, 8),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((1, 9),), {"off_neighbours": 1}),
        ("info", "accelerator-edge", ((9, 9),), {"off_neighbours": 2}),
        ("info", "crash-site-edge", ((1, 0),), {"number": 1, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((9, 1),), {"number": 5, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((0, 2),), {"number": 2, "off_neighbours": 1}),
        ("info", "crash-site-edge", ((7, 9),), {"number": 12, "off_neighbours": 1}),
    ],
}

ACCELERATOR_METRICS = {
    "standard-2-4p.json": {"count": 8, "links": {"1": 0, "2": 0, "3": 4, "4": 4, "5": 4},
                           "loop_groups": {"1": 0, "2": 0, "3": 2, "4": 2, "5": 2}},
    "standard-5p.json": {"count": 11, "links": {"1": 2, "2": 6, "3": 6, "4": 12, "5": 12},
                         "loop_groups": {"1": 1, "2": 1, "3": 1, "4": 2, "5": 2}},
    "standard-6p.json": {"count": 13, "links": {"1": 2, "2": 2, "3": 8, "4": 10, "5": 14},
                         "loop_groups": {"1": 1, "2": 1, "3": 2, "4": 2, "5": 2}},
}


@pytest.fixture(scope="module", params=sorted(EXPECTED))
def shipped(request):
    return request.param, validate_layout(load_layout(LAYOUTS / request.param))


def test_findings_are_pinned(shipped):
    name, report = shipped
    assert [(f.severity, f.code, f.cells, dict(f.details)) for f in report.findings] == EXPECTED[name]


def test_no_shipped_layout_has_an_error(shipped):
    _, report = shipped
    assert report.valid and report.counts()["error"] == 0


def test_accelerator_metrics_are_pinned(shipped):
    name, report = shipped
    assert report.metrics["accelerators"] == ACCELERATOR_METRICS[name]


def test_exposure_of_a_few_cells_and_the_border():
    report = validate_layout(load_layout(LAYOUTS / "standard-2-4p.json"))
    exposure = {(c["x"], c["y"]): c["off_moves"] for c in report.metrics["exposure"]["cells"]}
    assert len(exposure) == 64 - 8
    # [0,7]: Accelerators north and east catch every move that way; south and west crash: 10.
    # [7,0]: north and east crash (10); west meets [6,0]; south stays on for 1-5.
    # [3,3]: north meets [3,0] at 3, west meets [0,3] at 3; south and east crash only at 5.
    assert (exposure[(0, 7)], exposure[(7, 0)], exposure[(3, 3)]) == (10, 10, 2)
    assert report.metrics["exposure"]["border_cells"] == 28
    assert report.metrics["exposure"]["mean"] == round(sum(exposure.values()) / 56, 4)


def test_fewest_moves_between_the_first_two_sites():
    # 1 [1,0] -> 2 [0,2]: no single move or bounce ends on [0,2] from [1,0]; west 1 then south 2 does.
    # 2 -> 1: likewise north 2, then east 1.
    matrix = validate_layout(load_layout(LAYOUTS / "standard-2-4p.json")).metrics["crash_site_moves"]["matrix"]
    assert (matrix[0][1], matrix[1][0]) == (2, 2)
    assert all(matrix[i][i] == 0 for i in range(12))
    assert all(value is not None and value >= 1 for i, row in enumerate(matrix) for j, value in enumerate(row) if i != j)
