"""Running a survey: boards in fixed chunks, over one or several processes, merged in order.

An exhaustive survey (`ALL`) checks each distinct board once (`distinct.py`), weighted by
the arrangements it stands for; a sample checks every drawn setup. The chunks depend only
on the request (never on the worker count), every chunk's tally is exact, and the chunks
are merged in chunk order: `workers=N` gives the very result of `workers=1`.
"""
from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from typing import Callable, Iterator

from ...grid.model import Layout, TileSet
from ...formats.tileset_io import standard_tileset
from ..templates import TEMPLATES, Template
from .arrangements import arrangement_count, arrangements, sample_layout, sample_seed
from .assemble import template_boards
from .distinct import distinct_boards
from .record import board_record
from .tally import Tally

ALL, SAMPLE = "all", "sample"
CHUNK_SIZE = 500  # boards per job: fine-grained progress, negligible overhead
DEFAULT_BEST = 5


@dataclass(frozen=True)
class SurveyRequest:
    """What to survey: every arrangement of a template (`ALL`) or `sample` seeded setups."""

    template: str                      # "2-4", "5" or "6"
    mode: str = ALL
    sample: int = 0                    # boards to draw in SAMPLE mode
    seed: int = 0                      # SAMPLE mode: sample i is set up from sample_seed(seed, i)
    select: tuple[str, ...] | None = None   # count only these finding codes
    best: int = DEFAULT_BEST           # how many best boards to keep
    chunk_size: int = CHUNK_SIZE

    def __post_init__(self) -> None:
        if self.template not in TEMPLATES:
            raise ValueError(f"unknown template {self.template!r}")
        if self.mode not in (ALL, SAMPLE):
            raise ValueError(f"mode must be {ALL!r} or {SAMPLE!r}")
        if self.mode == SAMPLE and self.sample < 1:
            raise ValueError("a sample needs at least one board")
        if self.chunk_size < 1 or self.best < 0:
            raise ValueError("chunk_size must be positive and best not negative")

    @property
    def template_obj(self) -> Template:
        return TEMPLATES[self.template]

    def board_count(self, tileset: TileSet | None = None) -> int:
        """Boards the report counts: arrangements (`ALL`) or drawn setups (`SAMPLE`)."""
        if self.mode == SAMPLE:
            return self.sample
        return arrangement_count(self.template_obj, tileset or standard_tileset())

    def units(self) -> int:
        """Boards actually checked: distinct boards (`ALL`) or drawn setups (`SAMPLE`)."""
        if self.mode == SAMPLE:
            return self.sample
        return distinct_boards(self.template_obj, standard_tileset()).count

    def chunks(self) -> list[tuple[int, int]]:
        total = self.units()
        return [(start, min(start + self.chunk_size, total)) for start in range(0, total, self.chunk_size)]


def survey_classes(request: SurveyRequest, tileset: TileSet | None = None):
    """The distinct boards an exhaustive survey of the request checks."""
    return distinct_boards(request.template_obj, tileset or standard_tileset())


def board_layout(request: SurveyRequest, board: int, tileset: TileSet | None = None) -> Layout:
    """The layout of board number `board` of a survey (to save the best ones)."""
    tileset = tileset or standard_tileset()
    if request.mode == SAMPLE:
        return sample_layout(tileset, request.template_obj, request.seed, board)
    return arrangements(request.template_obj, tileset).layout(board)


def board_origin(request: SurveyRequest, board: int) -> dict:
    """How to rebuild board `board`: its arrangement index, or its sample index and setup seed."""
    if request.mode == SAMPLE:
        return {"sample": board, "setup_seed": sample_seed(request.seed, board)}
    return {"arrangement": board}


def survey_chunk(request: SurveyRequest, start: int, stop: int) -> Tally:
    """The tally of units start..stop-1 (sample numbers, or distinct-board numbers with
    `ALL`); runs in a worker process."""
    tileset = standard_tileset()
    template = request.template_obj
    boards = template_boards(template, tileset)
    select = frozenset(request.select) if request.select is not None else None
    tally = Tally(keep_best=request.best)
    if request.mode == SAMPLE:
        for index in range(start, stop):
            layout = sample_layout(tileset, template, request.seed, index)
            facts = boards.facts(boards.choices_of(layout.placements))
            tally.add(board_record(index, facts, select))
    else:
        classes = distinct_boards(template, tileset)
        for index in range(start, stop):
            tally.add(board_record(classes.lowest_arrangement(index), boards.facts(classes.choices(index)),
                                   select, classes.weight(index)))
    tally.finish()
    return tally


def _chunk_job(job: tuple[SurveyRequest, int, int]) -> tuple[int, Tally]:
    request, start, stop = job
    return stop - start, survey_chunk(request, start, stop)


def default_workers() -> int:
    return os.cpu_count() or 1


def run_survey(request: SurveyRequest, workers: int = 1,
               progress: Callable[[int], None] | None = None) -> Tally:
    """Survey every board of the request; `progress(done)` is called after each chunk with
    the units (distinct boards or setups) checked so far."""
    if workers < 1:
        raise ValueError("workers must be at least 1")
    jobs = [(request, start, stop) for start, stop in request.chunks()]
    total = Tally(keep_best=request.best)
    done = 0
    if progress:
        progress(0)
    for size, tally in _results(jobs, workers):
        total.merge(tally)
        done += size
        if progress:
            progress(done)
    total.finish()
    return total


def _results(jobs, workers: int) -> Iterator[tuple[int, Tally]]:
    if workers == 1 or len(jobs) <= 1:
        for job in jobs:
            yield _chunk_job(job)
        return
    # spawn, not fork: a worker starts from a fresh interpreter (half a second), so no
    # thread or lock of the caller (an editor's Qt threads, a test runner) is copied half-held.
    with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
        # imap keeps chunk order; results stream in as workers finish them.
        yield from pool.imap(_chunk_job, jobs)
