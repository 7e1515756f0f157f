"""The survey's plain-Python baseline (plain_survey_bench.py) answers as the survey does, so that
timing it against the survey compares the same work (its speed is for `make bench`, never a test)."""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.plain_survey_bench import PlainBoard, plain_findings, plain_run

SITES = [(0, 0), (7, 0), (0, 7), (7, 7), (3, 0), (0, 3), (7, 3), (3, 7), (5, 5), (1, 5), (5, 1), (6, 6)]


def test_two_accelerators_two_apart_loop_from_distance_2():
    # (2,2) and (4,2): a bounce of 1 rests on (3,2); of 2 or more, each enters the other.
    loops, per_distance, traps, isolated, pairs, _, _ = plain_findings(PlainBoard(8, 8, {(2, 2), (4, 2)}, SITES))
    assert (loops, per_distance, traps, isolated, pairs) == (1, (0, 1, 1, 1, 1), 0, 0, 132)


def test_an_accelerator_in_the_middle_traps_at_distance_5():
    # On 8x8 a bounce of 5 from column 3 or 4 (and row 3 or 4) leaves the board every way; of 4 it rests.
    assert plain_findings(PlainBoard(8, 8, {(3, 3)}, SITES))[:3] == (0, (0, 0, 0, 0, 0), 1)
    # Side by side they loop from distance 1 (one group, counted once) and both trap at 5.
    assert plain_findings(PlainBoard(8, 8, {(3, 3), (4, 3)}, SITES))[:3] == (1, (1, 1, 1, 1, 1), 2)


def test_the_baseline_gives_the_surveys_answers_on_its_boards():
    boards, _, differ = plain_run(300)
    assert boards == 300 and differ == 0
