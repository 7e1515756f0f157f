"""Distinct boards: every class of arrangements that makes the same board, once, with its size.

Two arrangements are the same board when every slot shows the same features on the same
cells: the 1x1 centre tile of the 5-saucer board looks the same at all four rotations,
and the 4x1 arm tiles share most of their faces, so most of the 5- and 6-saucer
arrangements coincide. A quarter turn of the whole board changes no finding or metric of
the survey either (tests/test_survey_distinct.py proves it on all 98,304 2-4 boards), so
a class is a board together with its quarter turns.

How classes are enumerated. Slots are split into their slot groups (slots taking the same
tiles); the arrangements of a group are listed once and merged by what the group's
slots show, giving each group's *distinct contents* with how many arrangements make each.
A board is one distinct content per group, and the arrangements making it are the
product of those counts. For the quarter turn, the first group (the four core slots)
keeps only contents with its first tile (tile 1) in its first slot (north-west): every
board has exactly one quarter turn where tile 1 lies there, and a turn maps arrangements
one to one onto arrangements, so each such board stands for four boards of the same
number of arrangements. The turn is used only after checking, tile by tile and slot by
slot, that it maps the template onto itself and that tile 1 can be told from the other
tiles by what it shows; otherwise classes are the distinct boards alone.

Classes are numbered in mixed radix over the groups (first group most significant), each
group's contents in order of their lowest arrangement number. A class is named in
reports by the lowest arrangement number among its arrangements.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import prod

from ...grid.geometry import ROTATIONS
from ...grid.model import SIDES, TileSet
from ..templates import Template
from .arrangements import Arrangements, SlotChoice, arrangements, slot_placements

# What a slot shows: its covered cells and its features (cell, type, number, facing), sorted.
Content = tuple


@dataclass(frozen=True)
class GroupContents:
    """The distinct contents of one slot group."""

    slots: tuple[int, ...]                       # template slot indices of the group
    choices: tuple[tuple[SlotChoice, ...], ...]  # per content: the slots' choices of its lowest arrangement
    weights: tuple[int, ...]                     # per content: how many of the group's arrangements show it
    lowest: tuple[int, ...]                      # per content: its share of the lowest arrangement number


@dataclass(frozen=True)
class DistinctBoards:
    """The classes of one template's arrangements: numbered, sized and named."""

    arrangements: Arrangements
    groups: tuple[GroupContents, ...]
    turn_slots: tuple[int, ...] | None           # per slot, the slot a clockwise quarter turn carries it to,
                                                 # when a class is a board with its quarter turns
    distinct: int                                # distinct boards (without the quarter turn)

    @property
    def quarter_turn(self) -> bool:
        return self.turn_slots is not None

    def turned(self, choices: tuple[SlotChoice, ...]) -> tuple[SlotChoice, ...]:
        """The arrangement that shows `choices`' board after a clockwise quarter turn."""
        assert self.turn_slots is not None
        turned: list[SlotChoice | None] = [None] * len(choices)
        for slot, (tile, side, rotation) in enumerate(choices):
            turned[self.turn_slots[slot]] = (tile, side, ROTATIONS[(ROTATIONS.index(rotation) + 1) % 4])
        return tuple(turned)  # type: ignore[arg-type]

    @property
    def count(self) -> int:
        """How many classes there are (what an exhaustive survey checks)."""
        return prod(len(group.weights) for group in self.groups)

    @property
    def per_class(self) -> int:
        return 4 if self.quarter_turn else 1

    def digits(self, index: int) -> tuple[int, ...]:
        if not 0 <= index < self.count:
            raise IndexError(f"distinct board {index} is outside 0-{self.count - 1}")
        digits = []
        for group in reversed(self.groups):
            index, digit = divmod(index, len(group.weights))
            digits.append(digit)
        return tuple(reversed(digits))

    def choices(self, index: int) -> tuple[SlotChoice, ...]:
        """The slots' (tile, side, rotation) of the class's lowest-numbered arrangement."""
        slots: list[SlotChoice | None] = [None] * len(self.arrangements.template.slots)
        for group, digit in zip(self.groups, self.digits(index)):
            for slot, choice in zip(group.slots, group.choices[digit]):
                slots[slot] = choice
        return tuple(slots)  # type: ignore[arg-type]

    def weight(self, index: int) -> int:
        """How many arrangements the class stands for."""
        return self.per_class * prod(group.weights[d] for group, d in zip(self.groups, self.digits(index)))

    def lowest_arrangement(self, index: int) -> int:
        return sum(group.lowest[d] for group, d in zip(self.groups, self.digits(index)))


def distinct_boards(template: Template, tileset: TileSet) -> DistinctBoards:
    return _distinct_boards(template, tileset)


@lru_cache(maxsize=8)
def _distinct_boards(template: Template, tileset: TileSet) -> DistinctBoards:
    numbered = arrangements(template, tileset)
    contents = _slot_contents(template, tileset)
    places = _place_values(numbered)
    turn = _quarter_turn(template, numbered, contents)
    groups = []
    for position, (slots, orders) in enumerate(zip(numbered.groups, numbered.group_orders)):
        keep_first_tile = turn is not None and position == 0
        groups.append(_group_contents(numbered, slots, orders, contents, places, keep_first_tile))
    distinct = prod(len(g.weights) for g in groups) * (4 if turn is not None else 1)
    boards = DistinctBoards(numbered, tuple(groups), turn, distinct)
    assert sum_of_weights(boards) == numbered.count
    return boards


