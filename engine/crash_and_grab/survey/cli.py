"""`crashgrab survey`: check every arrangement of a template, or a seeded sample of setups."""
from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from .checkpoint import load_checkpoint, save_checkpoint
from .progress import ProgressBar, format_duration
from .report import SURVEY_CODES, report_json, report_text
from .runner import (ALL, DEFAULT_BEST, SAMPLE, SurveyRequest, SurveyStopped, board_layout,
                                       default_workers, run_survey)
from ...errors import UsageError, WriteError
from ...formats.atomic import check_writable
from ...formats.jsonio import dumps, write_text_atomic
from ...formats.layout_io import save_layout
from ...formats.schemas import validate
from ..tileset_file import standard_tileset

# About an hour per core at ~300 us a board (docs/performance.md); --sample 10**12 ran out of
# memory just listing its chunks.
MAX_SAMPLE = 10_000_000
PLAYERS = {"2-4": "2-4", "2": "2-4", "3": "2-4", "4": "2-4", "5": "5", "6": "6"}
CHECKPOINT_SECONDS = 60   # a running survey saves its checkpoint this often
EXIT_STOPPED = 3          # --stop-after: stopped before the end, checkpoint saved
EXIT_INTERRUPTED = 130    # Ctrl-C: stopped after the chunk in hand, checkpoint saved


SURVEY_HELP = "check every arrangement of a template, or a sample of setups, and sum up the findings"
SURVEY_DESCRIPTION = ("Check every arrangement of a template (--all: each distinct board once, counted for "
                      "all its arrangements) or N setups drawn by the rules (--sample N), and report how often "
                      "each finding occurs, the Crash Sites on the edge, the Accelerator loops per distance, "
                      "the mean exposure and the best boards.")


def register(subparsers) -> None:
    """A `survey` subcommand of this game alone (the studio's `crashgrab survey` adds the same
    options through the game system, `add_arguments`)."""
    survey = subparsers.add_parser("survey", help=SURVEY_HELP, description=SURVEY_DESCRIPTION)
    add_arguments(survey)
    survey.set_defaults(run=run_survey_command)


def run_from_shared(args: argparse.Namespace, usage_error) -> int:
    """`crashgrab survey` (the game's options among other games'): --players is required here."""
    if args.players is None:
        usage_error("the following arguments are required: --players")
    return run_survey_command(args)


def add_arguments(survey, players_required: bool = True) -> None:
    survey.add_argument("--players", required=players_required, choices=sorted(PLAYERS), metavar="2-4|5|6",
                        help="the template: 2-4 (8x8), 5 (9x9) or 6 (10x10)")
    which = survey.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true",
                       help="every arrangement of the template (the default for 2-4; 5 and 6 take minutes to "
                            "hours: see docs/performance.md)")
    which.add_argument("--sample", type=int, metavar="N", help="N setups drawn by the rules from --seed")
    survey.add_argument("--seed", type=int, help="seed of the sample (printed when not given)")
    survey.add_argument("--workers", type=int, metavar="N",
                        help=f"worker processes (default: this machine's {default_workers()} cores); "
                             "the report is the same for any number")
    survey.add_argument("--select", metavar="CODES",
                        help="count only these finding codes (comma-separated) in the report and in the "
                             "best boards' score, e.g. accelerator-loop,crash-site-corner")
    survey.add_argument("-o", "--output", metavar="REPORT.json", help="also write the report as JSON here")
    survey.add_argument("--best", type=int, metavar="K", help=f"list the K best boards (default {DEFAULT_BEST})")
    survey.add_argument("--out-dir", metavar="DIR", help="write the best boards here as layout files")
    survey.add_argument("--checkpoint", metavar="FILE",
                        help="where a long survey saves its progress (every minute, on Ctrl-C and on "
                             "--stop-after); default REPORT.json.checkpoint.json with -o, else "
                             "survey-TEMPLATE-MODE.checkpoint.json here")
    survey.add_argument("--resume", action="store_true",
                        help="go on from the checkpoint of an interrupted run of the same survey")
    survey.add_argument("--stop-after", type=int, metavar="CHUNKS",
                        help="check this many more chunks, save the checkpoint and stop (exit 3); "
                             "a long survey can so run in slices")


