"""Crash & Grab's pieces: saucer colours and the 24 crewmembers."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple", "orange")
CREW_TYPES: tuple[str, ...] = ("pilot", "scientist", "doctor", "engineer")

# Card name -> the bonus it gives before moving, and its fixed distance (None: choose 0-5).
CARDS: dict[str, tuple[str | None, int | None]] = {"2": ("booster", 2), "3": ("energy", 3), "0-5": (None, None)}
CHOSEN_DISTANCES = range(0, 6)

DIE_FACES = 12


@dataclass(frozen=True, order=True)
class Crew:
    """One crewmember: one of each type per colour, 24 in all."""

    color: str
    type: str

    def __post_init__(self) -> None:
        if self.color not in COLORS:
            raise ValueError(f"unknown colour {self.color!r}; use one of {', '.join(COLORS)}")
        if self.type not in CREW_TYPES:
            raise ValueError(f"unknown crewmember type {self.type!r}; use one of {', '.join(CREW_TYPES)}")

    def __str__(self) -> str:
        return f"{self.color} {self.type}"

    def to_json(self) -> dict[str, str]:
        return {"color": self.color, "type": self.type}

    @staticmethod
    def from_json(document) -> "Crew":
        return Crew(document["color"], document["type"])


ALL_CREW: tuple[Crew, ...] = tuple(Crew(c, t) for c in COLORS for t in CREW_TYPES)


def default_queue(color: str, placed: Collection[Crew] = ()) -> tuple[str, ...]:
    """A colour's lost queue when none is given, front first: its crewmembers not placed
    elsewhere, pilot first, then scientist, doctor, engineer."""
    return tuple(t for t in CREW_TYPES if Crew(color, t) not in placed)


@dataclass(frozen=True)
class HandOver:
    """A 2-player hand-over of an own-colour crewmember between a player's two saucers.

    leg: the leg of the turn's own movement after which it happens (1 = the card's move;
    each Accelerator left and the boost start a new leg), or None: after the last leg.
    """

    crew: Crew
    leg: int | None = None

    def to_json(self) -> dict:
        document: dict[str, Any] = dict(self.crew.to_json())
        if self.leg is not None:
            document["leg"] = self.leg
        return document

    @staticmethod
    def from_json(document) -> "HandOver":
        return HandOver(Crew(document["color"], document["type"]), document.get("leg"))
