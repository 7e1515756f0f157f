"""The base of every game's rules events: frozen, drawn without the state, written as JSON alike.

A game's event is a frozen dataclass subclass with a `kind` and a `describe()` sentence;
`to_json()` gives {"kind": ..., field: value, ...} with tuples as lists (a value that has a
`to_json` of its own written by it), and a field named
`origin` written "from" (a Python keyword, and the word scenario files use).
`EventRegistry` holds a game's kinds and reads its events back.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, Iterable, Mapping

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


def _tuples(value: Any) -> Any:
    """JSON back to an event's values: lists as tuples, all the way down."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


class EventRegistry:
    """A game's event kinds, each a kind's one class: so a game's events read back from the JSON
    `to_json` wrote (a log, a saved playtest). `read(cls, field, value)` turns one JSON value
    into the field's (default: lists as tuples); a game whose events hold pieces of its own
    gives a reader that builds them."""

    def __init__(self, classes: Iterable[type[Event]] = (),
                 read: Callable[[type[Event], str, Any], Any] | None = None) -> None:
        self._classes: dict[str, type[Event]] = {}
        self._read = read or (lambda cls, name, value: _tuples(value))
        for cls in classes:
            self.register(cls)

    def register(self, cls: type[Event]) -> type[Event]:
        """Add an event class (usable as a class decorator). A kind is refused twice or empty."""
        if not cls.kind:
            raise ValueError(f"{cls.__name__} has no kind.")
        if cls.kind in self._classes and self._classes[cls.kind] is not cls:
            raise ValueError(f"event kind {cls.kind!r} is already {self._classes[cls.kind].__name__}'s.")
        self._classes[cls.kind] = cls
        return cls

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every kind, in the order registered."""
        return tuple(self._classes)

    def __getitem__(self, kind: str) -> type[Event]:
        return self._classes[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self._classes

    def from_json(self, document: Mapping[str, Any]) -> Event:
        """The event `to_json()` wrote. An unknown kind or a missing field raises KeyError."""
        cls = self._classes[document["kind"]]
        return cls(**{f.name: self._read(cls, f.name, document[JSON_NAMES.get(f.name, f.name)]) for f in fields(cls)})
