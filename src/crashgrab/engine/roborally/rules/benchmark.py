"""How long the route checks take: `python -m crashgrab.engine.roborally.rules.benchmark`.

A 48x12 course (four 12x12 boards side by side) with a seeded scatter of 120 elements, 60
walls and 12 lasers, 6 checkpoints and 8 starts; prints the median time of `route_checks`
(target: 1 s) and the registers per start. Not a test: no assertion.
"""
from __future__ import annotations

import random
import statistics
import sys
from typing import Any

from ...timing import measure
from .routes import route_checks

SIDES = ("north", "east", "south", "west")
ELEMENTS: tuple[dict[str, Any], ...] = (
    {"type": "pit"}, {"type": "oil"}, {"type": "gear", "turn": "left"},
    {"type": "conveyor", "facing": "east", "express": True}, {"type": "conveyor", "facing": "south", "express": False},
    {"type": "repair", "wrenches": 1}, {"type": "flamethrower", "facing": "north", "steps": [1, 3]})
CHECKPOINTS = ((10, 3), (20, 8), (30, 2), (40, 9), (45, 5), (25, 6))


def four_board_course(seed: int = 4) -> dict[str, Any]:
    rng = random.Random(seed)
    elements = {(rng.randrange(48), rng.randrange(12)): rng.choice(ELEMENTS) for _ in range(120)}
    starts = [{"number": n + 1, "at": [0, n + 2], "facing": "east"} for n in range(8)]
    for cell in [*CHECKPOINTS, *((0, n + 2) for n in range(8))]:
        elements.pop(cell, None)
    edges: list[dict[str, Any]] = [{"at": [rng.randrange(48), rng.randrange(12)], "side": rng.choice(SIDES),
                                    "type": "wall"} for _ in range(60)]
    edges += [{"at": [rng.randrange(48), rng.randrange(12)], "side": rng.choice(SIDES), "type": "laser", "beams": 1}
              for _ in range(12)]
    cells = [{"at": [x, y], "board": "abcd"[x // 12], **elements.get((x, y), {"type": "floor"})}
             for y in range(12) for x in range(48)]
    return {"game": "roborally", "name": "four boards", "width": 48, "height": 12, "cells": cells, "edges": edges,
            "checkpoints": [list(c) for c in CHECKPOINTS], "starts": starts, "players": 8}


def main(argv: list[str]) -> int:
    course = four_board_course()
    findings, metrics = route_checks(course)
    times = measure(lambda: route_checks(course), repeat=3)  # each call builds its floor afresh: no memo kept
    print(f"route checks, 48x12 course, 6 checkpoints, 8 starts: median {statistics.median(times.wall):.2f} s wall, "
          f"{statistics.median(times.cpu):.2f} s CPU (target 1 s)")
    print(f"  route_registers {metrics['route_registers']}; findings {[f.code for f in findings]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
