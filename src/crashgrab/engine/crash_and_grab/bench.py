"""The benchmark: `python -m crashgrab.engine.crash_and_grab.bench` (or `make bench`). Prints figures, asserts nothing.

For each template's shipped layout: validation (networkx reference, cold and cached, the
fast path's facts and the editor's fast report), building the move graph, the survey
kernel's time per distinct board on one core (and what that makes for an exhaustive
survey); the compiled kernel's start-up (numba's import, compiling it with an empty cache,
loading it from the cache); then free-form boards of 16x16 to 32x32 (reference against fast report), one
turn of the rules engine with a push chain, all 98,304 2-4 arrangements on one core and
over the machine's cores, and the editor: an edit to its findings shown, and the launch to
the first painted window (offscreen). Every figure is the median and a high percentile of
several repetitions (time.perf_counter); CPU times (time.process_time) are printed where
the machine's other load would blur the wall time. The editor's part is skipped with a
note when the editor is not installed. First, short commands timed as whole processes
(startup_bench.py: `crashgrab --version`, `validate`, a 10,000-turn scenario) and the 2-4 survey
command against a plain-Python validator of the same boards (plain_survey_bench.py); `--startup`
runs only those.

    python -m crashgrab.engine.crash_and_grab.bench [--quick] [--no-editor] [--startup]
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from .movegraph import build_move_graph
from .resolve import resolve_layout
from .rules import apply
from .rules.benchmark import chain_state
from .plain_survey_bench import baseline_lines
from .startup_bench import startup_lines
from .survey.findings import board_facts, board_metrics, fast_check, rule_findings
from .survey.runner import ALL, SurveyRequest, run_survey, survey_chunk
from .terms import ACCELERATOR, CRASH_SITE, DEFAULT_DIRECTIONS
from .validation import validate_layout
from .validation.fast import fast_validate_layout
from ..formats.layout_io import load_shipped_layout
from .layout import Layout
from ..grid.model import Feature, Placement, Tile, TileSet
from .moveanalysis import clear_cache
from ..resources import layout_file
from ..timing import Timings, measure, percentile

LAYOUTS = {"2-4": "standard-2-4p.json", "5": "standard-5p.json", "6": "standard-6p.json"}  # shipped

# The issues' targets on a 2-core machine.
TARGET_REFERENCE_10X10_MS = 5.0
TARGET_LIVE_10X10_MS = (2.0, 8.0)      # median, p99 of the editor's validation after an edit
TARGET_ALL_2_4_S = 1.0                 # all 98,304 2-4 boards, full report, one core
TARGET_EXHAUSTIVE_MIN = {"5": 2, "6": 15}
TARGET_TURN_MS = 0.2
TARGET_EDITOR_S = 1.5
FREE_FORM_SIZES = (16, 24, 32)


def ms_line(label: str, timings: Timings, target: str = "", share: float = 0.95) -> str:
    times = timings.wall
    median, high = statistics.median(times) * 1000, percentile(times, share) * 1000
    line = f"  {label:<44} median {median:8.3f} ms   p{round(share * 100)} {high:8.3f} ms"
    return f"{line}   {target}" if target else line


def kernel_rate(request: SurveyRequest, boards: int, repeat: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds per distinct board of one worker (this process), per repetition
    over `boards` distinct boards from the middle of the numbering."""
    first = request.units() // 2
    survey_chunk(request, first, first + 64)  # warm the tables like a running survey has
    times = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        for start in range(first, first + boards, request.chunk_size):
            survey_chunk(request, start, min(start + request.chunk_size, first + boards))
        times.append(((time.perf_counter() - wall) / boards, (time.process_time() - cpu) / boards))
    return times


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
    live = measure(lambda: fast_validate_layout(layout), repeat * 5)
    target = f"target <= {TARGET_LIVE_10X10_MS[0]:g} ms median, <= {TARGET_LIVE_10X10_MS[1]:g} ms p99" \
        if template == "6" else ""
    lines.append(ms_line("validation, editor's fast report", live, target, share=0.99))
    lines.append(ms_line("move graph build (networkx)", measure(lambda: build_move_graph(board), repeat)))
    request = SurveyRequest(template, ALL, best=5)
    boards = min(request.units(), 2048 * (2 if quick else 40))
    times = kernel_rate(request, boards, 1 if quick else 3)
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    lines.append(f"  {'survey, one worker (kernel, ' + f'{boards:,} distinct boards)':<44} "
                 f"{1 / wall:8,.0f} boards/s   {wall * 1e6:6.1f} us wall, {cpu * 1e6:6.1f} us CPU per board")
    if template in TARGET_EXHAUSTIVE_MIN:
        units = request.units()
        lines.append(f"  {'... all ' + f'{units:,} distinct boards, one core':<44} "
                     f"{units * wall / 60:8.1f} min wall, {units * cpu / 60:6.1f} min ({units * cpu:,.0f} s) CPU "
                     "(extrapolated)   "
                     f"target <= {TARGET_EXHAUSTIVE_MIN[template]} min")
    return lines


