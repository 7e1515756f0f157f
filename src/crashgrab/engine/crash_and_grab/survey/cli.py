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

from .arguments import MAX_SAMPLE, PLAYERS
from .checkpoint import is_checkpoint, load_checkpoint, remove_checkpoint, save_checkpoint
from .progress import ProgressBar, format_duration
from .report import SURVEY_CODES, report_json, report_text
from .defaults import ALL, DEFAULT_BEST, SAMPLE, default_workers
from .runner import SurveyRequest, SurveyStopped, board_layout, run_survey, stop_resource_tracker
from ...cli.notes import note, quiet
from .tally import Tally
from ...errors import UsageError, WriteError
from ...formats.atomic import check_writable
from ...formats.jsonio import dumps, write_text_atomic
from ...formats.safe_read import same_file
from ...formats.layout_io import save_layout
from ...formats.schemas import validate
from ..templates import TEMPLATES
from .cluster import INSTALL, dask_available
from .freeform_request import FreeformRequest
from .tilesets import survey_tileset

CHECKPOINT_SECONDS = 60   # a running survey saves its checkpoint this often
EXIT_STOPPED = 3          # --stop-after: stopped before the end, checkpoint saved
EXIT_INTERRUPTED = 130    # Ctrl-C: stopped after the chunk in hand, checkpoint saved


def run_from_shared(args: argparse.Namespace, usage_error) -> int:
    """`crashgrab survey` (the game's options among other games'): --players or --template is required here."""
    if args.players is None and getattr(args, "template", None) is None and getattr(args, "shape", None) is None:
        usage_error("the following arguments are required: --players (or --template, or --shape)")
    if args.players is not None and getattr(args, "template", None) is not None:
        usage_error("argument --template: not allowed with argument --players (both name the template)")
    return run_survey_command(args)


def request_from_args(args: argparse.Namespace) -> SurveyRequest:
    """The survey the arguments ask for; UsageError (exit 2) for anything unusable, and
    InvalidFileError (exit 2) for a tile set file that is not one, or whose tiles do not fit
    the template's slots."""
    free_form = getattr(args, "shape", None) is not None   # freeform_cli.py checks its options
    if getattr(args, "tiles", None) is not None and not free_form:
        raise UsageError("--tiles names the tiles to lay on a --shape; a template's tiles are its slots'.",
                         hint="Give --shape WxH (or a layout file) with --tiles, or leave out --tiles.")
    template = "2-4" if free_form else PLAYERS[args.players] if args.players is not None else args.template
    if not free_form and args.sample is None and not args.all and template != "2-4":
        raise UsageError(f"say how many {template}-saucer setups to check with --sample N "
                         "(for example --sample 20000), or --all for every board (it takes long: "
                         "see `crashgrab docs performance`).")
    if args.stop_after is not None and args.stop_after < 1:
        raise UsageError(f"--stop-after needs at least 1 chunk, not {args.stop_after}.")
    if args.sample is not None and args.sample < 1:
        raise UsageError(f"--sample needs a positive number of boards, not {args.sample}.")
    if args.sample is not None and args.sample > MAX_SAMPLE:
        raise UsageError(f"--sample {args.sample:,} is more than the {MAX_SAMPLE:,} boards a survey can check.",
                         hint=f"Use at most --sample {MAX_SAMPLE:,}.")
    if getattr(args, "cluster", None) is not None:
        if args.workers is not None:
            raise UsageError("--workers is for this machine's processes; a cluster's workers are its own "
                             "(start as many as you like with `dask worker`).", hint="Leave out --workers or --cluster.")
        if not dask_available():
            raise UsageError(INSTALL)
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
    if free_form:
        from .freeform_cli import freeform_request_from_args
        return freeform_request_from_args(args, select, best)  # type: ignore[return-value]
    tileset = survey_tileset(args.tileset, TEMPLATES[template]) if getattr(args, "tileset", None) else None
    if args.sample is not None:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
        return SurveyRequest(template, SAMPLE, sample=args.sample, seed=seed, select=select, best=best,
                             tileset=tileset)
    return SurveyRequest(template, ALL, select=select, best=best, tileset=tileset)


