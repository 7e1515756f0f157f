"""Shuffling Deck A from a seed kept in the state: the play kernel's SplitMix64 generator
(engine/play/seeded.py; any int is a valid seed, and saving the state as a seed continues the
same sequence). Never the global `random`."""
from __future__ import annotations

from ...play.seeded import GOLDEN, MASK, below, shuffled

__all__ = ["GOLDEN", "MASK", "below", "shuffled"]
