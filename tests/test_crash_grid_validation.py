"""Crash Grid validation: findings and metrics on small arenas, outcomes worked out by hand.

Arenas are 5x5 unless said otherwise; the edge loop (clockwise from the top-left corner) is
16 squares: top (0..4,0) = 0-4, right (4,1..4) = 5-8, bottom (3..0,4) = 9-12, left (0,3..1) = 13-15.
"""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_grid.model import ArenaLayout, Start
from crashgrab.engine.crash_grid.templates import template_layout
from crashgrab.engine.crash_grid.validation import validate_arena

S, H, D = "spades", "hearts", "diamonds"
# The structural table leaves territory and arena-size out; they have their own tables below.
STRUCTURAL_ONLY = {"territory": "off", "arena-size": "off"}


def arena(*starts, walls=(), size=5, template=None):
    return ArenaLayout("t", size, size, tuple(Start(s, x, y, f) for s, x, y, f in starts), frozenset(walls), template)


def found(layout, overrides=STRUCTURAL_ONLY):
    return [(f.code, f.severity, f.cells) for f in validate_arena(layout, overrides).findings]


@pytest.mark.parametrize("layout, expected", [
    # facing each other across the middle column: nothing wrong (loop positions 2 and 10, gaps 8 and 8)
    (arena((S, 2, 0, "south"), (H, 2, 4, "north")), []),
    # in the middle of the arena, not on its edge (the facing is not judged then)
    (arena((S, 2, 2, "south"), (H, 2, 4, "north")), [("start-off-edge", "error", ((2, 2),))]),
    # on the top edge facing north: the square ahead is off the board
    (arena((S, 2, 0, "north"), (H, 2, 4, "north")), [("start-facing", "error", ((2, 0),))]),
    # on the top edge facing east: on the board but along the edge, not inward
    (arena((S, 2, 0, "east"), (H, 2, 4, "north")), [("start-facing", "error", ((2, 0),))]),
    # a corner start facing away from one of its edges is inward (positions 0 and 8: gaps 8, 8)
    (arena((S, 0, 0, "south"), (H, 4, 4, "north")), []),
    # a wall on the square ahead
    (arena((S, 2, 0, "south"), (H, 2, 4, "north"), walls=[(2, 1)]),
     [("start-blocked", "error", ((2, 0), (2, 1)))]),
    # another start on the square ahead: [0,0] east looks at hearts on [1,0]; positions 0 and 1:
    # gaps 1 and 15 differ by more than one
    (arena((S, 0, 0, "east"), (H, 1, 0, "south")),
     [("start-blocked", "error", ((0, 0), (1, 0))), ("start-spacing", "warning", ((0, 0), (1, 0)))]),
    # positions 2 and 6 (right edge [4,2]): gaps 4 and 12
    (arena((S, 2, 0, "south"), (H, 4, 2, "west")), [("start-spacing", "warning", ((2, 0), (4, 2)))]),
    # three starts at positions 1, 6, 11: gaps 5, 5, 6 differ by one, which is even enough
    (arena((S, 1, 0, "south"), (H, 4, 2, "west"), (D, 1, 4, "north")), []),
    # template "3" with two starts
    (arena((S, 2, 0, "south"), (H, 2, 4, "north"), template="3"),
     [("start-count", "error", ((2, 0), (2, 4)))]),
    # a custom arena with a single start: a round needs two riders
    (arena((S, 2, 0, "south")), [("start-count", "error", ((2, 0),))]),
])
def test_structural_findings(layout, expected):
    assert found(layout) == expected


def test_spacing_details_give_the_gaps_clockwise():
    finding, = validate_arena(arena((S, 2, 0, "south"), (H, 4, 2, "west")), STRUCTURAL_ONLY).findings
    assert finding.details == {"gaps": [4, 12], "perimeter": 16}


def test_templates_have_no_findings():
    for template in ("3", "4"):
        assert validate_arena(template_layout(template)).findings == ()


def test_territory_ties_belong_to_nobody():
    """Spades [2,0] and hearts [2,4] face each other. 23 free squares. Shortest paths are
    Manhattan distances (nothing blocks them): rows 0-1 are nearer spades (9 squares), rows 3-4
    nearer hearts (9), row 2 is a tie (5 squares, nobody's). 9/23 = 39.1%, more than 10 points
    below 50%: both get a territory warning. The free run ahead is [2,1] [2,2] [2,3]: 3."""
    report = validate_arena(arena((S, 2, 0, "south"), (H, 2, 4, "north")))
    assert [(f.code, f.severity, f.cells) for f in report.findings] == [
        ("territory", "warning", ((2, 0),)), ("territory", "warning", ((2, 4),)), ("arena-size", "info", ())]
    assert report.metrics == {"free_squares": 23, "starts": {
        "spades": {"free_run": 3, "territory": 9, "share": 0.3913},
        "hearts": {"free_run": 3, "territory": 9, "share": 0.3913}}}


