"""How long validation takes: `python -m crashgrab.engine.crash_and_grab.validation.benchmark [LAYOUT...]`.

Times `validate_layout` on each layout (default: the shipped ones) cold, with the per-board
move-analysis cache cleared before every run, as after an edit that changes the board,
and warm (an unchanged board, e.g. only the markers edited). Prints the median, the 95th
percentile and the fastest run in milliseconds of wall time, and the median CPU time
(less disturbed by other processes on a busy machine). Not a test: nothing asserts a time.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from statistics import median
from typing import Callable

from ...formats.layout_io import load_layout, load_shipped_layout
from ...resources import shipped_layouts
from ..layout import Layout
from ..moveanalysis import clear_cache
from ...timing import measure, percentile
from . import validate_layout



def time_runs(work: Callable[[], object], runs: int, before: Callable[[], object] | None = None) -> dict[str, float]:
    """Median, 95th percentile and minimum wall time, and median CPU time, in milliseconds."""
    walls, cpus = measure(work, runs, before)
    to_ms = 1000.0
    return {"median": median(walls) * to_ms, "p95": percentile(walls, 0.95) * to_ms,
            "min": min(walls) * to_ms, "cpu_median": median(cpus) * to_ms}


def time_validation(layout: Layout, runs: int = 300) -> dict[str, dict[str, float]]:
    return {"cold": time_runs(lambda: validate_layout(layout), runs, before=clear_cache),
            "warm": time_runs(lambda: validate_layout(layout), runs)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crashgrab.engine.crash_and_grab.validation.benchmark",
                                     description="Time layout validation.")
    parser.add_argument("layouts", nargs="*", type=Path, metavar="LAYOUT",
                        help="layout files (default: the shipped standard layouts)")
    parser.add_argument("--runs", type=int, default=300)
    args = parser.parse_args(argv)
    named = [(path.name, load_layout(path)) for path in args.layouts]
    shipped = [(f.name, load_shipped_layout(f.name)) for f in shipped_layouts()]
    for name, layout in named or shipped:
        result = time_validation(layout, args.runs)
        for kind in ("cold", "warm"):
            t = result[kind]
            print(f"{name:22} {kind}: median {t['median']:6.2f} ms  p95 {t['p95']:6.2f} ms  "
                  f"min {t['min']:6.2f} ms  cpu median {t['cpu_median']:6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
