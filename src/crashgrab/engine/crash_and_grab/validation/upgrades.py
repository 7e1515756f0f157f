"""The upgrade cards that change how a saucer moves, and the movement validation checks under them.

    movement = movement_for(["hyperdrive", "Boost-Amplifier"])
    movement.distances   # (1, 2, 3, 4, 5, 6, 8, 10, 12)

How each card's text is read (docs/findings.md, "Validation under upgrades", says it for a
designer):

- The movement cards move 2, 3, or a chosen 0-5 (rulebook, I. Plan, "Choose Movement
  Card"); a boost moves "the number of spaces shown on the movement card" (II. 4, Boost).
  So a move or boost of the standard game is 1 to 5 spaces.
- Hyperdrive, "double your movement": the card's 2, 3 or 0-5 become 4, 6 or 0, 2, ..., 10,
  and a boost, being movement too, doubles with its card. Never 7 or 9. An Accelerator
  keeps "the distance you were moving when you reached" it: the doubled one.
- Boost Amplifier, "move 1-6 when you use a booster": a boost of any 1 to 6. With Hyperdrive
  the amplified boost doubles too: 2, 4, ..., 12.
- Acceleration Regulator, "move 1-4 off each Accelerator": leaving an Accelerator on its own
  turn a saucer may move 1 to 4 instead of its arrival distance (not doubled by Hyperdrive:
  the card names the distance).
- Waste Accelerator, "once on your turn, use an empty Crash Site as an Accelerator": any
  Crash Site may be empty in play, so a move reaching one may stop there and move its
  distance again in a chosen direction, once per move.
- "Using an upgrade's ability is always optional" (III. 4, Upgrade Your Saucer), so every
  standard move stays possible: upgrades only add moves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from ..terms import MAX_MOVE

HYPERDRIVE = "Hyperdrive"
BOOST_AMPLIFIER = "Boost Amplifier"
ACCELERATION_REGULATOR = "Acceleration Regulator"
WASTE_ACCELERATOR = "Waste Accelerator"

# In the order reports list them.
MOVEMENT_UPGRADES: tuple[str, ...] = (HYPERDRIVE, BOOST_AMPLIFIER, ACCELERATION_REGULATOR, WASTE_ACCELERATOR)

CARD_DISTANCES = (2, 3, *range(1, MAX_MOVE + 1))  # the 2 card, the 3 card, the 0-5 card's choices
AMPLIFIED_BOOST = tuple(range(1, 7))
REGULATED = tuple(range(1, 5))


class UnknownUpgrade(ValueError):
    """A name that is not a movement upgrade card; the message lists the ones that are."""


def _key(name: str) -> str:
    return re.sub(r"[\s_-]+", "", name).casefold()


_BY_KEY = {_key(name): name for name in MOVEMENT_UPGRADES}


def _other_upgrades() -> dict[str, str]:
    """The other upgrade cards by key: they change pushes, placing, turn order or crew, not where a
    move can end. Read from the rules engine only to say so (validation itself never imports it)."""
    from ..rules.upgrade_cards import UPGRADE_NAMES

    return {_key(name): name for name in UPGRADE_NAMES if name not in MOVEMENT_UPGRADES}


def upgrade_name(name: str) -> str:
    """The card's own name for a spelling of a movement upgrade (case, spaces and hyphens aside)."""
    found = _BY_KEY.get(_key(name))
    if found is not None:
        return found
    choices = ", ".join(MOVEMENT_UPGRADES)
    other = _other_upgrades().get(_key(name))
    if other is not None:
        raise UnknownUpgrade(f"{other} does not change how a saucer moves; the upgrades that do are {choices}.")
    raise UnknownUpgrade(f"{name.strip()!r} is not an upgrade card; the upgrades that change movement are {choices}.")


@dataclass(frozen=True)
class Movement:
    """What one move (a card's move or a boost) can do under a set of upgrades."""
    upgrades: tuple[str, ...] = ()
    distances: tuple[int, ...] = tuple(range(1, MAX_MOVE + 1))  # the distances a move can start with
    leave_distances: tuple[int, ...] = ()  # Acceleration Regulator: also leave an Accelerator with these
    crash_sites_accelerate: bool = False  # Waste Accelerator

    @property
    def standard(self) -> bool:
        return not self.upgrades


STANDARD = Movement()


def movement_for(names: Iterable[str]) -> Movement:
    """The movement under these upgrade cards (any order, repeats ignored); raises UnknownUpgrade."""
    if isinstance(names, str):  # one name, not its letters
        names = [names]
    chosen = {upgrade_name(name) for name in names}
    if not chosen:
        return STANDARD
    factor = 2 if HYPERDRIVE in chosen else 1
    moves = set(CARD_DISTANCES)
    boosts = set(AMPLIFIED_BOOST if BOOST_AMPLIFIER in chosen else CARD_DISTANCES)
    # Optional: the plain card and boost stay possible next to the doubled ones.
    distances = moves | boosts | {factor * d for d in moves | boosts}
    return Movement(
        upgrades=tuple(name for name in MOVEMENT_UPGRADES if name in chosen),
        distances=tuple(sorted(distances)),
        leave_distances=REGULATED if ACCELERATION_REGULATOR in chosen else (),
        crash_sites_accelerate=WASTE_ACCELERATOR in chosen)
