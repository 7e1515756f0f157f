"""Chance nodes: where the next step is the dice's (or the deck's), not a player's.

A `Chance` lists its outcomes with whole-number weights, so a search or a self-play policy can
enumerate them with their exact probabilities (`probabilities()`), and `draw(state)` picks one
from the seeded generator kept in the game's state (seeded.py) and returns the generator's
next state. Outcomes are values of the game's choosing: usually the action that plays them
("roll 3, 5, 1"), so enumerating a chance node and applying its outcomes are one loop.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product as cartesian
from typing import Generic, Iterable, TypeVar

from .seeded import below

T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    value: T
    weight: int = 1


@dataclass(frozen=True)
class Chance(Generic[T]):
    """What may happen at a chance node (`what`: in words, e.g. "roll 3 dice"), each outcome
    with a positive weight; its probability is weight / total."""

    outcomes: tuple[Outcome[T], ...]
    what: str = ""

    def __post_init__(self) -> None:
        if not self.outcomes:
            raise ValueError("a chance node has at least one outcome.")
        if any(not isinstance(o.weight, int) or o.weight <= 0 for o in self.outcomes):
            raise ValueError("every outcome's weight is a positive whole number.")

    @classmethod
    def uniform(cls, values: Iterable[T], what: str = "") -> "Chance[T]":
        """Each value equally likely (a fair die: `Chance.uniform(range(1, 7))`)."""
        return cls(tuple(Outcome(v) for v in values), what)

    @classmethod
    def product(cls, parts: Iterable["Chance"], what: str = "") -> "Chance[tuple]":
        """Independent chance nodes at once (three dice): each tuple of outcomes, weights multiplied."""
        combined = []
        for picks in cartesian(*(part.outcomes for part in parts)):
            weight = 1
            for pick in picks:
                weight *= pick.weight
            combined.append(Outcome(tuple(pick.value for pick in picks), weight))
        return Chance(tuple(combined), what)

    def map(self, to) -> "Chance":
        """The same node with each outcome's value turned into another (e.g. dice into the action)."""
        return Chance(tuple(Outcome(to(o.value), o.weight) for o in self.outcomes), self.what)

    @property
    def total(self) -> int:
        return sum(o.weight for o in self.outcomes)

    @property
    def values(self) -> tuple[T, ...]:
        return tuple(o.value for o in self.outcomes)

    def probabilities(self) -> tuple[tuple[T, Fraction], ...]:
        """(value, exact probability) for every outcome, in order; they sum to 1."""
        total = self.total
        return tuple((o.value, Fraction(o.weight, total)) for o in self.outcomes)

    def probability(self, value: T) -> Fraction:
        """The chance of `value` (0 when it is not an outcome)."""
        return sum((p for v, p in self.probabilities() if v == value), Fraction(0))

    def draw(self, state: int) -> tuple[T, int]:
        """(an outcome's value, the generator's next state): one seeded draw, by weight."""
        pick, state = below(state, self.total)
        for outcome in self.outcomes:
            if pick < outcome.weight:
                return outcome.value, state
            pick -= outcome.weight
        raise AssertionError("unreachable: pick < total")  # pragma: no cover
