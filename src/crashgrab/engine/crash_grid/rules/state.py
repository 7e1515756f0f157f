"""The state of a Crash Grid round: immutable, so `apply` returns a new one."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...grid.model import Board
from ..board import rectangle_board
from ..terms import SUITS, TRICKS_PER_REFRESH, Cell
from .deck import DeckA, deal


@dataclass(frozen=True)
class Rider:
    suit: str
    at: Cell | None          # the square of its most recent trail card; None: crashed
    facing: str
    rails: int               # trail cards still in hand
    used: frozenset[str] = frozenset()   # move cards used since the last refresh

    @property
    def on_board(self) -> bool:
        return self.at is not None


@dataclass(frozen=True)
class GridState:
    width: int
    height: int
    riders: tuple[Rider, ...]                 # in suit order
    trails: frozenset[tuple[Cell, str]] = frozenset()   # (square, suit): trail cards other than riders' squares
    walls: frozenset[Cell] = frozenset()      # fixed walls and extended mode's face-down cards
    tricks_since_refresh: int = 0
    tricks_played: int = 0
    over: bool = False                        # the round has ended
    winner: str | None = None
    deck: DeckA | None = None                 # Deck A; None: open, every rider on the board holding 5 unnamed cards
    # The arena's generic board (board.arena_board): which squares exist. Built as the width x
    # height rectangle for a state made without one; not part of equality (the squares follow
    # from width and height, the walls in play are `walls`).
    board: Board = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if not 0 <= self.tricks_since_refresh < TRICKS_PER_REFRESH:
            raise ValueError("tricks_since_refresh must be 0, 1 or 2")
        if self.board is None:
            object.__setattr__(self, "board", rectangle_board(self.width, self.height))

    def initiative_deck(self) -> DeckA:
        """Deck A as it stands (an open deal when the state was built without one)."""
        if self.deck is not None:
            return self.deck
        return deal(r.suit for r in self.riders_on_board())

    def rider(self, suit: str) -> Rider | None:
        return next((r for r in self.riders if r.suit == suit), None)

    def riders_on_board(self) -> tuple[Rider, ...]:
        return tuple(r for r in self.riders if r.on_board)

    def on_board(self, cell: Cell) -> bool:
        return self.board.on_board(cell)

    def trail_at(self, cell: Cell) -> str | None:
        return next((suit for square, suit in self.trails if square == cell), None)

    def occupied(self) -> frozenset[Cell]:
        """Every square a move may not enter: walls, trail cards and riders."""
        return (self.walls | {square for square, _ in self.trails}
                | {r.at for r in self.riders if r.at is not None})

    def points(self) -> dict[str, int]:
        """This round's points: 1 for the last rider standing, 0 for everyone else."""
        return {r.suit: int(r.suit == self.winner) for r in self.riders}

    def with_rider(self, rider: Rider) -> "GridState":
        riders = tuple(rider if r.suit == rider.suit else r for r in self.riders)
        return replace(self, riders=riders)


def sort_riders(riders) -> tuple[Rider, ...]:
    return tuple(sorted(riders, key=lambda r: SUITS.index(r.suit)))
