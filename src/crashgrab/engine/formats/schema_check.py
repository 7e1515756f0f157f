"""Does a document fit a schema in `schemas/`? A yes/no answer without importing jsonschema.

jsonschema and referencing take about a third of `crashgrab validate`'s start-up; most files
are valid, and a valid file needs no message. `fits` reads the same schemas, keyword by keyword,
with the rules schemas.py gives jsonschema (whole numbers are ints, never 90.0 nor true), and
answers True only when every keyword holds. schemas.validate asks jsonschema itself whenever
`fits` says no, so every message, and the verdict on every invalid file, is jsonschema's: `fits`
must only never say yes to a document jsonschema refuses. A keyword it does not know raises
Unsupported, and jsonschema decides. tests/test_schema_check.py compares the two.

Each distinct item of an array is checked once (whether a value fits a schema depends on
nothing else): a 10,000-turn scenario repeats a few dozen kinds of turn.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Callable

from ..resources import schema_file

SUFFIX = ".schema.json"
# Keywords that only annotate: nothing to check.
ANNOTATIONS = frozenset({"$schema", "$defs", "$comment", "title", "description", "default", "examples",
                         "deprecated", "readOnly", "writeOnly"})


class Unsupported(Exception):
    """The schema uses something `fits` does not check: ask jsonschema."""


@lru_cache(maxsize=None)
def _document(file: str) -> Any:
    if not file.endswith(SUFFIX):
        raise Unsupported(file)
    try:
        return json.loads(schema_file(file[:-len(SUFFIX)]).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # no such schema: jsonschema's registry says so
        raise Unsupported(file) from None


@lru_cache(maxsize=None)
def _pattern(text: str) -> re.Pattern:
    return re.compile(text)


def _resolve(ref: str, base: str) -> tuple[Any, str]:
    """The schema a "$ref" names, and the file it is in (refs are file names, relative to `base`)."""
    file, _, pointer = ref.partition("#")
    if "/" in file or "%" in ref or "\\" in ref:
        raise Unsupported(ref)
    file = file or base
    target = _document(file)
    if pointer:
        if not pointer.startswith("/"):
            raise Unsupported(ref)
        for part in pointer[1:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(target, dict) and part in target:
                target = target[part]
            elif isinstance(target, list) and part.isdigit() and int(part) < len(target):
                target = target[int(part)]
            else:
                raise Unsupported(ref)
    return target, file


def _whole(value: Any) -> bool:
    return type(value) is int


def _number(value: Any) -> bool:
    return type(value) in (int, float)


TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: type(v) is dict, "array": lambda v: type(v) is list, "string": lambda v: type(v) is str,
    "integer": _whole, "number": _number, "boolean": lambda v: type(v) is bool, "null": lambda v: v is None,
}


def _equal(one: Any, two: Any) -> bool:
    """jsonschema's equality: true/false are not 1/0, lists and objects compared item by item."""
    if type(one) is bool or type(two) is bool:
        return type(one) is type(two) and one == two
    if type(one) is str or type(two) is str:
        return one == two
    if type(one) is list and type(two) is list:
        return len(one) == len(two) and all(_equal(a, b) for a, b in zip(one, two))
    if type(one) is dict and type(two) is dict:
        return one.keys() == two.keys() and all(_equal(one[k], two[k]) for k in one)
    if isinstance(one, (list, dict)) or isinstance(two, (list, dict)):
        return False
    if not (_number(one) or one is None) or not (_number(two) or two is None):
        raise Unsupported(f"comparing {type(one).__name__} with {type(two).__name__}")
    return one == two


def _value_key(value: Any) -> Any:
    """A hashable key equal for two values exactly when they are the same JSON value of the same
    Python types (1, 1.0 and True differ); TypeError for anything else."""
    kind = type(value)
    if kind is dict:
        return dict, tuple(((type(k), k), _value_key(v)) for k, v in value.items())
    if kind is list:
        return list, tuple(_value_key(v) for v in value)
    if kind in (str, int, float, bool, type(None)):
        return kind, value
    raise TypeError(kind)


def fits(document: Any, name: str) -> bool:
    """Whether `document` fits `schemas/<name>.schema.json`; Unsupported when that cannot be told here."""
    try:
        return _fits(document, _document(name + SUFFIX), name + SUFFIX)
    except (RecursionError, TypeError, ValueError) as error:  # too deep, or a value JSON has no word for
        raise Unsupported(type(error).__name__) from None


