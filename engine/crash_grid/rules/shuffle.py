"""Shuffling from a seed kept in the state: SplitMix64, whose state is one int (any int is a
valid seed, and saving the state as a seed continues the same sequence). Never the global
`random`."""
from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(a number from 0 to n-1, next state)."""
    state = (state + GOLDEN) & MASK
    return (_mix(state) * n) >> 64, state


def shuffled(items: tuple, state: int) -> tuple[tuple, int]:
    """(items shuffled, next state): Fisher-Yates from the last item down."""
    order = list(items)
    state &= MASK
    for last in range(len(order) - 1, 0, -1):
        pick, state = below(state, last + 1)
        order[last], order[pick] = order[pick], order[last]
    return tuple(order), state
