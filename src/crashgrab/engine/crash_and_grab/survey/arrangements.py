"""Every arrangement of a template, numbered in a stable order, and seeded samples of setups.

An arrangement gives each slot a tile (tiles of a slot group are permuted among its slots),
a side and a rotation its slot allows. Arrangements are numbered in mixed radix, most
significant digit first:

1. for each slot group (slots taking the same roles, in template order), which ordered
   choice of tiles fills its slots: k-permutations of the group's tiles in tile-set order,
   numbered lexicographically;
2. for each slot in template order, the side: A = 0, B = 1;
3. for each slot in template order, the rotation: its index among the slot's rotations.

So for the 2-4 template index 0 is tiles 1, 2, 3, 4 in the north-west, north-east,
south-west, south-east slots, all side A at rotation 0, and the last index (98,303) is
tiles 4, 3, 2, 1, all side B at rotation 270. The order depends only on the template and
the tile set, so an index names the same board in every run and every worker.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from math import perm, prod
from typing import Iterator

from ...grid.model import SIDES, Placement, Tile, TileSet
from ..layout import Layout
from ..setup import random_layout
from ..templates import Template
from ..terms import DEFAULT_DIRECTIONS

# One slot's choice: (tile id, side, rotation).
SlotChoice = tuple[str, str, int]


@dataclass(frozen=True)
class Arrangements:
    """The numbered arrangements of one template with one tile set."""

    template: Template
    tileset: TileSet
    groups: tuple[tuple[int, ...], ...]          # slot indices per slot group
    group_orders: tuple[tuple[tuple[str, ...], ...], ...]  # tile orders per group, lexicographic

    @property
    def count(self) -> int:
        sides = len(SIDES) ** len(self.template.slots)
        rotations = prod(len(slot.rotations) for slot in self.template.slots)
        return prod(len(orders) for orders in self.group_orders) * sides * rotations

    def choices(self, index: int) -> tuple[SlotChoice, ...]:
        """The (tile, side, rotation) of every slot, in template slot order, for one index."""
        if not 0 <= index < self.count:
            raise IndexError(f"arrangement {index} is outside 0-{self.count - 1}")
        slots = self.template.slots
        rotations = []
        for slot in reversed(slots):
            index, digit = divmod(index, len(slot.rotations))
            rotations.append(slot.rotations[digit])
        rotations.reverse()
        sides = []
        for _ in slots:
            index, digit = divmod(index, len(SIDES))
            sides.append(SIDES[digit])
        sides.reverse()
        tiles: list[str] = [""] * len(slots)
        for group, orders in zip(reversed(self.groups), reversed(self.group_orders)):
            index, digit = divmod(index, len(orders))
            for slot_index, tile_id in zip(group, orders[digit]):
                tiles[slot_index] = tile_id
        return tuple(zip(tiles, sides, rotations))

    def index(self, choices: tuple[SlotChoice, ...]) -> int:
        """The number of the arrangement with these slot choices (the inverse of `choices`)."""
        index = 0
        for group, orders in zip(self.groups, self.group_orders):
            index = index * len(orders) + orders.index(tuple(choices[s][0] for s in group))
        for _, side, _ in choices:
            index = index * len(SIDES) + SIDES.index(side)
        for slot, (_, _, rotation) in zip(self.template.slots, choices):
            index = index * len(slot.rotations) + slot.rotations.index(rotation)
        return index

    def placements(self, index: int) -> tuple[Placement, ...]:
        return tuple(Placement(tile, side, slot.x, slot.y, rotation)
                     for slot, (tile, side, rotation) in zip(self.template.slots, self.choices(index)))

    def layout(self, index: int, tileset_ref: str | None = "standard") -> Layout:
        """Arrangement `index` as a layout with the default direction markers."""
        return Layout(f"{self.template.id} arrangement {index}", self.tileset, self.placements(index),
                      self.template.id, dict(DEFAULT_DIRECTIONS), tileset_ref=tileset_ref)

    def __iter__(self) -> Iterator[tuple[SlotChoice, ...]]:
        for index in range(self.count):
            yield self.choices(index)


def slot_placements(template: Template, tileset: TileSet) -> Iterator[tuple[int, Tile, Placement]]:
    """(slot index, tile, placement) for everything a slot can show: each tile of its roles,
    each side, each rotation the slot allows."""
    for index, slot in enumerate(template.slots):
        for tile in tileset.tiles:
            if tile.kind in slot.roles:
                for side in SIDES:
                    for rotation in slot.rotations:
                        yield index, tile, Placement(tile.id, side, slot.x, slot.y, rotation)


def arrangements(template: Template, tileset: TileSet) -> Arrangements:
    return _arrangements(template, tileset)


@lru_cache(maxsize=16)
def _arrangements(template: Template, tileset: TileSet) -> Arrangements:
    groups: list[tuple[int, ...]] = []
    group_roles: list[tuple[str, ...]] = []
    for index, slot in enumerate(template.slots):
        if slot.roles in group_roles:
            position = group_roles.index(slot.roles)
            groups[position] = groups[position] + (index,)
        else:
            group_roles.append(slot.roles)
            groups.append((index,))
    orders = []
    for roles, group in zip(group_roles, groups):
        tiles = tuple(t.id for t in tileset.tiles if t.kind in roles)
        if len(tiles) < len(group):
            raise ValueError(f"tile set {tileset.id!r} has {len(tiles)} tile(s) for {len(group)} "
                             f"slot(s) taking {', '.join(roles)}")
        order = tuple(permutations(tiles, len(group)))
        assert len(order) == perm(len(tiles), len(group))
        orders.append(order)
    return Arrangements(template, tileset, tuple(groups), tuple(orders))


def arrangement_count(template: Template, tileset: TileSet) -> int:
    """How many arrangements a template has, without listing them (5 and 6 have billions)."""
    groups: dict[tuple[str, ...], int] = {}
    for slot in template.slots:
        groups[slot.roles] = groups.get(slot.roles, 0) + 1
    tile_orders = prod(perm(sum(1 for t in tileset.tiles if t.kind in roles), n) for roles, n in groups.items())
    return tile_orders * len(SIDES) ** len(template.slots) * prod(len(s.rotations) for s in template.slots)


def sample_seed(seed: int, index: int) -> int:
    """The setup seed of sample `index` in a survey seeded with `seed`.

    Derived by hashing, so sample i is the same board whatever the worker count or the
    sample size, and neighbouring samples are unrelated.
    """
    digest = hashlib.sha256(f"crashgrab-survey:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def sample_layout(tileset: TileSet, template: Template, seed: int, index: int,
                  tileset_ref: str | None = "standard") -> Layout:
    """Sample `index` of a survey: a setup by the rules (engine.crash_and_grab.setup) from its derived seed."""
    derived = sample_seed(seed, index)
    return random_layout(tileset, template, derived, name=f"{template.id} sample {index} (seed {seed})",
                         tileset_ref=tileset_ref)