# Values as the JSON reader makes them; anything else (a subclass of str, a tuple) is jsonschema's to judge.
JSON_KINDS = frozenset({dict, list, str, int, float, bool, type(None)})


def _fits(value: Any, schema: Any, base: str) -> bool:
    if schema is True:
        return True
    if schema is False:
        return False
    if type(schema) is not dict:
        raise Unsupported(repr(schema)[:40])
    kind = type(value)
    if kind not in JSON_KINDS:
        raise Unsupported(kind.__name__)
    for keyword, expected in schema.items():
        if keyword in ANNOTATIONS:
            continue
        if keyword == "type":
            names = [expected] if type(expected) is str else expected
            if any(n not in TYPES for n in names):
                raise Unsupported(f"type {names}")
            if not any(TYPES[n](value) for n in names):
                return False
        elif keyword == "$ref":
            target, file = _resolve(expected, base)
            if not _fits(value, target, file):
                return False
        elif keyword == "properties":
            if kind is dict:
                for key, subschema in expected.items():
                    if key in value and not _fits(value[key], subschema, base):
                        return False
        elif keyword == "required":
            if kind is dict and any(key not in value for key in expected):
                return False
        elif keyword == "additionalProperties":
            if kind is dict:
                named = schema.get("properties", {})
                patterns = [_pattern(p) for p in schema.get("patternProperties", {})]
                for key, item in value.items():
                    if key in named or any(p.search(key) for p in patterns):
                        continue
                    if not _fits(item, expected, base):
                        return False
        elif keyword == "patternProperties":
            if kind is dict:
                for pattern, subschema in expected.items():
                    compiled = _pattern(pattern)
                    for key, item in value.items():
                        if compiled.search(key) and not _fits(item, subschema, base):
                            return False
        elif keyword == "propertyNames":
            if kind is dict and not all(_fits(key, expected, base) for key in value):
                return False
        elif keyword == "minProperties":
            if kind is dict and len(value) < expected:
                return False
        elif keyword == "items":
            if kind is list:
                seen = set()
                for item in value[len(schema.get("prefixItems", ())):]:
                    if expected is False:
                        return False
                    try:
                        key = _value_key(item)
                    except TypeError:
                        key = None
                    if key is not None:
                        if key in seen:
                            continue
                        seen.add(key)
                    if not _fits(item, expected, base):
                        return False
        elif keyword == "prefixItems":
            if kind is list and not all(_fits(item, subschema, base) for item, subschema in zip(value, expected)):
                return False
        elif keyword == "minItems":
            if kind is list and len(value) < expected:
                return False
        elif keyword == "maxItems":
            if kind is list and len(value) > expected:
                return False
        elif keyword == "uniqueItems":
            if expected and kind is list and any(_equal(value[i], value[j]) for i in range(len(value))
                                                 for j in range(i + 1, len(value))):
                return False
        elif keyword in ("minimum", "maximum"):
            if _number(value) and (value < expected if keyword == "minimum" else value > expected):
                return False
        elif keyword in ("minLength", "maxLength"):
            if kind is str and (len(value) < expected if keyword == "minLength" else len(value) > expected):
                return False
        elif keyword == "pattern":
            if kind is str and not _pattern(expected).search(value):
                return False
        elif keyword == "const":
            # As schemas.py's StrictValidator: 90.0 is not 90.
            if kind is float and type(expected) is not float and _whole(expected):
                return False
            if not _equal(value, expected):
                return False
        elif keyword == "enum":
            if kind is float and not any(type(e) is float for e in expected) and any(_whole(e) for e in expected):
                return False
            if not any(_equal(value, e) for e in expected):
                return False
        elif keyword == "allOf":
            if not all(_fits(value, subschema, base) for subschema in expected):
                return False
        elif keyword == "anyOf":
            if not any(_fits(value, subschema, base) for subschema in expected):
                return False
        elif keyword == "oneOf":
            if sum(1 for subschema in expected if _fits(value, subschema, base)) != 1:
                return False
        elif keyword == "not":
            if _fits(value, expected, base):
                return False
        elif keyword == "if":
            branch = "then" if _fits(value, expected, base) else "else"
            if branch in schema and not _fits(value, schema[branch], base):
                return False
        elif keyword in ("then", "else"):
            continue  # with "if"
        else:
            raise Unsupported(keyword)
    return True
