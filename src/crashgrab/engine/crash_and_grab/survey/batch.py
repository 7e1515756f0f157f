"""Survey records in batches: boards of a template as arrays for the compiled kernel (kernel.py).

An exhaustive survey's distinct boards are put together from each slot group's distinct
contents (distinct.py) as arrays: a board's Accelerators are the union of its groups',
its Crash Sites their sum (a number no group shows stays NO_SITE). A sample's boards come
from their slot choices. Boards the kernel leaves alone get the fast path's record.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import numpy as np

from ...grid.model import SIDES, Placement, TileSet
from ..templates import Template
from ..terms import ACCELERATOR, CRASH_SITE, CRASH_SITE_NUMBERS
from .arrangements import SlotChoice, slot_placements
from .assemble import template_boards
from .distinct import DistinctBoards, distinct_boards
from .saved_listing import group_number_arrays
from .findings import RULE_CODES
from .kernel import NO_SITE, BatchRecords, batch_records, tables_for
from .record import BoardRecord, board_record, record_from_counts


class TemplateBatches:
    """Arrays of one template's boards for the kernel."""

    def __init__(self, template: Template, tileset: TileSet) -> None:
        self.template = template
        self.tileset = tileset
        self.tables = tables_for(template.width, template.height)
        self.boards = template_boards(template, tileset)
        self._pieces: dict[tuple[int, str, str, int], tuple[np.ndarray, np.ndarray]] = {}
        # The cells each slot's tiles may cover: a board is whole (no holes, as the kernel
        # assumes) exactly when every slot's tile covers all of its slot's cells and those fill the board.
        regions: dict[int, set[tuple[int, int]]] = {}
        for index, tile, placement in slot_placements(template, tileset):
            regions.setdefault(index, set()).update(placement.cells(tile))
        self._regions = regions
        self._filled = sum(len(cells) for cells in regions.values()) == template.width * template.height
        self._groups: dict[int, tuple[DistinctBoards, list]] = {}   # id(classes) -> (classes, their group arrays)

    def _piece(self, slot: int, choice: SlotChoice) -> tuple[np.ndarray, np.ndarray]:
        """(Accelerator cells as a bool row, Crash Site cell by number) of one slot choice."""
        key = (slot, *choice)
        piece = self._pieces.get(key)
        if piece is None:
            tile_id, side, rotation = choice
            spot = self.template.slots[slot]
            tile = self.tileset.get(tile_id)
            assert tile is not None  # the template's arrangements name tiles of its tile set
            grid = np.zeros(self.tables.cells, dtype=bool)
            sites = np.full(len(CRASH_SITE_NUMBERS), NO_SITE, dtype=np.int64)
            extra = False
            for feature in tile.features(side, rotation):
                cell = (spot.y + feature.y) * self.template.width + spot.x + feature.x
                if feature.type == ACCELERATOR:
                    grid[cell] = True
                elif feature.type == CRASH_SITE:
                    if feature.number in CRASH_SITE_NUMBERS and sites[feature.number - 1] == NO_SITE:
                        sites[feature.number - 1] = cell
                    else:
                        extra = True
            covers = set(Placement(tile_id, side, spot.x, spot.y, rotation).cells(tile))
            whole = self._filled and covers == self._regions[slot]
            # A number out of range or twice on one tile, or holes in the board: the fast path counts it.
            if extra or not whole:
                sites[:] = -2
            piece = self._pieces[key] = (grid, sites)
        return piece

    def _assemble(self, pieces: Sequence[Sequence[tuple[np.ndarray, np.ndarray]]]) -> tuple[np.ndarray, np.ndarray]:
        grid = np.zeros((len(pieces), self.tables.cells), dtype=bool)
        sites = np.full((len(pieces), len(CRASH_SITE_NUMBERS)), NO_SITE, dtype=np.int64)
        for row, board in enumerate(pieces):
            for piece_grid, piece_sites in board:
                grid[row] |= piece_grid
                sites[row] = _combine_sites(sites[row], piece_sites)
        return grid, sites

    def choices_arrays(self, boards: Sequence[tuple[SlotChoice, ...]]) -> tuple[np.ndarray, np.ndarray]:
        return self._assemble([[self._piece(slot, choice) for slot, choice in enumerate(choices)]
                               for choices in boards])

    def _group_arrays(self, classes: DistinctBoards):
        known = self._groups.get(id(classes))
        if known is None or known[0] is not classes:
            groups = []
            for position, group in enumerate(classes.groups):
                # Only contents some class shows get their arrays (a group's other contents are
                # images of those, needed only for their arrangement numbers).
                used = _sorted_unique(np.concatenate([np.fromiter(segment.members[position], np.int64,
                                                                  len(segment.members[position]))
                                                      for segment in classes.segments]))
                grids = np.zeros((len(group.weights), self.tables.cells), dtype=bool)
                sites = np.full((len(group.weights), len(CRASH_SITE_NUMBERS)), NO_SITE, dtype=np.int64)
                used_grids = np.zeros((len(used), self.tables.cells), dtype=bool)
                used_sites = np.full((len(used), len(CRASH_SITE_NUMBERS)), NO_SITE, dtype=np.int64)
                for column, slot in enumerate(group.slots):
                    # The slot's distinct choices among the used contents, each piece made once.
                    code = (group.tiles[used, column] * len(SIDES) + group.sides[used, column]) * 360 \
                        + group.rotations[used, column]
                    unique, inverse = np.unique(code, return_inverse=True)
                    pieces = [self._piece(slot, (group.tile_ids[c // (360 * len(SIDES))],
                                                 SIDES[c // 360 % len(SIDES)], c % 360)) for c in unique.tolist()]
                    inverse = inverse.ravel()
                    used_grids |= np.stack([p[0] for p in pieces])[inverse]
                    used_sites = _combine_sites(used_sites, np.stack([p[1] for p in pieces])[inverse])
                grids[used], sites[used] = used_grids, used_sites
                groups.append((grids, sites, *group_number_arrays(group)))
            self._groups[id(classes)] = (classes, groups)
        return self._groups[id(classes)][1]

    def class_arrays(self, classes: DistinctBoards, start: int, stop: int):
        """(Accelerators, Crash Sites, lowest arrangement numbers, weights) of classes start..stop-1."""
        groups = self._group_arrays(classes)
        parts = []
        for segment in classes.segments:
            first, last = max(start, segment.start), min(stop, segment.start + segment.count)
            if first < last:
                parts.append(self._segment_arrays(groups, segment, first - segment.start, last - segment.start))
        if len(parts) == 1:
            return parts[0]
        return tuple(np.concatenate([part[i] for part in parts]) for i in range(4))

    def _segment_arrays(self, groups, segment, start: int, stop: int):
        index = np.arange(start, stop, dtype=np.int64)
        contents = []
        for members in reversed(segment.members):
            index, digit = np.divmod(index, len(members))
            contents.append(np.array(members, dtype=np.int64)[digit])
        contents.reverse()
        grid = np.zeros((stop - start, self.tables.cells), dtype=bool)
        sites = np.full((stop - start, len(CRASH_SITE_NUMBERS)), NO_SITE, dtype=np.int64)
        weights = np.full(stop - start, segment.orbit, dtype=np.int64)
        for (grids, group_sites, group_weights, _, _), content in zip(groups, contents):
            grid |= grids[content]
            sites = _combine_sites(sites, group_sites[content])
            weights *= group_weights[content]
        # A class is named by the lowest arrangement of any of its boards (its images included).
        numbers = None
        for g in range(groups[0][4].shape[0]):
            named = sum(lowest[images[g][content]] for (_, _, _, lowest, images), content in zip(groups, contents))
            numbers = named if numbers is None else np.minimum(numbers, named)
        return grid, sites, np.asarray(numbers, dtype=np.int64), weights


def _sorted_unique(values: np.ndarray) -> np.ndarray:
    """np.unique(values), which would import numpy.ma (20 ms) to ask whether they are masked."""
    ordered = np.sort(values)
    return ordered[np.concatenate(([True], ordered[1:] != ordered[:-1]))] if len(ordered) else ordered


def _combine_sites(mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """Crash Site cells by number from two disjoint pieces; -2 marks a number shown twice."""
    both = (mine != NO_SITE) & (theirs != NO_SITE)
    return np.where(both, -2, np.where(mine != NO_SITE, mine, theirs))


_BATCHES: dict[tuple[Template, TileSet], TemplateBatches] = {}


def template_batches(template: Template, tileset: TileSet) -> TemplateBatches:
    key = (template, tileset)
    if key not in _BATCHES:
        _BATCHES[key] = TemplateBatches(template, tileset)
    return _BATCHES[key]


def kernel_records(batches: TemplateBatches, grid: np.ndarray, sites: np.ndarray,
                   choices_of: Callable[[int], tuple[SlotChoice, ...]]) -> BatchRecords:
    """The kernel's records; each board it leaves alone is filled in by the fast path
    (`choices_of(row)` gives that board's slot choices)."""
    normal = np.where(sites == -2, NO_SITE, sites)
    records = batch_records(batches.tables, grid, normal)
    records.fallback |= (sites == -2).any(axis=1)
    for row in np.flatnonzero(records.fallback).tolist():
        fill_row(records, row, board_record(0, batches.boards.facts(choices_of(row))))
    return records


def fill_row(records: BatchRecords, row: int, record: BoardRecord) -> None:
    """Put a fast-path record into row `row` of a batch."""
    counts = dict(record.codes)
    records.codes[row] = [counts.get(code, 0) for code in RULE_CODES]
    records.edge_sites[row] = record.edge_sites
    records.loop_groups[row] = record.loop_groups
    records.off_moves[row] = record.off_moves
    records.rest_cells[row] = record.rest_cells
    records.pairs[row] = record.pairs
    records.moves_sum[row] = record.moves_sum
    records.moves_squares[row] = record.moves_squares


def class_records(template: Template, tileset: TileSet, start: int, stop: int, classes: DistinctBoards | None = None):
    """(records, lowest arrangement numbers, weights) of distinct-board classes start..stop-1."""
    classes = classes or distinct_boards(template, tileset)
    batches = template_batches(template, tileset)
    grid, sites, numbers, weights = batches.class_arrays(classes, start, stop)
    records = kernel_records(batches, grid, sites, lambda row: classes.choices(start + row))
    return records, numbers, weights


def choice_records(template: Template, tileset: TileSet, boards: Sequence[tuple[SlotChoice, ...]]) -> BatchRecords:
    batches = template_batches(template, tileset)
    grid, sites = batches.choices_arrays(boards)
    return kernel_records(batches, grid, sites, lambda row: boards[row])


def as_records(records: BatchRecords, numbers: Sequence[int], weights: Sequence[int] | None = None,
               select: Collection[str] | None = None) -> list[BoardRecord]:
    """BoardRecord objects of a batch (for tests and small surveys)."""
    out = []
    for row, number in enumerate(numbers):
        out.append(record_from_counts(
            int(number), records.codes[row].tolist(), int(records.edge_sites[row]),
            tuple(records.loop_groups[row].tolist()), int(records.off_moves[row]), int(records.rest_cells[row]),
            int(records.pairs[row]), int(records.moves_sum[row]), int(records.moves_squares[row]),
            1 if weights is None else int(weights[row]), select))
    return out
