"""Typed rule errors. `apply` is pure, so an error leaves the state as it was."""
from __future__ import annotations

from typing import Sequence

from ...play import rules as play


class RuleError(play.RuleError):
    """A trick the rules refuse. `trick` is its number (1 for the round's first), `suit` the
    player concerned (or None)."""

    def __init__(self, message: str, *, trick: int, suit: str | None = None, hint: str | None = None,
                 card: str = "moves") -> None:
        self.trick = trick
        self.suit = suit
        self.card = card          # which of the player's cards is at fault: "initiative" or "moves"
        super().__init__(message, hint=hint)


class IllegalAction(RuleError):
    """A choice the rules forbid: a move card already used since the refresh, a card that is not
    in the deck, a card played twice, a choice for a rider not on the board, a trick after the
    round has ended."""


class MissingChoice(RuleError, play.MissingChoice):
    """A rider on the board has no initiative card or no move card for the trick.
    `choice` is "initiative" or "move"; `options` the legal answers (move cards left)."""

    def __init__(self, message: str, *, trick: int, suit: str, choice: str,
                 options: Sequence[str] = (), hint: str | None = None) -> None:
        self.choice = choice
        self.options = tuple(options)
        self.player = suit
        super().__init__(message, trick=trick, suit=suit, hint=hint)
