"""The dice: a small generator whose whole state is one integer kept in the game state
(SplitMix64), so a seed replays a game exactly and nothing is global."""
from __future__ import annotations

MASK = (1 << 64) - 1


def next_die(seed: int) -> tuple[int, int]:
    """A die roll 1-6 and the generator's next state."""
    seed = (seed + 0x9E3779B97F4A7C15) & MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return z % 6 + 1, seed


def derive_seed(seed: int, index: int) -> int:
    """An independent seed for match `index` of a run seeded `seed` (the survey's per-match seeds)."""
    z = (seed * 0x9E3779B97F4A7C15 + index * 0xD1B54A32D192ED03 + 1) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)
