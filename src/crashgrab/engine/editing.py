"""The editing protocol: what a game offers so that the studio's generic editor edits its boards
without an editor plugin of its own.

A game returns a `BoardEditing` from `GameSystem.editing()`. Every edit is a pure function of a
layout: it returns a new layout, or raises `errors.EditRefused` with a sentence saying why and
changes nothing. The generic editor's undo commands call these and nothing else. Feature types
are the game's own `FeatureKind.type` words; an `on_edge` kind is placed on a cell's side.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

Cell = tuple[int, int]


class BoardEditing(ABC):
    """Place, remove and turn features at a cell or on a cell's edge; resize the board."""

    # The feature types the designer may place, in palette order (kinds of the game's feature_kinds).
    placeable: tuple[str, ...] = ()

    @abstractmethod
    def place(self, layout: Any, feature_type: str, cell: Cell, edge: str | None = None) -> Any:
        """`layout` with a feature of `feature_type` at `cell` (on its `edge` side for an edge kind)."""

    @abstractmethod
    def remove(self, layout: Any, cell: Cell, edge: str | None = None) -> Any:
        """`layout` without the feature at `cell` (on its `edge` side when given)."""

    def turn(self, layout: Any, cell: Cell, edge: str | None = None) -> Any:
        """`layout` with the feature at `cell` turned one rotation step clockwise."""
        from .errors import EditRefused

        raise EditRefused("nothing here turns.")

    def size(self, layout: Any) -> tuple[int, int] | None:
        """The board's width and height when it can be resized (None: a fixed shape)."""
        return None

    def resize(self, layout: Any, width: int, height: int) -> Any:
        from .errors import EditRefused

        raise EditRefused("this board has a fixed shape.")
