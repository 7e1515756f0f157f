"""Paths written inside files (a scenario's layout, a file a layout takes its pieces from):
where they may lead.

Every such path goes through `referenced_path` before anything is read from it:

- a path holding a NUL byte (which no file name can) is refused with the file and JSON path;
- a relative path is read from the folder of the file that names it;
- under confinement (`crashgrab --confine DIR`, or the environment variable CRASHGRAB_CONFINE),
  the path, with every symbolic link followed, must lead inside DIR: a file from a stranger
  cannot make the program read ../../etc/passwd or /proc/self/environ, and embed or quote it.
  docs/security.md says what this protects against and what not.

The files named on the command line are the operator's choice and are not confined.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..errors import InvalidFileError, UsageError, printable
from .safe_read import real_path, shorten

CONFINE_ENV = "CRASHGRAB_CONFINE"


def confinement() -> Path | None:
    """The folder every referenced path must stay inside (CRASHGRAB_CONFINE, which `--confine`
    sets), its symbolic links followed; None when paths are not confined."""
    text = os.environ.get(CONFINE_ENV, "")
    if not text:
        return None
    if "\0" in text:
        raise UsageError(f"{CONFINE_ENV} holds a NUL byte.", hint="Set it to a folder.")
    folder = real_path(text)
    if not folder.is_dir():
        raise UsageError(f"--confine / {CONFINE_ENV}: {printable(text)} is not a folder.",
                         hint="Give the folder that holds the files to process, or unset it.")
    return folder


def is_inside(path: str | Path, folder: Path) -> bool:
    """Whether `path`, its links followed, is `folder` or lies under it (`folder` already real)."""
    real = real_path(path)
    return real == folder or folder in real.parents


def referenced_path(ref: str, file: str | Path | None, where: str, what: str) -> Path:
    """The file a path written in `file` (at JSON path `where`) names, checked as above; `what`
    says what it should be (a game's word: "layout") for the message. Relative paths are read from
    `file`'s folder (the current folder when there is no file)."""
    shown = printable(shorten(repr(ref)))
    if "\0" in ref:
        raise InvalidFileError(f"the {what} path {shown} holds a NUL byte (\\x00), which no file name can.",
                               file=file, where=where, hint="Fix the path.")
    path = (Path(file).parent if file else Path.cwd()) / ref
    folder = confinement()
    if folder is not None and not is_inside(path, folder):
        raise InvalidFileError(
            f"the {what} path {shown} leads outside {printable(str(folder))}, the only folder files may be read "
            "from here.", file=file, where=where,
            hint=f"Name a file inside that folder (paths are confined by --confine or {CONFINE_ENV}).")
    return path
