"""The turns and mirror images of a board, and the proof, per tile set, of which of them leave
every survey record unchanged (distinct.py's docstring gives the argument): a symmetry is
proven when it carries every slot's contents onto one slot's contents and every group content
onto a group content of the same weight; the proven ones must form a group."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..templates import Template

# What a slot shows: its covered cells and its features (cell, type, number, facing), sorted.
Content = tuple

IDENTITY = "identity"
# Each symmetry's linear part, (dx, dy) -> (a dx + b dy, c dx + d dy), with y pointing south;
# the board is then moved back onto itself. "turn-90" is a clockwise quarter turn.
_LINEAR: dict[str, tuple[int, int, int, int]] = {
    IDENTITY: (1, 0, 0, 1),
    "turn-90": (0, -1, 1, 0),
    "turn-180": (-1, 0, 0, -1),
    "turn-270": (0, 1, -1, 0),
    "mirror-left-right": (-1, 0, 0, 1),
    "mirror-top-bottom": (1, 0, 0, -1),
    "mirror-diagonal": (0, 1, 1, 0),
    "mirror-antidiagonal": (0, -1, -1, 0),
}
SYMMETRY_NAMES: tuple[str, ...] = tuple(name for name in _LINEAR if name != IDENTITY)
_FACINGS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
_FACING_OF = {vector: name for name, vector in _FACINGS.items()}


@dataclass(frozen=True)
class Symmetry:
    """One turn or mirror image of a width x height board."""

    name: str
    width: int
    height: int

    @property
    def linear(self) -> tuple[int, int, int, int]:
        return _LINEAR[self.name]

    def fits(self) -> bool:
        """Whether the board goes onto itself (a quarter turn or diagonal needs a square)."""
        a, b, _, _ = self.linear
        return b == 0 or self.width == self.height

    def cell(self, cell: tuple[int, int]) -> tuple[int, int]:
        a, b, c, d = self.linear
        x, y = cell
        ox, oy = self._offsets
        return a * x + b * y + ox, c * x + d * y + oy

    @property
    def _offsets(self) -> tuple[int, int]:
        """What brings the board's corners back to 0..width-1, 0..height-1 after the linear part."""
        a, b, c, d = self.linear
        w, h = self.width - 1, self.height - 1
        return -min(0, a * w) - min(0, b * h), -min(0, c * w) - min(0, d * h)

    def facing(self, facing: str | None) -> str | None:
        if facing is None:
            return None
        a, b, c, d = self.linear
        dx, dy = _FACINGS[facing]
        return _FACING_OF[(a * dx + b * dy, c * dx + d * dy)]

    def content(self, content: Content) -> Content:
        cells, features = content
        return (tuple(sorted(self.cell(c) for c in cells)),
                tuple(sorted((self.cell(cell), kind, number, self.facing(facing))
                             for cell, kind, number, facing in features)))


def proven_symmetries(template: Template, contents, ids, raw, reduce: bool = True) -> dict[str, np.ndarray]:
    """Per symmetry proven for the tile set (identity first), per group the image of each
    content as an index array; a symmetry is proven when it carries every slot's contents
    onto one slot's contents and every group content onto a group content of the same
    weight (see the module's docstring)."""
    slot_of_id = np.zeros(len(ids), dtype=np.int64)
    for (slot, *_), content in contents.items():
        slot_of_id[ids[content]] = slot
    lookups = []
    for _, weights, _, content_ids, _ in raw:
        base = len(ids)
        code = np.zeros(len(content_ids), dtype=object if base ** content_ids.shape[1] >= 2 ** 62 else np.int64)
        for column in range(content_ids.shape[1]):
            code = code * base + content_ids[:, column]
        order = np.argsort(code, kind="stable")
        lookups.append((code[order], order, np.array(weights, dtype=np.int64)))
    found: dict[str, list[np.ndarray]] = {}
    for name in (IDENTITY, *SYMMETRY_NAMES) if reduce else (IDENTITY,):
        symmetry = Symmetry(name, template.width, template.height)
        if not symmetry.fits():
            continue
        image_id = np.full(len(ids), -1, dtype=np.int64)
        for content, cid in ids.items():
            image_id[cid] = ids.get(symmetry.content(content), -1)
        images = _group_images(raw, lookups, image_id, slot_of_id, len(ids))
        if images is not None:
            found[name] = images
    arrays = {name: images for name, images in found.items()}
    _check_group(arrays)
    return arrays  # type: ignore[return-value]


def _group_images(raw, lookups, image_id, slot_of_id, base) -> list[np.ndarray] | None:
    images = []
    for (slots, _, _, content_ids, _), (sorted_codes, order, weights) in zip(raw, lookups):
        mapped = image_id[content_ids]
        if (mapped < 0).any():
            return None
        # Where each slot's content goes: the same slot for every content of the group.
        target_slots = slot_of_id[mapped]
        if not (target_slots == target_slots[:1]).all():
            return None
        targets = target_slots[0].tolist()
        permutation = [slots.index(t) if t in slots else -1 for t in targets]
        if sorted(permutation) != list(range(len(slots))):
            return None
        placed = np.zeros_like(mapped)
        for column, target in enumerate(permutation):
            placed[:, target] = mapped[:, column]
        code = np.zeros(len(placed), dtype=sorted_codes.dtype)
        for column in range(placed.shape[1]):
            code = code * base + placed[:, column]
        where = np.searchsorted(sorted_codes, code)
        where = np.minimum(where, len(sorted_codes) - 1)
        if not (sorted_codes[where] == code).all():
            return None
        image = order[where]
        if not (weights[image] == weights).all():
            return None
        images.append(image.astype(np.int64))
    return images


def _check_group(found: dict[str, list[np.ndarray]]) -> None:
    """The proven symmetries compose to proven symmetries (they form a group), which the
    orbit listing relies on."""
    maps = list(found.values())
    for first in maps:
        for second in maps:
            composed = [s[f] for f, s in zip(first, second)]
            assert any(all(np.array_equal(c, m) for c, m in zip(composed, other)) for other in maps), \
                "the proven symmetries do not form a group"