def request_from_args(args: argparse.Namespace) -> SurveyRequest:
    """The survey the arguments ask for; UsageError (exit 2) for anything unusable."""
    template = PLAYERS[args.players]
    if args.sample is None and not args.all and template != "2-4":
        raise UsageError(f"say how many {template}-saucer setups to check with --sample N "
                         "(for example --sample 20000), or --all for every board (it takes long: "
                         "see docs/performance.md).")
    if args.stop_after is not None and args.stop_after < 1:
        raise UsageError(f"--stop-after needs at least 1 chunk, not {args.stop_after}.")
    if args.sample is not None and args.sample < 1:
        raise UsageError(f"--sample needs a positive number of boards, not {args.sample}.")
    if args.sample is not None and args.sample > MAX_SAMPLE:
        raise UsageError(f"--sample {args.sample:,} is more than the {MAX_SAMPLE:,} boards a survey can check.",
                         hint=f"Use at most --sample {MAX_SAMPLE:,}.")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers needs at least 1 process, not {args.workers}.")
    if args.best is not None and args.best < 0:
        raise UsageError(f"--best needs 0 or more boards, not {args.best}.")
    if args.seed is not None and args.sample is None:
        raise UsageError("--seed only applies to --sample N (--all checks every arrangement, no chance involved).")
    if args.sample is not None and args.seed is None and args.resume:
        raise UsageError("--resume of a sample needs its --seed (the one printed when the run began).")
    select = None
    if args.select is not None:
        select = tuple(dict.fromkeys(c.strip() for c in args.select.split(",") if c.strip()))
        unknown = [c for c in select if c not in SURVEY_CODES]
        if unknown or not select:
            raise UsageError(f"--select: {', '.join(unknown) or 'no codes given'} "
                             f"{'is not a code' if len(unknown) == 1 else 'are not codes'} a survey counts.",
                             hint=f"Use some of {', '.join(SURVEY_CODES)}.")
    best = args.best if args.best is not None else DEFAULT_BEST
    if args.sample is not None:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
        return SurveyRequest(template, SAMPLE, sample=args.sample, seed=seed, select=select, best=best)
    return SurveyRequest(template, ALL, select=select, best=best)


def checkpoint_path(args: argparse.Namespace, request: SurveyRequest) -> Path:
    if args.checkpoint:
        return Path(args.checkpoint)
    if args.output:
        return Path(args.output + ".checkpoint.json")
    return Path(f"survey-{request.template}-{request.mode}.checkpoint.json")


def run_survey_command(args: argparse.Namespace) -> int:
    request = request_from_args(args)
    # Refuse unusable output places before a survey of a minute, not after it.
    if args.output:
        check_writable(args.output)
    if args.out_dir:
        check_writable(make_folder(args.out_dir) / "best-01.json")
    checkpoint = checkpoint_path(args, request)
    chunk_count = len(request.chunks())
    resume_from = load_checkpoint(checkpoint, request, chunk_count) if args.resume else (0, None)
    if request.mode == SAMPLE and args.seed is None:
        print(f"seed {request.seed}", file=sys.stderr)
    workers = worker_count(args.workers)
    units = request.units()
    started_with = request.chunks()[resume_from[0]][0] if resume_from[0] < chunk_count else units
    bar = ProgressBar(units, start=started_with)
    started = time.perf_counter()
    saver = CheckpointSaver(checkpoint, request, chunk_count, resume_from[0], args.stop_after)
    try:
        with saver.catching_interrupts():
            tally = run_survey(request, workers, progress=bar, resume_from=resume_from, on_chunk=saver.on_chunk,
                               stop=saver.should_stop)
    except SurveyStopped as stopped:
        bar.close()
        save_checkpoint(checkpoint, request, stopped.chunks_done, chunk_count, stopped.tally)
        why = "interrupted" if saver.interrupted else f"stopped after {args.stop_after} chunks as asked"
        print(f"crashgrab survey: {why} at chunk {stopped.chunks_done:,} of {chunk_count:,}; progress saved in "
              f"{checkpoint}. Run the same command with --resume to go on.", file=sys.stderr)
        return EXIT_INTERRUPTED if saver.interrupted else EXIT_STOPPED
    bar.close()
    elapsed = time.perf_counter() - started
    checked = units - started_with
    if bar.enabled:
        print(f"Checked {checked:,} boards in {format_duration(elapsed)} "
              f"({checked / elapsed if elapsed else 0:,.0f} boards/s, {workers} worker{'s' if workers != 1 else ''}).",
              file=sys.stderr)
    files = write_best_layouts(request, tally.best, args.out_dir) if args.out_dir else {}
    document = report_json(request, tally, files)
    if args.output:
        validate(document, "survey", args.output)
        write_text_atomic(args.output, dumps(document))
    checkpoint.unlink(missing_ok=True)
    sys.stdout.write(report_text(document))
    return 0


