"""Running a survey: boards in fixed chunks, over one or several processes, merged in order.

An exhaustive survey (`ALL`) checks each distinct board once (`distinct.py`), weighted by
the arrangements it stands for; a sample checks every drawn setup. The chunks depend only
on the request (never on the worker count), every chunk's tally is exact, and the chunks
are merged in chunk order: `workers=N` gives the very result of `workers=1`.
"""
from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Generator, Iterator

import numpy as np

from ...grid.model import TileSet
from ..layout import Layout
from ..tileset_file import standard_tileset
from ..templates import TEMPLATES, Template
from .arrangements import arrangement_count, arrangements, sample_layout, sample_seed
from .assemble import template_boards
from .batch import choice_records, class_records
from .distinct import distinct_boards
from .freeform_request import FreeformRequest
from .defaults import ALL, DEFAULT_BEST, SAMPLE
from .tally import Tally

CHUNK_SIZE = 2048         # distinct boards per job of an exhaustive survey: one kernel batch
SAMPLE_CHUNK_SIZE = 500   # setups per job of a sample (drawing a setup is the slow part)


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
    tileset: TileSet | None = None     # a designer's tile set (--tileset FILE); None: the standard tiles

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

    @property
    def tileset_obj(self) -> TileSet:
        return self.tileset if self.tileset is not None else standard_tileset()

    @property
    def tileset_ref(self) -> str | None:
        """How a layout of the survey names its tiles: "standard", or None to embed a designer's set."""
        return "standard" if self.tileset is None else None

    def board_count(self, tileset: TileSet | None = None) -> int:
        """Boards the report counts: arrangements (`ALL`) or drawn setups (`SAMPLE`)."""
        if self.mode == SAMPLE:
            return self.sample
        return arrangement_count(self.template_obj, tileset or self.tileset_obj)

    def units(self) -> int:
        """Boards actually checked: distinct boards (`ALL`) or drawn setups (`SAMPLE`)."""
        if self.mode == SAMPLE:
            return self.sample
        return distinct_boards(self.template_obj, self.tileset_obj).count

    def chunks(self) -> list[tuple[int, int]]:
        total = self.units()
        return [(start, min(start + self.chunk_size, total)) for start in range(0, total, self.chunk_size)]


def survey_classes(request: SurveyRequest, tileset: TileSet | None = None):
    """The distinct boards an exhaustive survey of the request checks."""
    if isinstance(request, FreeformRequest):  # a free-form survey (freeform_request.py)
        return request.classes()
    return distinct_boards(request.template_obj, tileset or request.tileset_obj)


def board_layout(request: SurveyRequest, board: int, tileset: TileSet | None = None) -> Layout:
    """The layout of board number `board` of a survey (to save the best ones)."""
    if isinstance(request, FreeformRequest):
        return request.board_layout(board)
    tileset = tileset or request.tileset_obj
    if request.mode == SAMPLE:
        return sample_layout(tileset, request.template_obj, request.seed, board, tileset_ref=request.tileset_ref)
    return arrangements(request.template_obj, tileset).layout(board, tileset_ref=request.tileset_ref)


def board_origin(request: SurveyRequest, board: int) -> dict:
    """How to rebuild board `board`: its arrangement index, or its sample index and setup seed."""
    if request.mode == SAMPLE:
        return {"sample": board, "setup_seed": sample_seed(request.seed, board)}
    return {"arrangement": board}


def survey_chunk(request: SurveyRequest, start: int, stop: int) -> Tally:
    """The tally of units start..stop-1 (sample numbers, or distinct-board numbers with
    `ALL`), checked by the batch kernel; runs in a worker process."""
    if isinstance(request, FreeformRequest):
        return request.survey_chunk(start, stop)
    tileset = request.tileset_obj
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
    tally = survey_chunk(request, start, stop)
    _exit_if_orphaned()
    return stop - start, tally


