"""Survey records of all 98,304 2-4 arrangements, one by one (for the distinct-board tests),
split over a process per core."""
from __future__ import annotations

import multiprocessing
import os

from engine.crashgrab.survey.arrangements import arrangements
from engine.crashgrab.survey.assemble import template_boards
from engine.crashgrab.survey.record import BoardRecord, board_record
from engine.crashgrab.templates import TEMPLATES
from engine.formats.tileset_io import standard_tileset

JOB_SIZE = 8192


def records_of(job: tuple[int, int]) -> list[BoardRecord]:
    start, stop = job
    template, tileset = TEMPLATES["2-4"], standard_tileset()
    numbered, boards = arrangements(template, tileset), template_boards(template, tileset)
    return [board_record(i, boards.facts(numbered.choices(i))) for i in range(start, stop)]


def all_2_4_records() -> list[BoardRecord]:
    count = arrangements(TEMPLATES["2-4"], standard_tileset()).count
    jobs = [(start, min(start + JOB_SIZE, count)) for start in range(0, count, JOB_SIZE)]
    with multiprocessing.get_context("spawn").Pool(max(1, min(4, os.cpu_count() or 1))) as pool:
        parts = pool.map(records_of, jobs)
    return [record for part in parts for record in part]
