"""Running a survey: boards in fixed chunks, over one or several processes, merged in order.

An exhaustive survey (`ALL`) checks each distinct board once (`distinct.py`), weighted by
the arrangements it stands for; a sample checks every drawn setup. The chunks depend only
on the request (never on the worker count), every chunk's tally is exact, and the chunks
are merged in chunk order: `workers=N` gives the very result of `workers=1`.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
from dataclasses import dataclass
from typing import Callable, Iterator

import numpy as np

from ...grid.model import TileSet
from ..layout import Layout
from ..tileset_file import standard_tileset
from ..templates import TEMPLATES, Template
from .arrangements import arrangement_count, arrangements, sample_layout, sample_seed
from .assemble import template_boards
from .batch import choice_records, class_records
from .distinct import distinct_boards
from .tally import Tally

ALL, SAMPLE = "all", "sample"
CHUNK_SIZE = 2048         # distinct boards per job of an exhaustive survey: one kernel batch
SAMPLE_CHUNK_SIZE = 500   # setups per job of a sample (drawing a setup is the slow part)
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
    chunk_size: int = 0                # boards per job; 0: CHUNK_SIZE or SAMPLE_CHUNK_SIZE

    def __post_init__(self) -> None:
        if self.template not in TEMPLATES:
            raise ValueError(f"unknown template {self.template!r}")
        if self.mode not in (ALL, SAMPLE):
            raise ValueError(f"mode must be {ALL!r} or {SAMPLE!r}")
        if self.mode == SAMPLE and self.sample < 1:
            raise ValueError("a sample needs at least one board")
        if self.chunk_size < 0 or self.best < 0:
            raise ValueError("chunk_size and best must not be negative")
        if not self.chunk_size:
            object.__setattr__(self, "chunk_size", SAMPLE_CHUNK_SIZE if self.mode == SAMPLE else CHUNK_SIZE)

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
    `ALL`), checked by the batch kernel; runs in a worker process."""
    tileset = standard_tileset()
    template = request.template_obj
    select = frozenset(request.select) if request.select is not None else None
    tally = Tally(keep_best=request.best)
    if request.mode == SAMPLE:
        boards = template_boards(template, tileset)
        choices = [boards.choices_of(sample_layout(tileset, template, request.seed, index).placements)
                   for index in range(start, stop)]
        numbers = np.arange(start, stop, dtype=np.int64)
        tally.add_batch(choice_records(template, tileset, choices), numbers, np.ones_like(numbers), select)
    else:
        records, numbers, weights = class_records(template, tileset, start, stop)
        tally.add_batch(records, numbers, weights, select)
    tally.finish()
    return tally


def _chunk_job(job: tuple[SurveyRequest, int, int]) -> tuple[int, Tally]:
    request, start, stop = job
    return stop - start, survey_chunk(request, start, stop)


def default_workers() -> int:
    return os.cpu_count() or 1


class SurveyStopped(Exception):
    """A survey stopped before its last chunk (on request); `tally` holds its first `chunks_done` chunks."""

    def __init__(self, chunks_done: int, tally: Tally) -> None:
        super().__init__(f"stopped after {chunks_done} chunks")
        self.chunks_done = chunks_done
        self.tally = tally


def run_survey(request: SurveyRequest, workers: int = 1,
               progress: Callable[[int], None] | None = None, *,
               resume_from: tuple[int, Tally | None] = (0, None),
               on_chunk: Callable[[int, Tally], None] | None = None,
               stop: Callable[[int], bool] | None = None) -> Tally:
    """Survey every board of the request and return the finished tally.

    `progress(done)` is called after each chunk with the units (distinct boards or setups)
    checked so far; `resume_from` is (chunks done, their tally) of an earlier run;
    `on_chunk(chunks_done, tally)` sees the merged tally after each chunk (to save a
    checkpoint), and when `stop(chunks_done)` says so the survey raises SurveyStopped.
    """
    if workers < 1:
        raise ValueError("workers must be at least 1")
    chunks = request.chunks()
    start, earlier = resume_from
    total = earlier if earlier is not None else Tally(keep_best=request.best)
    jobs = [(request, first, last) for first, last in chunks[start:]]
    done = chunks[start][0] if start < len(chunks) else request.units()
    chunks_done = start
    if progress:
        progress(done)
    for size, tally in _results(jobs, workers):
        total.merge(tally)
        done += size
        chunks_done += 1
        if progress:
            progress(done)
        if on_chunk:
            on_chunk(chunks_done, total)
        if stop and chunks_done < len(chunks) and stop(chunks_done):
            raise SurveyStopped(chunks_done, total)
    total.finish()
    return total


def _ignore_interrupts() -> None:
    # Ctrl-C is the main process's to handle (it saves a checkpoint); workers carry on until ended.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(jobs, workers: int) -> Iterator[tuple[int, Tally]]:
    if workers == 1 or len(jobs) <= 1:
        for job in jobs:
            yield _chunk_job(job)
        return
    # spawn, not fork: a worker starts from a fresh interpreter (half a second), so no
    # thread or lock of the caller (an editor's Qt threads, a test runner) is copied half-held.
    with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs)), initializer=_ignore_interrupts) as pool:
        # imap keeps chunk order; results stream in as workers finish them.
        yield from pool.imap(_chunk_job, jobs)