# Run in a fresh interpreter: numba's import, then the first batch of the kernel (compiled, or loaded
# from the on-disk cache).
JIT_PROBE = """
import time
start = time.perf_counter()
import numba
imported = time.perf_counter()
from crashgrab.engine.crash_and_grab.survey.kernel import batch_records, tables_for
import numpy as np
tables = tables_for(10, 10)
loaded, cpu = time.perf_counter(), time.process_time()
batch_records(tables, np.zeros((1, 100), dtype=bool), np.arange(12)[None, :] * 8)
print(imported - start, time.perf_counter() - loaded, time.process_time() - cpu)
"""


def jit_section() -> list[str]:
    """The compiled kernel's start-up in fresh processes, with a cache of its own (the real one is left alone)."""
    times = []
    with tempfile.TemporaryDirectory() as cache:
        for _ in range(2):
            result = subprocess.run([sys.executable, "-c", JIT_PROBE], capture_output=True, text=True,
                                    env=dict(os.environ, NUMBA_CACHE_DIR=cache))
            if result.returncode != 0:
                return [f"Survey kernel (numba): the probe failed ({result.returncode}): {result.stderr.strip()[-300:]}"]
            times.append([float(value) for value in result.stdout.split()])
    (import_s, compile_s, compile_cpu), (_, cached_s, cached_cpu) = times
    return ["Survey kernel (numba), in a fresh process",
            f"  import numba {import_s:.2f} s; first batch: {compile_s:.2f} s wall, {compile_cpu:.2f} s CPU compiling "
            f"(empty cache), {cached_s:.2f} s wall, {cached_cpu:.2f} s CPU loading from the cache"]


