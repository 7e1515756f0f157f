"""The JSON Schemas in `schemas/`: loading them and turning violations into clear messages.

A valid document is told valid by schema_check.fits, without importing jsonschema (a third of a
short command's start-up); jsonschema judges whatever `fits` does not pass, and words the message.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InvalidFileError
from ..resources import schema_file, schema_files
from .safe_read import shorten
from .schema_check import Unsupported, fits

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry


@lru_cache(maxsize=None)
def _registry() -> Registry:
    from referencing import Registry, Resource

    resources = []
    for resource in schema_files():  # known by file name, as their relative "$ref"s name them
        schema = json.loads(resource.read_text(encoding="utf-8"))
        resources.append((resource.name, Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def schema(name: str) -> dict[str, Any]:
    """The schema `schemas/<name>.schema.json`, e.g. schema("layout-envelope")."""
    return json.loads(schema_file(name).read_text(encoding="utf-8"))


def _is_whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _decimal_for_whole(value: Any, allowed: list[Any]) -> bool:
    """A decimal such as 90.0 where the schema lists only whole numbers (90)."""
    return isinstance(value, float) and not any(isinstance(a, float) for a in allowed)


@lru_cache(maxsize=None)
def strict_validator_class() -> Any:
    """JSON Schema counts 90.0 as an integer and as equal to 90; our formats do not, so no file
    says "rotation": 90.0 and no export writes it back that way. This holds for every schema."""
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import ValidationError

    def strict_const(validator, const, instance, schema):
        if _decimal_for_whole(instance, [const]) and _is_whole_number(const):
            yield ValidationError(f"{instance!r} is not {const!r}")
        else:
            yield from Draft202012Validator.VALIDATORS["const"](validator, const, instance, schema)

    def strict_enum(validator, enums, instance, schema):
        if _decimal_for_whole(instance, enums) and any(_is_whole_number(e) for e in enums):
            yield ValidationError(f"{instance!r} is not one of {enums!r}")
        else:
            yield from Draft202012Validator.VALIDATORS["enum"](validator, enums, instance, schema)

    return validators.extend(
        Draft202012Validator, validators={"const": strict_const, "enum": strict_enum},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _, value: _is_whole_number(value)))


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    return strict_validator_class()(schema(name), registry=_registry())


def validate(document: Any, name: str | dict[str, Any], file: str | Path | None = None) -> None:
    """Raise InvalidFileError naming the JSON path of the most relevant violation.

    `name` is a schema in `schemas/`, or a schema itself (a game from another package brings its own).
    """
    if isinstance(name, str):
        try:
            if fits(document, name):
                return
        except Unsupported:  # jsonschema decides
            pass
        checker = validator(name)
    else:
        from jsonschema import Draft202012Validator

        checker = Draft202012Validator(name, registry=_registry())
    from jsonschema.exceptions import best_match

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
    if isinstance(value, float) and value.is_integer() and kind in ("type", "const", "enum"):
        return f"{value!r} is written as a decimal; a whole number is needed here.", f"Write {int(value)}."
    if kind == "required":
        missing = [p for p in expected if isinstance(value, dict) and p not in value]
        return f"missing field {missing[0]!r}." if missing else error.message, "Add it."
    if kind in ("additionalProperties", "unevaluatedProperties"):
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed)) if isinstance(value, dict) else []
        name = extra[0] if extra else "?"
        return f"unknown field {shorten(repr(name))}.", f"Remove it; the fields allowed here are {', '.join(allowed)}."
    if kind == "enum" and error.json_path.endswith(".version"):
        return (f"version {_shown(value)} is not supported.",
                f"This program reads versions {', '.join(json.dumps(o) for o in expected)}; update it or re-save the file.")
    if kind == "enum":
        options = ", ".join(json.dumps(o) for o in expected)
        return f"{_shown(value)} is not allowed here.", f"Use one of {shorten(options, 400)}."
    if kind == "const":
        if error.json_path.endswith(".version"):
            return (f"version {_shown(value)} is not supported.",
                    f"This program reads version {expected}; update it or re-save the file.")
        return f"{_shown(value)} is not {json.dumps(expected)}.", f"Is this a {expected} file?"
    if kind == "type":
        return f"expected {expected}, found {_json_type(value)}.", None
    if kind == "not" and "description" in error.schema:
        return f"{_shown(value)} is not allowed here: {error.schema['description']}", "Remove it."
    if kind == "oneOf":
        return f"{_json_type(value)} that matches none of the allowed forms.", None
    if kind in ("minItems", "maxItems") and isinstance(value, list):
        count = f"{len(value)} item{'' if len(value) == 1 else 's'}"
        if kind == "minItems":
            return f"{count} here; at least {expected} {'is' if expected == 1 else 'are'} needed.", f"Add {expected - len(value)} more."
        return f"{count} here; at most {expected} are allowed.", f"Remove {len(value) - expected}."
    if kind in ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "pattern"):
        return f"{_shown(value)}: {shorten(error.message.split(' is ', 1)[-1])}.", None
    return shorten(error.message, 200) + ".", None


def _shown(value: Any) -> str:
    """A value as JSON for a message, shortened: a 20 MB string is not echoed whole."""
    return shorten(json.dumps(value, ensure_ascii=False))
