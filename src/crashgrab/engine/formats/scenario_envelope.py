"""Scenario files of every game: the generic envelope, then the file's game system.

Like layouts (layout_io.py): `{"format": "crash-grab-scenario", "version": N, "game": ID, ...}`
(schemas/scenario-envelope.schema.json); the game's system checks and plays the rest.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..errors import CrashGrabError, InvalidFileError, printable
from ..games import find_system, system_for_document
from ..system import GameSystem
from .jsonio import read_json
from .kinds import check_kind
from .layout_io import layout_document
from .limits import check_limits
from .migrations import upgrade
from .references import referenced_path
from .safe_read import shorten
from .schemas import validate

FORMAT = "crash-grab-scenario"


def scenario_document(document: Any, file: str | Path | None = None) -> tuple[GameSystem, dict[str, Any]]:
    """The game system a scenario document is for, and the document at the current version."""
    check_kind(document, FORMAT, file)  # a layout given as a scenario is named as such, first
    validate(document, "scenario-envelope", file)
    document = upgrade(document, FORMAT, file)
    system = system_for_document(document, file)
    check_limits(system.limits, FORMAT, document, file)  # before the game's schema spends minutes on a long list
    if isinstance(document.get("layout"), dict):  # another game's inline layout: said before its schema's field errors
        _check_layout_game(system.id, _layout_system(document["layout"]), file, "$.layout")
    return system, document


def read_scenario(path: str | Path) -> tuple[GameSystem, dict[str, Any]]:
    return scenario_document(read_json(path), path)


def scenario_layout(ref: Any, file: str | Path | None, parse: Callable[[Any, str | Path | None], Any], *,
                    game: str) -> tuple[Any, str | None]:
    """The layout a scenario of the game `game` names in its "layout", with how it named it: a
    path (relative to the scenario file, returned as written) or an inline layout. Either way the
    layout must be of the scenario's game, and `parse` (the game's reader of a layout document at
    the current version) builds it. A referenced file's fault is named as the scenario's, at
    $.layout; an inline layout's at its path under $.layout."""
    if isinstance(ref, str):
        path = referenced_path(ref, file, "$.layout", "layout")
        shown = printable(shorten(repr(ref)))
        try:
            document = read_json(path)
        except CrashGrabError as error:  # unreadable: say which reference pointed there
            raise InvalidFileError(f"layout file {shown} cannot be read: {error}", file=file, where="$.layout",
                                   hint="Fix the path (it is relative to this scenario file).") from None
        try:
            system, document = layout_document(document, path)
        except InvalidFileError as error:
            raise _in_layout(shown, error, file) from None
        _check_layout_game(game, system, file, "$.layout")
        try:
            return parse(document, path), ref
        except InvalidFileError as error:  # a fault inside the layout file
            raise _in_layout(shown, error, file) from None
        except CrashGrabError as error:  # e.g. a file the layout itself names cannot be read
            raise InvalidFileError(f"layout file {shown} cannot be used: {error}", file=file,
                                   where="$.layout") from None
    if isinstance(ref, dict):
        _check_layout_game(game, _layout_system(ref), file, "$.layout")
    try:
        return parse(ref, file), None
    except InvalidFileError as error:
        if error.where and error.where.startswith("$") and error.file == (str(file) if file else None):
            error.where = "$.layout" + error.where[1:]
        raise


def _in_layout(shown: str, error: InvalidFileError, file) -> InvalidFileError:
    """A fault of the layout file a scenario names, said as the scenario's, at $.layout."""
    detail = f" ({error.where})" if error.where else ""
    return InvalidFileError(f"in layout {shown}{detail}: {error.message}", file=file, where="$.layout",
                            hint=error.hint)


def _layout_system(document: dict[str, Any]) -> GameSystem | None:
    """The game an inline layout names (None when it names none installed: its schema says so)."""
    try:
        return system_for_document(document)
    except InvalidFileError:
        return None


def _check_layout_game(game: str, layout_system: GameSystem | None, file, where: str) -> None:
    """A scenario plays on a layout of its own game: another game's is refused before it is read
    as one (its fields mean nothing to this game's rules)."""
    if layout_system is None or layout_system.id == game:
        return
    scenario_system = find_system(game)
    title = scenario_system.title if scenario_system else game
    raise InvalidFileError(
        f"this scenario is {title}'s, but its layout is {_a(layout_system.title)} {layout_system.title} "
        f"{layout_system.layout_noun}.", file=file, where=where,
        hint=f"Name a {title} {scenario_system.layout_noun if scenario_system else 'layout'} "
             f"(crashgrab new --game {game} makes one).")


def _a(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
