"""Text from files and from the operating system, made safe to print on a terminal.

A file name the operating system gave as bytes that are not UTF-8 arrives as a string with
surrogate escapes ("caf\\udcff.json"), which a strict UTF-8 terminal cannot print; a layout's
name may hold terminal escapes (clear the screen, set the window title). `printable` escapes
both, and every other control character, so a message or a text report shows what the text
is instead of doing what it says. Nothing here imports the rest of the program (errors.py uses it).
"""
from __future__ import annotations

import re
from pathlib import Path

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
