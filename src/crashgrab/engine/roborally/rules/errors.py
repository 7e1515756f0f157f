"""Typed rule errors: the play kernel's (engine/play/rules.py), so generic code (the runner, a
session, the editor's transport) treats them as any game's. `apply` is pure, so an error
leaves the state as it was."""
from __future__ import annotations

from typing import Sequence

from ...play import rules as play


class RuleError(play.RuleError):
    """A turn the rules refuse. `turn` is its number (1: the state's first), `step` the program
    step (None: the turn as a whole, e.g. its end phase), `robot` the robot concerned."""

    def __init__(self, message: str, *, turn: int, step: int | None = None, robot: str | None = None,
                 hint: str | None = None) -> None:
        self.turn = turn
        self.step = step
        self.robot = robot
        super().__init__(message, hint=hint)


class IllegalAction(RuleError):
    """A program the rules forbid: two equal priorities in one step, a locked register given
    another card, an unknown robot, a program for a robot powered down or off the course, a
    turn after the race is won."""


class MissingChoice(RuleError, play.MissingChoice):
    """A robot needs a choice the turn does not give: its program, the repair or option at a
    two-wrench site, its facing (or square) when it returns. `choice` names the missing key of
    the turn's "choices" (or "programs"); `options` the legal answers; `player` the robot who
    decides (the kernel's `decision`)."""

    def __init__(self, message: str, *, turn: int, robot: str, choice: str, step: int | None = None,
                 options: Sequence[str] = (), hint: str | None = None) -> None:
        self.choice = choice
        self.options = tuple(options)
        self.player = robot
        super().__init__(message, turn=turn, step=step, robot=robot, hint=hint)
