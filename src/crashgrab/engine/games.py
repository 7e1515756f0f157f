"""The registry of game systems: every installed game, by id, from Python entry points.

A package adds a game by declaring, in its pyproject.toml,

    [project.entry-points."crashgrab.games"]
    my-game = "my_package.system:SYSTEM"

where the object is a `GameSystem` instance (or a class or function returning one) whose `id` is
the entry point's name. Files without a "game" field are the game's that declares
`owns_unnamed_files` (`unnamed_files_system()`).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from .entry_points import entry_points
from .errors import InvalidFileError, UsageError
from .system import GameSystem

GROUP = "crashgrab.games"


def _loaded(entry: Any) -> GameSystem:
    value = entry.load()
    system = value() if callable(value) and not isinstance(value, GameSystem) else value
    if not isinstance(system, GameSystem):
        raise TypeError(f"entry point {entry.name!r} in {GROUP!r} is not a GameSystem: {system!r}")
    if system.id != entry.name:
        raise TypeError(f"entry point {entry.name!r} in {GROUP!r} loads game {system.id!r}; the names must match")
    return system


_broken: dict[str, str] = {}  # entry point name -> why it did not load


@lru_cache(maxsize=None)
def _installed() -> tuple[GameSystem, ...]:
    """Every game that loads; one that does not (a broken or half-installed package) is left out
    and said by `broken_games()`, so the other games keep working."""
    systems = []
    _broken.clear()
    for entry in entry_points(group=GROUP):
        try:
            systems.append(_loaded(entry))
        except Exception as error:  # a plugin's fault, reported, never the studio's crash
            _broken[entry.name] = f"{type(error).__name__}: {error}"
    # The game of unnamed files (the studio's first) first, then by title: the order menus and
    # `crashgrab games` use.
    return tuple(sorted(systems, key=lambda s: (not s.owns_unnamed_files, s.title.lower(), s.id)))


def broken_games() -> dict[str, str]:
    """Installed games that failed to load: entry point name -> the error."""
    _installed()
    return dict(_broken)


def all_systems() -> tuple[GameSystem, ...]:
    """Every installed game system, the default game first."""
    return _installed()


def unnamed_files_system() -> GameSystem | None:
    """The game of files that do not name theirs (`GameSystem.owns_unnamed_files`; if several
    installed games claim them, the first listed), or None when no installed game does."""
    return next((s for s in all_systems() if s.owns_unnamed_files), None)


def default_system() -> GameSystem | None:
    """The game a command uses when none is named: the first listed (the game of unnamed files
    when one is installed); None when no game is installed."""
    systems = all_systems()
    return systems[0] if systems else None


def default_game_id() -> str:
    """The default game's id, for help texts and examples ("" when no game is installed)."""
    system = default_system()
    return system.id if system is not None else ""


def refresh() -> None:
    """Forget the systems found so far (after installing a package, or in tests)."""
    _installed.cache_clear()


def game_ids() -> list[str]:
    return [s.id for s in all_systems()]


def find_system(game_id: str) -> GameSystem | None:
    return next((s for s in all_systems() if s.id == game_id), None)


def get_system(game_id: str | None) -> GameSystem:
    """The system for a game id given on the command line (None: the default game)."""
    system = find_system(game_id) if game_id else default_system()
    if system is None:
        raise UsageError(f"no installed game is called {game_id!r}." if game_id else "no game is installed.",
                         hint=f"Installed: {', '.join(game_ids()) or 'none'}.")
    return system


def system_for_document(document: Any, file: Any = None, where: str = "$.game") -> GameSystem:
    """The system a document's "game" names (none named: the game of unnamed files)."""
    if not isinstance(document, dict) or "game" not in document:
        owner = unnamed_files_system()
        if owner is None:
            raise InvalidFileError("this file does not name its game, and no installed game reads such files.",
                                   file=file, where="$", hint=f'Add "game": one of {", ".join(game_ids()) or "none"}.')
        return owner
    game = document["game"]
    if not isinstance(game, str):
        raise InvalidFileError(f"the game must be a name such as {default_game_id()!r}.", file=file, where=where)
    system = find_system(game)
    if system is None:
        raise InvalidFileError(f"this file is for the game {game!r}, which is not installed.", file=file,
                               where=where, hint=f"Installed games: {', '.join(game_ids())}.")
    return system


def system_for_layout(layout: Any) -> GameSystem:
    """The system whose layout value this is."""
    for system in all_systems():
        if system.owns(layout):
            return system
    raise TypeError(f"no installed game system owns {type(layout).__name__} values")


def all_upgrade_names(systems: Iterable[GameSystem] | None = None) -> list[str]:
    """Every upgrade any installed game lets validation assume (`crashgrab validate --upgrades`)."""
    names: list[str] = []
    for system in systems if systems is not None else all_systems():
        names += [name for name in system.upgrade_names if name not in names]
    return names


def all_finding_codes(systems: Iterable[GameSystem] | None = None) -> dict[str, str]:
    """Every finding code of every installed game, with its default severity (first game wins)."""
    codes: dict[str, str] = {}
    for system in systems if systems is not None else all_systems():
        for code, severity in system.finding_codes.items():
            codes.setdefault(code, severity)
    return codes
