"""Distinct boards: every class of arrangements that makes the same board, once, with its size.

Two arrangements are the same board when every slot shows the same features on the same
cells: the 1x1 centre tile of the 5-saucer board looks the same at all four rotations,
and the 4x1 arm tiles share most of their faces, so most of the 5- and 6-saucer
arrangements coincide.

How distinct boards are enumerated. Slots are split into their slot groups (slots taking
the same tiles); the arrangements of a group are listed once and merged by what the
group's slots show, giving each group's *distinct contents* with how many arrangements
make each. A board is one distinct content per group (groups cover different cells, so
different contents are different boards), and the arrangements making it are the product
of those counts.

Symmetries, found and proven for each tile set. A turn or mirror image g of the whole
board (the eight of a square, the four of a rectangle) is used only when, for every slot
group, g carries every distinct content onto a distinct content of the same group made by
exactly as many arrangements (checked content by content, below). Then g maps the boards
of the template one to one onto themselves, and the arrangements of a board onto those of
its image. It changes no field of a board's record either: every check and figure the
survey counts (numbering, Manhattan steps, the four directions of a move at each distance,
orthogonal neighbours and groups, off-board moves, strongly connected Accelerators) is
defined alike in every direction, and a feature's facing, which a check never reads, is
carried along all the same; tests/test_survey_distinct.py and test_survey_tilesets.py hold
that against the record of every image. The symmetries so found form a group G (the
composition of two is one); a class is a board with its images under G, checked once.

Classes are listed by orbit representatives, group after group (Burnside-free): of the
first group's contents, each orbit under G is represented by its lowest content, whose
stabiliser T (the symmetries fixing it) then acts on the remaining groups, and so on. The
classes fall into *segments* of equal stabiliser chain: a segment is a product of one
list of contents per group, every class of it standing for |G| / |T| boards. With no
symmetry there is one segment, every board; with the standard tiles' quarter turn, tile 1
tells the four core slots apart and there is one segment too (the core contents with tile
1 north-west). Classes are numbered segment after segment, in mixed radix within one
(first group most significant), each group's contents in order of their lowest
arrangement number. A class is named in reports by the lowest arrangement number among
all its arrangements.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import prod

import numpy as np

from ...grid.model import SIDES, TileSet
from ..templates import Template
from .arrangements import Arrangements, SlotChoice, arrangements, slot_placements
from .distinct_cache import listing_key, load_listing, save_listing
from .symmetry import IDENTITY, Content, Symmetry, proven_symmetries

@dataclass(frozen=True, eq=False)
class GroupContents:
    """The distinct contents of one slot group."""

    slots: tuple[int, ...]                       # template slot indices of the group
    weights: tuple[int, ...]                     # per content: how many of the group's arrangements show it
    lowest: tuple[int, ...]                      # per content: its share of the lowest arrangement number
    images: tuple[tuple[int, ...], ...]          # per symmetry of the survey (identity first): each content's image
    tile_ids: tuple[str, ...]                    # the group's tiles, for the arrays below
    tiles: np.ndarray                            # per content and slot: the lowest arrangement's tile (index),
    sides: np.ndarray                            # side (index into SIDES)
    rotations: np.ndarray                        # and rotation

    def choice(self, content: int) -> tuple[SlotChoice, ...]:
        """The group's slots' (tile, side, rotation) in the lowest arrangement showing `content`."""
        return tuple((self.tile_ids[t], SIDES[s], r) for t, s, r in zip(
            self.tiles[content].tolist(), self.sides[content].tolist(), self.rotations[content].tolist()))

    @property
    def choices(self) -> tuple[tuple[SlotChoice, ...], ...]:
        return tuple(self.choice(content) for content in range(len(self.weights)))


@dataclass(frozen=True)
class Segment:
    """Classes whose group contents are any of `members[i]` for group i, each class standing
    for `orbit` boards (its images under the survey's symmetries)."""

    start: int                                   # number of its first class
    members: tuple[tuple[int, ...], ...]         # per group: content indices, ascending
    orbit: int

    @property
    def count(self) -> int:
        return prod(len(m) for m in self.members)


@dataclass(frozen=True)
class DistinctBoards:
    """The classes of one template's arrangements: numbered, sized and named."""

    arrangements: Arrangements
    groups: tuple[GroupContents, ...]
    symmetries: tuple[str, ...]                  # the symmetries proven for this tile set (identity first)
    segments: tuple[Segment, ...]
    distinct: int                                # distinct boards (without the symmetries)
    content_choices: tuple[dict, ...] = ()       # per slot: content -> its lowest (tile, side, rotation)

    @property
    def quarter_turn(self) -> bool:
        return "turn-90" in self.symmetries

    @property
    def reductions(self) -> tuple[str, ...]:
        """The symmetries a class is taken up to (identity left out), in SYMMETRY_NAMES order."""
        return tuple(name for name in self.symmetries if name != IDENTITY)

    @property
    def count(self) -> int:
        """How many classes there are (what an exhaustive survey checks)."""
        return sum(segment.count for segment in self.segments)

    def locate(self, index: int) -> tuple[Segment, tuple[int, ...]]:
        """The class's segment and its content index in every group."""
        if not 0 <= index < self.count:
            raise IndexError(f"distinct board {index} is outside 0-{self.count - 1}")
        segment = next(s for s in reversed(self.segments) if s.start <= index)
        index -= segment.start
        digits = []
        for members in reversed(segment.members):
            index, digit = divmod(index, len(members))
            digits.append(members[digit])
        return segment, tuple(reversed(digits))

    def digits(self, index: int) -> tuple[int, ...]:
        return self.locate(index)[1]

    def choices(self, index: int) -> tuple[SlotChoice, ...]:
        """The slots' (tile, side, rotation) of the representative board's lowest arrangement."""
        slots: list[SlotChoice | None] = [None] * len(self.arrangements.template.slots)
        for group, digit in zip(self.groups, self.digits(index)):
            for slot, choice in zip(group.slots, group.choice(digit)):
                slots[slot] = choice
        return tuple(slots)  # type: ignore[arg-type]

    def weight(self, index: int) -> int:
        """How many arrangements the class stands for."""
        segment, digits = self.locate(index)
        return segment.orbit * prod(group.weights[d] for group, d in zip(self.groups, digits))

    def lowest_arrangement(self, index: int) -> int:
        """The lowest arrangement number of any board of the class."""
        digits = self.digits(index)
        return min(sum(group.lowest[group.images[g][d]] for group, d in zip(self.groups, digits))
                   for g in range(len(self.symmetries)))

    def image(self, choices: tuple[SlotChoice, ...], name: str) -> tuple[SlotChoice, ...]:
        """An arrangement that shows the image of `choices`' board under one of the survey's symmetries."""
        if name not in self.symmetries:
            raise ValueError(f"{name} is not a symmetry of this survey")
        template = self.arrangements.template
        symmetry = Symmetry(name, template.width, template.height)
        contents = _slot_contents(template, self.arrangements.tileset)
        shown: list[SlotChoice | None] = [None] * len(choices)
        for slot, choice in enumerate(choices):
            target = symmetry.content(contents[(slot, *choice)])
            for other, by_content in enumerate(self.content_choices):
                if target in by_content:
                    shown[other] = by_content[target]
        return tuple(shown)  # type: ignore[arg-type]

    def turned(self, choices: tuple[SlotChoice, ...]) -> tuple[SlotChoice, ...]:
        """The arrangement that shows `choices`' board after a clockwise quarter turn."""
        return self.image(choices, "turn-90")


def distinct_boards(template: Template, tileset: TileSet, reduce: bool = True) -> DistinctBoards:
    """The classes of the template's arrangements; `reduce=False` leaves the symmetries out
    (every distinct board its own class: what tests compare a reduced survey with)."""
    return _distinct_boards(template, tileset, reduce)


@lru_cache(maxsize=8)
def _distinct_boards(template: Template, tileset: TileSet, reduce: bool = True) -> DistinctBoards:
    numbered = arrangements(template, tileset)
    # Made once per template, tile set and code, then read from the user's cache (distinct_cache.py).
    key = listing_key(template, tileset, reduce)
    saved = load_listing(key)
    from .saved_listing import from_parts, listing_fits, to_parts   # its classes are this module's

    if saved is not None:
        try:
            boards = from_parts(numbered, saved)
        except (TypeError, ValueError, KeyError, IndexError):   # saved by another version
            boards = None
        if boards is not None and listing_fits(boards):
            return boards
    boards = _list_distinct_boards(numbered, template, tileset, reduce)
    save_listing(key, to_parts(boards))
    return boards


def _list_distinct_boards(numbered: Arrangements, template: Template, tileset: TileSet,
                          reduce: bool) -> DistinctBoards:
    contents = _slot_contents(template, tileset)
    places = _place_values(numbered)
    ids: dict[Content, int] = {}
    for content in contents.values():
        ids.setdefault(content, len(ids))
    raw = [_group_contents(numbered, slots, orders, contents, ids, places)
           for slots, orders in zip(numbered.groups, numbered.group_orders)]
    found = proven_symmetries(template, contents, ids, raw, reduce)
    groups = tuple(GroupContents(slots, weights, lowest, tuple(tuple(found[name][i].tolist()) for name in found),
                                 *decoded)
                   for i, (slots, weights, lowest, _, decoded) in enumerate(raw))
    names = tuple(found)
    segments = _segments(groups, len(names))
    by_slot: list[dict] = [{} for _ in template.slots]
    for (slot, tile, side, rotation), content in sorted(contents.items(), key=lambda item: item[0]):
        by_slot[slot].setdefault(content, (tile, side, rotation))
    boards = DistinctBoards(numbered, groups, names, segments, prod(len(g.weights) for g in groups),
                            tuple(by_slot))
    assert sum_of_weights(boards) == numbered.count
    return boards


def sum_of_weights(boards: DistinctBoards) -> int:
    """Every arrangement counted once: the class sizes add up to the arrangement count."""
    return sum(segment.orbit * prod(sum(group.weights[c] for c in members)
                                    for group, members in zip(boards.groups, segment.members))
               for segment in boards.segments)


def _slot_contents(template: Template, tileset: TileSet) -> dict[tuple[int, str, str, int], Content]:
    return _slot_contents_cached(template, tileset)


@lru_cache(maxsize=8)
def _slot_contents_cached(template: Template, tileset: TileSet) -> dict[tuple[int, str, str, int], Content]:
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


def _group_contents(numbered: Arrangements, slots: tuple[int, ...], orders, contents, ids, places):
    """(slots, weights, lowest, content ids per slot as an array, the lowest arrangements' choices) of one group's
    distinct contents, in order of their lowest arrangement number.

    Per (slot, tile) the side and rotation choices showing one content are merged first
    (with how many there are and the lowest share of them); a tile order then gives the
    product of its slots' merged choices, and equal contents of all orders are merged."""
    template = numbered.template
    position = numbered.groups.index(slots)
    options: dict[tuple[int, str], list[list]] = {}   # (slot, tile) -> [[content id, count, share, (side, rot)]]
    for slot in slots:
        rotations = template.slots[slot].rotations
        for tile in {t for order in orders for t in order}:
            merged: dict[int, list] = {}
            for side_digit, side in enumerate(SIDES):
                for rotation_digit, rotation in enumerate(rotations):
                    cid = ids[contents[(slot, tile, side, rotation)]]
                    share = side_digit * places[("side", slot)] + rotation_digit * places[("rotation", slot)]
                    entry = merged.get(cid)
                    if entry is None:
                        merged[cid] = [cid, 1, share, (side, rotation)]
                    else:
                        entry[1] += 1
                        if share < entry[2]:
                            entry[2], entry[3] = share, (side, rotation)
            options[(slot, tile)] = sorted(merged.values())
    base = len(ids)
    codes, weights, lowest, order_rows, option_rows = [], [], [], [], []
    for order_digit, tiles in enumerate(orders):
        lists = [options[(slot, tile)] for slot, tile in zip(slots, tiles)]
        grids = np.meshgrid(*[np.arange(len(o)) for o in lists], indexing="ij")
        picks = np.stack([g.ravel() for g in grids], axis=1)          # rows: an option per slot
        code = np.zeros(len(picks), dtype=object if base ** len(slots) >= 2 ** 62 else np.int64)
        weight = np.ones(len(picks), dtype=np.int64)
        share = np.full(len(picks), order_digit * places[("order", position)], dtype=np.int64)
        for column, option_list in enumerate(lists):
            table = np.array([[o[0], o[1], o[2]] for o in option_list], dtype=np.int64)
            chosen = table[picks[:, column]]
            code = code * base + chosen[:, 0]
            weight *= chosen[:, 1]
            share += chosen[:, 2]
        codes.append(code)
        weights.append(weight)
        lowest.append(share)
        order_rows.append(np.full(len(picks), order_digit, dtype=np.int64))
        option_rows.append(picks)
    code = np.concatenate(codes)
    weight = np.concatenate(weights)
    share = np.concatenate(lowest)
    order_of = np.concatenate(order_rows)
    picks = np.concatenate(option_rows)
    unique, inverse = np.unique(code, return_inverse=True)
    inverse = inverse.ravel()
    totals = np.zeros(len(unique), dtype=np.int64)
    np.add.at(totals, inverse, weight)
    first = np.lexsort((share, inverse))                  # by content, lowest share first
    starts = np.flatnonzero(np.r_[True, inverse[first][1:] != inverse[first][:-1]])
    best_rows = first[starts]                             # per unique content, its lowest row
    by_lowest = np.argsort(share[best_rows], kind="stable")
    rows = best_rows[by_lowest]
    # Per content, its lowest arrangement's tile, side and rotation per slot, gathered from
    # padded (tile, option) tables of each slot.
    tile_ids = tuple(dict.fromkeys(t for order in orders for t in order))
    tile_index = {t: i for i, t in enumerate(tile_ids)}
    order_tiles = np.array([[tile_index[t] for t in order] for order in orders], dtype=np.int64)
    row_tiles = order_tiles[order_of[rows]]
    row_picks = picks[rows]
    shape = (len(rows), len(slots))
    content_ids = np.zeros(shape, dtype=np.int64)
    row_sides = np.zeros(shape, dtype=np.int64)
    row_rotations = np.zeros(shape, dtype=np.int64)
    outputs: tuple[np.ndarray, np.ndarray, np.ndarray] = (content_ids, row_sides, row_rotations)
    for column, slot in enumerate(slots):
        width = max(len(options[(slot, t)]) for t in tile_ids)
        tables = np.zeros((3, len(tile_ids), width), dtype=np.int64)
        for t, tile in enumerate(tile_ids):
            for k, (cid, _, _, (side, rotation)) in enumerate(options[(slot, tile)]):
                tables[:, t, k] = (cid, SIDES.index(side), rotation)
        for table, out in zip(tables, outputs):
            out[:, column] = table[row_tiles[:, column], row_picks[:, column]]
    return (slots, tuple(totals[by_lowest].tolist()), tuple(share[rows].tolist()), content_ids,
            (tile_ids, row_tiles, row_sides, row_rotations))


def _segments(groups: tuple[GroupContents, ...], symmetries: int) -> tuple[Segment, ...]:
    """Orbit representatives, group after group, split by stabiliser (see the module's docstring)."""
    found: list[tuple[tuple[tuple[int, ...], ...], int]] = []

    def walk(position: int, acting: tuple[int, ...], members: list[tuple[int, ...]]) -> None:
        if position == len(groups):
            found.append((tuple(members), symmetries // len(acting)))
            return
        images = np.array([groups[position].images[g] for g in acting], dtype=np.int64)
        indices = np.arange(images.shape[1])
        representatives = np.flatnonzero(images.min(axis=0) == indices)
        fixed = images[:, representatives] == representatives   # per acting symmetry, per representative
        masks = (fixed.astype(np.int64) << np.arange(len(acting), dtype=np.int64)[:, None]).sum(axis=0)
        for mask in sorted(np.unique(masks).tolist(), key=lambda m: (-bin(m).count("1"), m)):
            stabiliser = tuple(g for bit, g in enumerate(acting) if mask >> bit & 1)
            walk(position + 1, stabiliser, members + [tuple(representatives[masks == mask].tolist())])

    walk(0, tuple(range(symmetries)), [])
    segments = []
    start = 0
    for members, orbit in found:
        segment = Segment(start, members, orbit)
        segments.append(segment)
        start += segment.count
    return tuple(segments)
