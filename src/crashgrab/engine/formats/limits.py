"""Limits on what a layout or scenario may hold, checked before its schema, its reader or its
game's rules see it: a 60 MB file of half a million moves is refused in a moment instead of
being checked for minutes and played to its first bad move.

Two kinds, both cheap (len() of lists, a count that stops at the limit):

- each game's own (`GameSystem.limits`, `system.Limit`): the steps of a scenario, the size
  of a board, each with the environment variable that changes it;
- for every file of every game: at most DEFAULT_MAX_VALUES values (items of lists and fields of
  objects, counted together), CRASHGRAB_MAX_VALUES to change it. The schema check takes some
  microseconds a value, so this bounds it to about a second whatever lists a game forgot.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable

from ..errors import InvalidFileError, UsageError
from ..system import Limit
from .kinds import KINDS
from .safe_read import shorten

MAX_VALUES_ENV = "CRASHGRAB_MAX_VALUES"
DEFAULT_MAX_VALUES = 200_000  # the longest scenario the games allow holds about 60,000


def allowed(default: int, env: str | None) -> int:
    """The limit: the environment variable `env` when set (a positive whole number), else `default`."""
    text = os.environ.get(env, "").strip() if env else ""
    if not text:
        return default
    if text.isdigit() and int(text) > 0:
        return int(text)
    raise UsageError(f"{env}={shorten(text)} is not a positive whole number.",
                     hint=f"Set it to a number, or unset it for {default:,}.")


def check_limits(limits: Iterable[Limit], fmt: str, document: Any, file: str | Path | None = None) -> None:
    """InvalidFileError (with the JSON path) for the first limit of kind `fmt` that `document`
    goes over, or when it holds more values than any file may."""
    what = KINDS[fmt][0] if fmt in KINDS else "a file"
    for limit in limits:
        if limit.format != fmt:
            continue
        value = _at(document, limit.path)
        count = len(value) if isinstance(value, list) else value if _is_count(value) else None
        if count is None:
            continue  # not there, or not a list or number: the schema says what is wrong
        most = allowed(limit.default, limit.env)
        if count > most:
            advice = f"{limit.advice}, or raise" if limit.advice else "Raise"
            raise InvalidFileError(
                f"{count:,} {limit.noun}; {what} may have at most {most:,}.", file=file,
                where="$." + ".".join(limit.path),
                hint=f"{advice} the limit with the environment variable {limit.env}." if limit.env else
                     (f"{limit.advice}." if limit.advice else None))
    most = allowed(DEFAULT_MAX_VALUES, MAX_VALUES_ENV)
    if holds_more_values(document, most):
        raise InvalidFileError(f"the file holds more than {most:,} values (list items and fields); no "
                               f"{what.split(' ', 1)[-1]} needs that many.", file=file, where="$",
                               hint=f"Is it the right file? To read it anyway, raise the limit with the "
                                    f"environment variable {MAX_VALUES_ENV}.")


def holds_more_values(document: Any, most: int) -> bool:
    """Whether the lists and objects of `document` hold more than `most` items and fields in all;
    the count stops as soon as it passes `most`, so a huge document costs no more than a small one."""
    count, stack = 0, [document]
    while stack:
        value = stack.pop()
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if children is None:
            continue
        count += len(children)
        if count > most:
            return True
        stack.extend(c for c in children if isinstance(c, (dict, list)))
    return False


def _at(document: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(document, dict) or key not in document:
            return None
        document = document[key]
    return document


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
