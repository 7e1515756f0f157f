"""Checkpoints of a long survey: the exact tally of the chunks done so far, to resume from.

A checkpoint (schemas/crash-grab-survey-checkpoint.schema.json) names the survey it belongs to (every
field of the request that changes the result) and holds the merged tally of its first
`chunks_done` chunks. Chunks are merged in order and every total is exact, so a survey
resumed from a checkpoint gives the very report of one that never stopped.
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ...errors import CrashGrabError, InvalidFileError, UnreadableFileError
from ...formats.atomic import write_target
from ...formats.jsonio import dumps, read_json, write_text_atomic
from ...formats.kinds import check_kind
from ...formats.safe_read import shorten
from ...formats.schemas import validate
from .findings import RULE_CODES
from .freeform_request import FreeformRequest
from .record import BoardRecord
from .runner import SAMPLE, SurveyRequest
from .tally import Tally
from .tilesets import tileset_digest

FORMAT = "crash-grab-survey-checkpoint"
VERSION = 1


def request_json(request: SurveyRequest) -> dict[str, Any]:
    document = {"template": request.template, "mode": request.mode, "sample": request.sample, "seed": request.seed,
                "select": list(request.select) if request.select is not None else None, "best": request.best,
                "chunk_size": request.chunk_size}
    if request.tileset is not None:  # a designer's tiles: the checkpoint is of that very set
        document["tileset"] = {"id": request.tileset.id, "sha256": tileset_digest(request.tileset)}
    if isinstance(request, FreeformRequest):  # a free-form survey: of this shape and these tiles
        document["shape"] = request.shape_json()
    return document


def tally_json(tally: Tally) -> dict[str, Any]:
    def pairs(counter: Counter) -> list[list[int]]:
        return [[key, value] for key, value in sorted(counter.items())]
    return {
        "boards": tally.boards, "distinct": tally.distinct,
        "boards_with_code": dict(sorted(tally.boards_with_code.items())),
        "findings_per_code": dict(sorted(tally.findings_per_code.items())),
        "boards_with_severity": dict(sorted(tally.boards_with_severity.items())),
        "edge_sites": pairs(tally.edge_sites),
        "loop_groups": [pairs(counter) for counter in tally.loop_groups],
        "first_loop": pairs(tally.first_loop),
        "off_moves_by_rest_cells": pairs(tally.off_moves_by_rest_cells),
        "moves_by_pairs": pairs(tally.moves_by_pairs),
        "lowest_exposure": list(tally.lowest_exposure) if tally.lowest_exposure else None,
        "highest_exposure": list(tally.highest_exposure) if tally.highest_exposure else None,
        "best": [{**asdict(record), "codes": [list(c) for c in record.codes],
                  "loop_groups": list(record.loop_groups)} for record in tally.best],
    }


def tally_from_json(document: dict[str, Any], keep_best: int) -> Tally:
    def counter(items: list[list[int]]) -> Counter:
        return Counter({key: value for key, value in items})
    tally = Tally(keep_best=keep_best, boards=document["boards"], distinct=document["distinct"])
    tally.boards_with_code = Counter(document["boards_with_code"])
    tally.findings_per_code = Counter(document["findings_per_code"])
    tally.boards_with_severity = Counter(document["boards_with_severity"])
    tally.edge_sites = counter(document["edge_sites"])
    tally.loop_groups = [counter(items) for items in document["loop_groups"]]
    tally.first_loop = counter(document["first_loop"])
    tally.off_moves_by_rest_cells = counter(document["off_moves_by_rest_cells"])
    tally.moves_by_pairs = counter(document["moves_by_pairs"])
    tally.lowest_exposure = tuple(document["lowest_exposure"]) if document["lowest_exposure"] else None
    tally.highest_exposure = tuple(document["highest_exposure"]) if document["highest_exposure"] else None
    tally.best = [BoardRecord(**{**item, "codes": tuple(tuple(c) for c in item["codes"]),
                                 "loop_groups": tuple(item["loop_groups"])}) for item in document["best"]]
    tally.finish()
    return tally


def save_checkpoint(path: str | Path, request: SurveyRequest, chunks_done: int, chunks_total: int,
                    tally: Tally) -> None:
    document = {"format": FORMAT, "version": VERSION, "request": request_json(request),
                "chunks_done": chunks_done, "chunks_total": chunks_total, "tally": tally_json(tally)}
    write_text_atomic(path, dumps(document))


def read_checkpoint(path: str | Path) -> dict[str, Any]:
    """The checkpoint document at `path`, read by the safe reader (no FIFO, device, huge,
    deep or repeated-key file gets past it) and checked against its schema."""
    if not os.path.lexists(path):
        raise UnreadableFileError("there is no checkpoint to resume from.", file=path,
                                  hint="Run the survey without --resume, or give --checkpoint FILE.")
    document = read_json(path)
    check_kind(document, FORMAT, path)
    validate(document, "crash-grab-survey-checkpoint", path)
    return document


def is_checkpoint(path: str | Path, request: SurveyRequest | None = None, chunks_total: int | None = None) -> bool:
    """Whether `path` holds a survey checkpoint (told by its format), and with `request` one of
    that very survey: the only files a survey may replace with its progress, or delete."""
    try:
        document = read_json(path)
    except CrashGrabError:
        return False
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return False
    if request is None:
        return True
    return document.get("request") == request_json(request) and document.get("chunks_total") == chunks_total


def load_checkpoint(path: str | Path, request: SurveyRequest, chunks_total: int) -> tuple[int, Tally]:
    """(chunks done, their tally) from a checkpoint of this very survey."""
    document = read_checkpoint(path)
    saved = document["request"]
    wanted = request_json(request)
    different = [key for key in {**saved, **wanted} if saved.get(key) != wanted.get(key)]
    if different or document["chunks_total"] != chunks_total:
        what = ", ".join(f"{key} {_shown(saved.get(key))} (now {_shown(wanted.get(key))})"
                         for key in different) or "the chunk count"
        raise InvalidFileError(f"the checkpoint belongs to another survey: {what}.", file=path,
                               hint="Repeat the options of the interrupted run, or delete the checkpoint.")
    check_totals(document, request, path)
    return document["chunks_done"], tally_from_json(document["tally"], request.best)


def _shown(value: Any) -> str:
    """A request field in a message: a tile set by its id (its digest says nothing to a person)."""
    if value is None:
        return "the standard tiles"
    if isinstance(value, dict) and "id" in value:
        return f"tile set {value['id']!r} (another version of it)" if "sha256" in value else repr(value)
    return repr(value)


def check_totals(document: dict[str, Any], request: SurveyRequest, path: str | Path) -> None:
    """What the schema cannot say: the tally is one of the first chunks_done chunks of this
    survey (a damaged or edited checkpoint would otherwise end in a wrong report)."""
    chunks = request.chunks()
    done, tally = document["chunks_done"], document["tally"]

    def fault(where: str, what: str) -> InvalidFileError:
        return InvalidFileError(what, file=path, where=where,
                                hint="The checkpoint is damaged: delete it and run the survey without --resume.")

    if done > len(chunks):
        raise fault("$.chunks_done", f"{done:,} chunks done of the {len(chunks):,} the survey has.")
    units = chunks[done - 1][1] if done else 0
    if tally["distinct"] != units:
        raise fault("$.tally.distinct", f"{tally['distinct']:,} boards checked, but {done:,} chunks hold {units:,}.")
    if tally["boards"] < units or (request.mode == SAMPLE and tally["boards"] != units):
        raise fault("$.tally.boards", f"{tally['boards']:,} boards counted for {units:,} checked.")
    for key in ("boards_with_code", "findings_per_code"):
        unknown = sorted(set(tally[key]) - set(RULE_CODES))
        if unknown:
            raise fault(f"$.tally.{key}", f"{shorten(unknown[0])} is not a code a survey counts.")
    if len(tally["best"]) > request.best:
        raise fault("$.tally.best", f"{len(tally['best'])} best boards kept, more than the {request.best} asked.")
    boards = request.board_count()
    for index, record in enumerate(tally["best"]):
        if record["board"] >= boards:
            raise fault(f"$.tally.best[{index}].board", f"board {record['board']:,} is not one of this survey.")
        unknown = [code for code, _ in record["codes"] if code not in RULE_CODES]
        if unknown:
            raise fault(f"$.tally.best[{index}].codes", f"{shorten(unknown[0])} is not a code a survey counts.")


def remove_checkpoint(path: str | Path, request: SurveyRequest, chunks_total: int) -> bool:
    """Delete the checkpoint of this survey at `path` (the file a link names, never the link),
    as a finished survey does; any other file, another survey's checkpoint included, is left
    as it is. Whether a file was deleted."""
    try:
        target = write_target(path)
    except CrashGrabError:
        return False
    if not is_checkpoint(target, request, chunks_total):
        return False
    target.unlink(missing_ok=True)
    return True
