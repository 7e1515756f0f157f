"""Structural problems from resolving the layout arrive as error findings, and the board is still checked."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.terms import DEFAULT_DIRECTIONS
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from crashgrab.engine.grid.model import Placement
from crashgrab.engine.crash_and_grab.layout import Layout

CORES = (Placement("1", "A", 0, 0, 0), Placement("2", "A", 4, 0, 0),
         Placement("3", "A", 0, 4, 0), Placement("4", "A", 4, 4, 0))


def layout(placements, template="2-4", directions=None):
    return Layout("structure", standard_tileset(), tuple(placements), template,
                  dict(directions or DEFAULT_DIRECTIONS))


@pytest.mark.parametrize("case, code, cells", [
    (layout(CORES[:3]), "template-incomplete", ((4, 4),)),
    (layout([*CORES[:3], Placement("5", "A", 4, 4, 0)]), "slot-mismatch", ((4, 4),)),
    (layout([*CORES[:3], Placement("4", "A", 5, 4, 0)]), "outside-board", tuple((8, y) for y in range(4, 8))),
    (layout([*CORES, Placement("99", "A", 0, 0, 0)]), "unknown-tile", ((0, 0),)),
    (layout([*CORES, Placement("1", "B", 0, 0, 0)]), "duplicate-tile", ((0, 0),)),
    (layout([Placement("1", "A", 0, 0, 0), Placement("2", "A", 2, 2, 0)], template=None), "overlap",
     ((2, 2), (3, 2), (2, 3), (3, 3))),
    (layout(CORES, directions={"north": "Sun", "east": "Sun", "south": "Meteor", "west": "Stars"}),
     "directions", ()),
])
def test_structural_findings_are_errors(case, code, cells):
    report = validate_layout(case)
    structural = [f for f in report.findings if f.code == code]
    assert [(f.severity, f.cells) for f in structural] == [("error", cells)]
    assert not report.valid


def test_an_incomplete_template_is_still_checked_as_far_as_it_goes():
    # Without tile 4 the board lacks Crash Sites 10, 11 and 12 (side A of tile 4).
    report = validate_layout(layout(CORES[:3]))
    missing = next(f for f in report.findings if f.code == "crash-site-missing")
    assert missing.details == {"numbers": [10, 11, 12]}
    assert len(report.metrics["exposure"]["cells"]) == 48 - 6  # three 4x4 tiles, six Accelerators


def test_the_four_core_tiles_side_a_resolve_without_structural_findings():
    codes = {f.code for f in validate_layout(layout(CORES)).findings}
    assert not codes & {"template-incomplete", "slot-mismatch", "outside-board", "unknown-tile",
                        "duplicate-tile", "overlap", "directions"}


def test_an_empty_free_form_layout_only_misses_its_crash_sites():
    report = validate_layout(layout([], template=None))
    assert [f.code for f in report.findings] == ["crash-site-missing"]
    assert report.metrics["exposure"] == {"cells": [], "mean": None, "border_cells": 0}
    assert report.metrics["crash_site_moves"]["hardest"] is None
