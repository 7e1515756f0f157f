"""The first-use benchmark keeps running as the code under it changes (its figures are not
checked: speed is for `python -m crashgrab.engine.crash_and_grab.first_use_bench`, never a test)."""
from __future__ import annotations

import gc

from crashgrab.engine.crash_and_grab import first_use_bench


def test_each_size_gets_its_figures_and_its_full_collections():
    lines = first_use_bench.first_use_lines(boards=1, runs=2, sizes=(4, 5))
    assert [line.split(":")[0].strip() for line in lines[::2]] == ["4x4", "5x5"]
    assert all("median" in line and "p99" in line for line in lines[::2])
    assert all("full garbage collection" in line for line in lines[1::2])


def test_full_collections_are_counted_and_only_while_watched():
    with first_use_bench.FullCollections() as collections:
        gc.collect(0)
        gc.collect()
    gc.collect()
    assert collections.count == 1
