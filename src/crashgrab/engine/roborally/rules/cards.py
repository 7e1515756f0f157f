"""Program cards and option cards.

The 84 program cards of the classic game, each with a unique priority, the higher moving
first (docs/roborally-rules.md cites the public descriptions): U-turn x6 (10-60), Rotate Left
x18 (70-410), Rotate Right x18 (80-420), Back Up x6 (430-480), Move 1 x18 (490-660), Move 2
x12 (670-780), Move 3 x6 (790-840).
"""
from __future__ import annotations

from dataclasses import dataclass

CARD_KINDS: tuple[str, ...] = ("move1", "move2", "move3", "back_up", "turn_left", "turn_right", "u_turn")
# How far a card moves the robot (back_up: backwards) and how many quarter turns it turns it.
DISTANCE = {"move1": 1, "move2": 2, "move3": 3, "back_up": 1}
QUARTER_TURNS = {"turn_left": -1, "turn_right": 1, "u_turn": 2}
REGISTERS = 5


@dataclass(frozen=True, order=True)
class Card:
    priority: int
    kind: str

    def to_json(self) -> dict[str, object]:
        return {"card": self.kind, "priority": self.priority}

    def __str__(self) -> str:
        return f"{self.kind} ({self.priority})"


def _kind_range(kind: str, first: int, last: int, stride: int) -> list[Card]:
    return [Card(p, kind) for p in range(first, last + 1, stride)]


PROGRAM_DECK: tuple[Card, ...] = tuple(sorted(
    _kind_range("u_turn", 10, 60, 10) + _kind_range("turn_left", 70, 410, 20)
    + _kind_range("turn_right", 80, 420, 20) + _kind_range("back_up", 430, 480, 10)
    + _kind_range("move1", 490, 660, 10) + _kind_range("move2", 670, 780, 10)
    + _kind_range("move3", 790, 840, 10)))

# Option cards with an effect in the program steps, then those that change the hand (dealing.py).
STEP_OPTIONS: tuple[str, ...] = (
    "Brakes", "Fourth Gear", "Reverse Gear", "Mechanical Arm", "Ramming Device", "Double Laser",
    "Power Laser", "Rear Laser", "Turbo Blaster", "Shield", "Turret", "Emergency Stop",
    "Conditional Command", "Target Control")
HAND_OPTIONS: tuple[str, ...] = ("Extra Memory", "Recompile", "Flywheel")
# High-Pressure Beam's text is cut off in the seed rulebook: left out (docs/rulings.md).
OPTION_NAMES: tuple[str, ...] = STEP_OPTIONS + HAND_OPTIONS
TURBO_BLASTER_SHOTS = 5


_DECK = frozenset(PROGRAM_DECK)
_WORDS = {"u_turn": "U-turn", "turn_left": "Rotate Left", "turn_right": "Rotate Right", "back_up": "Back Up",
          "move1": "Move 1", "move2": "Move 2", "move3": "Move 3"}


def priority_problem(card: Card) -> str | None:
    """Why `card` is none of the 84 (a priority its kind never has), or None when it is one."""
    if card in _DECK:
        return None
    priorities = [c.priority for c in PROGRAM_DECK if c.kind == card.kind]
    step = priorities[1] - priorities[0]
    return (f"no {_WORDS[card.kind]} card has priority {card.priority}: theirs are {priorities[0]} to "
            f"{priorities[-1]} in steps of {step}.")
