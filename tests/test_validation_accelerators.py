"""Accelerator loops and traps on hand-drawn boards, and the editor's accelerator overlay."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.crash_and_grab.validation.overlays import accelerator_links
from tests.test_validation_helpers import board_layout


def loops(picture):
    report = validate_layout(board_layout(picture))
    return [(f.cells, f.details["distance"], [tuple(c) for c in f.details["cycle"]])
            for f in report.findings if f.code == "accelerator-loop"]


@pytest.mark.parametrize("picture, expected", [
    # Two Accelerators d apart in a clear line bounce a saucer moving d (or more) back and forth.
    (">>", [(((0, 0), (1, 0)), 1, [(0, 0), (1, 0)])]),
    (">....>", [(((0, 0), (5, 0)), 5, [(0, 0), (5, 0)])]),
    (">\n.\n>", [(((0, 0), (0, 2)), 2, [(0, 0), (0, 2)])]),
    (">1>", [(((0, 0), (2, 0)), 2, [(0, 0), (2, 0)])]),       # a Crash Site does not stop a move
    # No move is longer than 5, so six apart never meet.
    (">.....>", []),
    # A hole between them ends the move off the board.
    (">.#.>", []),
    # The middle one catches every move, so the ends never reach each other: one group of 3 at d = 2.
    (">.>.>", [(((0, 0), (2, 0), (4, 0)), 2, [(0, 0), (2, 0)])]),
    # An L: [3,0]-[3,2] link at d >= 2, [0,0]-[3,0] at d >= 3: the pair at 2, the three at 3, once
    # each (listed in report order: by cells, row by row).
    (">..>\n....\n...>", [(((0, 0), (3, 0), (3, 2)), 3, [(0, 0), (3, 0)]),
                          (((3, 0), (3, 2)), 2, [(3, 0), (3, 2)])]),
])
def test_loops_are_reported_once_per_group_at_the_smallest_distance(picture, expected):
    assert loops(picture) == expected


def test_a_loop_finding_names_the_group_the_distance_and_a_cycle():
    report = validate_layout(board_layout(">..>\n....\n...>"))
    finding = next(f for f in report.findings if f.code == "accelerator-loop" and f.details["distance"] == 3)
    assert finding.severity == "warning"
    assert dict(finding.details) == {"distance": 3, "cycle": [[0, 0], [3, 0]]}
    assert finding.message.startswith("The 3 Accelerators at [0,0], [3,0] and [3,2] can bounce a saucer moving 3")
    assert "[0,0] to [3,0] to [0,0]" in finding.message


def traps(picture):
    report = validate_layout(board_layout(picture))
    return [(f.cells, f.details["distances"]) for f in report.findings if f.code == "accelerator-trap"]


@pytest.mark.parametrize("picture, expected", [
    # Bounced on [1,0] with 1 a saucer can go east or west; with 2 to 5 every way is off the board.
    (".>.", [(((1, 0),), [2, 3, 4, 5])]),
    # Room on both sides for every distance.
    ("......>......", []),
    # No way onto a lone Accelerator, so nothing is trapped there.
    (">", []),
    # A loop whose only ways out crash: both Accelerators are traps at 2 and above, not at 1.
    (".>>.", [(((1, 0),), [2, 3, 4, 5]), (((2, 0),), [2, 3, 4, 5])]),
])
def test_accelerators_that_can_only_send_a_saucer_off_the_board(picture, expected):
    assert traps(picture) == expected


def test_a_trap_finding_is_a_note_naming_the_distances():
    finding = next(f for f in validate_layout(board_layout(".>.")).findings if f.code == "accelerator-trap")
    assert finding.severity == "info"
    assert finding.message.startswith("A saucer that reaches the Accelerator at [1,0] moving 2, 3, 4 or 5 crashes")


L_BOARD = ">..>\n....\n...>"


@pytest.mark.parametrize("distance, links, groups", [
    (1, [], []),
    (2, [((3, 0), (3, 2)), ((3, 2), (3, 0))], [{(3, 0), (3, 2)}]),
    (3, [((0, 0), (3, 0)), ((3, 0), (0, 0)), ((3, 0), (3, 2)), ((3, 2), (3, 0))], [{(0, 0), (3, 0), (3, 2)}]),
    (5, [((0, 0), (3, 0)), ((3, 0), (0, 0)), ((3, 0), (3, 2)), ((3, 2), (3, 0))], [{(0, 0), (3, 0), (3, 2)}]),
])
def test_accelerator_overlay_links_and_loop_groups(distance, links, groups):
    board = resolve_layout(board_layout(L_BOARD)).board
    found_links, found_groups = accelerator_links(board, distance)
    assert found_links == links
    assert [set(g) for g in found_groups] == groups


@pytest.mark.parametrize("distance", [0, 6])
def test_accelerator_overlay_refuses_a_distance_no_card_gives(distance):
    board = resolve_layout(board_layout(L_BOARD)).board
    with pytest.raises(ValueError):
        accelerator_links(board, distance)
