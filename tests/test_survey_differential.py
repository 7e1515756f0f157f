"""The fast path equals the networkx reference: identical findings (code, severity, cells,
details, order; the fast path writes no messages) and identical metrics; the editor's
fast report (fast_validate_layout) has the very same findings, messages included; on template
boards the survey record of the fast path and that of the batch kernel equal the figures
worked out from the reference's report.

1,000 seeded setups of every template, 400 random drawn free-form boards and 400
scattered layouts of the standard tiles (holes between them), and hand-drawn boards
aimed at every code. The reference costs 10-20 ms a board, so the seeded boards are
split over worker processes (about 25 s on two cores instead of 50).
"""
from __future__ import annotations

import multiprocessing
import os
from collections import Counter

import pytest

from crashgrab.engine.crash_and_grab.survey.report import SURVEY_CODES
from tests.survey_boards import compare_free_form, compare_template_seeds, difference, picture_layout

BOARDS_PER_TEMPLATE = 1000
FREE_FORM_SEEDS = 400
JOB_SIZE = 100


@pytest.fixture(scope="module")
def compared() -> tuple[list[str], Counter]:
    jobs = [(template, start, start + JOB_SIZE) for template in ("2-4", "5", "6")
            for start in range(0, BOARDS_PER_TEMPLATE, JOB_SIZE)]
    free_jobs = [(start, start + JOB_SIZE) for start in range(0, FREE_FORM_SEEDS, JOB_SIZE)]
    workers = max(1, min(4, os.cpu_count() or 1))
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        results = pool.map(compare_template_seeds, jobs) + pool.map(compare_free_form, free_jobs)
    problems: list[str] = []
    seen: Counter = Counter()
    for found, codes in results:
        problems += found
        seen.update(codes)
    return problems, seen


def test_fast_path_equals_the_reference_on_seeded_setups_and_random_free_form_boards(compared):
    problems, _ = compared
    assert problems == [], f"{len(problems)} boards differ; first: {problems[:3]}"


def test_the_random_boards_exercise_every_survey_code(compared):
    # A code the random boards never trigger would be compared only on the drawn boards below.
    _, seen = compared
    missing = [code for code in SURVEY_CODES if not seen[code]]
    assert missing == []


DRAWN = {
    # Two islands with a column of holes between: every Crash Site on the left is cut off
    # from those on the right (isolated), and the right island's rest cells beyond...
    "islands": """
        1.2#3..
        .>.#.>4
        5..#..6
    """,
    # A right-hand island without Crash Sites: unreachable cells.
    "dead island": """
        123456#...
        789abc#.>.
        ......#...
    """,
    # Numbers repeated, missing and out of range; consecutive sites side by side.
    "numbering": """
        1122x.
        .3..45
    """,
    # Corners, edges, and Accelerators boxed in by holes (traps) and in loops.
    "corners and traps": """
        1#>#2
        #...#
        >.>.>
        #...#
        3#>#4
    """,
    "loops of every size": """
        >.>..>...>
        ..........
        >....>....
        ...>......
        .>...>..>.
    """,
    "single cell": "1",
    "single accelerator": ">",
    "ring around a hole": """
        1.2.3
        .###.
        4#>#5
        .###.
        6.7.8
    """,
}


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_fast_path_equals_the_reference_on_drawn_boards(name):
    problem, _ = difference(picture_layout(DRAWN[name], name))
    assert problem is None


def test_drawn_boards_do_trigger_what_they_were_drawn_for():
    # Guards the drawn cases against silently testing nothing.
    codes = Counter()
    for name, picture in DRAWN.items():
        codes.update(difference(picture_layout(picture, name))[1])
    for code in ("isolated-crash-site", "unreachable", "crash-site-duplicate", "crash-site-missing",
                 "crash-site-range", "crash-site-sequence", "crash-site-corner", "accelerator-trap",
                 "accelerator-loop", "accelerator-edge", "crash-site-edge"):
        assert codes[code], code


@pytest.mark.parametrize("seed", range(4))
def test_fast_path_equals_the_reference_on_big_free_form_boards(seed):
    # 18x18 to 26x26 with many Crash Sites: the fast path searches site by site there.
    import random
    rng = random.Random(seed)
    size = rng.choice((18, 22, 26))
    rows = ["".join(rng.choice("......>>#123456789abc") for _ in range(size)) for _ in range(size)]
    problem, codes = difference(picture_layout("\n".join(rows), f"big {seed}"))
    assert problem is None
    assert codes["isolated-crash-site"] or codes["accelerator-loop"]
