"""JSON files: read with clear errors, write atomically, format for readable diffs."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from ..errors import InvalidFileError, UnreadableFileError
from .atomic import write_text_atomic


def read_json(path: str | Path) -> Any:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnreadableFileError("no such file.", file=path, hint="Check the path.") from None
    except IsADirectoryError:
        raise UnreadableFileError("this is a folder, not a file.", file=path) from None
    except PermissionError:
        raise UnreadableFileError("permission denied.", file=path) from None
    except UnicodeDecodeError:
        raise UnreadableFileError("not a UTF-8 text file.", file=path,
                                  hint="Layouts, tile sets and scenarios are JSON text.") from None
    except OSError as error:
        raise UnreadableFileError(f"cannot be read ({error.strerror}).", file=path) from None
    return parse_json(text, path)


def with_schema_ref(document: dict[str, Any], schema_ref: str | None) -> dict[str, Any]:
    """The document with its optional "$schema" key first, where a text editor looks for it."""
    return {"$schema": schema_ref, **document} if schema_ref else document


def parse_json(text: str, path: str | Path | None = None) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidFileError(
            f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}.",
            file=path, hint="Fix the JSON syntax there (a missing comma, quote or bracket?).") from None


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
