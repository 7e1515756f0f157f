"""Crash & Grab's names for things printed on the board and placed around it."""
from __future__ import annotations

CRASH_SITE = "crash_site"
ACCELERATOR = "accelerator"
FEATURE_TYPES: tuple[str, ...] = (CRASH_SITE, ACCELERATOR)

CRASH_SITE_NUMBERS: tuple[int, ...] = tuple(range(1, 13))

MAX_MOVE = 5  # the longest move a card allows

# The four direction markers, one on each side of the board, in any order.
MARKERS: tuple[str, ...] = ("Sun", "Asteroids", "Meteor", "Stars")
DEFAULT_DIRECTIONS: dict[str, str] = {"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"}

