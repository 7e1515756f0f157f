"""Short commands timed as whole processes (issue 26, "Start-up at the floor"), for `make bench`.

Each command is started `runs` times in a fresh interpreter and timed from outside: wall time,
and the CPU time the operating system counted for the process (user + system, os.wait4). The
inputs are written to a scratch folder: the shipped 10x10 board, a 64x64 free-form board of
256 4x4 tiles, and a 10,000-turn scenario (the shipped first-moves.json, its turns repeated).

    python -m crashgrab.engine.crash_and_grab.startup_bench [--runs N] [--write-inputs DIR]

`--write-inputs DIR` only writes the inputs, for timing the same commands by hand
(`/usr/bin/time -v crashgrab validate DIR/board-64x64.json`; docs/performance.md).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..formats.layout_io import save_layout
from ..grid.model import Feature, Placement, Tile, TileSet
from ..resources import layout_file, shipped_scenarios
from .layout import Layout
from .terms import ACCELERATOR, CRASH_SITE, DEFAULT_DIRECTIONS

# Issue 26's targets, CPU seconds of the whole process.
TARGETS_S = {"version": 0.060, "validate-10x10": 0.150, "scenario-10000-turns": 0.8}
TURNS = 10_000


def board_64x64(seed: int = 64) -> Layout:
    """64x64 free-form: 16x16 tiles of 4x4 cells, about 12% Accelerators, Crash Sites 1-12 on 12 tiles."""
    rng = random.Random(seed)
    sites = rng.sample(range(256), 12)
    tiles, placements = [], []
    for number in range(256):
        features = [Feature(CRASH_SITE, 1, 1, sites.index(number) + 1)] if number in sites else []
        features += [Feature(ACCELERATOR, x, y) for y in range(4) for x in range(4)
                     if (x, y) != (1, 1) and rng.random() < 0.12]
        tiles.append(Tile(str(number), "custom", 4, 4, {"A": tuple(features), "B": ()}))
        placements.append(Placement(str(number), "A", number % 16 * 4, number // 16 * 4, 0))
    return Layout("free-form 64x64", TileSet("bench", "bench tiles", tuple(tiles)), tuple(placements), None,
                  dict(DEFAULT_DIRECTIONS))


def long_scenario(turns: int = TURNS) -> dict:
    """first-moves.json's board and pieces, the three saucers stepping south and north in turn,
    `turns` turns (a crash and placements by the seed's die on the way); no expectations."""
    source = next(f for f in shipped_scenarios() if f.name == "first-moves.json")
    document = json.loads(source.read_text(encoding="utf-8"))
    cycle = [{"saucer": saucer, "card": "0-5", "distance": 1, "direction": direction}
             for direction in ("Asteroids", "Stars") for saucer in ("red", "blue", "green")]
    document.update(name=f"{turns:,} turns", seed=1, auto_choices=True, turns=[dict(cycle[i % 6]) for i in range(turns)])
    document.pop("expect", None)
    return document


def write_inputs(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    inputs = {"board-10x10": folder / "standard-6p.json", "board-64x64": folder / "board-64x64.json",
              "scenario": folder / "scenario-10000-turns.json"}
    inputs["board-10x10"].write_bytes(layout_file("standard-6p.json").read_bytes())
    save_layout(board_64x64(), inputs["board-64x64"])
    inputs["scenario"].write_text(json.dumps(long_scenario(), indent=1), encoding="utf-8")
    return inputs


def crashgrab_command() -> list[str]:
    script = Path(sys.executable).with_name("crashgrab")
    found = str(script) if script.exists() else shutil.which("crashgrab")
    return [found] if found else [sys.executable, "-m", "crashgrab"]


def whole_process(command: list[str]) -> tuple[float, float, int]:
    """(wall, CPU) seconds and the exit code of one run, output thrown away."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, process.returncode


def startup_lines(runs: int = 10) -> list[str]:
    crashgrab = crashgrab_command()
    lines = [f"Start-up: whole processes, median of {runs} runs after one not counted (CPU = user + system)"]
    with tempfile.TemporaryDirectory() as scratch:
        inputs = write_inputs(Path(scratch))
        commands = [
            ("python -c pass (the interpreter alone)", None, [sys.executable, "-c", "pass"]),
            ("crashgrab --version", "version", [*crashgrab, "--version"]),
            ("crashgrab validate (10x10)", "validate-10x10", [*crashgrab, "validate", str(inputs["board-10x10"])]),
            ("crashgrab validate --reference (10x10)", None,
             [*crashgrab, "validate", "--reference", str(inputs["board-10x10"])]),
            ("crashgrab validate (64x64, 256 tiles)", None, [*crashgrab, "validate", str(inputs["board-64x64"])]),
            ("crashgrab validate --reference (64x64)", None,
             [*crashgrab, "validate", "--reference", str(inputs["board-64x64"])]),
            ("crashgrab scenario run (10,000 turns)", "scenario-10000-turns",
             [*crashgrab, "scenario", "run", str(inputs["scenario"])]),
        ]
        for label, target, command in commands:
            whole_process(command)  # not counted: the file cache, and numba's or Python's caches, warm
            times = [whole_process(command) for _ in range(runs)]
            codes = sorted({code for _, _, code in times})
            wall = statistics.median(t[0] for t in times) * 1000
            cpu = statistics.median(t[1] for t in times) * 1000
            goal = f"   target <= {TARGETS_S[target] * 1000:g} ms CPU" if target else ""
            lines.append(f"  {label:<44} {cpu:7.0f} ms CPU {wall:7.0f} ms wall   exit {','.join(map(str, codes))}{goal}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crashgrab.engine.crash_and_grab.startup_bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, metavar="N", help="counted runs of each command (default 10)")
    parser.add_argument("--write-inputs", metavar="DIR", help="only write the input files into DIR")
    args = parser.parse_args(argv)
    if args.write_inputs:
        for path in write_inputs(Path(args.write_inputs)).values():
            print(path)
        return 0
    print("\n".join(startup_lines(args.runs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
