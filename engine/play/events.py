"""The base of every game's rules events: frozen, drawn without the state, written as JSON alike.

A game's event is a frozen dataclass subclass with a `kind` and a `describe()` sentence;
`to_json()` gives {"kind": ..., field: value, ...} with tuples as lists (a value that has a
`to_json` of its own written by it), and a field named
`origin` written "from" (a Python keyword, and the word scenario files use).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

# Attribute name -> JSON key where Python cannot use the JSON name.
JSON_NAMES = {"origin": "from"}


def _json(value: Any) -> Any:
    """A field's value in JSON: tuples as lists, a value with its own `to_json` (a game's piece) by it."""
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    to_json = getattr(value, "to_json", None)
    return to_json() if callable(to_json) else value


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            document[JSON_NAMES.get(f.name, f.name)] = _json(getattr(self, f.name))
        return document

    def describe(self) -> str:  # pragma: no cover - every kind overrides it
        raise NotImplementedError
