"""The seeded generator every game keeps in its state: SplitMix64, whose whole state is one int.

The state advances by a fixed odd constant and each draw mixes the new state, so any int is a
valid seed, the state after n draws is seed + n * GOLDEN (mod 2**64), and saving the state as a
seed continues the same sequence. Pure functions: each returns the value and the next state;
nothing is global (never the `random` module).
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def advance(state: int) -> int:
    """The generator's next state."""
    return (state + GOLDEN) & MASK


def mix(z: int) -> int:
    """SplitMix64's output function: 64 well-mixed bits from a state."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def bits(state: int) -> tuple[int, int]:
    """(64 random bits, next state)."""
    state = advance(state)
    return mix(state), state


def below(state: int, n: int) -> tuple[int, int]:
    """(a number from 0 to n-1, next state). Multiply-shift maps 64 bits onto n values."""
    value, state = bits(state)
    return (value * n) >> 64, state


def shuffled(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """(items shuffled, next state): Fisher-Yates from the last item down, one draw per item
    but the first."""
    order = list(items)
    state &= MASK
    for last in range(len(order) - 1, 0, -1):
        pick, state = below(state, last + 1)
        order[last], order[pick] = order[pick], order[last]
    return tuple(order), state
