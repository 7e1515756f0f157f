"""RoboRally course files: JSON <-> Course, validated against schemas/roborally-layout.schema.json,
saved atomically.

`formats.layout_io` reads the generic envelope (format, version, game) and hands the document
here through the game system. The board set is a shipped id ("standard"), a path to a board set
file (relative to the course file; held as an absolute path in memory and written relative to the
file it is saved in) or the board set itself, embedded.

Beyond the schema, loading refuses only a board the board set lacks (naming its JSON path).
Overlapping boards, checkpoints off the course, doubled starts ... are findings instead
(validation.py), so a designer can open a course half done; `strict` refuses their errors.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import InvalidFileError, UnreadableFileError
from ..formats.jsonio import read_json, with_schema_ref, write_json_atomic
from ..formats.migrations import CURRENT
from ..formats.references import referenced_path
from ..formats.safe_read import real_path, shorten
from ..formats.schemas import validate
from .boardset_io import boardset_from_json, boardset_to_json, load_boardset, shipped_boardset
from .model import BoardSet, Course, Piece, Placement, Start
from .terms import Cell

SCHEMA = "roborally-layout"
GAME = "roborally"


def _cell(value: list[int]) -> Cell:
    return (value[0], value[1])


def is_boardset_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith(".json")


def referenced_boardset(ref: str, file: str | Path | None) -> tuple[BoardSet, str]:
    """The board set a course names, and how the Course value keeps it: an absolute path or a shipped id."""
    if is_boardset_path(ref):  # (a NUL byte, or a path out of the --confine folder, is refused first)
        full = real_path(referenced_path(ref, file, "$.boardset", "board set"))
        try:
            return load_boardset(full), full.as_posix()
        except InvalidFileError as error:  # say which reference pointed there
            detail = f" ({error.where})" if error.where else ""
            error.message = f"in board set {shorten(repr(ref))}{detail}: {error.message}"
            error.file, error.where = str(file) if file else None, "$.boardset"
            raise
        except UnreadableFileError as error:
            raise UnreadableFileError(f"board set file {shorten(repr(ref))} cannot be read: {error.message}",
                                      file=file, where="$.boardset",
                                      hint="Fix the path (a relative one is read from this file's folder).") from None
    boardset = shipped_boardset(ref)
    if boardset is None:
        raise InvalidFileError(f"there is no shipped board set {shorten(repr(ref))}.", file=file, where="$.boardset",
                               hint='Use "standard", a path to a board set file, or embed the board set.')
    return boardset, ref


def _steps(raw: dict[str, Any]) -> tuple[int, ...] | None:
    return tuple(sorted(raw["steps"])) if "steps" in raw else None


def piece_from_json(raw: dict[str, Any]) -> Piece:
    return Piece(raw["type"], _cell(raw["at"]), raw.get("colour"), raw.get("facing"), raw.get("side"), _steps(raw))


def layout_from_json(document: Any, file: str | Path | None = None, *, strict: bool = False) -> Course:
    validate(document, SCHEMA, file)
    ref = document["boardset"]
    if isinstance(ref, str):
        boardset, boardset_ref = referenced_boardset(ref, file)
    else:
        boardset, boardset_ref = boardset_from_json(ref, file, "$.boardset"), None
    placements = []
    for index, raw in enumerate(document["boards"]):
        if boardset.board(raw["board"]) is None:
            known = ", ".join(b.id for b in boardset.boards) or "none"
            raise InvalidFileError(f"the board set {boardset.id!r} has no board {shorten(repr(raw['board']))}.",
                                   file=file, where=f"$.boards[{index}].board", hint=f"Its boards: {shorten(known, 300)}.")
        placements.append(Placement(raw["board"], raw["x"], raw["y"], raw["rotation"]))
    course = Course(
        name=document["name"], boardset=boardset, boards=tuple(placements),
        checkpoints=tuple(_cell(c) for c in document["checkpoints"]),
        starts=tuple(Start(s["number"], _cell(s["at"]), s["facing"]) for s in document["starts"]),
        pieces=tuple(piece_from_json(p) for p in document.get("pieces", ())),
        players=document.get("players"), boardset_ref=boardset_ref, notes=document.get("notes", ""),
        schema_ref=document.get("$schema"))
    if strict:
        raise_structure_errors(course, file)
    return course


def raise_structure_errors(course: Course, file=None) -> None:
    """Refuse a course with a structural error (for commands that need a playable course)."""
    from .validation import structural_findings

    for finding in structural_findings(course):
        if finding.severity == "error":
            raise InvalidFileError(f"{finding.code}: {finding.message}", file=file,
                                   hint="Fix it first: `crashgrab validate` lists every finding, and the editor opens it as it is.")


def boardset_ref_in_file(ref: str, folder: str | Path | None) -> str:
    """How a file in `folder` names the board set: a path relative to that folder."""
    if not is_boardset_path(ref) or folder is None:
        return ref
    try:
        relative = Path(os.path.relpath(real_path(ref), real_path(folder))).as_posix()
    except ValueError:  # another drive: only an absolute path can reach it
        return real_path(ref).as_posix()
    return relative if is_boardset_path(relative) else f"./{relative}"  # never read as a shipped id


def piece_to_json(piece: Piece) -> dict[str, Any]:
    out: dict[str, Any] = {"type": piece.type, "at": list(piece.at)}
    for name in ("colour", "facing", "side"):
        if getattr(piece, name) is not None:
            out[name] = getattr(piece, name)
    if piece.steps is not None:
        out["steps"] = list(piece.steps)
    return out


def layout_to_json(course: Course, folder: str | Path | None = None) -> dict[str, Any]:
    boardset = (boardset_ref_in_file(course.boardset_ref, folder) if course.boardset_ref
                else boardset_to_json(course.boardset))
    document: dict[str, Any] = {
        "format": "crash-grab-layout", "version": CURRENT["crash-grab-layout"], "game": GAME, "name": course.name,
        "boardset": boardset,
        "boards": [{"board": p.board, "x": p.x, "y": p.y, "rotation": p.rotation} for p in course.boards],
        "checkpoints": [list(c) for c in course.checkpoints],
        "starts": [{"number": s.number, "at": list(s.at), "facing": s.facing} for s in course.starts],
        "pieces": [piece_to_json(p) for p in course.pieces],
    }
    if course.players is not None:
        document["players"] = course.players
    if course.notes:
        document["notes"] = course.notes
    return with_schema_ref(document, course.schema_ref)


def load_layout(path: str | Path, *, strict: bool = False) -> Course:
    return layout_from_json(read_json(path), path, strict=strict)


def save_layout(course: Course, path: str | Path) -> None:
    """Validate, then write atomically (a failed save leaves the old file as it was)."""
    document = layout_to_json(course, Path(path).parent)
    validate(document, SCHEMA, path)
    write_json_atomic(path, document)