def sum_of_weights(boards: DistinctBoards) -> int:
    """Every arrangement counted once: the class sizes add up to the arrangement count."""
    return boards.per_class * prod(sum(group.weights) for group in boards.groups)


def _slot_contents(template: Template, tileset: TileSet) -> dict[tuple[int, str, str, int], Content]:
    """What every (slot, tile, side, rotation) shows."""
    contents = {}
    for index, tile, p in slot_placements(template, tileset):
        features = sorted(((p.x + f.x, p.y + f.y), f.type, f.number, f.facing.value if f.facing else None)
                          for f in tile.features(p.side, p.rotation))
        contents[(index, tile.id, p.side, p.rotation)] = (tuple(sorted(p.cells(tile))), tuple(features))
    return contents


def _place_values(numbered: Arrangements) -> dict:
    """What one step of each digit adds to the arrangement number (see arrangements.py)."""
    slots = numbered.template.slots
    places = {}
    place = 1
    for index in reversed(range(len(slots))):
        places[("rotation", index)] = place
        place *= len(slots[index].rotations)
    for index in reversed(range(len(slots))):
        places[("side", index)] = place
        place *= len(SIDES)
    for position in reversed(range(len(numbered.groups))):
        places[("order", position)] = place
        place *= len(numbered.group_orders[position])
    return places


def _group_contents(numbered: Arrangements, slots: tuple[int, ...], orders, contents, places,
                    keep_first_tile: bool) -> GroupContents:
    template = numbered.template
    position = numbered.groups.index(slots)
    first_tile = orders[0][0]
    found: dict[tuple, list] = {}   # content -> [weight, lowest number, choices]
    rotation_lists = [template.slots[s].rotations for s in slots]
    for order_digit, tiles in enumerate(orders):
        if keep_first_tile and tiles[0] != first_tile:
            continue
        base = order_digit * places[("order", position)]
        for sides in product(range(len(SIDES)), repeat=len(slots)):
            side_part = base + sum(d * places[("side", s)] for d, s in zip(sides, slots))
            for rotations in product(*(range(len(r)) for r in rotation_lists)):
                choice = tuple((tile, SIDES[side], rots[r])
                               for tile, side, r, rots in zip(tiles, sides, rotations, rotation_lists))
                key = tuple(contents[(s, *c)] for s, c in zip(slots, choice))
                number = side_part + sum(d * places[("rotation", s)] for d, s in zip(rotations, slots))
                entry = found.get(key)
                if entry is None:
                    found[key] = [1, number, choice]
                else:
                    entry[0] += 1
                    if number < entry[1]:
                        entry[1], entry[2] = number, choice
    ordered = sorted(found.values(), key=lambda entry: entry[1])
    return GroupContents(slots, tuple(e[2] for e in ordered), tuple(e[0] for e in ordered),
                         tuple(e[1] for e in ordered))


def turn_cell(cell: tuple[int, int], size: int) -> tuple[int, int]:
    """A cell after a clockwise quarter turn of a size x size board."""
    x, y = cell
    return size - 1 - y, x


def _turned(content: Content, size: int) -> Content:
    cells, features = content
    order = ("north", "east", "south", "west")
    turned_features = sorted((turn_cell(cell, size), kind, number,
                              order[(order.index(facing) + 1) % 4] if facing else None)
                             for cell, kind, number, facing in features)
    return tuple(sorted(turn_cell(c, size) for c in cells)), tuple(turned_features)


def _quarter_turn(template: Template, numbered: Arrangements, contents) -> tuple[int, ...] | None:
    """Per slot, the slot a clockwise quarter turn carries it to, when the turn maps every
    slot choice onto a choice of that slot (same tile and side, a quarter turn more) and
    permutes the first group's four slots in a cycle, and the first group's first tile
    shows nothing another tile can show; otherwise None."""
    if template.width != template.height or not numbered.groups or len(numbered.groups[0]) != 4:
        return None
    size = template.width
    by_content: dict[Content, list[tuple[int, str, str, int]]] = {}
    for key, content in contents.items():
        by_content.setdefault(content, []).append(key)
    image: dict[int, int] = {}
    for (slot, tile, side, rotation), content in contents.items():
        turned_rotation = ROTATIONS[(ROTATIONS.index(rotation) + 1) % 4]
        targets = [k for k in by_content.get(_turned(content, size), ())
                   if k[1:] == (tile, side, turned_rotation)]
        if len(targets) != 1 or image.setdefault(slot, targets[0][0]) != targets[0][0]:
            return None
    if sorted(image) != sorted(image.values()) or len(image) != len(template.slots):
        return None
    core = numbered.groups[0]
    start = core[0]
    cycle = [start]
    while image[cycle[-1]] != start and len(cycle) <= 4:
        cycle.append(image[cycle[-1]])
    if sorted(cycle) != sorted(core):
        return None
    first_tile = numbered.group_orders[0][0][0]
    for slot in core:
        for keys in by_content.values():
            owners = {k[1] for k in keys if k[0] == slot}
            if first_tile in owners and len(owners) > 1:
                return None
    return tuple(image[slot] for slot in range(len(template.slots)))
