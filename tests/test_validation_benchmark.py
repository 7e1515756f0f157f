"""The validation benchmark script runs and reports both paths (it asserts no time)."""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.validation.benchmark import main, time_runs
from tests.conftest import LAYOUTS


def test_the_benchmark_prints_cold_and_warm_figures_for_each_layout(capsys):
    assert main(["--runs", "3", str(LAYOUTS / "standard-6p.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [["standard-6p.json", "cold:"], ["standard-6p.json", "warm:"]]
    assert all("median" in line and "p95" in line and "cpu median" in line for line in lines)


def test_time_runs_calls_the_preparation_before_every_run():
    calls = []
    figures = time_runs(lambda: calls.append("work"), 3, before=lambda: calls.append("before"))
    assert calls == ["work"] + ["before", "work"] * 3  # one untimed warm-up call first
    assert set(figures) == {"median", "p95", "min", "cpu_median"}
    assert figures["min"] <= figures["median"] <= figures["p95"]
