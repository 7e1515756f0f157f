"""Validation leaves nothing to the garbage collector: a move graph is freed as soon as the
last reference to it goes (a reference cycle would keep it until a collection, whose pauses
showed as 30-50 ms spikes in live validation). And bit sets are walked in linear time."""
from __future__ import annotations

import gc
import weakref

import pytest

from crashgrab.engine.crash_and_grab.movegraph import move_analysis
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.crash_and_grab.bits import iter_bits
from crashgrab.engine.crash_and_grab.moveanalysis import clear_cache
from tests.survey_boards import picture_layout

LAYOUT = "layouts/standard-6p.json"


@pytest.fixture
def no_collector():
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def test_a_validated_boards_move_graph_is_freed_without_the_collector(no_collector):
    layout = load_layout(LAYOUT)
    clear_cache()
    report = validate_layout(layout)
    analysis = move_analysis(report.board)
    assert any(f.code == "accelerator-trap" for f in report.findings) or analysis.graph.number_of_nodes()
    graph, analysis_ref = weakref.ref(analysis.graph), weakref.ref(analysis)
    del analysis, report
    clear_cache()
    assert analysis_ref() is None and graph() is None


def test_traps_are_found_without_asking_the_graph_for_in_degrees(no_collector):
    # The board of the trap check: Accelerators boxed in by holes.
    layout = picture_layout("""
        1#>#2
        #...#
        >.>.>
        #...#
        3#>#4
    """)
    clear_cache()
    report = validate_layout(layout)
    assert [f.cells for f in report.findings if f.code == "accelerator-trap"]
    graph = weakref.ref(move_analysis(report.board).graph)
    del report
    clear_cache()
    assert graph() is None


@pytest.mark.parametrize("bits, expected", [
    (0, []), (1, [0]), (0b1011_0000, [4, 5, 7]), (1 << 5000 | 1 << 3 | 1, [0, 3, 5000]),
])
def test_iter_bits(bits, expected):
    assert list(iter_bits(bits)) == expected


def test_iter_bits_refuses_negative_numbers():
    with pytest.raises(ValueError):
        list(iter_bits(-1))
