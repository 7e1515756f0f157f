"""JSON files: read with clear errors, write atomically, format for readable diffs."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from ..errors import InvalidFileError
from .atomic import write_text_atomic
from .safe_read import read_text, shorten
from .text import refuse_lone_surrogates


def read_json(path: str | Path) -> Any:
    """The parsed JSON of a file, read through the safe reader (safe_read.py): a FIFO, device,
    folder, link loop, oversized or non-UTF-8 file is one UnreadableFileError, never a hang."""
    return parse_json(read_text(path), path)


def with_schema_ref(document: dict[str, Any], schema_ref: str | None) -> dict[str, Any]:
    """The document with its optional "$schema" key first, where a text editor looks for it."""
    return {"$schema": schema_ref, **document} if schema_ref else document


def parse_json(text: str, path: str | Path | None = None) -> Any:
    """Parse JSON text strictly: no nesting deeper than MAX_DEPTH (checked before parsing, so
    no recursion limit is ever reached), no repeated key in an object, no NaN or Infinity, no
    string holding half a surrogate pair (text.py)."""
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark: harmless, skip it
        text = text[1:]
    if nests_too_deep(text):
        raise InvalidFileError(f"lists and objects nest more than {MAX_DEPTH} levels deep here; "
                               f"at most {MAX_DEPTH} are allowed.",
                               file=path, hint="No file of this program nests that deep: is it the right file?")
    repeated: list[tuple[dict, str]] = []
    try:
        document = json.loads(text, object_pairs_hook=lambda pairs: _object(pairs, repeated),
                              parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InvalidFileError(
            f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}.",
            file=path, hint="Fix the JSON syntax there (a missing comma, quote or bracket?).") from None
    except _NotJson as error:
        raise InvalidFileError(f"{error} is not a JSON number.", file=path,
                               hint="Write a number, or null for none.") from None
    except ValueError as error:  # an integer of more than 4300 digits is the one case known
        what = "a number has too many digits to read" if "digits" in str(error) else shorten(str(error))
        raise InvalidFileError(f"{what}.", file=path, hint="Write a number of ordinary size.") from None
    if repeated:
        owner, key = repeated[0]
        raise InvalidFileError(f"the key {shorten(json.dumps(key, ensure_ascii=False))} appears more than "
                               "once in the same object.", file=path, where=json_path_of(document, owner, key),
                               hint="Keep only one (programs disagree on which one counts).")
    refuse_lone_surrogates(document, text, path)
    return document


MAX_DEPTH = 64  # the deepest file this program writes nests about 10 levels
_OPENING_AS_ONE = bytes.maketrans(b"{}", b"[]")
_NOT_STRUCTURE = bytes(set(range(256)) - set(b'"[]{}'))


def nests_too_deep(text: str) -> bool:
    """Whether lists and objects in JSON text nest deeper than MAX_DEPTH, told without parsing,
    with byte operations that run at C speed (a 60 MB file takes about a second)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    # Without escaped backslashes and quotes, every '"' opens or closes a string. Keep only
    # quotes and brackets; two quotes side by side can go (that changes no bracket's inside or
    # outside), which leaves quotes only around the rare strings holding a bracket.
    data = text.encode("utf-8").replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = data.translate(_OPENING_AS_ONE, _NOT_STRUCTURE).replace(b'""', b"")
    brackets = b"".join(marks.split(b'"')[::2]) if b'"' in marks else marks
    depth = 0
    while depth <= MAX_DEPTH:  # each round removes the innermost level of pairs
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            break
        brackets, depth = shorter, depth + 1
    # What is left has no pair: unclosed openings (a cut file) still nest for the parser.
    return depth + brackets.count(b"[") > MAX_DEPTH


class _NotJson(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _NotJson(name)


def _object(pairs: list[tuple[str, Any]], repeated: list[tuple[dict, str]]) -> dict[str, Any]:
    document = dict(pairs)
    if len(document) != len(pairs) and not repeated:
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                repeated.append((document, key))
                break
            seen.add(key)
    return document


def json_path_of(document: Any, target: dict, key: str) -> str:
    """The JSON path of `target[key]` inside `document` (found by identity), like $.tiles[2].id."""
    stack: list[tuple[Any, str]] = [(document, "$")]
    while stack:
        value, where = stack.pop()
        if value is target:
            return _member(where, key)
        if isinstance(value, dict):
            stack.extend((v, _member(where, k)) for k, v in value.items() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(value) if isinstance(v, (dict, list)))
    return _member("$", key)


def _member(where: str, key: str) -> str:
    return f"{where}.{key}" if key.isidentifier() else f"{where}[{shorten(json.dumps(key, ensure_ascii=False))}]"


# one_line(value, flat_text): whether a non-empty list or object is written on one line.
OneLine = Callable[[Any, str], bool]
# rows(key, parent): for the list parent[key], how many items to write per line (None: as usual).
Rows = Callable[[str, dict], int | None]


def dumps(document: Any, *, one_line: OneLine | None = None, rows: Rows | None = None) -> str:
    """Indented JSON where small objects (features, placements, cells) stay on one line.

    `one_line` replaces the rule for what stays on one line (by default: at most 88
    characters, nesting no deeper than a list of scalars); `rows` writes chosen lists of
    scalars as rows of items, one row per line (a Tiled tile layer's data, one board row
    per line)."""
    return _dump(document, 0, one_line or _fits_on_a_line, rows) + "\n"


def _dump(value: Any, level: int, one_line: OneLine, rows: Rows | None, row_width: int | None = None) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or not value:
        return flat
    pad, inner = "  " * level, "  " * (level + 1)
    if row_width and isinstance(value, list):
        lines = [", ".join(json.dumps(v, ensure_ascii=False) for v in value[i:i + row_width])
                 for i in range(0, len(value), row_width)]
        return "[\n" + ",\n".join(inner + line for line in lines) + f"\n{pad}]"
    if one_line(value, flat):
        return flat
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: "
                 f"{_dump(v, level + 1, one_line, rows, rows(k, value) if rows else None)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    return "[\n" + ",\n".join(inner + _dump(v, level + 1, one_line, rows) for v in value) + f"\n{pad}]"


def _fits_on_a_line(value: Any, flat: str) -> bool:
    return len(flat) <= 88 and _is_shallow(value)


def _is_shallow(value: Any) -> bool:
    children = value.values() if isinstance(value, dict) else value
    return all(not isinstance(c, (dict, list)) or (isinstance(c, list) and all(
        not isinstance(g, (dict, list)) for g in c)) for c in children)


def write_json_atomic(path: str | Path, document: Any) -> None:
    write_text_atomic(path, dumps(document))
