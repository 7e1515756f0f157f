"""What kind of file a document is, told from its "format" (or its shape), so a file of the
wrong kind gets "this is a scenario; run it with `crashgrab scenario run`" rather than a
field error that sends the designer looking for a missing field."""
from __future__ import annotations

from typing import Any

from ..errors import InvalidFileError

# format -> (what it is, what to do with it)
KINDS: dict[str, tuple[str, str]] = {
    "crash-grab-layout": ("a layout", "open it in the editor (crashgrab-editor FILE) or check it with "
                                      "`crashgrab validate`"),
    "crash-grab-export": ("a resolved export (written by `crashgrab export`)",
                          "use the layout it was exported from instead"),
    "crash-grab-scenario": ("a scenario", "run it with `crashgrab scenario run`"),
    "crash-grab-tileset": ("a tile set", "open it in the editor's tile designer, or name it in a layout's "
                                         '"tileset"'),
    "crash-grab-boardset": ("a board set", 'name it in a layout\'s "boardset", or open it in the editor'),
    "crash-grab-survey": ("a survey report (written by `crashgrab survey -o`)", "it is a result, not an input"),
    "crash-grab-survey-checkpoint": ("a survey checkpoint", "go on with the survey that saved it: the same "
                                                            "`crashgrab survey` command with --resume"),
}
VALIDATION_REPORT = ("a validation report (written by `crashgrab validate --format json`)",
                     "it is a result, not an input")
TILED_MAP = ("a Tiled map (written by `crashgrab export --format tiled`)", "open it in Tiled")


def kind_of(document: Any) -> tuple[str, str] | None:
    """(what it is, what to do with it) for a document of a known kind, else None."""
    if not isinstance(document, dict):
        return None
    fmt = document.get("format")
    if isinstance(fmt, str) and fmt in KINDS:
        return KINDS[fmt]
    if "tiledversion" in document or document.get("type") == "map":
        return TILED_MAP
    if isinstance(document.get("files"), list) and "format" not in document:
        return VALIDATION_REPORT
    return None


def check_kind(document: Any, fmt: str, file=None) -> None:
    """Refuse a document of another kind than `fmt` with a message saying what it is."""
    if not isinstance(document, dict) or document.get("format") == fmt:
        return
    wanted = KINDS[fmt][0]
    kind = kind_of(document)
    if kind is not None:
        what, advice = kind
        raise InvalidFileError(f"this is {what}, not {wanted}; {advice}.", file=file,
                               where="$.format" if "format" in document else None)
    if "format" not in document:
        raise InvalidFileError(f'this is not {wanted}: it has no "format".', file=file, where="$",
                               hint=f'A file of this kind starts with "format": "{fmt}".')
    # The value is not echoed: the file may be one a layout merely points at (never show its contents).
    raise InvalidFileError(f'this is not {wanted}: its "format" is not "{fmt}".', file=file, where="$.format",
                           hint=f'A file of this kind has "format": "{fmt}".')
