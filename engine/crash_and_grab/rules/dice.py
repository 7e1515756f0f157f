"""The 12-faced placement die: a small deterministic generator whose state is one int.

SplitMix64: the state advances by a fixed odd constant and each roll mixes the new
state. So the state after n rolls is seed + n * GOLDEN (mod 2**64), and any state is a
valid seed: saving it as a scenario's "seed" continues the same sequence. Never the
global `random`.
"""
from __future__ import annotations

from .pieces import DIE_FACES

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return seed & MASK


def advance(state: int) -> int:
    return (state + GOLDEN) & MASK


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(a number from 0 to n-1, next state). Multiply-shift maps 64 bits onto n values."""
    state = advance(state)
    return (_mix(state) * n) >> 64, state


def roll(state: int) -> tuple[int, int]:
    """(die result 1-12, next state)."""
    result, state = below(state, DIE_FACES)
    return 1 + result, state


def shuffled(items: tuple, state: int) -> tuple[tuple, int, int]:
    """(items shuffled, next state, numbers drawn): Fisher-Yates from the last item down, one
    number per item but the first, so a fold can advance a state by the count alone."""
    order = list(items)
    for last in range(len(order) - 1, 0, -1):
        pick, state = below(state, last + 1)
        order[last], order[pick] = order[pick], order[last]
    return tuple(order), state, max(len(order) - 1, 0)


def next_free_site(roll_result: int, taken) -> list[int]:
    """The sites tried from `roll_result`, adding 1 (12 wraps to 1) past taken ones.

    `taken(site) -> bool`. Returns the tried sites, the last one free; empty when all
    twelve are taken.
    """
    tried = []
    site = roll_result
    for _ in range(DIE_FACES):
        tried.append(site)
        if not taken(site):
            return tried
        site = site % DIE_FACES + 1
    return []