def free_form_layout(size: int, seed: int) -> Layout:
    """A size x size free-form board of 1x1 tiles: 3% holes, 12% Accelerators, Crash Sites 1-12."""
    rng = random.Random(seed)
    cells = [(x, y) for y in range(size) for x in range(size)]
    holes = set(rng.sample(cells, size * size * 3 // 100))
    rest = [c for c in cells if c not in holes]
    sites = rng.sample(rest, 12)
    accelerators = set(rng.sample([c for c in rest if c not in sites], len(rest) * 12 // 100))
    tiles, placements = [], []
    for x, y in rest:
        features: tuple[Feature, ...]
        if (x, y) in sites:
            features = (Feature(CRASH_SITE, 0, 0, sites.index((x, y)) + 1),)
        else:
            features = (Feature(ACCELERATOR, 0, 0),) if (x, y) in accelerators else ()
        tiles.append(Tile(f"{x},{y}", "custom", 1, 1, {"A": features, "B": ()}))
        placements.append(Placement(f"{x},{y}", "A", x, y, 0))
    return Layout(f"free-form {size}x{size}", TileSet("bench", "bench tiles", tuple(tiles)), tuple(placements),
                  None, dict(DEFAULT_DIRECTIONS))


def free_form_section(quick: bool) -> list[str]:
    lines = ["Free-form boards (1x1 tiles, 3% holes, 12% Accelerators, 12 Crash Sites)"]
    repeat = 3 if quick else 15
    for size in FREE_FORM_SIZES:
        layout = free_form_layout(size, size)
        reference = measure(partial(validate_layout, layout), repeat, before=clear_cache)
        fast = measure(partial(fast_validate_layout, layout), repeat)
        ref_ms, fast_ms = statistics.median(reference.wall) * 1000, statistics.median(fast.wall) * 1000
        ref_cpu, fast_cpu = statistics.median(reference.cpu) * 1000, statistics.median(fast.cpu) * 1000
        lines.append(f"  {size}x{size}: reference cold median {ref_ms:8.2f} ms ({ref_cpu:.2f} CPU), fast report "
                     f"{fast_ms:8.2f} ms ({fast_cpu:.2f} CPU): fast/reference {fast_cpu / ref_cpu:.2f}   "
                     "target <= 1")
    return lines


def rules_section(quick: bool) -> list[str]:
    state, turn = chain_state()
    _, events = apply(state, turn)
    times = measure(lambda: apply(state, turn), 200 if quick else 5000)
    return ["Rules engine (standard 2-4 board)",
            ms_line(f"one turn with a push chain ({len(events)} events)", times,
                    f"target <= {TARGET_TURN_MS:g} ms")]


def full_survey_section(quick: bool) -> list[str]:
    """All 98,304 2-4 arrangements: on one core (in this process), then over the machine's cores."""
    request = SurveyRequest("2-4", ALL, best=5)
    lines = []
    runs = []
    for _ in range(1 if quick else 3):
        wall, cpu = time.perf_counter(), time.process_time()
        run_survey(request, 1)
        runs.append((time.perf_counter() - wall, time.process_time() - cpu))
    wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
    lines.append(f"All 98,304 2-4 arrangements ({request.units():,} distinct boards), full report, one core: "
                 f"{wall:.2f} s wall, {cpu:.2f} s CPU (fastest of {len(runs)}; the first includes listing the "
                 f"distinct boards)   target <= {TARGET_ALL_2_4_S:g} s")
    if not quick:
        workers = os.cpu_count() or 1
        start = time.perf_counter()
        run_survey(request, workers)
        elapsed = time.perf_counter() - start
        lines.append(f"  ... over {workers} worker{'s' if workers != 1 else ''}: {elapsed:.2f} s "
                     "(process start-up included)")
    return lines


def editor_command() -> list[str] | None:
    script = Path(sys.executable).with_name("crashgrab-editor")
    if script.exists():
        return [str(script)]
    found = shutil.which("crashgrab-editor")
    return [found] if found else None


def editor_edit_lines(quick: bool) -> list[str]:
    """An edit to its findings shown, timed in a separate process (the engine never imports Qt)."""
    if importlib.util.find_spec("editor") is None:
        return ["  editor not installed: edit to findings not measured"]
    result = subprocess.run([sys.executable, "-m", "crashgrab.editor.crash_and_grab.window.edit_benchmark",
                             *(["--quick"] if quick else [])],
                            capture_output=True, text=True, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    if result.returncode != 0:
        return [f"  edit benchmark failed ({result.returncode}): {result.stderr.strip()[-300:]}"]
    return result.stdout.rstrip("\n").splitlines()


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
    return ["Editor (offscreen)", *editor_edit_lines(quick),
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
    parser = argparse.ArgumentParser(prog="python -m crashgrab.engine.crash_and_grab.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few repetitions and a slice of the survey (a smoke run)")
    parser.add_argument("--no-editor", action="store_true", help="skip the editor's launch time")
    parser.add_argument("--startup", action="store_true", help="only the short commands as whole processes")
    args = parser.parse_args(argv)
    print(machine_line(), flush=True)
    print("\n".join(startup_lines(3 if args.quick else 10)), flush=True)
    print("\n".join(baseline_lines(3 if args.quick else 9, 500 if args.quick else None)), flush=True)
    if args.startup:
        return 0
    for template in LAYOUTS:
        print("\n".join(template_section(template, args.quick)), flush=True)
    print("\n".join(jit_section()), flush=True)
    print("\n".join(free_form_section(args.quick)), flush=True)
    print("\n".join(rules_section(args.quick)), flush=True)
    print("\n".join(full_survey_section(args.quick)), flush=True)
    if not args.no_editor:
        print("\n".join(editor_section(args.quick)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
