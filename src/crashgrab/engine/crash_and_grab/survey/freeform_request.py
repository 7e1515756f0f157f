"""A free-form survey as the runner, checkpoints and report take it (freeform.py lists the boards).

`FreeformRequest` answers what runner.SurveyRequest answers (units, chunks, board count,
a chunk's tally, a board's layout), so the runner's pool, the Dask backend, checkpoints and
--resume serve it unchanged. A chunk is a run of classes; its records come from the batch
kernel when the shape is a whole rectangle the kernel takes, else (holes) from the fast
path, as a template survey's boards with holes do.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ...grid.model import TileSet
from ..layout import Layout
from ..terms import ACCELERATOR, CRASH_SITE, CRASH_SITE_NUMBERS
from ..tileset_file import standard_tileset
from .batch import _combine_sites, fill_row
from .defaults import ALL, DEFAULT_BEST
from .fastcheck import analyse
from .findings import RULE_CODES, geometry_for
from .freeform import FREE_FORM, FreeformSpace, Shape, freeform_space
from .lines import MAX_DISTANCE
from .kernel import MAX_CELLS, MAX_LINE, NO_SITE, BatchRecords, batch_records, tables_for
from .record import board_record
from .tally import Tally

CHUNK_SIZE = 2048   # classes per job, as a template survey's


@dataclass(frozen=True)
class FreeformRequest:
    """Every arrangement of `tiles` (ids of `tileset`, or of the standard tiles) over `shape`."""

    shape: Shape
    tiles: tuple[str, ...]
    tileset: TileSet | None = None
    select: tuple[str, ...] | None = None
    best: int = DEFAULT_BEST
    chunk_size: int = 0                # classes per job; 0: CHUNK_SIZE
    mode: str = ALL
    sample: int = 0
    seed: int = 0
    template: str = FREE_FORM

    def __post_init__(self) -> None:
        if not self.chunk_size:
            object.__setattr__(self, "chunk_size", CHUNK_SIZE)

    @property
    def tileset_obj(self) -> TileSet:
        return self.tileset if self.tileset is not None else standard_tileset()

    @property
    def tileset_ref(self) -> str | None:
        return "standard" if self.tileset is None else None

    @property
    def space(self) -> FreeformSpace:
        return freeform_space(self.shape, self.tileset_obj, self.tiles)

    def classes(self) -> FreeformSpace:
        return self.space

    def board_count(self, tileset: TileSet | None = None) -> int:
        return self.space.arrangement_count

    def units(self) -> int:
        return self.space.count

    def chunks(self) -> list[tuple[int, int]]:
        total = self.units()
        return [(start, min(start + self.chunk_size, total)) for start in range(0, total, self.chunk_size)]

    def board_layout(self, board: int) -> Layout:
        return self.space.layout(board, tileset_ref=self.tileset_ref)

    @cached_property
    def tag(self) -> str:
        """A short digest of the shape and the tiles, for the default checkpoint's name."""
        text = json.dumps([self.shape.picture(), list(self.tiles)], separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:8]

    def shape_json(self) -> dict:
        """The shape and tiles as the report and the checkpoint name them."""
        return {"width": self.shape.width, "height": self.shape.height, "cells": self.shape.picture(),
                "tiles": list(self.tiles)}

    def survey_chunk(self, start: int, stop: int) -> Tally:
        """The tally of classes start..stop-1 (runs in a worker process or on a cluster)."""
        space = self.space
        select = frozenset(self.select) if self.select is not None else None
        tally = Tally(keep_best=self.best)
        tally.add_batch(freeform_records(space, start, stop), space.class_names[start:stop],
                        np.array(space.class_weights[start:stop], dtype=np.int64), select)
        tally.finish()
        return tally


def kernel_takes(shape: Shape) -> bool:
    """Whether the batch kernel takes boards of this shape (whole rectangles of its sizes)."""
    return shape.whole and shape.width <= MAX_LINE and shape.height <= MAX_LINE and \
        shape.width * shape.height <= MAX_CELLS


def freeform_records(space: FreeformSpace, start: int, stop: int) -> BatchRecords:
    """Records of classes start..stop-1: the kernel's where it takes the board, the fast path's else."""
    contents = space.class_contents(start, stop)
    boards = len(contents)
    shape = space.shape
    if kernel_takes(shape):
        accelerators, sites_by_number = _content_arrays(space)
        grid = accelerators[contents].any(axis=1)
        sites = np.full((boards, len(CRASH_SITE_NUMBERS)), NO_SITE, dtype=np.int64)
        for column in range(contents.shape[1]):
            sites = _combine_sites(sites, sites_by_number[contents[:, column]])
        records = batch_records(tables_for(shape.width, shape.height), grid, np.where(sites == -2, NO_SITE, sites))
        records.fallback |= (sites == -2).any(axis=1)
    else:
        records = _empty_records(boards)
    geometry = geometry_for(shape.width, shape.height)
    for row in np.flatnonzero(records.fallback).tolist():
        accelerators_at, sites_at, holes = space.board_cells(contents[row].tolist())
        fill_row(records, row, board_record(0, analyse(geometry, tuple(accelerators_at), holes, tuple(sites_at))))
    return records


def _content_arrays(space: FreeformSpace) -> tuple[np.ndarray, np.ndarray]:
    """Per content: its Accelerator cells as a bool row, and its Crash Site cell by number
    (-2 everywhere for a number out of range or shown twice: the fast path counts that board)."""
    width, cells = space.shape.width, space.shape.width * space.shape.height
    grid = np.zeros((len(space.contents), cells), dtype=bool)
    sites = np.full((len(space.contents), len(CRASH_SITE_NUMBERS)), NO_SITE, dtype=np.int64)
    for cid, (_, features) in enumerate(space.contents):
        bad = False
        for (x, y), kind, number, _ in features:
            if kind == ACCELERATOR:
                grid[cid, y * width + x] = True
            elif kind == CRASH_SITE:
                if number in CRASH_SITE_NUMBERS and sites[cid, number - 1] == NO_SITE:
                    sites[cid, number - 1] = y * width + x
                else:
                    bad = True
        if bad:
            sites[cid] = -2
    return grid, sites


def _empty_records(boards: int) -> BatchRecords:
    def column() -> np.ndarray:
        return np.zeros(boards, dtype=np.int64)
    return BatchRecords(codes=np.zeros((boards, len(RULE_CODES)), dtype=np.int64), edge_sites=column(),
                        loop_groups=np.zeros((boards, MAX_DISTANCE), dtype=np.int64), off_moves=column(),
                        rest_cells=column(), pairs=column(), moves_sum=column(), moves_squares=column(),
                        fallback=np.ones(boards, dtype=bool))
