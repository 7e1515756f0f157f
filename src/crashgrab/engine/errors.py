"""Typed errors carrying what a person needs: the file, where in it, what is wrong, how to fix it."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

# Text from files and from the operating system, made safe to print on a terminal. A file name
# the operating system gave as bytes that are not UTF-8 arrives as a string with surrogate escapes
# ("caf\udcff.json"), which a strict UTF-8 terminal cannot print; a layout's name may hold terminal
# escapes (clear the screen, set the window title). `printable` escapes both, and every other
# control character, so a message or a text report shows what the text is instead of doing what it says.
# Control characters (C0, DEL, C1), surrogates, and the bidirectional overrides that reorder
# what a terminal shows. Tab (\x09) and newline (\x0a) are kept where text may span lines.
_ALWAYS = "\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069"
_IN_LINE = re.compile(f"[\x00-\x0a{_ALWAYS}]")
_IN_LINES = re.compile(f"[\x00-\x08{_ALWAYS}]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, kept by Python as a surrogate escape
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def printable(text: str, *, lines: bool = False) -> str:
    """`text` safe to print: a control character as \\x1b, a byte that was not UTF-8 (in a file
    name) as \\xff, another surrogate or a direction override as \\u202e. With `lines`, newlines
    and tabs stay (a multi-line report); without, they are escaped too (a name, a file name)."""
    return (_IN_LINES if lines else _IN_LINE).sub(_escape, text)


def shown_path(path: str | Path | None) -> str:
    """A file name as it can be printed anywhere (see `printable`); "" for None."""
    return "" if path is None else printable(str(path))


# No word of a sentence is this long, nor a quoted name: it is a value from the file.
_LONG_VALUE = re.compile(r"(?<!\S)\S{300,}" r"|'(?:[^'\\]|\\.){300,}'" r'|"(?:[^"\\]|\\.){300,}"')
VALUE_CHARS = 80  # what is left of a long value
MESSAGE_CHARS = 1000  # a message longer than this, long values cut, still holds one: cut it too


def _shortened(match: re.Match) -> str:
    return f"{match.group()[:VALUE_CHARS]}\u2026 ({len(match.group()):,} characters)"


def shorten_long_words(text: str) -> str:
    """`text` readable as a message: any value too long to read (a 200,000-character id, a
    3 MB quoted value with spaces) cut short, and the whole cut to MESSAGE_CHARS at most, so
    no message echoes megabytes of a file whatever the code that wrote it."""
    text = _LONG_VALUE.sub(_shortened, text)  # (linear: a quoted value ends at the next quote)
    if len(text) > MESSAGE_CHARS:
        text = f"{text[:MESSAGE_CHARS - 30]}\u2026 ({len(text):,} characters)"
    return text


class CrashGrabError(Exception):
    """Base of every error the engine raises on purpose. `str()` is the one-line message.

    Every such error means the command cannot do its job, so every command exits 2 for it;
    exit 1 is kept for a run that worked and found something (findings, a failed expectation)."""

    exit_code = 2

    def __init__(self, message: str, *, file: str | Path | None = None,
                 where: str | None = None, hint: str | None = None) -> None:
        self.message = message
        self.file = str(file) if file is not None else None
        self.where = where  # a JSON path such as $.placements[2].rotation, or a cell
        self.hint = hint
        super().__init__(str(self))

    @property
    def shown_message(self) -> str:
        """The message with any value too long to read shortened (a 20 MB id is not echoed whole)."""
        return shorten_long_words(self.message)

    def details(self) -> dict[str, Any]:
        """More about the error for JSON reports (e.g. the choice a scenario left open)."""
        return {}

    def __str__(self) -> str:
        # The file name may hold bytes that were not UTF-8; the message, control characters from the file.
        prefix = ": ".join(printable(p) for p in (self.file, self.where) if p)
        message = printable(self.shown_message)
        text = f"{prefix}: {message}" if prefix else message
        return f"{text} {self.hint}" if self.hint else text


class UnreadableFileError(CrashGrabError):
    """The file could not be read at all (missing, a folder, no permission, not text)."""

    exit_code = 2


class WriteError(CrashGrabError):
    """The file could not be written (no such folder, no permission, disk full)."""

    exit_code = 2


class InvalidFileError(CrashGrabError):
    """The file was read but is wrong: malformed JSON, a schema violation or a bad board."""

    exit_code = 2


class UsageError(CrashGrabError):
    exit_code = 2


class EditRefused(CrashGrabError):
    """An edit of a board that the game's rules for its files refuse (and that changes nothing):
    a start on a wall, a hex listed twice. Each game's editing module raises its own subclass."""
