"""Direction names on a Crash & Grab board: a board side or a direction marker."""
from __future__ import annotations

from typing import Mapping

from ...grid.geometry import Direction

_BY_NAME = {d.value: d for d in Direction}


def resolve_direction(name: object, directions: Mapping[str, str]) -> Direction | None:
    """`north`...`west`, or a marker name (Sun, Asteroids, Meteor, Stars) mapped through
    the layout's `directions` (side -> marker). Case does not matter. None if neither."""
    if isinstance(name, Direction):
        return name
    if not isinstance(name, str):
        return None
    key = name.strip().lower()
    if key in _BY_NAME:
        return _BY_NAME[key]
    for side, marker in directions.items():
        if isinstance(marker, str) and marker.lower() == key:
            return _BY_NAME[side]
    return None


def direction_names(directions: Mapping[str, str]) -> list[str]:
    """Every accepted name, for messages."""
    return [d.value for d in Direction] + [directions[d.value] for d in Direction if d.value in directions]


def clockwise_from(direction: Direction) -> list[Direction]:
    """`direction` first, then the others turning clockwise (the auto_choices order)."""
    order = list(Direction)
    start = order.index(direction)
    return order[start:] + order[:start]
