"""The 12-faced placement die: the play kernel's seeded generator (engine/play/seeded.py), whose
state is one int kept in the game state.

SplitMix64: the state advances by a fixed odd constant and each roll mixes the new
state. So the state after n rolls is seed + n * GOLDEN (mod 2**64), and any state is a
valid seed: saving it as a scenario's "seed" continues the same sequence. Never the
global `random`.
"""
from __future__ import annotations

from ...play import seeded
from ...play.chance import Chance
from ...play.seeded import GOLDEN, MASK, advance, below
from .pieces import DIE_FACES

__all__ = ["DIE", "GOLDEN", "MASK", "advance", "below", "next_free_site", "roll", "seed_state", "shuffled"]

DIE = Chance.uniform(range(1, DIE_FACES + 1), "the placement die")


def seed_state(seed: int) -> int:
    return seed & MASK


def roll(state: int) -> tuple[int, int]:
    """(die result 1-12, next state)."""
    result, state = below(state, DIE_FACES)
    return 1 + result, state


def shuffled(items: tuple, state: int) -> tuple[tuple, int, int]:
    """(items shuffled, next state, numbers drawn): Fisher-Yates from the last item down, one
    number per item but the first, so a fold can advance a state by the count alone."""
    order, state = seeded.shuffled(items, state)
    return order, state, max(len(order) - 1, 0)


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
