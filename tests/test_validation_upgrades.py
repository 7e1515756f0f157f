"""Validation under movement upgrades: the card readings, and the movement checks on hand-built
boards whose outcomes are worked out by hand below each case.

Distances a move can have (engine/crash_and_grab/validation/upgrades.py has the readings):
  standard 1-5; Hyperdrive adds the doubled cards 4, 6 and 0-5 x 2 = 2..10 even (never 7 or 9);
  Boost Amplifier adds a boost of 6; both: the amplified boost doubled, up to 12.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings

from crashgrab.engine.crash_and_grab.movegraph import build_move_graph
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE, DEFAULT_DIRECTIONS
from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.validation import MOVEMENT_UPGRADES, UnknownUpgrade, validate_layout
from crashgrab.engine.crash_and_grab.validation.upgraded_moves import UpgradedMoves
from crashgrab.engine.crash_and_grab.validation.upgrades import STANDARD, Movement, movement_for, upgrade_name
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.grid.model import Feature, Placement, Tile, TileSet
from tests.conftest import LAYOUTS
from tests.test_validation_helpers import board_layout, free_form_layouts

H, B, R, W = "Hyperdrive", "Boost Amplifier", "Acceleration Regulator", "Waste Accelerator"
COMBINATIONS = [combo for n in range(1, 5) for combo in itertools.combinations(MOVEMENT_UPGRADES, n)]


def eight_apart_layout() -> Layout:
    """">...1...>": Accelerators 8 apart, Crash Site 1 between. A layout file needs
    tiles at most 8 wide, so two tiles side by side, ">..." and "1...>"."""
    tiles = (Tile("left", "custom", 4, 1, {"A": (Feature(ACCELERATOR, 0, 0),), "B": ()}),
             Tile("right", "custom", 5, 1, {"A": (Feature(CRASH_SITE, 0, 0, 1), Feature(ACCELERATOR, 4, 0)), "B": ()}))
    placements = (Placement("left", "A", 0, 0, 0), Placement("right", "A", 4, 0, 0))
    return Layout("eight apart", TileSet("t", "two tiles", tiles), placements, None, dict(DEFAULT_DIRECTIONS))


def findings(picture, upgrades=(), code=None):
    report = validate_layout(board_layout(picture), upgrades=upgrades)
    return [f for f in report.findings if code is None or f.code == code]


# --- the cards ----------------------------------------------------------------------------
@pytest.mark.parametrize("spelling, name", [
    ("Hyperdrive", H), ("hyperdrive", H), ("HYPER-DRIVE", H), ("hyper drive", H),
    ("boost amplifier", B), ("Boost-Amplifier", B), ("boostamplifier", B),
    ("acceleration-regulator", R), ("  Acceleration Regulator ", R),
    ("waste accelerator", W), ("Waste-accelerator", W),
])
def test_a_card_may_be_spelt_in_any_case_with_or_without_spaces_and_hyphens(spelling, name):
    assert upgrade_name(spelling) == name


@pytest.mark.parametrize("name, says", [
    ("Quake Maker", "Quake Maker does not change how a saucer moves"),
    ("landing-legs", "Landing Legs does not change how a saucer moves"),
    ("Warp Drive", "'Warp Drive' is not an upgrade card"),
])
def test_an_unknown_or_non_movement_card_is_refused_naming_the_four_that_apply(name, says):
    with pytest.raises(UnknownUpgrade) as caught:
        upgrade_name(name)
    message = str(caught.value)
    assert message.startswith(says)
    assert message.endswith("Hyperdrive, Boost Amplifier, Acceleration Regulator, Waste Accelerator.")


@pytest.mark.parametrize("upgrades, distances, leave, sites", [
    ((), (1, 2, 3, 4, 5), (), False),
    ((H,), (1, 2, 3, 4, 5, 6, 8, 10), (), False),
    ((B,), (1, 2, 3, 4, 5, 6), (), False),
    ((H, B), (1, 2, 3, 4, 5, 6, 8, 10, 12), (), False),
    ((R,), (1, 2, 3, 4, 5), (1, 2, 3, 4), False),
    ((W,), (1, 2, 3, 4, 5), (), True),
    ((W, "hyperdrive", H), (1, 2, 3, 4, 5, 6, 8, 10), (), True),  # repeats count once
])
def test_what_each_card_does_to_a_move(upgrades, distances, leave, sites):
    movement = movement_for(upgrades)
    assert (movement.distances, movement.leave_distances, movement.crash_sites_accelerate) == (distances, leave, sites)


def test_upgrades_are_listed_in_card_order_whatever_order_they_are_given():
    assert movement_for([W, "hyperdrive"]).upgrades == (H, W)
    assert movement_for([]) is STANDARD
    assert movement_for("hyperdrive").upgrades == (H,)  # one name, not its letters


# --- the upgraded graph ---------------------------------------------------------------------
def edges_and_nodes(graph):
    return set(graph.nodes), set(graph.edges)


@pytest.mark.parametrize("name", ["standard-2-4p.json", "standard-5p.json", "standard-6p.json"])
def test_with_the_standard_distances_the_upgraded_graph_is_the_standard_graph(name):
    board = resolve_layout(load_layout(LAYOUTS / name)).board
    unchanged = Movement(upgrades=("none really",))
    assert edges_and_nodes(UpgradedMoves(board, unchanged).graph) == edges_and_nodes(build_move_graph(board))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(free_form_layouts())
def test_the_upgraded_graph_builder_agrees_with_the_standard_one_on_random_boards(layout):
    board = resolve_layout(layout).board
    assert edges_and_nodes(UpgradedMoves(board, Movement(upgrades=("x",))).graph) == \
        edges_and_nodes(build_move_graph(board))


# --- accelerator-loop -------------------------------------------------------------------------
def loops(picture, upgrades):
    return [(f.cells, f.details["distance"]) for f in findings(picture, upgrades, "accelerator-loop")]


@pytest.mark.parametrize("picture, upgrades, expected", [
    # Two Accelerators 8 apart in a row: no move but Hyperdrive's 8 and 10 reaches across.
    (">.......>", (), []),
    (">.......>", (H,), [(((0, 0), (8, 0)), 8)]),
    (">.......>", (B,), []),
    (">.......>", (R, W), []),
    (">.......>", (H, B), [(((0, 0), (8, 0)), 8)]),
    # 7 apart: Hyperdrive never moves 7, so the loop first forms at 8 (the move stops at the Accelerator).
    (">......>", (H,), [(((0, 0), (7, 0)), 8)]),
    # 6 apart: the Boost Amplifier's 6, and Hyperdrive's doubled 3.
    (">.....>", (), []),
    (">.....>", (B,), [(((0, 0), (6, 0)), 6)]),
    (">.....>", (H,), [(((0, 0), (6, 0)), 6)]),
    # 11 and 12 apart: only a doubled amplified boost (12) crosses.
    (">..........>", (H,), []),
    (">..........>", (H, B), [(((0, 0), (11, 0)), 12)]),
    (">...........>", (H, B), [(((0, 0), (12, 0)), 12)]),
    (">............>", (H, B), []),
    # A hole still ends every move, however long.
    (">...#...>", (H, B), []),
    # The standard pair 3 apart stays at 3; with Hyperdrive the third, 6 further on, joins at 6.
    (">..>.....>", (), [(((0, 0), (3, 0)), 3)]),
    (">..>.....>", (H,), [(((0, 0), (3, 0)), 3), (((0, 0), (3, 0), (9, 0)), 6)]),
    # The Regulator leaves loops alone (a saucer may keep its distance), and a Crash Site
    # lent by the Waste Accelerator is used once a turn, so it never repeats in a loop.
    (">1.>", (R,), [(((0, 0), (3, 0)), 3)]),
    (".1.1.", (W,), []),
])
def test_loops_under_upgrades(picture, upgrades, expected):
    assert loops(picture, upgrades) == expected


def test_the_loops_of_the_2_4p_board_under_hyperdrive():
    # Worked from the picture in test_validation_shipped: besides the two standard pairs 3 apart,
    # [0,6]-[6,6], [6,0]-[6,6] and [1,7]-[7,7] are 6 apart with clear lines, so at 6 the pairs
    # [3,0]-[6,0] and [0,3]-[0,6] join [6,6] in one group of five, and [1,7]-[7,7] loops. [5,2]
    # meets no Accelerator in any line. 8 and 10 add no link, so no new group.
    report = validate_layout(load_layout(LAYOUTS / "standard-2-4p.json"), upgrades=[H])
    assert [(f.cells, dict(f.details)) for f in report.findings if f.code == "accelerator-loop"] == [
        (((3, 0), (6, 0)), {"distance": 3, "cycle": [[3, 0], [6, 0]]}),
        (((3, 0), (6, 0), (0, 3), (0, 6), (6, 6)), {"distance": 6, "cycle": [[3, 0], [6, 0]]}),
        (((0, 3), (0, 6)), {"distance": 3, "cycle": [[0, 3], [0, 6]]}),
        (((1, 7), (7, 7)), {"distance": 6, "cycle": [[1, 7], [7, 7]]}),
    ]
    assert report.metrics["accelerators"]["links"] == {
        "1": 0, "2": 0, "3": 4, "4": 4, "5": 4, "6": 10, "8": 10, "10": 10}
    assert report.metrics["accelerators"]["loop_groups"] == {
        "1": 0, "2": 0, "3": 2, "4": 2, "5": 2, "6": 2, "8": 2, "10": 2}


# --- accelerator-trap ---------------------------------------------------------------------------
def traps(picture, upgrades):
    return [(f.cells, f.details["distances"]) for f in findings(picture, upgrades, "accelerator-trap")]


# An Accelerator in a corner with holes below it; Crash Site 1 beside it heads a column of 4.
#   >1.     From [0,0] only east stays on: d = 1 ends on [1,0], 2 on [2,0], 3 or more crashes.
#   #..     A saucer arrives moving 1 (from [1,0]) or any d >= 2 (from [2,0]).
#   #..     With the Waste Accelerator unused, a saucer bounced east stops on Crash Site 1 and
#   #..     turns south: d = 3 ends on [1,3]; 4 and more crash there too.
CORNER = ">1.\n#..\n#..\n#.."


@pytest.mark.parametrize("picture, upgrades, expected", [
    (".>.", (), [(((1, 0),), [2, 3, 4, 5])]),
    # Hyperdrive: every d reaches [1,0] from [0,0], and 6, 8, 10 crash as well.
    (".>.", (H,), [(((1, 0),), [2, 3, 4, 5, 6, 8, 10])]),
    (".>.", (B,), [(((1, 0),), [2, 3, 4, 5, 6])]),
    # The Regulator leaves the Accelerator at 1, east or west, whatever the arrival distance.
    (".>.", (R,), []),
    (".>.", (H, R), []),
    (CORNER, (), [(((0, 0),), [3, 4, 5])]),
    (CORNER, (W,), [(((0, 0),), [4, 5])]),
    (CORNER, (H, W), [(((0, 0),), [4, 5, 6, 8, 10])]),
    (CORNER, (R,), []),
    # A Crash Site in a corner is never a trap: using it as an Accelerator is the saucer's choice.
    ("1.\n..", (W,), []),
])
def test_traps_under_upgrades(picture, upgrades, expected):
    assert traps(picture, upgrades) == expected


# --- crash_site_moves ---------------------------------------------------------------------------
def site_moves(picture, upgrades, source, target):
    matrix = validate_layout(board_layout(picture), upgrades=upgrades).metrics["crash_site_moves"]["matrix"]
    return matrix[source - 1][target - 1]


@pytest.mark.parametrize("picture, upgrades, expected", [
    # 8 apart: 5 + 3 in two moves; Hyperdrive's 8 (a doubled 4 on the 0-5 card) in one.
    ("1.......2", (), 2),
    ("1.......2", (H,), 1),
    # 7 apart: Hyperdrive has no 7, so still two moves.
    ("1......2", (H,), 2),
    ("1.....2", (B,), 1),
    ("1.....2", (), 2),
    # 1 at [0], Accelerator at [5], 2 at [7]: arriving moving 5 overshoots (5 more is off the
    # board); the standard way is 3 to [3], then 2 onto the Accelerator and 2 on to [7]. The
    # Regulator leaves the Accelerator at 2 after arriving moving 5: one move.
    ("1....>.2", (), 2),
    ("1....>.2", (R,), 1),
    # 1 at [0], 2 at [2], 3 at [6]: with the Waste Accelerator, move 4, stop on Crash Site 2 two
    # spaces on, and move 4 again: one move instead of two.
    ("1.2...3", (), 2),
    ("1.2...3", (W,), 1),
])
def test_fewest_moves_between_crash_sites_under_upgrades(picture, upgrades, expected):
    assert site_moves(picture, upgrades, 1, int(picture.replace(".", "").replace(">", "")[-1])) == expected


# --- exposure -------------------------------------------------------------------------------------
def test_a_cell_has_more_moves_that_crash_under_hyperdrive():
    # [3,3] on the 2-4p board: north and west meet Accelerators after 3 spaces (never crash);
    # south and east leave the board at the 5th space, so d = 5 crashes each way: 2 moves.
    # Hyperdrive: 5, 6, 8 and 10 each way: 8 moves.
    def off_moves(upgrades):
        report = validate_layout(load_layout(LAYOUTS / "standard-2-4p.json"), upgrades=upgrades)
        return {(c["x"], c["y"]): c["off_moves"] for c in report.metrics["exposure"]["cells"]}[(3, 3)]
    assert (off_moves(()), off_moves([H]), off_moves([B]), off_moves([H, B])) == (2, 8, 4, 10)


# --- what upgrades cannot change -----------------------------------------------------------------
UNCHANGED = ("unreachable", "isolated-crash-site", "crash-site-edge", "crash-site-corner", "accelerator-edge",
             "crash-site-missing", "crash-site-duplicate", "crash-site-range", "crash-site-sequence")


def outcome(report, codes):
    return [(f.code, f.cells, dict(f.details)) for f in report.findings if f.code in codes]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(free_form_layouts())
def test_upgrades_change_only_loops_and_traps(layout):
    # Reachability cannot change: a standard move of 1 (bounced on at 1) already reaches every
    # cell of an orthogonally connected part, and no move crosses a hole. Exposure findings
    # count neighbours off the board; numbering does not move.
    standard = validate_layout(layout)
    for combo in COMBINATIONS:
        upgraded = validate_layout(layout, upgrades=combo)
        assert outcome(upgraded, UNCHANGED) == outcome(standard, UNCHANGED)
        # A loop of the standard game stays (upgrades are optional), at the same distance.
        standard_loops = outcome(standard, {"accelerator-loop"})
        assert [f for f in outcome(upgraded, {"accelerator-loop"}) if f[2]["distance"] <= 5] == standard_loops
        # More ways to move never make a Crash Site farther from another.
        before = standard.metrics["crash_site_moves"]["matrix"]
        after = upgraded.metrics["crash_site_moves"]["matrix"]
        assert all((a is None) == (b is None) and (a is None or a <= b)
                   for row_a, row_b in zip(after, before) for a, b in zip(row_a, row_b))
