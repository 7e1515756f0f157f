"""Notes: what a command tells on standard error beside its result (the seed it drew, what it
wrote, how long it took). `crashgrab -q` leaves them out; warnings and errors are always shown."""
from __future__ import annotations

import sys

_quiet = False


def set_quiet(quiet: bool) -> None:
    global _quiet
    _quiet = quiet


def quiet() -> bool:
    return _quiet


def note(message: str) -> None:
    if not _quiet:
        print(message, file=sys.stderr)