def _exit_if_orphaned() -> None:
    """In a pool worker whose main process is gone (killed), end silently now rather than die
    on the broken pipe with a traceback: the watching thread (_exit_with_parent) may not have
    run yet on a loaded machine."""
    if "multiprocessing" not in sys.modules:
        return   # not a worker (multiprocessing is imported only to start workers: 20 ms)
    import multiprocessing.connection

    parent = multiprocessing.parent_process()
    if parent is not None and multiprocessing.connection.wait([parent.sentinel], timeout=0):
        os._exit(0)


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
               stop: Callable[[int], bool] | None = None,
               cluster: str | None = None) -> Tally:
    """Survey every board of the request and return the finished tally.

    `progress(done)` is called after each chunk with the units (distinct boards or setups)
    checked so far; `resume_from` is (chunks done, their tally) of an earlier run;
    `on_chunk(chunks_done, tally)` sees the merged tally after each chunk (to save a
    checkpoint), and when `stop(chunks_done)` says so the survey raises SurveyStopped.
    With `cluster` (a Dask scheduler's address) the chunks run on that cluster instead of
    `workers` processes here (cluster.py); the result is the same.
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
    if cluster is not None:
        from .cluster import cluster_results

        # The futures tell the progress as they finish, ahead of the in-order merge.
        started_at = done
        told = (lambda boards: progress(started_at + boards)) if progress else None
        results = cluster_results(jobs, cluster, told)
    else:
        results = _results(jobs, workers)
    try:
        for chunk_count, size, tally in results:
            total.merge(tally)
            done += size
            chunks_done += chunk_count
            if progress and cluster is None:
                progress(done)
            if on_chunk:
                on_chunk(chunks_done, total)
            if stop and chunks_done < len(chunks) and stop(chunks_done):
                raise SurveyStopped(chunks_done, total)
    finally:
        # End the workers now, not whenever the suspended generator is collected: a Ctrl-C
        # during that late clean-up would be a traceback outside any handler.
        results.close()
    total.finish()
    return total


def _results(jobs, workers: int) -> Generator[tuple[int, int, Tally], None, None]:
    """(chunks, boards, tally) of each chunk, in chunk order."""
    if workers == 1 or len(jobs) <= 1:
        for job in jobs:
            yield (1, *_chunk_job(job))
        return
    # spawn, not fork: a worker starts from a fresh interpreter (half a second), so no
    # thread or lock of the caller (an editor's Qt threads, a test runner) is copied half-held.
    import multiprocessing

    with _interrupts_held_off():
        pool = multiprocessing.get_context("spawn").Pool(min(workers, len(jobs)), initializer=_start_worker)
    with pool:
        # imap keeps chunk order; results stream in as workers finish them.
        for result in pool.imap(_chunk_job, jobs):
            yield (1, *result)


@contextmanager
def _interrupts_held_off() -> Iterator[None]:
    """Start worker processes with Ctrl-C ignored from their first instruction on.

    A terminal sends Ctrl-C to every process of its foreground group, workers included, and a
    worker still starting up (before any initializer runs) would die with a KeyboardInterrupt
    traceback. An ignored signal stays ignored across exec, so SIGINT is ignored while the
    workers are started, and blocked meanwhile so that a Ctrl-C in that moment still reaches
    this process (once its own handler is back)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    can_block = hasattr(signal, "pthread_sigmask")
    if can_block:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if can_block:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _start_worker() -> None:
    # Ctrl-C is the main process's to handle (it saves a checkpoint); workers carry on until ended.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with_parent, args=(parent.sentinel,), name="exit-with-parent",
                         daemon=True).start()


def _exit_with_parent(sentinel) -> None:
    """End this worker, silently, as soon as the survey's main process is gone (killed, say):
    it would otherwise finish its chunk and die on the broken pipe with a traceback."""
    import multiprocessing.connection

    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def stop_resource_tracker() -> None:
    """End multiprocessing's resource tracker (the process that removes the semaphores of a
    killed pool), which a worker pool starts and which would otherwise outlive the survey.
    For a process whose only workers were the survey's (the command line), once run_survey
    has returned or its exception has been handled: the pool's locks must be collected first,
    or the tracker would remove them as leaked. Python's own tests stop it the same way;
    where that private call is missing, the tracker stays."""
    from multiprocessing import resource_tracker

    tracker = getattr(resource_tracker, "_resource_tracker", None)
    stop = getattr(tracker, "_stop", None)
    if stop is not None and getattr(tracker, "_pid", None) is not None:
        gc.collect()
        stop()
