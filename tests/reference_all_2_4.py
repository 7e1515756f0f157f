"""`python -m tests.reference_all_2_4`: the networkx reference on every one of the 98,304 2-4
arrangements, against the fast path, the editor's live report and the survey's template route
(`survey_boards.difference`). Too slow for every CI run (about 4 ms a board, some 7 minutes of
CPU); the suite compares the kernel with the fast path on all of them and the fast path with
the reference on samples, and this closes the loop when run by hand (docs/survey.md)."""
from __future__ import annotations

import multiprocessing
import os
import sys
import time

from crashgrab.engine.crash_and_grab.survey.arrangements import arrangements
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from tests.survey_boards import difference

JOB_SIZE = 2048


def compare(job: tuple[int, int]) -> list[str]:
    start, stop = job
    numbered = arrangements(TEMPLATES["2-4"], standard_tileset())
    problems = []
    for index in range(start, stop):
        problem, _ = difference(numbered.layout(index))
        if problem:
            problems.append(f"arrangement {index}: {problem}")
    return problems


def main() -> int:
    count = arrangements(TEMPLATES["2-4"], standard_tileset()).count
    jobs = [(start, min(start + JOB_SIZE, count)) for start in range(0, count, JOB_SIZE)]
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(os.cpu_count() or 1) as pool:
        problems = [problem for part in pool.imap(compare, jobs) for problem in part]
    wall = time.perf_counter() - started
    print(f"{count:,} arrangements compared in {wall:.0f} s on {os.cpu_count()} processes: "
          f"{len(problems)} differ" + (f"; first: {problems[:3]}" if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
