"""`crashgrab survey --cluster ADDRESS`: the survey's chunks on a Dask cluster give the very
report of the built-in pool, also when a worker is lost mid-run; without the `[cluster]`
extra the option says in one line how to install it.

The clusters are LocalClusters of two in-process workers (a few seconds), and once of two
worker processes under nannies, one of them killed; the tile set is a designer's
(tests/fixtures/survey_tilesets/boosters.json), its 24,576 classes cut small.
"""
from __future__ import annotations

import builtins
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash_and_grab.survey import cluster as cluster_module
from crashgrab.engine.crash_and_grab.survey.checkpoint import tally_from_json, tally_json
from crashgrab.engine.crash_and_grab.survey.cluster import chunks_per_task
from crashgrab.engine.crash_and_grab.survey.freeform import Shape
from crashgrab.engine.crash_and_grab.survey.freeform_request import FreeformRequest
from crashgrab.engine.crash_and_grab.survey.report import report_json
from crashgrab.engine.crash_and_grab.survey.runner import ALL, SurveyRequest, SurveyStopped, run_survey
from crashgrab.engine.crash_and_grab.survey.tilesets import survey_tileset
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.terms import ACCELERATOR, CRASH_SITE
from crashgrab.engine.formats.jsonio import dumps
from crashgrab.engine.grid.model import Feature, Tile, TileSet

SET = Path(__file__).parent / "fixtures" / "survey_tilesets" / "boosters.json"


def request(chunk_size: int = 1024) -> SurveyRequest:
    return SurveyRequest("2-4", ALL, best=3, chunk_size=chunk_size, tileset=survey_tileset(SET, TEMPLATES["2-4"]))


@pytest.fixture(scope="module")
def pool_report() -> dict:
    return report_json(request(), run_survey(request(), 1))


@pytest.fixture
def local_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster


@pytest.mark.parametrize("chunks, expected", [(0.5, 4), (2.0, 1), (0.0001, 20_000), (0.0, 1)])
def test_a_task_holds_the_chunks_of_about_two_seconds(chunks, expected):
    assert chunks_per_task(chunks) == expected


def test_the_cluster_gives_the_pools_report_with_progress_from_its_futures(local_cluster, pool_report, monkeypatch):
    monkeypatch.setattr(cluster_module, "TASK_SECONDS", 0.0)  # a task a chunk: 24 tasks
    seen: list[int] = []
    tally = run_survey(request(), progress=seen.append, cluster=local_cluster.scheduler_address)
    assert report_json(request(), tally) == pool_report
    assert seen[0] == 0 and seen[-1] == request().units() and seen == sorted(seen)
    assert len(seen) == len(request().chunks()) + 1


def test_a_worker_lost_mid_run_loses_only_its_chunks_and_the_report_is_the_same(local_cluster, pool_report,
                                                                                 monkeypatch):
    monkeypatch.setattr(cluster_module, "TASK_SECONDS", 0.0)
    victim = next(iter(local_cluster.workers.values()))
    lost: list[int] = []

    def progress(done: int) -> None:
        if len(lost) == 0 and done >= 4 * 1024:  # past the chunks checked here, mid-run on the cluster
            lost.append(done)
            local_cluster.sync(victim.close)

    tally = run_survey(request(), progress=progress, cluster=local_cluster.scheduler_address)
    assert lost and victim.status.name in ("closed", "closing", "failed")
    assert len(local_cluster.scheduler.workers) == 1
    assert report_json(request(), tally) == pool_report


def _wait_for(condition, what: str, seconds: float = 120.0):
    """Poll until `condition()` is true (its value returned); the deadline only ends a hung run."""
    deadline = time.monotonic() + seconds
    while not (value := condition()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)
    return value


