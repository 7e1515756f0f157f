"""How findings name cells and numbers in their one-sentence messages."""
from __future__ import annotations

from typing import Iterable, Sequence

from ...grid.model import Cell

MAX_LISTED = 6  # longer lists end "... and N more"; the finding's cells hold them all


def cell_text(cell: Cell) -> str:
    return f"[{cell[0]},{cell[1]}]"


def joined(items: Sequence[str], conjunction: str = "and") -> str:
    """a; a and b; a, b and c; a, b, ... and 4 more."""
    items = list(items)
    if len(items) > MAX_LISTED:
        return f"{', '.join(items[:MAX_LISTED - 1])} and {len(items) - MAX_LISTED + 1} more"
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def cells_text(cells: Iterable[Cell]) -> str:
    return joined([cell_text(c) for c in cells])


def numbers_text(numbers: Iterable[int], conjunction: str = "and") -> str:
    return joined([str(n) for n in numbers], conjunction)


def plural(count: int, word: str, plural_word: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural_word or word + 's')}"
