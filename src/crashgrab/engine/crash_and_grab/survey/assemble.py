"""Template boards straight from slot choices, without building Layout and Board objects.

Every (slot, tile, side, rotation) is worked out once: which cells it covers and where
its Accelerators and Crash Sites land, as board cell numbers. A board is then the union
of its slots' pieces, which is all the fast path needs.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...grid.model import Placement, TileSet
from ..templates import Template
from ..terms import ACCELERATOR, CRASH_SITE
from .arrangements import SlotChoice, slot_placements
from .fastcheck import BoardFacts, analyse
from .findings import geometry_for
from .lines import Geometry


@dataclass(frozen=True, slots=True)
class Piece:
    covered: int                              # set of board cells the tile covers
    accelerators: tuple[int, ...]
    sites: tuple[tuple[int, int | None], ...]


class TemplateBoards:
    """Fast-path facts for boards of one template, built from per-slot pieces."""

    def __init__(self, template: Template, tileset: TileSet) -> None:
        self.template = template
        self.tileset = tileset
        self._all_cells = (1 << (template.width * template.height)) - 1
        self._slot_of = {slot.origin: index for index, slot in enumerate(template.slots)}
        self._pieces: dict[tuple[int, str, str, int], Piece] = {}
        for index, _tile, placement in slot_placements(template, tileset):
            self._pieces[(index, placement.tile, placement.side, placement.rotation)] = self._piece(placement)

    def _piece(self, placement: Placement) -> Piece:
        tile = self.tileset.get(placement.tile)
        assert tile is not None  # pieces are made from the tile set's own tiles
        width = self.template.width
        covered = 0
        for x, y in placement.cells(tile):
            covered |= 1 << (y * width + x)
        accelerators, sites = [], []
        for feature in tile.features(placement.side, placement.rotation):
            cell = (placement.y + feature.y) * width + placement.x + feature.x
            if feature.type == ACCELERATOR:
                accelerators.append(cell)
            elif feature.type == CRASH_SITE:
                sites.append((cell, feature.number))
        return Piece(covered, tuple(accelerators), tuple(sites))

    def facts(self, choices: tuple[SlotChoice, ...]) -> BoardFacts:
        """Facts of the board whose slots hold `choices` (tile, side, rotation), in slot order."""
        pieces = self._pieces
        covered = 0
        accelerators: list[int] = []
        sites: list[tuple[int, int | None]] = []
        for index, (tile, side, rotation) in enumerate(choices):
            piece = pieces[(index, tile, side, rotation)]
            covered |= piece.covered
            accelerators += piece.accelerators
            sites += piece.sites
        accelerators.sort()
        sites.sort()
        return analyse(self.geometry, tuple(accelerators), self._all_cells & ~covered, tuple(sites))

    @property
    def geometry(self) -> Geometry:
        # The process's shared Geometry of this size, asked for at each use: one held from
        # construction could have left geometry_for's cache, and facts are compared with the
        # Geometry (and its line tables) they were made with.
        return geometry_for(self.template.width, self.template.height)

    def choices_of(self, placements: tuple[Placement, ...]) -> tuple[SlotChoice, ...]:
        """Slot choices of a layout that fills every slot once (as setups by the rules do)."""
        choices: list[SlotChoice | None] = [None] * len(self.template.slots)
        for p in placements:
            choices[self._slot_of[(p.x, p.y)]] = (p.tile, p.side, p.rotation)
        if any(c is None for c in choices):
            raise ValueError("the placements leave a slot of the template empty")
        return tuple(choices)  # type: ignore[arg-type]


@lru_cache(maxsize=8)
def template_boards(template: Template, tileset: TileSet) -> TemplateBoards:
    return TemplateBoards(template, tileset)
