"""The JSON Schemas in `schemas/`: loading them and turning violations into clear messages."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

from ..errors import InvalidFileError
from ..resources import schema_file, schema_files


@lru_cache(maxsize=None)
def _registry() -> Registry:
    resources = []
    for resource in schema_files():  # known by file name, as their relative "$ref"s name them
        schema = json.loads(resource.read_text(encoding="utf-8"))
        resources.append((resource.name, Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def schema(name: str) -> dict[str, Any]:
    """The schema `schemas/<name>.schema.json`, e.g. schema("layout")."""
    return json.loads(schema_file(name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema(name), registry=_registry())


def validate(document: Any, name: str | dict[str, Any], file: str | Path | None = None) -> None:
    """Raise InvalidFileError naming the JSON path of the most relevant violation.

    `name` is a schema in `schemas/`, or a schema itself (a game from another package brings its own).
    """
    checker = validator(name) if isinstance(name, str) else Draft202012Validator(name, registry=_registry())
    error = best_match(checker.iter_errors(document))
    if error is not None:
        message, hint = describe(error)
        raise InvalidFileError(message, file=file, where=error.json_path, hint=hint)


def _json_type(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false",
            int: "a whole number", float: "a number", type(None): "null"}.get(type(value), "a value")


def describe(error: ValidationError) -> tuple[str, str | None]:
    """A sentence in plain words, and how to fix it."""
    kind, value, expected = error.validator, error.instance, error.validator_value
    if kind == "required":
        missing = [p for p in expected if isinstance(value, dict) and p not in value]
        return f"missing field {missing[0]!r}." if missing else error.message, "Add it."
    if kind in ("additionalProperties", "unevaluatedProperties"):
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed)) if isinstance(value, dict) else []
        name = extra[0] if extra else "?"
        return f"unknown field {name!r}.", f"Remove it; the fields allowed here are {', '.join(allowed)}."
    if kind == "enum":
        options = ", ".join(json.dumps(o) for o in expected)
        return f"{json.dumps(value)} is not allowed here.", f"Use one of {options}."
    if kind == "const":
        if error.json_path.endswith(".version"):
            return (f"version {json.dumps(value)} is not supported.",
                    f"This program reads version {expected}; update it or re-save the file.")
        return f"{json.dumps(value)} is not {json.dumps(expected)}.", f"Is this a {expected} file?"
    if kind == "type":
        return f"expected {expected}, found {_json_type(value)}.", None
    if kind == "not" and "description" in error.schema:
        return f"{json.dumps(value)} is not allowed here: {error.schema['description']}", "Remove it."
    if kind == "oneOf":
        return f"{_json_type(value)} that matches none of the allowed forms.", None
    if kind in ("minItems", "maxItems") and isinstance(value, list):
        count = f"{len(value)} item{'' if len(value) == 1 else 's'}"
        if kind == "minItems":
            return f"{count} here; at least {expected} {'is' if expected == 1 else 'are'} needed.", f"Add {expected - len(value)} more."
        return f"{count} here; at most {expected} are allowed.", f"Remove {len(value) - expected}."
    if kind in ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "pattern"):
        return f"{json.dumps(value)}: {error.message.split(' is ', 1)[-1]}.", None
    return error.message + ".", None