def checkpoint_path(args: argparse.Namespace, request: SurveyRequest) -> Path:
    if args.checkpoint:
        return Path(args.checkpoint)
    if args.output:
        return Path(args.output + ".checkpoint.json")
    tiles = f"-{request.tileset.id}" if request.tileset is not None else ""
    if isinstance(request, FreeformRequest):
        tiles += f"-{request.tag}"
    return Path(f"survey-{request.template}-{request.mode}{tiles}.checkpoint.json")


def run_survey_command(args: argparse.Namespace) -> int:
    request = request_from_args(args)
    # Refuse unusable output places before a survey of a minute, not after it.
    if args.output:
        check_writable(args.output)
    if args.out_dir:
        check_writable(make_folder(args.out_dir) / "best-01.json")
    checkpoint = checkpoint_path(args, request)
    if args.output and same_file(checkpoint, args.output):
        raise UsageError("the checkpoint is the report file (-o); the survey would overwrite its report with its "
                         "progress and then delete it.", file=checkpoint, hint="Give --checkpoint another file name.")
    chunk_count = len(request.chunks())
    resume_from = load_checkpoint(checkpoint, request, chunk_count) if args.resume else (0, None)
    if chunk_count - resume_from[0] > 1:  # a survey of one chunk to go never saves its progress
        check_checkpoint_place(checkpoint, resumed=args.resume, given=bool(args.checkpoint))
    if request.mode == SAMPLE and args.seed is None:
        note(f"seed {request.seed}")
    workers = 1 if getattr(args, "cluster", None) else worker_count(args.workers)
    return survey_and_report(args, request, checkpoint, resume_from, workers)


def survey_and_report(args: argparse.Namespace, request: SurveyRequest, checkpoint: Path,
                      resume_from: tuple[int, Tally | None], workers: int) -> int:
    chunk_count = len(request.chunks())
    units = request.units()
    started_with = request.chunks()[resume_from[0]][0] if resume_from[0] < chunk_count else units
    bar = ProgressBar(units, start=started_with, enabled=False if quiet() else None)
    started = time.perf_counter()
    outcome = survey_or_stop(args, request, checkpoint, resume_from, workers, bar)
    if workers > 1:  # the workers are ended, and their pool collected: leave no process behind
        stop_resource_tracker()
    if isinstance(outcome, int):
        return outcome
    tally = outcome
    elapsed = time.perf_counter() - started
    checked = units - started_with
    if bar.enabled:
        where = (f"on the cluster at {args.cluster}" if getattr(args, "cluster", None)
                 else f"{workers} worker{'s' if workers != 1 else ''}")
        note(f"Checked {checked:,} boards in {format_duration(elapsed)} "
             f"({checked / elapsed if elapsed else 0:,.0f} boards/s, {where}).")
    files = write_best_layouts(request, tally.best, args.out_dir) if args.out_dir else {}
    document = report_json(request, tally, files)
    if args.output:
        validate(document, "crash-grab-survey", args.output)
        write_text_atomic(args.output, dumps(document))
    remove_checkpoint(checkpoint, request, chunk_count)  # only a checkpoint of this very survey
    sys.stdout.write(report_text(document))
    return 0


