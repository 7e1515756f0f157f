"""The dice: the play kernel's seeded generator (engine/play/seeded.py, SplitMix64), whose whole
state is one integer kept in the game state, so a seed replays a game exactly and nothing is global."""
from __future__ import annotations

from ...play.chance import Chance
from ...play.seeded import GOLDEN, MASK, bits, mix
from ..terms import DICE_PER_TURN

DIE = Chance.uniform(range(1, 7), "a die")
ROLL = Chance.product([DIE] * DICE_PER_TURN, f"roll {DICE_PER_TURN} dice")   # every roll, each 1 in 216


def next_die(seed: int) -> tuple[int, int]:
    """A die roll 1-6 and the generator's next state."""
    z, seed = bits(seed)
    return z % 6 + 1, seed


def derive_seed(seed: int, index: int) -> int:
    """An independent seed for match `index` of a run seeded `seed` (the survey's per-match seeds)."""
    return mix((seed * GOLDEN + index * 0xD1B54A32D192ED03 + 1) & MASK)
