"""Timing for the benchmark scripts: wall and CPU time of repeated calls, and percentiles.

Benchmarks print these figures; no test asserts a time.
"""
from __future__ import annotations

import gc
import math
import time
from typing import Callable, NamedTuple


class Timings(NamedTuple):
    wall: list[float]  # seconds per call (time.perf_counter)
    cpu: list[float]   # this process's CPU seconds per call (time.process_time): less disturbed on a busy machine


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (share 0.95 for the 95th)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def measure(work: Callable[[], object], repeat: int, before: Callable[[], object] | None = None) -> Timings:
    """Times of `repeat` calls of `work`; `before` runs untimed ahead of each call.

    One untimed call of `work` comes first (imports, memo tables, first-call costs), then a
    garbage collection so that the garbage of earlier work is not collected inside a run."""
    work()
    gc.collect()
    walls, cpus = [], []
    for _ in range(repeat):
        if before:
            before()
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return Timings(walls, cpus)
