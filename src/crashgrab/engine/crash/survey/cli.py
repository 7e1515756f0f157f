"""`crashgrab survey --game crash LAYOUT --games N --seed S --policy random|greedy [--variant german]
[--turn any|one_side] [--workers W] [-o report.json]`: the balance survey by self-play."""
from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable, TextIO

from ...cli.notes import note
from ...errors import UsageError
from ...formats.atomic import check_writable
from ...formats.jsonio import dumps, write_text_atomic
from ...formats.schemas import validate
from .report import report_json, report_text
from .runner import SurveyRequest, default_workers, run_survey

MAX_MATCHES = 10_000_000


class Progress:
    """[#####.....] 1,000/10,000 10% 95 matches/s 1:35 left, on a terminal only."""

    def __init__(self, total: int, stream: TextIO | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.total, self.stream, self.clock = total, stream or sys.stderr, clock
        self.enabled = self.stream.isatty()
        self.started, self.width = clock(), 0

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        elapsed = self.clock() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = int((self.total - done) / rate) if rate else 0
        filled = int(30 * done / self.total) if self.total else 30
        line = (f"[{'#' * filled}{'.' * (30 - filled)}] {done:,}/{self.total:,} {100 * done / self.total:3.0f}% "
                f"{rate:,.0f} matches/s {left // 60}:{left % 60:02d} left")
        self.stream.write("\r" + line.ljust(self.width))
        self.width = len(line)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")


def request_from_args(args: Any, usage_error: Callable[[str], Any]) -> SurveyRequest:
    from ...formats.layout_io import load_layout
    from ..model import CrashLayout

    if args.layout is None:
        usage_error("the following arguments are required: LAYOUT (the board to play on)")
    if args.games is None:
        usage_error("the following arguments are required: --games N (how many matches)")
    if not 1 <= args.games <= MAX_MATCHES:
        raise UsageError(f"--games needs 1 to {MAX_MATCHES:,} matches, not {args.games}.")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers needs at least 1 process, not {args.workers}.")
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed needs a number of 0 or more, not {args.seed}.")
    layout = load_layout(args.layout, strict=True)
    if not isinstance(layout, CrashLayout):
        raise UsageError(f"{args.layout} is not a Crash! board.", file=args.layout,
                         hint="Give a layout whose \"game\" is \"crash\" (crashgrab new --game crash).")
    from ..validation import validate_board

    errors = [f for f in validate_board(layout).findings if f.severity == "error"]
    if errors:
        raise UsageError(f"{args.layout}: {errors[0].code}: {errors[0].message}",
                         hint="A survey plays a board without errors; crashgrab validate lists them.")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if args.seed is None:
        note(f"seed {seed}")   # -q leaves it out
    return SurveyRequest(layout, args.games, seed, args.policy or "greedy", args.variant or "standard",
                         args.turn or "any")


def run_survey_command(args: Any, usage_error: Callable[[str], Any]) -> int:
    request = request_from_args(args, usage_error)
    if args.output:
        check_writable(args.output)
    workers = min(args.workers or default_workers(), default_workers())
    bar = Progress(request.matches)
    started = time.perf_counter()
    tally = run_survey(request, workers, progress=bar)
    bar.close()
    if bar.enabled:
        elapsed = time.perf_counter() - started
        print(f"Played {request.matches:,} matches in {elapsed:.1f} s ({workers} worker{'s' if workers != 1 else ''}).",
              file=sys.stderr)
    document = report_json(request, tally, str(args.layout))
    validate(document, "crash-survey", args.output)
    if args.output:
        write_text_atomic(args.output, dumps(document))
    sys.stdout.write(report_text(document))
    return 0
