"""Crash Site numbering on hand-drawn boards; every expectation worked out from the rules."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.validation import validate_layout
from tests.test_validation_helpers import board_layout

# All twelve sites, none on the edge, consecutive numbers (12 -> 1 too) at least 3 steps apart:
# 1 [1,1]  2 [5,5]  3 [3,1]  4 [1,5]  5 [5,1]  6 [3,5]  7 [2,3]  8 [6,6]  9 [4,3]  10 [2,6]  11 [6,3]  12 [4,6]
CLEAN = """
    ........
    .1.3.5..
    ........
    ..7.9.b.
    ........
    .4.6.2..
    ..a.c.8.
    ........
"""


def found(report, code):
    return [(f.cells, dict(f.details)) for f in report.findings if f.code == code]


def test_the_clean_board_has_no_findings_at_all():
    report = validate_layout(board_layout(CLEAN))
    assert report.findings == ()
    assert report.valid and report.summary() == "no findings"


def test_a_duplicated_number_is_reported_with_both_sites_and_the_number_left_out():
    # 12 at [4,6] becomes a second 3: 3 twice, 12 missing, and the new 3 sits diagonally
    # next to 2 at [5,5] (2 steps), so the overflow from 2 lands beside it.
    report = validate_layout(board_layout(CLEAN.replace("..a.c.8.", "..a.3.8.")))
    assert [(f.severity, f.code, f.cells) for f in report.findings] == [
        ("error", "crash-site-duplicate", ((3, 1), (4, 6))),
        ("error", "crash-site-missing", ()),
        ("warning", "crash-site-sequence", ((5, 5), (4, 6))),
    ]
    assert found(report, "crash-site-duplicate")[0][1] == {"number": 3}
    assert found(report, "crash-site-missing")[0][1] == {"numbers": [12]}
    assert found(report, "crash-site-sequence")[0][1] == {"numbers": [2, 3], "steps": 2}
    duplicate = report.findings[0].message
    assert "Crash Site 3 appears 2 times, at [3,1] and [4,6]" in duplicate
    assert report.findings[1].message.startswith("Crash Site 12 is missing")
    assert not report.valid


@pytest.mark.parametrize("number, wording", [(13, "is numbered 13"), (0, "is numbered 0"), (None, "has no number")])
def test_a_number_the_die_cannot_roll(number, wording):
    report = validate_layout(board_layout(CLEAN, numbers={(4, 6): number}))
    assert [(f.code, f.cells) for f in report.findings] == [
        ("crash-site-missing", ()), ("crash-site-range", ((4, 6),))]
    assert found(report, "crash-site-range")[0][1] == {"number": number}
    assert wording in report.findings[1].message


def test_a_board_without_sites_misses_all_twelve_in_one_finding():
    report = validate_layout(board_layout("...."))
    assert found(report, "crash-site-missing") == [((), {"numbers": list(range(1, 13))})]
    assert "Crash Sites 1, 2, 3, 4, 5 and 7 more are missing" in report.findings[0].message


@pytest.mark.parametrize("picture, expected", [
    ("1.2", [(((0, 0), (2, 0)), {"numbers": [1, 2], "steps": 2})]),          # two apart in a row
    ("12", [(((0, 0), (1, 0)), {"numbers": [1, 2], "steps": 1})]),           # side by side
    ("1.\n.2", [(((0, 0), (1, 1)), {"numbers": [1, 2], "steps": 2})]),       # diagonal: 1 + 1 steps
    ("1#2", [(((0, 0), (2, 0)), {"numbers": [1, 2], "steps": 2})]),          # a hole between still counts
    ("c.1", [(((0, 0), (2, 0)), {"numbers": [12, 1], "steps": 2})]),         # 12 wraps to 1
    ("1..2", []),                                                            # three steps: fine
    ("1.\n..\n.2", []),                                                      # 1 + 2 steps: fine
    ("1.3", []),                                                             # not consecutive
    ("3.1", []),                                                             # 3 is not followed by 1
])
def test_consecutive_sites_close_together(picture, expected):
    assert found(validate_layout(board_layout(picture)), "crash-site-sequence") == expected


def test_each_pair_of_close_consecutive_sites_is_reported_once_in_number_order():
    # 1 [0,0], 2 [2,0], 3 [2,1]: 1-2 are two steps apart, 2-3 one step.
    report = validate_layout(board_layout("1.2\n..3"))
    assert [f.details["numbers"] for f in report.findings if f.code == "crash-site-sequence"] == [[1, 2], [2, 3]]
    message = next(f.message for f in report.findings if f.code == "crash-site-sequence")
    assert message.startswith("Crash Sites 1 at [0,0] and 2 at [2,0] are only 2 steps apart")
