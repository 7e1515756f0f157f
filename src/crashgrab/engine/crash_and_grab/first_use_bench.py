"""The fast path's first-use tail on big free-form boards (issue 26, item 2): a measurement, not a test.

    python -m crashgrab.engine.crash_and_grab.first_use_bench [--boards N] [--runs N]

Each of N free-form boards (the bench's: 1x1 tiles, 3% holes, 12% Accelerators, 12 Crash
Sites; a new seed each) is validated by the editor's fast report `runs` times in a row; the
first run of a board builds its row and column tables (survey/lines.py), the others look them
up. Prints, per size, the median and the 99th percentile of all runs and the median of the
first runs, in milliseconds of CPU time.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from ..timing import percentile
from .bench import free_form_layout
from .validation.fast import fast_validate_layout


def first_use_lines(boards: int = 8, runs: int = 15, sizes: tuple[int, ...] = (24, 32)) -> list[str]:
    lines = []
    for size in sizes:
        times, firsts = [], []
        for seed in range(boards):
            layout = free_form_layout(size, 1000 + seed)
            for run in range(runs):
                start = time.process_time()
                fast_validate_layout(layout)
                elapsed = (time.process_time() - start) * 1000
                times.append(elapsed)
                if run == 0:
                    firsts.append(elapsed)
        median = statistics.median(times)
        p99 = percentile(times, 0.99)
        lines.append(f"  {size}x{size}: median {median:6.1f} ms, p99 {p99:6.1f} ms ({p99 / median:.1f}x the median; "
                     f"target <= 2x), first runs median {statistics.median(firsts):6.1f} ms CPU")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crashgrab.engine.crash_and_grab.first_use_bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=8, metavar="N", help="boards of each size (default 8)")
    parser.add_argument("--runs", type=int, default=15, metavar="N", help="runs on each board (default 15)")
    args = parser.parse_args(argv)
    print(f"Fast report on free-form boards, {args.boards} boards x {args.runs} runs each")
    print("\n".join(first_use_lines(args.boards, args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