def available_cores() -> int:
    """The cores this process may run on (fewer than the machine's under taskset or a container)."""
    try:
        return max(1, min(default_workers(), len(os.sched_getaffinity(0))))
    except (AttributeError, OSError):  # no affinity call on this system
        return default_workers()


def worker_count(asked: int | None) -> int:
    """The worker processes to start: as asked, but no more than the cores (a warning says so)."""
    cores = available_cores()
    if asked is None:
        return cores
    if asked > cores:
        print(f"crashgrab survey: warning: --workers {asked} is more than the {cores} "
              f"core{'s' if cores != 1 else ''} available; using {cores}.", file=sys.stderr)
        return cores
    return asked


class CheckpointSaver:
    """Saves the survey's progress every CHECKPOINT_SECONDS, and asks it to stop after
    --stop-after chunks or at the first Ctrl-C (a second one ends it at once)."""

    def __init__(self, path: Path, request: SurveyRequest, chunk_count: int, start: int,
                 stop_after: int | None) -> None:
        self.path, self.request, self.chunk_count = path, request, chunk_count
        self.start, self.stop_after = start, stop_after
        self.interrupted = False
        self.saved_at = time.monotonic()

    def on_chunk(self, chunks_done: int, tally) -> None:
        if time.monotonic() - self.saved_at >= CHECKPOINT_SECONDS and chunks_done < self.chunk_count:
            save_checkpoint(self.path, self.request, chunks_done, self.chunk_count, tally)
            self.saved_at = time.monotonic()

    def should_stop(self, chunks_done: int) -> bool:
        return self.interrupted or (self.stop_after is not None and chunks_done - self.start >= self.stop_after)

    @contextmanager
    def catching_interrupts(self):
        """Ctrl-C asks the survey to stop after the chunk in hand (in the main thread only)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def handle(signum, frame):
            self.interrupted = True
            signal.signal(signal.SIGINT, signal.default_int_handler)

        previous = signal.signal(signal.SIGINT, handle)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)


def make_folder(out_dir: str) -> Path:
    directory = Path(out_dir)
    if directory.exists() and not directory.is_dir():
        raise UsageError(f"--out-dir {out_dir} is a file, not a folder.", hint="Give a folder (it is created if missing).")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise WriteError(f"cannot create the folder ({error.strerror}).", file=out_dir,
                         hint="Choose a folder you can write to.") from None
    return directory


def write_best_layouts(request: SurveyRequest, best, out_dir: str) -> dict[int, str]:
    """Save each best board as a layout file; board number -> path written."""
    directory = make_folder(out_dir)
    tileset = standard_tileset()
    files = {}
    for rank, record in enumerate(best, start=1):
        layout = board_layout(request, record.board, tileset)
        kind = "sample" if request.mode == SAMPLE else "arrangement"
        path = directory / f"best-{rank:02d}-{request.template}-{kind}-{record.board}.json"
        layout = replace(
            layout, name=f"Survey best {rank} of {request.template} ({kind} {record.board})",
            tileset_ref="standard",
            notes=(f"crashgrab survey rank {rank}: {record.errors} errors, {record.warnings} warnings, "
                   f"exposure {float(record.exposure):.4f}, distance variance {float(record.spread):.4f}."))
        save_layout(layout, path)
        files[record.board] = str(path)
    return files
