"""Typed errors carrying what a person needs: the file, where in it, what is wrong, how to fix it."""
from __future__ import annotations

from pathlib import Path
from typing import Any


class CrashGrabError(Exception):
    """Base of every error the engine raises on purpose. `str()` is the one-line message."""

    exit_code = 1

    def __init__(self, message: str, *, file: str | Path | None = None,
                 where: str | None = None, hint: str | None = None) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.where = where  # a JSON path such as $.placements[2].rotation, or a cell
        self.hint = hint
        super().__init__(str(self))

    def details(self) -> dict[str, Any]:
        """More about the error for JSON reports (e.g. the choice a scenario left open)."""
        return {}

    def __str__(self) -> str:
        prefix = ": ".join(p for p in (self.file, self.where) if p)
        text = f"{prefix}: {self.message}" if prefix else self.message
        return f"{text} {self.hint}" if self.hint else text


class UnreadableFileError(CrashGrabError):
    """The file could not be read at all (missing, a folder, no permission, not text)."""

    exit_code = 2


class WriteError(CrashGrabError):
    """The file could not be written (no such folder, no permission, disk full)."""

    exit_code = 2


class InvalidFileError(CrashGrabError):
    """The file was read but is wrong: malformed JSON, a schema violation or a bad board."""

    exit_code = 1


class UsageError(CrashGrabError):
    exit_code = 2
