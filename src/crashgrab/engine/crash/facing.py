"""The default facing of a start (the rulebook: cars start "facing the other player's starting
positions"): the one of the six directions nearest in angle to the direction from the car's
hex centre to the centroid of the other player's start centres; on an exact tie, the first of
the tied directions clockwise from east. With no other starts, or the centroid on the car's
own hex, the car faces east (the first direction)."""
from __future__ import annotations

from ..grid.hex import HEX, angle_between, direction_angle, nearest_directions, vector_angle
from .model import CrashLayout, Start
from .terms import FACINGS, Cell, other_player


def opponents_centroid(layout: CrashLayout, player: str) -> tuple[float, float] | None:
    """The centroid (board units) of the other player's start centres, or None without any."""
    centres = [HEX.cell_centre(s.at) for s in layout.starts_of(other_player(player))]
    if not centres:
        return None
    return sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)


def toward_centroid(layout: CrashLayout, player: str, at: Cell) -> tuple[float, float] | None:
    centroid = opponents_centroid(layout, player)
    if centroid is None:
        return None
    x, y = HEX.cell_centre(at)
    return centroid[0] - x, centroid[1] - y


def default_facing(layout: CrashLayout, start: Start) -> str:
    vector = toward_centroid(layout, start.player, start.at)
    nearest = nearest_directions(vector) if vector is not None else ()
    return nearest[0] if nearest else FACINGS[0]


def angle_off(layout: CrashLayout, start: Start, facing: str) -> float | None:
    """Degrees between `facing` and the direction toward the other player's starts (None: no such)."""
    vector = toward_centroid(layout, start.player, start.at)
    if vector is None or abs(vector[0]) + abs(vector[1]) < 1e-12:
        return None
    return angle_between(vector_angle(vector), direction_angle(facing))
