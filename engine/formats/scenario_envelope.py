"""Scenario files of every game: the generic envelope, then the file's game system.

Like layouts (layout_io.py): `{"format": "crash-grab-scenario", "version": N, "game": ID, ...}`
(schemas/scenario-envelope.schema.json); the game's system checks and plays the rest.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..errors import CrashGrabError, InvalidFileError
from ..games import system_for_document
from ..system import GameSystem
from .jsonio import read_json
from .kinds import check_kind
from .migrations import upgrade
from .schemas import validate

FORMAT = "crash-grab-scenario"


def scenario_document(document: Any, file: str | Path | None = None) -> tuple[GameSystem, dict[str, Any]]:
    """The game system a scenario document is for, and the document at the current version."""
    check_kind(document, FORMAT, file)  # a layout given as a scenario is named as such, first
    validate(document, "scenario-envelope", file)
    document = upgrade(document, FORMAT, file)
    return system_for_document(document, file), document


def read_scenario(path: str | Path) -> tuple[GameSystem, dict[str, Any]]:
    return scenario_document(read_json(path), path)


def scenario_layout(ref: Any, file: str | Path | None, load: Callable[[Path], Any],
                    parse: Callable[[Any, str | Path | None], Any]) -> tuple[Any, str | None]:
    """The layout a scenario's "layout" names, with how the scenario named it: a path (read by
    `load`, relative to the scenario file, returned as written) or an inline layout (`parse`,
    its faults reported under $.layout). A referenced file's fault is named as the scenario's."""
    if isinstance(ref, str):
        base = Path(file).parent if file else Path.cwd()
        try:
            return load(base / ref), ref
        except InvalidFileError as error:
            detail = f" ({error.where})" if error.where else ""
            raise InvalidFileError(f"in layout {ref!r}{detail}: {error.message}", file=file, where="$.layout",
                                   hint=error.hint) from None
        except CrashGrabError as error:  # unreadable: say which reference pointed there
            raise InvalidFileError(f"layout file {ref!r} cannot be read: {error}", file=file, where="$.layout",
                                   hint="Fix the path (it is relative to this scenario file).") from None
    try:
        return parse(ref, file), None
    except InvalidFileError as error:
        if error.where and error.where.startswith("$") and error.file == (str(file) if file else None):
            error.where = "$.layout" + error.where[1:]
        raise
