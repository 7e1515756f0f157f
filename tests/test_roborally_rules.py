"""RoboRally rules: the floor from a resolved course, and the rules' pieces worked out by hand.

`course()` writes a resolved-course dict by hand (the contract's shape; docs/roborally-rules.md)
for a rectangle of floor: every cell listed unless it is `off` the course."""
from __future__ import annotations

from typing import Any, Iterable, Mapping


def course(width: int, height: int, *, cells: Mapping[tuple[int, int], Mapping[str, Any]] | None = None,
           edges: Iterable[Mapping[str, Any]] = (), off: Iterable[tuple[int, int]] = (),
           checkpoints: Iterable[tuple[int, int]] = (), starts: Iterable[Mapping[str, Any]] = (),
           board: str = "test", name: str = "test course") -> dict[str, Any]:
    cells = dict(cells or {})
    off = set(off)
    listed = []
    for y in range(height):
        for x in range(width):
            if (x, y) in off:
                continue
            listed.append({"at": [x, y], "board": board, **({"type": "floor"} | dict(cells.get((x, y), {})))})
    return {"game": "roborally", "name": name, "width": width, "height": height, "cells": listed,
            "edges": [dict(e) for e in edges], "checkpoints": [list(c) for c in checkpoints],
            "starts": [dict(s) for s in starts], "players": max(1, len(list(starts)))}