def _running(pid: int) -> bool:
    """Whether the process is alive (a zombie, killed but not yet reaped by its nanny, is not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the process itself
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def small_request() -> FreeformRequest:
    """A free-form survey of 12 boards with holes, a chunk each: cheap for worker processes
    (the fast path; no kernel to load, no classes to list)."""
    wide = Tile("w", "custom", 4, 2, {"A": (Feature(ACCELERATOR, 0, 0), Feature(CRASH_SITE, 1, 0, 1),
                                            Feature(ACCELERATOR, 3, 1)),
                                      "B": (Feature(CRASH_SITE, 2, 1, 2), Feature(ACCELERATOR, 0, 1))})
    narrow = Tile("n", "custom", 3, 1, {"A": (Feature(ACCELERATOR, 0, 0), Feature(CRASH_SITE, 2, 0, 3)),
                                        "B": (Feature(ACCELERATOR, 1, 0),)})
    shape = Shape.of({(x, y) for y in range(3) for x in range(4)} - {(3, 2)})   # 4x3 less a corner
    return FreeformRequest(shape, ("w", "n"), TileSet("small", "two tiles", (wide, narrow)), best=3, chunk_size=1)


def test_a_worker_process_killed_mid_run_and_the_report_is_byte_identical(monkeypatch, tmp_path):
    """Two worker processes under nannies; one is SIGKILLed while it holds a task. No timing:
    the workers' tasks wait for a gate file (installed in each worker process), the worker is
    killed once the scheduler shows it processing, and the gate opens once the scheduler has
    lost it. Its tasks run again elsewhere (the survivor, or the worker its nanny restarts)."""
    distributed = pytest.importorskip("distributed")
    assert small_request().units() == 12
    pool_report = dumps(report_json(small_request(), run_survey(small_request(), 1)))
    monkeypatch.setattr(cluster_module, "TASK_SECONDS", 0.0)   # a task a chunk
    gate = tmp_path / "gate"

    def hold_tasks_until(path: str) -> None:   # runs in each worker process (pickled by value)
        from crashgrab.engine.crash_and_grab.survey import cluster as on_worker

        ungated = on_worker._run_chunks

        def gated(jobs):
            while not os.path.exists(path):
                time.sleep(0.01)
            return ungated(jobs)
        on_worker._run_chunks = gated

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        pids = client.run(os.getpid)            # worker address -> process id
        client.run(hold_tasks_until, str(gate))
        with ThreadPoolExecutor(1) as pool:
            survey = pool.submit(run_survey, small_request(), cluster=cluster.scheduler_address)
            victim = _wait_for(lambda: next((a for a, keys in client.processing().items() if keys), None),
                               "a worker processing a task of the survey")
            os.kill(pids[victim], signal.SIGKILL)
            _wait_for(lambda: victim not in client.scheduler_info()["workers"], "the scheduler to lose the worker")
            gate.touch()
            tally = survey.result()
        _wait_for(lambda: not _running(pids[victim]), "the killed worker process to be gone")
    assert dumps(report_json(small_request(), tally)) == pool_report


def test_a_stopped_cluster_survey_resumes_to_the_same_report(local_cluster, pool_report, monkeypatch):
    monkeypatch.setattr(cluster_module, "TASK_SECONDS", 0.0)
    address = local_cluster.scheduler_address
    with pytest.raises(SurveyStopped) as stopped:
        run_survey(request(), stop=lambda chunks: chunks >= 5, cluster=address)
    assert stopped.value.chunks_done == 5
    # ... and goes on by the built-in pool (the chunks are the same) or the cluster alike.
    for cluster in (None, address):
        earlier = stopped.value.tally
        resumed = run_survey(request(), resume_from=(5, tally_from_json(tally_json(earlier), 3)), cluster=cluster)
        assert report_json(request(), resumed) == pool_report


def test_the_command_on_a_cluster_writes_the_pools_report(local_cluster, tmp_path, capsys):
    base = ["survey", "--template", "2-4", "--tileset", str(SET), "--best", "2", "-o"]
    assert main([*base, str(tmp_path / "pool.json"), "--workers", "1"]) == 0
    assert main([*base, str(tmp_path / "cluster.json"), "--cluster", local_cluster.scheduler_address]) == 0
    assert (tmp_path / "pool.json").read_text() == (tmp_path / "cluster.json").read_text()
    capsys.readouterr()


def test_an_unreachable_scheduler_is_one_message_and_exit_2(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1)
    # Two chunks run here first; the third would go to the cluster.
    code = main(["survey", "--template", "2-4", "--tileset", str(SET), "--cluster", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err and err.count("\n") == 1


def test_without_the_extra_cluster_says_how_to_install_it(monkeypatch, capsys):
    real_import = builtins.__import__

    def without_dask(name, *args, **kwargs):
        if name.split(".")[0] in ("dask", "distributed"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_dask)
    code = main(["survey", "--players", "3", "--cluster", "tcp://127.0.0.1:8786"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "install crash-grab-editor[cluster] (pip install 'crash-grab-editor[cluster]')" in err


def test_workers_and_a_cluster_are_not_both_given(capsys):
    assert main(["survey", "--players", "3", "--workers", "2", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    assert "--workers is for this machine's processes" in capsys.readouterr().err
