"""Survey records of all 98,304 2-4 arrangements, one by one: by the batch kernel, and by
the Python fast path (split over a process per core, it takes about 16 s of CPU)."""
from __future__ import annotations

import multiprocessing
import os

import numpy as np

from crashgrab.engine.crash_and_grab.survey.arrangements import arrangements
from crashgrab.engine.crash_and_grab.survey.assemble import template_boards
from crashgrab.engine.crash_and_grab.survey.batch import as_records, choice_records
from crashgrab.engine.crash_and_grab.survey.record import BoardRecord, board_record
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset

JOB_SIZE = 8192
TEMPLATE = TEMPLATES["2-4"]


def _jobs() -> list[tuple[int, int]]:
    count = arrangements(TEMPLATE, standard_tileset()).count
    return [(start, min(start + JOB_SIZE, count)) for start in range(0, count, JOB_SIZE)]


def kernel_records(job: tuple[int, int]) -> list[BoardRecord]:
    start, stop = job
    tileset = standard_tileset()
    numbered = arrangements(TEMPLATE, tileset)
    batch = choice_records(TEMPLATE, tileset, [numbered.choices(i) for i in range(start, stop)])
    return as_records(batch, np.arange(start, stop))


def fast_path_records(job: tuple[int, int]) -> list[BoardRecord]:
    start, stop = job
    tileset = standard_tileset()
    numbered, boards = arrangements(TEMPLATE, tileset), template_boards(TEMPLATE, tileset)
    return [board_record(i, boards.facts(numbered.choices(i))) for i in range(start, stop)]


def all_2_4_records() -> list[BoardRecord]:
    """By the kernel, in this process."""
    return [record for job in _jobs() for record in kernel_records(job)]


def all_2_4_fast_path_records() -> list[BoardRecord]:
    with multiprocessing.get_context("spawn").Pool(max(1, min(4, os.cpu_count() or 1))) as pool:
        parts = pool.map(fast_path_records, _jobs())
    return [record for part in parts for record in part]
