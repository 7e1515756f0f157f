"""A distinct-board listing as the user's cache keeps it (distinct_cache.py saves and reads the
file): arrays and plain values, read back into distinct.py's classes and checked against the
arrangements it is for; and a group's numbers as arrays for the batches, kept from the file."""
from __future__ import annotations

import weakref

import numpy as np

from .arrangements import Arrangements
from .distinct import DistinctBoards, GroupContents, Segment, sum_of_weights
from .symmetry import IDENTITY

# A group's weights, lowest shares and images as int64 arrays, for the batches (batch.py).
_NUMBER_ARRAYS: weakref.WeakKeyDictionary[GroupContents, tuple[np.ndarray, np.ndarray, np.ndarray]] = \
    weakref.WeakKeyDictionary()


def group_number_arrays(group: GroupContents) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(weights, lowest, images) of a group as arrays: kept from the cache's file when it was
    read from one (a tuple of 98,304 numbers takes 5 ms to become an array)."""
    known = _NUMBER_ARRAYS.get(group)
    if known is None:
        known = _NUMBER_ARRAYS[group] = (np.array(group.weights, dtype=np.int64),
                                         np.array(group.lowest, dtype=np.int64),
                                         np.array(group.images, dtype=np.int64))
    return known


def to_parts(boards: DistinctBoards) -> dict:
    """A listing as arrays and plain values, to save (a tuple of 98,304 numbers pickles ten times
    larger, and loads slower, than listing it anew)."""
    def array(values) -> np.ndarray:
        """Saved in the smallest integer type that holds them (read back as int64)."""
        values = np.asarray(values, dtype=np.int64)
        for small in (np.int8, np.int16, np.int32):
            if not values.size or (np.iinfo(small).min <= values.min() and values.max() <= np.iinfo(small).max):
                return values.astype(small)
        return values

    return {"groups": [{"slots": g.slots, "weights": array(g.weights), "lowest": array(g.lowest),
                        "images": array(g.images), "tile_ids": g.tile_ids, "tiles": array(g.tiles), "sides": array(g.sides),
                        "rotations": array(g.rotations)} for g in boards.groups],
            "symmetries": boards.symmetries,
            "segments": [(s.start, [array(m) for m in s.members], s.orbit) for s in boards.segments],
            "distinct": boards.distinct, "content_choices": boards.content_choices}


def from_parts(numbered: Arrangements, parts: dict) -> DistinctBoards:
    def numbers(values: np.ndarray) -> tuple[int, ...]:
        return tuple(values.tolist())

    def array(values: np.ndarray) -> np.ndarray:
        return values.astype(np.int64)

    groups = tuple(GroupContents(tuple(g["slots"]), numbers(g["weights"]), numbers(g["lowest"]),
                                 tuple(numbers(row) for row in g["images"]), tuple(g["tile_ids"]),
                                 array(g["tiles"]), array(g["sides"]), array(g["rotations"]))
                   for g in parts["groups"])
    for group, g in zip(groups, parts["groups"]):
        _NUMBER_ARRAYS[group] = (array(g["weights"]), array(g["lowest"]), array(g["images"]))
    segments = tuple(Segment(int(start), tuple(numbers(m) for m in members), int(orbit))
                     for start, members, orbit in parts["segments"])
    return DistinctBoards(numbered, groups, tuple(parts["symmetries"]), segments, int(parts["distinct"]),
                          tuple(parts["content_choices"]))


def listing_fits(boards: DistinctBoards) -> bool:
    """Whether a saved listing belongs to its arrangements: the same slot groups and slots,
    and its class sizes adding up to the arrangement count."""
    numbered = boards.arrangements
    return (tuple(group.slots for group in boards.groups) == tuple(numbered.groups)
            and len(boards.content_choices) == len(numbered.template.slots)
            and all(len(group.images) == len(boards.symmetries) for group in boards.groups)
            and boards.symmetries[:1] == (IDENTITY,)
            and sum_of_weights(boards) == numbered.count)
