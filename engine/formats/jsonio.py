"""JSON files: read with clear errors, write atomically, format for readable diffs."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def parse_json(text: str, path: str | Path | None = None) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidFileError(
            f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}.",
            file=path, hint="Fix the JSON syntax there (a missing comma, quote or bracket?).") from None


def dumps(document: Any) -> str:
    """Indented JSON where small objects (features, placements, cells) stay on one line."""
    return _dump(document, 0) + "\n"


def _dump(value: Any, level: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or (len(flat) <= 88 and _is_shallow(value)):
        return flat
    pad, inner = "  " * level, "  " * (level + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if not value:
        return "[]"
    return "[\n" + ",\n".join(inner + _dump(v, level + 1) for v in value) + f"\n{pad}]"


def _is_shallow(value: Any) -> bool:
    children = value.values() if isinstance(value, dict) else value
    return all(not isinstance(c, (dict, list)) or (isinstance(c, list) and all(
        not isinstance(g, (dict, list)) for g in c)) for c in children)


def write_json_atomic(path: str | Path, document: Any) -> None:
    write_text_atomic(path, dumps(document))
