"""The state of a Crash! game: immutable, so `apply` returns a new one.

Twelve cars always (p1's 1-6, then p2's 1-6): each on a board hex, waiting in its garage slot
(German variation) or out of the game. `fate` says how a car left: "off" (the board's edge),
or the owner of the junkyard it entered ("p1", "p2"); None for a car in play or one that never
started (listed nowhere in a scenario). The dice come from `seed` (dice.py).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import CrashLayout
from ..terms import CARS, PLAYERS, Cell


@dataclass(frozen=True)
class Car:
    player: str
    number: int
    at: Cell | None            # its hex; None: in its slot or out of the game
    facing: str
    in_slot: bool = False
    fate: str | None = None

    @property
    def on_board(self) -> bool:
        return self.at is not None

    @property
    def in_play(self) -> bool:
        return self.at is not None or self.in_slot


@dataclass(frozen=True)
class CrashState:
    hexes: frozenset[Cell]
    junkyards: tuple[tuple[str, Cell], ...]          # (owner, hex)
    starts: tuple[tuple[str, int, Cell], ...]        # (player, car, start hex): where a slot's car enters
    cars: tuple[Car, ...]                            # twelve, p1 1-6 then p2 1-6
    score: tuple[int, int] = (0, 0)                  # p1, p2
    player: str = "p1"                               # whose turn it is (or is next)
    turns: int = 0                                   # turns completed
    opening: bool = True                             # the current (or next) turn is the game's first
    variant: str = "standard"                        # "standard" | "german"
    turning: str = "any"                             # ruling: "any" | "one_side"
    seed: int = 0
    phase: str = "start"                             # "start": before the roll; "control": dice rolled
    dice: tuple[int, ...] = ()
    used: tuple[bool, ...] = ()
    rerolled: bool = False
    steered: bool = False
    over: bool = False
    winner: str | None = None                        # "p1", "p2", "tie" once over

    def car(self, player: str, number: int) -> Car:
        return self.cars[PLAYERS.index(player) * len(CARS) + number - 1]

    def car_at(self, cell: Cell) -> Car | None:
        return next((c for c in self.cars if c.at == cell), None)

    def junkyard_owner(self, cell: Cell) -> str | None:
        return next((owner for owner, at in self.junkyards if at == cell), None)

    def start_hex(self, player: str, number: int) -> Cell | None:
        return next((at for p, n, at in self.starts if p == player and n == number), None)

    def points(self) -> dict[str, int]:
        return dict(zip(PLAYERS, self.score))

    def cars_in_play(self, player: str) -> tuple[Car, ...]:
        return tuple(c for c in self.cars if c.player == player and c.in_play)

    def with_car(self, car: Car) -> "CrashState":
        index = PLAYERS.index(car.player) * len(CARS) + car.number - 1
        return replace(self, cars=self.cars[:index] + (car,) + self.cars[index + 1:])

    @property
    def turn_number(self) -> int:
        """The number of the turn in hand (or next): 1 for the first turn played from this state."""
        return self.turns + 1


def initial_state(layout: CrashLayout, *, variant: str = "standard", turning: str = "any", first: str = "p1",
                  seed: int = 0) -> CrashState:
    """Every car on its start (standard) or in its slot (German), facing as the layout says;
    a car without a start is out of the game. `first` plays the game's first turn."""
    cars = []
    for player in PLAYERS:
        for number in CARS:
            start = layout.start_of(player, number)
            if start is None:
                cars.append(Car(player, number, None, "east"))
            elif variant == "german":
                cars.append(Car(player, number, None, layout.facing_of(start), in_slot=True))
            else:
                cars.append(Car(player, number, start.at, layout.facing_of(start)))
    return CrashState(
        hexes=layout.hexes, junkyards=tuple((j.player, j.at) for j in layout.junkyards),
        starts=tuple((s.player, s.car, s.at) for s in layout.starts), cars=tuple(cars), player=first,
        variant=variant, turning=turning, seed=seed)
