"""What a string read from a file may hold.

JSON may spell a lone UTF-16 surrogate (`"\\ud800"`), which is no character: Python keeps
it in the string, and the first write of it as UTF-8 (a report, an export, a save) fails far
from the file that held it. `refuse_lone_surrogates` refuses such a string on load, naming its
JSON path; `jsonio.parse_json` runs it on every file every game reads. (What is printed is
made safe by errors.printable.)
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..errors import InvalidFileError, printable
from .safe_read import shorten

_SURROGATE = re.compile("[\ud800-\udfff]")
# How JSON text spells a surrogate: only such an escape can put one into a parsed document
# (UTF-8 text itself cannot hold one), so a file without it needs no walk at all.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def refuse_lone_surrogates(document: Any, text: str, file: str | Path | None = None) -> None:
    """InvalidFileError for the first string (value or key) of `document`, parsed from `text`,
    that holds a lone surrogate; a proper pair ("\\ud83d\\ude00") is one character and fine."""
    if not _SURROGATE_ESCAPE.search(text) and not _SURROGATE.search(text):
        return
    found = _first_surrogate(document)
    if found is None:
        return
    where, value = found
    code = _SURROGATE.search(value)
    assert code is not None
    raise InvalidFileError(
        f"the text {printable(shorten(json.dumps(value)))} holds \\u{ord(code.group()):04x}, half of a "
        "UTF-16 surrogate pair without its other half, which is not a character.", file=file, where=where,
        hint="Remove it, or write the character meant (as itself, or as a pair such as \\ud83d\\ude00).")


def _first_surrogate(document: Any) -> tuple[str, str] | None:
    """(JSON path, string) of the first string, in document order, holding a lone surrogate."""
    stack: list[tuple[Any, str]] = [(document, "$")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return where, value
        elif isinstance(value, dict):
            children = []
            for key, child in value.items():
                member = _member(where, key)
                if _SURROGATE.search(key):
                    return member, key
                children.append((child, member))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend(reversed([(child, f"{where}[{i}]") for i, child in enumerate(value)]))
    return None


def _member(where: str, key: str) -> str:
    return f"{where}.{key}" if key.isidentifier() else f"{where}[{printable(shorten(json.dumps(key)))}]"
