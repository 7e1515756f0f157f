"""A random board set up by the rules: tiles "in random locations and orientations".

Core tiles are shuffled into the core slots, arm tiles into the arm slots and the centre
tile into the centre, each with a random side and a rotation its slot allows; the
direction markers are dealt to the four sides. The same seed gives the same board.
"""
from __future__ import annotations

import random

from ..grid.model import Placement, TileSet
from .layout import Layout
from .templates import Template, template_for_players
from .terms import MARKERS


def random_layout(tileset: TileSet, template: Template, seed: int, name: str | None = None,
                  tileset_ref: str | None = None) -> Layout:
    rng = random.Random(seed)
    placements = []
    for roles in _slot_groups(template):
        slots = [s for s in template.slots if s.roles == roles]
        tiles = [t for t in tileset.tiles if t.kind in roles]
        if len(tiles) < len(slots):
            raise ValueError(f"tile set {tileset.id!r} has {len(tiles)} tile(s) for "
                             f"{len(slots)} {roles[0]} slot(s)")
        chosen = rng.sample(tiles, len(slots))
        for slot, tile in zip(slots, chosen):
            placements.append(Placement(tile.id, rng.choice(("A", "B")), slot.x, slot.y,
                                        rng.choice(slot.rotations)))
    markers = list(MARKERS)
    rng.shuffle(markers)
    directions = dict(zip(("north", "east", "south", "west"), markers))
    placements.sort(key=lambda p: (p.y, p.x))
    return Layout(name or f"Random {template.id} board (seed {seed})", tileset, tuple(placements),
                  template.id, directions, tileset_ref=tileset_ref)


def random_layout_for_players(tileset: TileSet, players: int, seed: int,
                              tileset_ref: str | None = None) -> Layout:
    return random_layout(tileset, template_for_players(players), seed, tileset_ref=tileset_ref)


def _slot_groups(template: Template) -> list[tuple[str, ...]]:
    groups: list[tuple[str, ...]] = []
    for slot in template.slots:
        if slot.roles not in groups:
            groups.append(slot.roles)
    return groups
