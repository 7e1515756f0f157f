"""The fast path's first-use tail on big free-form boards (issue 26, item 2): a measurement, not a test.

    python -m crashgrab.engine.crash_and_grab.first_use_bench [--boards N] [--runs N] [--gc-freeze]

Each of N free-form boards (the bench's: 1x1 tiles, 3% holes, 12% Accelerators, 12 Crash
Sites; a new seed each) is validated by the editor's fast report `runs` times in a row; the
first run of a board builds its row and column tables (survey/lines.py), the others look them
up. Prints, per size, the median and the 99th percentile of all runs and the median of the
first runs, in milliseconds of CPU time; then how many runs had one of CPython's full
(generation 2) garbage collections inside them, and the 99th percentile of the other runs:
a full collection walks every object of the process (tens of ms here), and the memo's new
tables are what most often sets one off. One full collection runs before the timing, so that
the leftovers of the imports are not charged to the first board. `--gc-freeze` then moves
every object made so far out of the collector's sight (gc.freeze(), as a program can once
it has started), so that a full collection walks only what came after.
"""
from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time

from ..timing import percentile
from .bench import free_form_layout
from .validation.fast import fast_validate_layout


class FullCollections:
    """Watches CPython's garbage collector: which timed runs had a full collection inside them."""

    def __init__(self) -> None:
        self.count = 0

    def __enter__(self) -> FullCollections:
        gc.callbacks.append(self._seen)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self._seen)

    def _seen(self, phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            self.count += 1


def first_use_lines(boards: int = 8, runs: int = 15, sizes: tuple[int, ...] = (24, 32),
                    freeze: bool = False) -> list[str]:
    lines = []
    gc.collect()
    if freeze:
        gc.freeze()
    with FullCollections() as collections:
        for size in sizes:
            times, firsts, quiet = [], [], []
            for seed in range(boards):
                layout = free_form_layout(size, 1000 + seed)
                for run in range(runs):
                    before = collections.count
                    start = time.process_time()
                    fast_validate_layout(layout)
                    elapsed = (time.process_time() - start) * 1000
                    times.append(elapsed)
                    if collections.count == before:
                        quiet.append(elapsed)
                    if run == 0:
                        firsts.append(elapsed)
            median = statistics.median(times)
            p99 = percentile(times, 0.99)
            lines.append(f"  {size}x{size}: median {median:6.1f} ms, p99 {p99:6.1f} ms ({p99 / median:.1f}x the median; "
                         f"target <= 2x), first runs median {statistics.median(firsts):6.1f} ms CPU")
            collected = len(times) - len(quiet)
            if quiet:
                quiet_p99 = percentile(quiet, 0.99)
                lines.append(f"         {collected} of {len(times)} runs had a full garbage collection inside; "
                             f"the others' p99 {quiet_p99:6.1f} ms ({quiet_p99 / median:.1f}x)")
            else:
                lines.append("         every run had a full garbage collection inside")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crashgrab.engine.crash_and_grab.first_use_bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=8, metavar="N", help="boards of each size (default 8)")
    parser.add_argument("--runs", type=int, default=15, metavar="N", help="runs on each board (default 15)")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="gc.freeze() the start-up's objects first: full collections walk only the rest")
    args = parser.parse_args(argv)
    frozen = ", start-up objects frozen (gc.freeze)" if args.gc_freeze else ""
    print(f"Fast report on free-form boards, {args.boards} boards x {args.runs} runs each{frozen}")
    print("\n".join(first_use_lines(args.boards, args.runs, freeze=args.gc_freeze)))
    if args.gc_freeze:
        gc.unfreeze()
    return 0


if __name__ == "__main__":
    sys.exit(main())
