"""Crash! validation: each finding code on a board made for it (worked out by hand), the
metrics of the standard board, and the move graph."""
from __future__ import annotations

import networkx as nx
import pytest

from crashgrab.engine.crash.editing import with_hex, with_junkyard, with_start, without_hex, without_start
from crashgrab.engine.crash.model import CrashLayout, Junkyard, Start
from crashgrab.engine.crash.movegraph import move_graph
from crashgrab.engine.crash.system import SYSTEM
from crashgrab.engine.crash.templates import template_layout
from crashgrab.engine.crash.validation import CODES
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.games import all_finding_codes

STANDARD = template_layout()


def codes(layout):
    return sorted({f.code for f in SYSTEM.validate(layout).findings})


def replaced(layout, **changes):
    fields = dict(name=layout.name, hexes=layout.hexes, starts=layout.starts, junkyards=layout.junkyards)
    fields.update(changes)
    return CrashLayout(**fields)


def test_the_codes_are_the_issues():
    assert CODES == {"start-count": "error", "off-board": "error", "shared-hex": "error", "junkyard-count": "error",
                     "junkyard-nearer": "error", "junkyard-unreachable": "error", "facing-away": "warning",
                     "faces-off-board": "warning", "unbalanced": "warning"}
    assert set(CODES) <= set(all_finding_codes())


def test_start_count_names_missing_and_doubled_cars():
    layout = without_start(STANDARD, "p1", 3)
    layout = replaced(layout, starts=layout.starts + (Start("p1", 5, (0, 2), "west"),))
    (finding,) = [f for f in SYSTEM.validate(layout).findings if f.code == "start-count"]
    assert finding.details["player"] == "p1" and finding.details["missing"] == [3] and finding.details["doubled"] == [5]
    assert "no start for car 3 and more than one start for car 5" in finding.message


def test_off_board_starts_and_junkyards():
    layout = replaced(STANDARD, hexes=STANDARD.hexes - {(3, 0), (1, 0)})
    findings = [f for f in SYSTEM.validate(layout).findings if f.code == "off-board"]
    assert sorted(f.cells[0] for f in findings) == [(1, 0), (3, 0)]


def test_shared_hex():
    layout = replaced(STANDARD, junkyards=(Junkyard("p1", (-1, 0)), Junkyard("p2", (3, 0))))
    (finding,) = [f for f in SYSTEM.validate(layout).findings if f.code == "shared-hex"]
    assert finding.cells == ((3, 0),) and finding.details["things"] == ["p1's car 5", "p2's junkyard"]


def test_junkyard_count():
    layout = replaced(STANDARD, junkyards=(Junkyard("p1", (-1, 0)), Junkyard("p1", (1, 0))))
    findings = {f.details["player"]: f.details["junkyards"] for f in SYSTEM.validate(layout).findings
                if f.code == "junkyard-count"}
    assert findings == {"p1": 2, "p2": 0}


def test_junkyard_nearer_when_the_junkyards_swap():
    # p1's starts lie east: mean distance 2.33 to [1,0] and 3.83 to [-1,0] (templates.py)
    layout = replaced(STANDARD, junkyards=(Junkyard("p1", (1, 0)), Junkyard("p2", (-1, 0))))
    findings = sorted((f for f in SYSTEM.validate(layout).findings if f.code == "junkyard-nearer"),
                      key=lambda f: f.details["player"])
    assert [f.details["player"] for f in findings] == ["p1", "p2"]
    assert findings[0].details["own"] == pytest.approx(14 / 6, abs=1e-4)
    assert findings[0].details["other"] == pytest.approx(23 / 6, abs=1e-4)


def test_junkyard_unreachable_across_a_cut_board():
    # remove the column q = 0 ... except where the junkyards block nothing: the board splits in two
    layout = STANDARD
    for r in range(-3, 4):
        if (0, r) in layout.hexes:
            layout = without_hex(layout, (0, r))
    findings = [f for f in SYSTEM.validate(layout).findings if f.code == "junkyard-unreachable"]
    assert len(findings) == 12
    assert "unbalanced" not in codes(layout)  # no total while a path is missing


def test_facing_away_and_faces_off_board():
    layout = with_start(STANDARD, "p1", 4, (3, -1), "east")  # away from p2 (180 degrees) and off the board
    found = {(f.code, f.details["car"]) for f in SYSTEM.validate(layout).findings}
    assert ("facing-away", 4) in found and ("faces-off-board", 4) in found
    # 60 degrees off and still on the board: facing-away only
    layout = with_start(STANDARD, "p1", 4, (3, -1), "northwest")
    assert codes(layout) == ["facing-away"]


def test_unbalanced_when_one_junkyard_moves():
    # p1's paths to [-2,0]: cars 1-6 take 4, 5, 5, 5, 6 (car 5 goes round p2's junkyard), 5 = 30
    layout = with_junkyard(STANDARD, "p1", (-2, 0))
    (finding,) = [f for f in SYSTEM.validate(layout).findings if f.code == "unbalanced"]
    assert (finding.details["p1"], finding.details["p2"]) == (30, 24)
    assert finding.severity == "warning"


def test_severity_overrides():
    layout = with_junkyard(STANDARD, "p1", (-2, 0))
    assert SYSTEM.validate(layout, {"unbalanced": "off"}).findings == ()
    assert SYSTEM.validate(layout, {"unbalanced": "error"}).findings[0].severity == "error"


def test_metrics_of_the_standard_board():
    metrics = SYSTEM.validate(STANDARD).metrics
    p1 = metrics["players"]["p1"]
    # car 5 at [3,0] faces west: [2,0] [1,0] [0,0] [-1,0] [-2,0] [-3,0] are on the board, 6 hexes;
    # its way to [-1,0] cannot pass p2's junkyard [1,0], so 5 steps, not 4.
    assert p1["cars"]["5"] == {"to_junkyard": 5, "run": 6}
    assert p1["cars"]["1"] == {"to_junkyard": 3, "run": 5}
    assert p1["to_junkyard"] == 24 == metrics["players"]["p2"]["to_junkyard"]
    assert metrics["hexes"] == 37
    validate(metrics, "crash-metrics")


def test_the_move_graph_has_every_step_and_none_out_of_a_junkyard():
    graph = move_graph(STANDARD)
    assert isinstance(graph, nx.DiGraph) and graph.number_of_nodes() == 37
    assert graph.edges[(0, 0), (1, -1)]["direction"] == "northeast"
    assert graph.out_degree((1, 0)) == 0 and graph.out_degree((0, 0)) == 6
    assert graph.out_degree((3, -3)) == 3  # a corner hex


def test_a_board_with_an_extra_hex_out_of_symmetry_is_still_fine():
    assert codes(with_hex(STANDARD, (4, -1))) == []
