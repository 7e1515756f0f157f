"""RoboRally on the play kernel (engine/play/rules.py): the `Rules` object that the playtest
session and the scenario runner play through.

The action is a whole `Turn` (every robot's program, its power down and choices): the registers
are revealed step by step inside `apply`, so a turn is one action. Its decision points are each
programming robot's hand (`decisions`: the cards dealt from the state's generator, dealing.py,
one into each free register); `legal_actions` is every turn those hands make (it grows fast:
9·8·7·6·5 = 15 120 programs a robot with no damage, so it is listed lazily; a search uses
`decisions`, and a kernel session plays a chosen turn rather than `step`, whose `options()`
makes a list of them all). A choice left open at the end of a turn (a two-wrench site, a returning robot's
facing or square) is the kernel's MissingChoice, its Decision as data (`play.rules.open_decision`).
No step is a chance node of its own: the deal reads the generator in the state and Emergency
Stop's draw shuffles from it inside `apply`. Events do not carry the whole state (a robot's
locked cards, the option deck), so they are not folded: a session steps turn by turn (the
playtest steps through a turn's phases by `turn.apply_in_phases`).
"""
from __future__ import annotations

from math import perm, prod
from typing import Any, Mapping, Sequence, overload

from ...play.chance import Chance
from ...play.rules import Decision
from .cards import REGISTERS, Card
from .dealing import deal
from .events import RallyEvent
from .floor import floor_from_course
from .state import RallyState, Turn, starting_state
from .turn import apply

ROBOT_NAMES = ("red", "blue", "green", "yellow", "orange", "purple", "white", "black")


def programming(state: RallyState) -> list[tuple[str, tuple[Card, ...], tuple[int, ...]]]:
    """(robot, its hand, its free register indices 0-4) for every robot that programs the next turn."""
    if state.over:
        return []
    _, hands = deal(state)
    robots = []
    for name, hand in hands.items():
        robot = state.robot(name)
        assert robot is not None   # (a hand is dealt only to a robot of the race)
        robots.append((name, hand, tuple(i for i, card in enumerate(robot.registers) if card is None)))
    return robots


class HandTurns(Sequence[Turn]):
    """Every turn the dealt hands make, listed lazily: each robot puts an ordered choice of its
    hand's cards into its free registers (a locked register keeps its card: None in the program).
    Turn `i` reads `i` in mixed radix, a robot's digit as a permutation of its hand."""

    def __init__(self, robots: Sequence[tuple[str, tuple[Card, ...], tuple[int, ...]]]) -> None:
        self.robots = tuple(robots)
        self.sizes = tuple(perm(len(hand), len(free)) for _, hand, free in self.robots)

    def __len__(self) -> int:
        return prod(self.sizes) if self.robots else 0

    @overload
    def __getitem__(self, index: int) -> Turn: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Turn]: ...

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        programs: dict[str, tuple[Card | None, ...]] = {}
        for (name, hand, free), size in zip(self.robots, self.sizes):
            index, digit = divmod(index, size)
            left = list(hand)
            cards: list[Card | None] = [None] * REGISTERS
            for register in free:
                digit, pick = divmod(digit, len(left))
                cards[register] = left.pop(pick)
            programs[name] = tuple(cards)
        return Turn(programs)


class RallyRules:
    folds_events = False

    def initial_state(self, course: Mapping[str, Any], *, robots: int | None = None, seed: int = 0,
                      option_deck: tuple[str, ...] = (), rulings: Mapping[str, str] | None = None) -> RallyState:
        """One robot a start (at most `robots`, else the course's players) on the resolved course
        (engine/roborally/resolved.py: the rules read only that dict)."""
        floor = floor_from_course(course)
        count = min(len(floor.starts), len(ROBOT_NAMES), robots or floor.players or len(floor.starts))
        return starting_state(floor, ROBOT_NAMES[:count], seed=seed, option_deck=option_deck, rulings=rulings)

    def apply(self, state: RallyState, action: Turn) -> tuple[RallyState, tuple[RallyEvent, ...]]:
        return apply(state, action)

    def decisions(self, state: RallyState) -> tuple[Decision, ...]:
        """Each programming robot's choice: a card of its hand into each free register, each card
        once (a robot powered down instead plays none)."""
        return tuple(Decision("programs", hand, name) for name, hand, _ in programming(state))

    def legal_actions(self, state: RallyState) -> HandTurns:
        """Every turn the hands dealt from the state make (none once the race is won)."""
        return HandTurns(programming(state))

    def chance(self, state: RallyState) -> Chance | None:
        return None

    def apply_event(self, state: RallyState, event: RallyEvent) -> RallyState:
        raise NotImplementedError("RoboRally's events are not folded (folds_events is False).")


RULES = RallyRules()
