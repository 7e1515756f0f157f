"""The benchmark: `python -m crashgrab.engine.bench` (or `make bench`). Prints figures, asserts nothing.

For each template's shipped layout: validation (networkx reference, cold and cached, and
the survey's fast path), building the move graph, survey throughput per worker; then one
turn of the rules engine with a push chain, the survey of all 2-4 arrangements over the
machine's cores, and the editor's launch to first painted window (offscreen). Every
figure is the median and 95th percentile of several repetitions (time.perf_counter).
The editor's part is skipped with a note when crashgrab-editor is not installed.

    python -m crashgrab.engine.bench [--quick] [--no-editor]
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .crash_and_grab.movegraph import build_move_graph
from .crash_and_grab.resolve import resolve_layout
from .crash_and_grab.rules import apply
from .crash_and_grab.rules.benchmark import chain_state
from .crash_and_grab.survey.findings import board_facts, board_metrics, fast_check, rule_findings
from .crash_and_grab.survey.runner import ALL, SAMPLE, SurveyRequest, run_survey, survey_chunk
from .crash_and_grab.validation import validate_layout
from .formats.layout_io import load_shipped_layout
from .grid.moveanalysis import clear_cache
from .resources import layout_file
from .timing import Timings, measure, percentile

LAYOUTS = {"2-4": "standard-2-4p.json", "5": "standard-5p.json", "6": "standard-6p.json"}  # shipped

# The targets on a 2-core machine.
TARGET_REFERENCE_10X10_MS = 5.0
TARGET_SURVEY_BOARDS_PER_S = 1700      # 98,304 boards in 60 s with one worker
TARGET_TURN_MS = 0.2
TARGET_EDITOR_S = 1.5


def ms_line(label: str, timings: Timings, target: str = "") -> str:
    times = timings.wall
    median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
    line = f"  {label:<44} median {median:8.3f} ms   p95 {p95:8.3f} ms"
    return f"{line}   {target}" if target else line


def survey_rate(request: SurveyRequest, boards: int, repeat: int) -> list[float]:
    """Boards per second of one worker (this process) over `boards` boards, per repetition."""
    survey_chunk(request, 0, min(boards, 50))  # warm the line tables like a running survey has
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        survey_chunk(request, 0, boards)
        rates.append(boards / (time.perf_counter() - start))
    return rates


def template_section(template: str, quick: bool) -> list[str]:
    layout = load_shipped_layout(LAYOUTS[template])
    board = resolve_layout(layout).board
    repeat = 15 if quick else 200
    lines = [f"Template {template} ({board.width}x{board.height}, {LAYOUTS[template]})"]
    target = f"target <= {TARGET_REFERENCE_10X10_MS:g} ms" if template == "6" else ""
    lines.append(ms_line("validation, reference (networkx), cold", measure(
        lambda: validate_layout(layout), repeat, before=clear_cache), target))
    lines.append(ms_line("validation, reference, analysis cached", measure(lambda: validate_layout(layout), repeat)))
    lines.append(ms_line("validation, fast path (resolve included)", measure(lambda: fast_check(layout), repeat)))

    def survey_work():
        facts = board_facts(board)
        rule_findings(facts)
        board_metrics(facts)
    lines.append(ms_line("fast path on the resolved board", measure(survey_work, repeat)))
    lines.append(ms_line("move graph build (networkx)", measure(lambda: build_move_graph(board), repeat)))
    if template == "2-4":
        request, boards, what = SurveyRequest("2-4", ALL, best=5), (1000 if quick else 6000), "arrangements"
    else:
        request, boards, what = SurveyRequest(template, SAMPLE, sample=10**6, seed=1, best=5), \
            (500 if quick else 3000), "sampled setups"
    rates = survey_rate(request, boards, 1 if quick else 5)
    target = f"target >= {TARGET_SURVEY_BOARDS_PER_S:,} boards/s" if template == "2-4" else ""
    lines.append(f"  {'survey, one worker (' + f'{boards:,} {what})':<44} median {statistics.median(rates):8,.0f} "
                 f"boards/s   p95 (slowest) {min(rates):8,.0f} boards/s   {target}".rstrip())
    return lines


def rules_section(quick: bool) -> list[str]:
    state, turn = chain_state()
    _, events = apply(state, turn)
    times = measure(lambda: apply(state, turn), 200 if quick else 5000)
    return ["Rules engine (standard 2-4 board)",
            ms_line(f"one turn with a push chain ({len(events)} events)", times,
                    f"target <= {TARGET_TURN_MS:g} ms")]


def full_survey_section(quick: bool) -> list[str]:
    """The survey of all 98,304 arrangements spread over this machine's cores."""
    workers = os.cpu_count() or 1
    if quick:  # a smoke run: 2,000 sampled setups instead of every arrangement
        request = SurveyRequest("2-4", SAMPLE, sample=2000, seed=1, best=5, chunk_size=250)
    else:
        request = SurveyRequest("2-4", ALL, best=5)
    boards = request.board_count()
    start = time.perf_counter()
    run_survey(request, workers)
    elapsed = time.perf_counter() - start
    return [f"Survey of {'2,000 sampled setups' if quick else f'all {boards:,} arrangements'} (2-4) over {workers} "
            f"worker{'s' if workers != 1 else ''}: {elapsed:.2f} s, {boards / elapsed:,.0f} boards/s, "
            f"{boards / elapsed / workers:,.0f} boards/s per worker (process start-up included)"]


def editor_command() -> list[str] | None:
    script = Path(sys.executable).with_name("crashgrab-editor")
    if script.exists():
        return [str(script)]
    found = shutil.which("crashgrab-editor")
    return [found] if found else None


def editor_section(quick: bool) -> list[str]:
    command = editor_command()
    if command is None:
        return ["Editor: crashgrab-editor is not installed; launch time not measured"]
    times = []
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "first-paint.png"
        layout = Path(scratch) / LAYOUTS["2-4"]
        layout.write_text(layout_file(LAYOUTS["2-4"]).read_text(encoding="utf-8"), encoding="utf-8")
        environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        for _ in range(2 if quick else 7):
            start = time.perf_counter()
            result = subprocess.run([*command, "--screenshot", str(out), str(layout)],
                                    capture_output=True, text=True, env=environment)
            times.append(time.perf_counter() - start)
            if result.returncode != 0:
                return [f"Editor: crashgrab-editor --screenshot failed ({result.returncode}): "
                        f"{result.stderr.strip()[-300:]}"]
    median, p95 = statistics.median(times), percentile(times, 0.95)
    return ["Editor (offscreen)",
            f"  {'launch to first painted window (--screenshot)':<44} median {median:8.3f} s    p95 {p95:8.3f} s    "
            f"target <= {TARGET_EDITOR_S:g} s",
            "  (a whole run: start the interpreter, load the layout, paint, grab and save the PNG, exit)"]


def machine_line() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"Machine: {model}, {os.cpu_count()} cores; Python {platform.python_version()} "
            f"({platform.python_implementation()}) on {platform.system()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crashgrab.engine.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few repetitions and a slice of the survey (a smoke run)")
    parser.add_argument("--no-editor", action="store_true", help="skip the editor's launch time")
    args = parser.parse_args(argv)
    print(machine_line(), flush=True)
    for template in LAYOUTS:
        print("\n".join(template_section(template, args.quick)), flush=True)
    print("\n".join(rules_section(args.quick)), flush=True)
    print("\n".join(full_survey_section(args.quick)), flush=True)
    if not args.no_editor:
        print("\n".join(editor_section(args.quick)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
