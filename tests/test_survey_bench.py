"""The benchmark script keeps running as the code under it changes (its figures are not
checked: speed is for `python -m crashgrab.engine.crash_and_grab.bench`, never a test)."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab import bench
from crashgrab.engine.timing import measure, percentile


@pytest.mark.parametrize("values, share, expected", [
    ([5.0], 0.95, 5.0),
    ([1.0, 2.0, 3.0, 4.0], 0.5, 2.0),
    (list(range(1, 21)), 0.95, 19),      # nearest rank: the 19th of 20
    (list(range(1, 101)), 0.95, 95),
    ([3.0, 1.0, 2.0], 0.95, 3.0),
])
def test_percentile_is_the_nearest_rank(values, share, expected):
    assert percentile(values, share) == expected


def test_measure_times_each_call_after_its_untimed_setup():
    calls = []
    timings = measure(lambda: calls.append("work"), 3, before=lambda: calls.append("before"))
    assert len(timings.wall) == len(timings.cpu) == 3 and all(t >= 0 for t in timings.wall + timings.cpu)
    assert calls == ["work", "before", "work", "before", "work", "before", "work"]


def test_a_template_section_names_every_figure():
    text = "\n".join(bench.template_section("2-4", quick=True))
    for label in ("validation, reference (networkx), cold", "validation, fast path", "move graph build",
                  "survey, one worker", "boards/s"):
        assert label in text


def test_the_rules_turn_is_timed():
    lines = bench.rules_section(quick=True)
    assert lines[0] == "Rules engine (standard 2-4 board)"
    assert lines[1].startswith("  one turn with a push chain (9 events)")
    assert "median" in lines[1] and "p95" in lines[1] and lines[1].endswith("target <= 0.2 ms")


def test_a_missing_editor_is_a_note_not_a_failure(monkeypatch):
    monkeypatch.setattr(bench, "editor_command", lambda: None)
    assert bench.editor_section(quick=True) == [
        "Editor: crashgrab-editor is not installed; launch time not measured"]


def test_the_free_form_benchmark_boards_are_boards_with_every_crash_site():
    from crashgrab.engine.crash_and_grab.resolve import resolve_layout
    from crashgrab.engine.crash_and_grab.terms import CRASH_SITE
    layout = bench.free_form_layout(16, 3)
    resolution = resolve_layout(layout)
    assert resolution.findings == ()
    board = resolution.board
    assert (board.width, board.height) == (16, 16)
    sites = sorted(f.number for f in board.features.values() if f.type == CRASH_SITE)
    assert sites == list(range(1, 13))
    assert len(board.holes()) == 16 * 16 * 3 // 100



def test_the_compiled_kernels_start_up_is_read_from_two_fresh_processes(monkeypatch):
    # The real probe compiles the kernel in a cache of its own (seconds): `make bench` runs it;
    # here a stand-in prints what it prints.
    monkeypatch.setattr(bench, "JIT_PROBE", "print(0.25, 4.5, 4.25)")
    assert bench.jit_section() == [
        "Survey kernel (numba), in a fresh process",
        "  import numba 0.25 s; first batch: 4.50 s wall, 4.25 s CPU compiling (empty cache), "
        "4.50 s wall, 4.25 s CPU loading from the cache"]
    monkeypatch.setattr(bench, "JIT_PROBE", "import sys; sys.exit('no numba here')")
    (line,) = bench.jit_section()
    assert line.startswith("Survey kernel (numba): the probe failed (1): ") and line.endswith("no numba here")
