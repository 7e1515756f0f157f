"""A survey's chunks on a Dask distributed cluster (`crashgrab survey --cluster ADDRESS`).

Dask (the `[cluster]` extra) does the scheduling, the moving of work and the recovery: when a
worker is lost, the scheduler runs the tasks it held on another worker, so a lost worker
loses only the chunks in hand. This module only cuts the survey into tasks and merges the
answers:

- A task is a run of consecutive chunks of the survey (runner.SurveyRequest.chunks), as
  many as take about TASK_SECONDS on one core, timed on the chunks this process checks
  itself first; Dask's overhead, about 2 ms a task, is then a fraction of a per cent. The
  chunks are the built-in pool's, so a checkpoint of either resumes on the other.
- Tasks finish in any order; their tallies are merged in chunk order as the runs before
  them are in, so the checkpoint (the first chunks_done chunks) and the report are those of
  one process, whatever the cluster or its number of workers.
- Progress counts the boards of every finished future (out of order), which is what the
  progress bar and its time left read.
"""
from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING

from ...errors import CrashGrabError, UsageError

if TYPE_CHECKING:
    from .tally import Tally

TASK_SECONDS = 2.0        # aim for tasks of about this long, so none is under a second
LOCAL_CHUNKS = 2          # chunks checked here first: the first loads the kernel, the second is timed
CONNECT_SECONDS = 10
INSTALL = ("--cluster needs dask and distributed, which are not installed: install crash-grab-editor[cluster] "
           "(pip install 'crash-grab-editor[cluster]').")

Job = tuple  # (SurveyRequest, first unit, last unit): one chunk, as runner._chunk_job takes it


class ClusterError(CrashGrabError):
    """The cluster could not be reached, or a task failed on it for good."""


def dask_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


# The engine's caches (line tables, board pieces, distinct boards) are built lazily and are
# not thread-safe; a worker started with several threads runs its tasks one at a time.
_ONE_TASK_AT_A_TIME = threading.Lock()


def run_chunks(jobs: Sequence[Job]) -> tuple[int, Tally]:
    """One task: the merged tally of consecutive chunks (runs on a worker)."""
    with _ONE_TASK_AT_A_TIME:
        return _run_chunks(jobs)


def _run_chunks(jobs: Sequence[Job]) -> tuple[int, Tally]:
    from .runner import _chunk_job

    total: Tally | None = None
    size = 0
    for job in jobs:
        checked, tally = _chunk_job(job)
        size += checked
        if total is None:
            total = tally
        else:
            total.merge(tally)
    assert total is not None
    return size, total


def cluster_results(jobs: Sequence[Job], address: str,
                    progress: Callable[[int], None] | None = None) -> Generator[tuple[int, int, Tally], None, None]:
    """(chunks, boards, tally) per run of chunks, in chunk order, computed on the cluster at `address`;
    `progress(boards)` is told of every finished task as it finishes."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UsageError(INSTALL) from None
    from .runner import _chunk_job

    jobs = list(jobs)
    done = 0
    # The first chunks here: they time a chunk for the task size, and a short survey needs no cluster.
    local = jobs[:LOCAL_CHUNKS]
    seconds = 0.0
    for job in local:
        started = time.perf_counter()
        result = _chunk_job(job)
        seconds = time.perf_counter() - started
        done += result[0]
        if progress:
            progress(done)
        yield (1, *result)
    rest = jobs[len(local):]
    if not rest:
        return
    per_task = chunks_per_task(seconds)
    try:
        client = Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address} ({error}).",
                           hint="Start one with `dask scheduler` and workers with `dask worker ADDRESS` "
                                "(crashgrab docs survey), and give its address, e.g. tcp://10.0.0.5:8786.") from None
    futures = []
    try:
        runs = [rest[i:i + per_task] for i in range(0, len(rest), per_task)]
        futures = [client.submit(run_chunks, run, pure=False) for run in runs]
        position = {future.key: index for index, future in enumerate(futures)}
        waiting: dict[int, tuple[int, int, Tally]] = {}
        following = 0
        for future in as_completed(futures, loop=client.loop):
            try:
                result = future.result()
            except Exception as error:  # a task that failed on every worker it was given
                raise ClusterError(f"a task of the survey failed on the cluster: {error}.",
                                   hint="Check the workers' logs; run the same command with --resume to go on "
                                        "from the last checkpoint.") from None
            done += result[0]
            if progress:
                progress(done)
            index = position[future.key]
            waiting[index] = (len(runs[index]), *result)
            while following in waiting:
                yield waiting.pop(following)
                following += 1
    finally:
        for future in futures:
            future.cancel()
        client.close()


def chunks_per_task(chunk_seconds: float) -> int:
    """Chunks in a task of about TASK_SECONDS, for a chunk that took `chunk_seconds` here."""
    if chunk_seconds <= 0:
        return 1
    return max(1, math.ceil(TASK_SECONDS / chunk_seconds))
