"""Template "standard": the published board's shape, with garages and junkyards of our own design.

The facts (docs/crash.md): a hexagon of side 4, 37 hexes in rows of 4, 5, 6, 7, 6, 5, 4 (every
[q, r] at cube distance <= 3 from [0, 0]); each player's six garage slots along one of two
opposite sides; both junkyards in the middle row (r = 0), each player owning the one nearer the
opponent. The exact hexes are not known; ours:

- p1's starts run along the north-east side (q = 3) and one hex round each of its corners,
  clockwise, cars 1 to 6: [2,-3] [3,-3] [3,-2] [3,-1] [3,0] [2,1].
- p2's are the same hexes turned half a turn ([q, r] -> [-q, -r]), cars 1 to 6 again.
- p1's junkyard is [-1,0] (the middle row, on p2's side of the centre), p2's is [1,0].

A half turn maps p1's starts and junkyard onto p2's, car for car, so the board is fair by
construction; every car faces the other side by the default rule (facing.py), written out.
"""
from __future__ import annotations

from ..grid.hex import distance, rotate_cell
from .facing import default_facing
from .model import CrashLayout, Junkyard, Start

TEMPLATES: tuple[str, ...] = ("standard",)
RADIUS = 3
P1_STARTS = ((2, -3), (3, -3), (3, -2), (3, -1), (3, 0), (2, 1))
P1_JUNKYARD = (-1, 0)


def hexagon(radius: int) -> frozenset[tuple[int, int]]:
    """Every hex at cube distance <= radius from [0, 0]."""
    return frozenset((q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
                     if distance((q, r), (0, 0)) <= radius)


def template_layout(template: str = "standard", name: str | None = None) -> CrashLayout:
    if template not in TEMPLATES:
        raise ValueError(f"no Crash! template {template!r}; the templates are {', '.join(TEMPLATES)}")
    starts = [Start("p1", car, at) for car, at in enumerate(P1_STARTS, start=1)]
    starts += [Start("p2", car, rotate_cell(at, 180)) for car, at in enumerate(P1_STARTS, start=1)]
    junkyards = (Junkyard("p1", P1_JUNKYARD), Junkyard("p2", rotate_cell(P1_JUNKYARD, 180)))
    layout = CrashLayout(name or "Crash!, standard board", hexagon(RADIUS), tuple(starts), junkyards, template)
    facings = tuple(Start(s.player, s.car, s.at, default_facing(layout, s)) for s in layout.starts)
    return CrashLayout(layout.name, layout.hexes, facings, junkyards, template)
