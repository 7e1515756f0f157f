"""Typed rule errors. `apply` is pure, so an error leaves the state as it was."""
from __future__ import annotations

from ...play import rules as play


class RuleError(play.RuleError):
    """An action the rules refuse. `turn` is its turn's number (1: the first turn of the game as
    the state counts it), `player` the player whose turn it is."""

    def __init__(self, message: str, *, turn: int, player: str | None = None, hint: str | None = None) -> None:
        self.turn = turn
        self.player = player
        super().__init__(message, hint=hint)


class IllegalAction(RuleError):
    """A step the rules forbid now: a die used twice or showing a car out of the game, a second
    re-roll, a re-roll of a die whose car is in play, a turn the ruling does not allow, an action
    out of its phase or after the game's end."""
