"""A turn's working copy of the race: the rules change it step by step, then `apply` freezes it.

Nothing outside a call of `apply` (or the route search's single-robot step) ever sees a World,
so the rules stay pure: the state given in is never changed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .cards import Card
from .events import Damaged, Destroyed, OptionUsed, RallyEvent
from .floor import Floor
from .geometry import OPPOSITE, Cell, side_direction
from .state import Robot

DESTROYING_DAMAGE = 10


@dataclass
class Bot:
    """A robot being played: mutable for the length of one turn."""

    name: str
    at: Cell | None
    facing: str
    damage: int
    lives: int
    next: int
    archive: Cell | None
    options: list[str]
    registers: tuple[Card | None, ...]
    shots: int
    destroyed: bool = False          # destroyed this turn (returns at its end)
    powered_down: bool = False
    shield_used: int = 0             # the step in which its shield last stopped a point
    extra_locks: set[int] = field(default_factory=set)   # registers Target Control locked this turn

    @classmethod
    def of(cls, robot: Robot) -> "Bot":
        return cls(robot.name, robot.at, robot.facing, robot.damage, robot.lives, robot.next, robot.archive,
                   list(robot.options), robot.registers, robot.shots, destroyed=robot.at is None and robot.lives > 0)

    def frozen(self) -> Robot:
        return Robot(self.name, self.at, self.facing, self.damage, self.lives, self.next, self.archive,
                     tuple(self.options), self.registers, self.shots)


class World:
    def __init__(self, floor: Floor, bots: list[Bot], *, rulings: Mapping[str, str],
                 options: Mapping[str, Mapping[str, Any]] | None = None, record: bool = True) -> None:
        self.floor = floor
        self.bots = {bot.name: bot for bot in bots}
        self.order = [bot.name for bot in bots]
        self.rulings = rulings
        self.options = options or {}   # robot -> its option choices for this turn
        self.step = 0
        self._phase = "start"
        self.events: list[RallyEvent] = []
        # When kept (a playtest steps through them): (step, phase, robots) after each phase.
        self.frames: list[tuple[int | None, str, tuple[Robot, ...]]] | None = None
        self.discarded: list[str] = []   # option cards to the discard pile
        self.drawn = 0                   # option cards drawn from the deck's top
        self.record = record             # False: no events (the route search only needs the outcome)

    @property
    def phase(self) -> str:
        return self._phase

    @phase.setter
    def phase(self, phase: str) -> None:
        """Entering a phase closes the one before (a frame, if frames are kept)."""
        self.close_phase()
        self._phase = phase

    def close_phase(self) -> None:
        if self.frames is not None:
            self.frames.append((self.step or None, self._phase,
                                tuple(self.bots[name].frozen() for name in self.order)))

    # --- looking -----------------------------------------------------------------------
    def occupant(self, cell: Cell) -> str | None:
        for bot in self.bots.values():
            if bot.at == cell:
                return bot.name
        return None

    def on_course(self) -> list[Bot]:
        return [self.bots[name] for name in self.order if self.bots[name].at is not None]

    def has(self, name: str, option: str) -> bool:
        return option in self.bots[name].options

    def option_choice(self, name: str, option: str) -> Any:
        """How `name` uses `option` this turn (None: not at all), if it holds the card."""
        if not self.has(name, option):
            return None
        return self.options.get(name, {}).get(option)

    def used_in_step(self, name: str, option: str) -> bool:
        """A per-step option ("steps": a list) chosen for the current step."""
        chosen = self.option_choice(name, option)
        return isinstance(chosen, list) and self.step in chosen

    def side_for_step(self, name: str, option: str) -> str | None:
        """Shield's or Turret's side this step: one side for every step, or {"step": side}."""
        chosen = self.option_choice(name, option)
        if isinstance(chosen, Mapping):
            chosen = chosen.get(str(self.step))
        return chosen if isinstance(chosen, str) else None

    # --- changing ------------------------------------------------------------------------
    def emit(self, event_type, **fields) -> None:
        if self.record:
            self.events.append(event_type(phase=self.phase, step=self.step or None, **fields))

    def destroy(self, name: str, cause: str, at: Cell) -> None:
        bot = self.bots[name]
        bot.at = None
        bot.destroyed = True
        bot.lives = max(0, bot.lives - 1)
        self.emit(Destroyed, robot=name, at=at, cause=cause, lives=bot.lives)

    def damage(self, name: str, amount: int, cause: str, source: str | None = None,
               coming_from: str | None = None) -> None:
        """`amount` damage to a robot on the course; `coming_from` is the compass direction the
        hit comes from (a Shield facing it stops one point a step)."""
        bot = self.bots[name]
        if bot.at is None or amount <= 0:
            return
        shield = self.side_for_step(name, "Shield")
        if (shield and coming_from is not None and bot.shield_used != self.step
                and side_direction(bot.facing, shield) == coming_from):
            bot.shield_used = self.step
            amount -= 1
            self.emit(OptionUsed, robot=name, option="Shield", detail=f"stops 1 damage from the {coming_from}")
            if amount <= 0:
                return
        bot.damage += amount
        self.emit(Damaged, robot=name, amount=amount, damage=bot.damage, cause=cause, source=source)
        if bot.damage >= DESTROYING_DAMAGE:
            self.destroy(name, "damage", bot.at)


def hit_from(travelling: str) -> str:
    """A beam or push travelling `travelling` comes from the opposite side of what it hits."""
    return OPPOSITE[travelling]