def test_territory_behind_a_wall_line():
    """Walls [0,2]..[3,2] leave [4,2] the only way across. 19 free squares: spades owns rows
    0-1 (9), hearts rows 3-4 (9); [4,2] is 4 steps from both (a tie). 9/19 = 47.4%: within 10
    points of 50%, no warning. The free runs stop at the walls after 1 square."""
    report = validate_arena(arena((S, 2, 0, "south"), (H, 2, 4, "north"), walls=[(0, 2), (1, 2), (2, 2), (3, 2)]))
    assert [f.code for f in report.findings] == ["arena-size"]
    assert report.metrics["free_squares"] == 19
    assert report.metrics["starts"]["spades"] == {"free_run": 1, "territory": 9, "share": 0.4737}
    assert report.metrics["starts"]["hearts"] == {"free_run": 1, "territory": 9, "share": 0.4737}


def test_territory_of_an_off_centre_start():
    """Spades [2,2] (off the edge) and hearts [2,4]. Spades is nearer everything in rows 0-2
    (15 - its own square = 14); row 3 ties (each is |x-2| + 1 away); hearts owns the rest of
    row 4 (4). 14/23 = 60.9% and 4/23 = 17.4%: both more than 10 points from 50%."""
    report = validate_arena(arena((S, 2, 2, "south"), (H, 2, 4, "north")), {"arena-size": "off"})
    assert [(f.code, f.cells) for f in report.findings] == [
        ("start-off-edge", ((2, 2),)), ("territory", ((2, 2),)), ("territory", ((2, 4),))]
    assert report.metrics["starts"]["spades"]["territory"] == 14
    assert report.metrics["starts"]["hearts"]["territory"] == 4


def test_four_player_template_shares_are_equal_by_symmetry():
    """A quarter turn about the centre maps each start onto the next, so the four territories
    are equal; the free run of each is the 11 squares to the far edge."""
    metrics = validate_arena(template_layout("4")).metrics
    assert metrics["free_squares"] == 144 - 4
    assert {m["free_run"] for m in metrics["starts"].values()} == {11}
    assert len({m["territory"] for m in metrics["starts"].values()}) == 1


@pytest.mark.parametrize("layout, sizes", [
    (template_layout("4"), []),
    (template_layout("3"), []),
    # three starts on a 12x12 arena: the rulebook's 3-player arena is 10x10
    (arena((S, 5, 0, "south"), (H, 11, 5, "west"), (D, 6, 11, "north"), size=12), [[10, 10]]),
    # two players: the rulebook has no arena for them
    (arena((S, 2, 0, "south"), (H, 2, 4, "north")), [None]),
])
def test_arena_size(layout, sizes):
    findings = [f for f in validate_arena(layout).findings if f.code == "arena-size"]
    assert [f.details.get("rulebook") for f in findings] == sizes
    assert all(f.severity == "info" for f in findings)


def test_severity_overrides_change_and_drop_codes():
    layout = arena((S, 2, 0, "north"), (H, 2, 4, "north"))
    codes = {f.code: f.severity for f in validate_arena(layout, {"start-facing": "warning", "territory": "off"}).findings}
    assert codes == {"start-facing": "warning", "arena-size": "info"}
    assert validate_arena(layout, {"start-facing": "warning", "territory": "off"}).valid


def test_every_code_is_documented_with_its_severity():
    import re
    from pathlib import Path

    from crashgrab.engine.crash_grid.validation import CODES

    docs = (Path(__file__).parents[1] / "docs" / "findings.md").read_text(encoding="utf-8")
    section = docs.split("\n## Crash Grid\n", 1)[1]
    for code, severity in CODES.items():
        assert re.search(rf"^### `{re.escape(code)}` \({severity}\)$", section, re.MULTILINE), code


def test_metrics_match_their_schema():
    from crashgrab.engine.formats.schemas import validate

    for layout in (template_layout("3"), template_layout("4"), arena((S, 2, 0, "south"), (H, 2, 4, "north"))):
        validate(validate_arena(layout).metrics, "crash-grid-metrics")