def survey_or_stop(args: argparse.Namespace, request: SurveyRequest, checkpoint: Path,
                   resume_from: tuple[int, Tally | None], workers: int, bar: ProgressBar) -> Tally | int:
    """The finished tally, or the exit code of a survey stopped before its end (the
    checkpoint saved and the reason printed)."""
    chunk_count = len(request.chunks())
    saver = CheckpointSaver(checkpoint, request, chunk_count, resume_from[0], args.stop_after)
    try:
        with saver.catching_interrupts():
            try:
                tally = run_survey(request, workers, progress=bar, resume_from=resume_from,
                                   on_chunk=saver.on_chunk, stop=saver.should_stop,
                                   cluster=getattr(args, "cluster", None))
            except SurveyStopped as stopped:
                bar.close()
                saver.save(stopped.chunks_done, stopped.tally)
                why = "interrupted" if saver.interrupted else f"stopped after {args.stop_after} chunks as asked"
                print(f"crashgrab survey: {why} at chunk {stopped.chunks_done:,} of {chunk_count:,}; progress "
                      f"saved in {checkpoint}. Run the same command with --resume to go on.", file=sys.stderr)
                return EXIT_INTERRUPTED if saver.interrupted else EXIT_STOPPED
    except KeyboardInterrupt:  # a second Ctrl-C: the chunks in hand are dropped, nothing more is saved
        bar.close()
        kept = (f"the checkpoint saved last is in {checkpoint}" if saver.saved or args.resume
                else "no progress was saved")
        print(f"crashgrab survey: stopped at once by a second Ctrl-C; {kept}.", file=sys.stderr)
        return EXIT_INTERRUPTED
    bar.close()
    return tally


def check_checkpoint_place(checkpoint: Path, *, resumed: bool, given: bool) -> None:
    """Refuse now a checkpoint path the survey could not save to, or whose file it would destroy:
    a long survey must not fail at its first save, nor replace a file it did not write."""
    try:
        check_writable(checkpoint)
    except WriteError as error:
        if given:
            raise
        raise WriteError(f"cannot save the survey's progress here: {error.message}", file=checkpoint,
                         hint="Give --checkpoint FILE in a folder you can write.") from None
    if not resumed and os.path.exists(checkpoint) and not is_checkpoint(checkpoint):
        raise UsageError("this file is not a survey checkpoint; the survey would replace it with its progress.",
                         file=checkpoint, hint="Give --checkpoint the name of a new file, or move this one away.")


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
        self.saved = False  # whether this run has written the checkpoint
        self.saved_at = time.monotonic()

    def save(self, chunks_done: int, tally) -> None:
        save_checkpoint(self.path, self.request, chunks_done, self.chunk_count, tally)
        self.saved = True
        self.saved_at = time.monotonic()

    def on_chunk(self, chunks_done: int, tally) -> None:
        if time.monotonic() - self.saved_at >= CHECKPOINT_SECONDS and chunks_done < self.chunk_count:
            self.save(chunks_done, tally)

    def should_stop(self, chunks_done: int) -> bool:
        if self.interrupted:
            _ignore_interrupts()  # stopping: saving and ending the workers must not be cut short
            return True
        return self.stop_after is not None and chunks_done - self.start >= self.stop_after

    @contextmanager
    def catching_interrupts(self):
        """The first Ctrl-C asks the survey to stop after the chunks in hand; a second one ends
        it at once (KeyboardInterrupt). From the moment the survey stops for a Ctrl-C, further
        ones are ignored, to the end of the process: it is on its way out, and a Ctrl-C while
        the workers end or the checkpoint is saved would leave a traceback or a half-done
        clean-up behind. In the main thread only (signals are handled there)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def first(signum, frame):
            self.interrupted = True
            signal.signal(signal.SIGINT, second)

        def second(signum, frame):
            _ignore_interrupts()
            raise KeyboardInterrupt

        previous = signal.signal(signal.SIGINT, first)
        try:
            yield
        finally:
            if self.interrupted:
                _ignore_interrupts()
            else:
                signal.signal(signal.SIGINT, previous)


def _ignore_interrupts() -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


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
    tileset = request.tileset_obj
    files = {}
    for rank, record in enumerate(best, start=1):
        layout = board_layout(request, record.board, tileset)
        kind = "sample" if request.mode == SAMPLE else "arrangement"
        path = directory / f"best-{rank:02d}-{request.template}-{kind}-{record.board}.json"
        layout = replace(
            layout, name=f"Survey best {rank} of {request.template} ({kind} {record.board})",
            tileset_ref=request.tileset_ref,
            notes=(f"crashgrab survey rank {rank}: {record.errors} errors, {record.warnings} warnings, "
                   f"exposure {float(record.exposure):.4f}, distance variance {float(record.spread):.4f}."))
        save_layout(layout, path)
        files[record.board] = str(path)
    return files
