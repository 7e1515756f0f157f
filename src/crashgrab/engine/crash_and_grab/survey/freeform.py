"""Free-form surveys: every way to lay exactly the given tiles over a board shape the designer
fixes (`crashgrab survey --shape ... --tiles ...`), as distinct boards with exact weights.

An *arrangement* puts every tile once, on either side, at any of the four turns and at any
position, so that the tiles together cover every cell of the shape and no cell twice (an
exact cover). Arrangements are numbered in a stable order that depends only on the shape,
the tiles and their order:

1. the *covers*, in the order a depth-first search finds them: it always fills the first
   uncovered cell (row by row), trying the tiles in --tiles order and each tile's *pieces*
   (what it can show there, below) in order of their lowest choice;
2. within a cover, mixed radix over the tiles in --tiles order (the last tile least
   significant): which of the piece's (side, turn, position) choices shows it, those
   sorted by side (A, B), turn (0, 90, 180, 270), row and column.

A *piece* is one thing a tile can show on the board, its cells and its features: a tile
whose side looks the same after a half turn shows one piece for both choices, which the
piece counts. A cover's arrangements are the product of its pieces' counts. Every cover
covers the whole shape, so two covers showing the same features on the same cells are one
distinct board (the rules never see where one tile ends and the next begins), made by the
sum of their arrangements. A board is named by its lowest arrangement.

Symmetries, proven per survey as for the templates (distinct.py): a turn or mirror of the
shape's bounding box counts only when it carries the shape onto itself and every distinct
board onto a distinct board (checked board by board); the proven ones must form a group. Every
record field is alike in every direction, so a board and its images share their record: a
*class* (a board with its images) is checked once and counts the exact sum of its boards'
arrangements, named by the lowest arrangement among them. Classes are numbered by name.

Everything is listed in memory, so a survey of more than MAX_COVERS covers is refused.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...grid.geometry import ROTATIONS
from ...grid.model import SIDES, Placement, Tile, TileSet
from ..layout import Layout
from ..terms import ACCELERATOR, CRASH_SITE, DEFAULT_DIRECTIONS
from .symmetry import IDENTITY, SYMMETRY_NAMES, Content, Symmetry

MAX_COVERS = 5_000_000     # covers held in memory at most (about 1 GB)
MAX_STATES = 300_000       # partial covers the count remembers at most (a few seconds)
FREE_FORM = "free-form"    # the report's "template" of a free-form survey

# One tile's choice: (side, rotation, x, y).
Choice = tuple[str, int, int, int]


@dataclass(frozen=True)
class Shape:
    """The cells of a board, with its smallest x and y at 0."""

    width: int
    height: int
    cells: frozenset[tuple[int, int]]

    @staticmethod
    def of(cells) -> "Shape":
        cells = set(cells)
        if not cells:
            raise ValueError("a shape needs at least one cell")
        left, top = min(x for x, _ in cells), min(y for _, y in cells)
        moved = frozenset((x - left, y - top) for x, y in cells)
        return Shape(max(x for x, _ in moved) + 1, max(y for _, y in moved) + 1, moved)

    @staticmethod
    def rectangle(width: int, height: int) -> "Shape":
        return Shape(width, height, frozenset((x, y) for y in range(height) for x in range(width)))

    @property
    def whole(self) -> bool:
        """Whether the shape is its whole bounding box (no holes)."""
        return len(self.cells) == self.width * self.height

    def picture(self) -> list[str]:
        """Rows of `#` (a cell of the shape) and `.` (a hole), for reports and checkpoints."""
        return ["".join("#" if (x, y) in self.cells else "." for x in range(self.width))
                for y in range(self.height)]

    def ordered(self) -> list[tuple[int, int]]:
        return sorted(self.cells, key=lambda c: (c[1], c[0]))


@dataclass(frozen=True)
class Piece:
    """What one tile can show on the shape, and the choices that show it (sorted)."""

    tile: int                        # index into the survey's tiles
    content: int                     # content id (equal ids: the same cells and features)
    mask: int                        # the shape cells covered, one bit per cell in row order
    first: int                       # the first of those cells (its bit number)
    choices: tuple[Choice, ...]


def tile_pieces(shape: Shape, tiles: tuple[Tile, ...]) -> tuple[list[Piece], dict[Content, int]]:
    """Every piece of every tile, tile after tile, each tile's in order of its lowest choice;
    and the content ids (what a piece shows -> id)."""
    bit = {cell: index for index, cell in enumerate(shape.ordered())}
    ids: dict[Content, int] = {}
    pieces: list[Piece] = []
    for index, tile in enumerate(tiles):
        found: dict[Content, list[Choice]] = {}
        for side in (s for s in SIDES if s in tile.sides):
            for rotation in ROTATIONS:
                width, height = tile.size(rotation)
                for y in range(shape.height - height + 1):
                    for x in range(shape.width - width + 1):
                        placement = Placement(tile.id, side, x, y, rotation)
                        cells = placement.cells(tile)
                        if all(cell in shape.cells for cell in cells):
                            found.setdefault(_content(tile, placement), []).append((side, rotation, x, y))
        for content, choices in found.items():  # in order of first choice, as found
            cid = ids.setdefault(content, len(ids))
            mask = sum(1 << bit[cell] for cell in content[0])
            pieces.append(Piece(index, cid, mask, (mask & -mask).bit_length() - 1, tuple(choices)))
    return pieces, ids


def _content(tile: Tile, placement: Placement) -> Content:
    """What a placed tile shows: its cells and its features (cell, type, number, facing), sorted
    (the form symmetry.Symmetry turns)."""
    features = sorted(((placement.x + f.x, placement.y + f.y), f.type, f.number, f.facing.value if f.facing else None)
                      for f in tile.features(placement.side, placement.rotation))
    return tuple(sorted(placement.cells(tile))), tuple(features)


class TooManyToCount(ValueError):
    """The count of covers would need more than MAX_STATES partial covers."""


class _Search:
    """The exact covers of the shape by the pieces, one piece a tile (see the module's docstring)."""

    def __init__(self, shape: Shape, tile_count: int, pieces: list[Piece]) -> None:
        self.full = (1 << len(shape.cells)) - 1
        self.tile_count = tile_count
        self.at: dict[int, list[tuple[int, Piece]]] = {}   # first cell -> (piece number, piece), search order
        for number, piece in sorted(enumerate(pieces), key=lambda item: (item[1].first, item[1].tile, item[0])):
            self.at.setdefault(piece.first, []).append((number, piece))
        self._counts: dict[tuple[int, int], tuple[int, int]] = {}

    def _options(self, used: int, covered: int):
        free = ~covered & self.full
        first = (free & -free).bit_length() - 1
        for number, piece in self.at.get(first, ()):
            if not used >> piece.tile & 1 and not piece.mask & covered:
                yield number, piece

    def count(self, used: int = 0, covered: int = 0) -> tuple[int, int]:
        """(covers, arrangements) of the rest of the shape with the unused tiles, memoised."""
        if covered == self.full:
            return (1, 1) if used == (1 << self.tile_count) - 1 else (0, 0)
        key = (used, covered)
        known = self._counts.get(key)
        if known is None:
            covers = arrangements = 0
            for _, piece in self._options(used, covered):
                more, ways = self.count(used | 1 << piece.tile, covered | piece.mask)
                covers += more
                arrangements += ways * len(piece.choices)
            if len(self._counts) >= MAX_STATES:
                raise TooManyToCount(f"more than {MAX_STATES:,} partial covers to count")
            known = self._counts[key] = (covers, arrangements)
        return known

    def covers(self) -> list[tuple[int, ...]]:
        """Every cover as its piece numbers in tile order, in search order."""
        found: list[tuple[int, ...]] = []
        chosen = [0] * self.tile_count

        def walk(used: int, covered: int) -> None:
            if covered == self.full:
                if used == (1 << self.tile_count) - 1:
                    found.append(tuple(chosen))
                return
            if self.count(used, covered)[0] == 0:
                return
            for number, piece in self._options(used, covered):
                chosen[piece.tile] = number
                walk(used | 1 << piece.tile, covered | piece.mask)

        walk(0, 0)
        return found


def count_arrangements(shape: Shape, tiles: tuple[Tile, ...]) -> tuple[int, int]:
    """(covers, arrangements) without listing them."""
    pieces, _ = tile_pieces(shape, tiles)
    return _Search(shape, len(tiles), pieces).count()


@dataclass(frozen=True, eq=False)
class FreeformSpace:
    """Every arrangement of the tiles over the shape: covers, distinct boards and classes."""

    shape: Shape
    tileset: TileSet
    tiles: tuple[Tile, ...]
    pieces: tuple[Piece, ...]
    contents: tuple[Content, ...]             # by content id
    covers: np.ndarray                         # (covers, tiles) piece numbers
    offsets: np.ndarray                        # per cover: its first arrangement number (ascending)
    arrangement_count: int
    distinct: int                              # distinct boards
    symmetries: tuple[str, ...]                # proven (identity first)
    class_names: np.ndarray                    # per class: its lowest arrangement number (ascending)
    class_covers: np.ndarray                   # per class: the cover of that arrangement
    class_weights: tuple[int, ...]             # per class: its arrangements (Python ints: exact)

    @property
    def reductions(self) -> tuple[str, ...]:
        return tuple(name for name in self.symmetries if name != IDENTITY)

    @property
    def quarter_turn(self) -> bool:
        return "turn-90" in self.symmetries

    @property
    def count(self) -> int:
        """Classes: what the survey checks."""
        return len(self.class_names)

    def placements(self, arrangement: int) -> tuple[Placement, ...]:
        """Arrangement number `arrangement` as placements, in --tiles order."""
        if not 0 <= arrangement < self.arrangement_count:
            raise IndexError(f"arrangement {arrangement} is outside 0-{self.arrangement_count - 1}")
        cover = bisect_right(self.offsets.tolist(), arrangement) - 1
        rest = arrangement - int(self.offsets[cover])
        pieces = [self.pieces[number] for number in self.covers[cover].tolist()]
        picked: list[Choice] = []
        for piece in reversed(pieces):
            rest, digit = divmod(rest, len(piece.choices))
            picked.append(piece.choices[digit])
        picked.reverse()
        return tuple(Placement(tile.id, side, x, y, rotation)
                     for tile, (side, rotation, x, y) in zip(self.tiles, picked))

    def layout(self, arrangement: int, tileset_ref: str | None = None) -> Layout:
        return Layout(f"free-form arrangement {arrangement}", self.tileset, self.placements(arrangement), None,
                      dict(DEFAULT_DIRECTIONS), tileset_ref=tileset_ref)

    def class_contents(self, start: int, stop: int) -> np.ndarray:
        """(classes, tiles) content ids of classes start..stop-1's named boards."""
        content_of = np.array([piece.content for piece in self.pieces], dtype=np.int64)
        return content_of[self.covers[self.class_covers[start:stop]]]

    def board_cells(self, contents) -> tuple[list[int], list[tuple[int, int | None]], int]:
        """(Accelerator cells, (Crash Site cell, number) pairs, holes as a bit set) of a board given
        by its content ids, cells numbered row by row over the bounding box."""
        width = self.shape.width
        accelerators, sites = [], []
        covered = 0
        for cid in contents:
            cells, features = self.contents[cid]
            for x, y in cells:
                covered |= 1 << (y * width + x)
            for (x, y), kind, number, _ in features:
                if kind == ACCELERATOR:
                    accelerators.append(y * width + x)
                elif kind == CRASH_SITE:
                    sites.append((y * width + x, number))
        holes = ((1 << (width * self.shape.height)) - 1) & ~covered
        return sorted(accelerators), sorted(sites), holes


def freeform_space(shape: Shape, tileset: TileSet, tile_ids: tuple[str, ...], reduce: bool = True) -> FreeformSpace:
    """The survey's space; `reduce=False` leaves the symmetries out (what tests compare with).
    Built once per process (every worker builds its own: the same, as the order is fixed)."""
    return _freeform_space(shape, tileset, tile_ids, reduce)


@lru_cache(maxsize=4)
def _freeform_space(shape: Shape, tileset: TileSet, tile_ids: tuple[str, ...], reduce: bool) -> FreeformSpace:
    tiles = tuple(tileset.get(tile_id) for tile_id in tile_ids)
    assert all(tile is not None for tile in tiles), "the request checked the tile ids"
    pieces, ids = tile_pieces(shape, tiles)  # type: ignore[arg-type]
    search = _Search(shape, len(tiles), pieces)
    cover_count, arrangement_count = search.count()
    if cover_count > MAX_COVERS:
        raise ValueError(f"{cover_count:,} covers are more than the {MAX_COVERS:,} a free-form survey lists")
    covers = np.array(search.covers(), dtype=np.int64).reshape(-1, len(tiles))
    ways = [len(piece.choices) for piece in pieces]
    weights = [_product(ways[number] for number in row) for row in covers.tolist()]
    offsets = np.zeros(len(weights), dtype=np.int64)
    total = 0
    for index, weight in enumerate(weights):
        offsets[index] = total
        total += weight
    assert total == arrangement_count
    contents: list[Content] = [()] * len(ids)
    for content, cid in ids.items():
        contents[cid] = content
    # Distinct boards: covers showing the same features (every cover covers the whole shape;
    # where one tile ends and the next begins the rules never see). Named by their first cover.
    # A feature is an id here, a board the sorted ids of its features.
    vocabulary: dict = {}
    shown = [tuple(vocabulary.setdefault(f, len(vocabulary)) for f in contents[piece.content][1])
             for piece in pieces]
    boards: dict[tuple[int, ...], list[int]] = {}    # features -> [first cover, arrangements]
    for index, row in enumerate(covers.tolist()):
        key = tuple(sorted(feature for number in row for feature in shown[number]))
        entry = boards.get(key)
        if entry is None:
            boards[key] = [index, weights[index]]
        else:
            entry[1] += weights[index]
    maps = {}
    for name in (IDENTITY, *(SYMMETRY_NAMES if reduce else ())):
        image = _feature_map(shape, name, vocabulary)
        if image is not None and all(_image(image, key) in boards for key in boards):
            maps[name] = image
    symmetries = tuple(maps)
    _check_group(symmetries)
    names, class_covers, class_weights = _classes(list(maps.values()), boards, offsets)
    return FreeformSpace(shape, tileset, tiles, tuple(pieces), tuple(contents), covers, offsets,  # type: ignore[arg-type]
                         arrangement_count, len(boards), symmetries, names, class_covers, class_weights)


def _product(values) -> int:
    result = 1
    for value in values:
        result *= value
    return result


def _feature_map(shape: Shape, name: str, vocabulary: dict) -> list[int] | None:
    """Each feature id's image under the symmetry; None when it does not carry the shape onto
    itself, or carries some feature onto one no tile shows (its boards then go onto no board)."""
    symmetry = Symmetry(name, shape.width, shape.height)
    if not symmetry.fits() or {symmetry.cell(c) for c in shape.cells} != shape.cells:
        return None
    image = [0] * len(vocabulary)
    for feature, fid in vocabulary.items():
        target = vocabulary.get(symmetry.content(((), (feature,)))[1][0])
        if target is None:
            return None
        image[fid] = target
    return image


def _image(image: list[int], board: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(image[f] for f in board))


def _check_group(symmetries: tuple[str, ...]) -> None:
    """The proven symmetries compose to proven ones (the class listing needs a group): two that
    carry the boards onto boards compose to one that does, found among the proven by its linear part."""
    linear = {Symmetry(name, 1, 1).linear: name for name in symmetries}
    for a, b, c, d in linear:
        for e, f, g, h in linear:
            assert (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h) in linear, \
                "the proven symmetries do not form a group"


def _classes(maps, boards, offsets) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """Per class (a board with its images), in order of name: its lowest arrangement, the cover
    showing it, and the exact sum of its boards' arrangements."""
    seen: set[tuple[int, ...]] = set()
    found: list[tuple[int, int, int]] = []
    for key in boards:
        if key in seen:
            continue
        orbit = {_image(image, key) for image in maps}
        seen |= orbit
        lowest = min(boards[k][0] for k in orbit)   # covers are in arrangement order
        found.append((int(offsets[lowest]), lowest, sum(boards[k][1] for k in orbit)))
    found.sort()
    return (np.array([f[0] for f in found], dtype=np.int64), np.array([f[1] for f in found], dtype=np.int64),
            tuple(f[2] for f in found))
