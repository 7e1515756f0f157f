"""An immutable, hashable mapping for game state (a dict you cannot change)."""
from __future__ import annotations

from typing import Any, Mapping, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(dict[K, V]):
    """A dict that refuses changes; `with_item` / `without` make changed copies.

    Subclassing dict keeps reads at C speed, which matters: every event makes a new state.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any):
        raise TypeError("FrozenMap is immutable; use with_item() or without()")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({dict.__repr__(self)})"

    def __reduce__(self):
        return (FrozenMap, (dict(self),))

    def __copy__(self) -> "FrozenMap":
        return self

    def __deepcopy__(self, memo) -> "FrozenMap":
        return self

    def with_item(self, key: K, value: V) -> "FrozenMap[K, V]":
        copy = dict(self)
        copy[key] = value
        return FrozenMap(copy)

    def without(self, key: K) -> "FrozenMap[K, V]":
        copy = dict(self)
        del copy[key]
        return FrozenMap(copy)


EMPTY: FrozenMap[Any, Any] = FrozenMap()


def freeze(value: Any) -> Any:
    """Deeply turn dicts into FrozenMaps and lists into tuples (for action choices)."""
    if isinstance(value, Mapping):
        return FrozenMap({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def evolve(value: Any, **changes: Any) -> Any:
    """A copy of a frozen dataclass with some fields changed.

    Like dataclasses.replace, but without re-running __init__/__post_init__: every
    event makes a new state, and replace() was most of a turn's time. Only for values
    whose fields are already in their final (frozen) form.
    """
    copy = object.__new__(type(value))
    fields = copy.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    return copy
