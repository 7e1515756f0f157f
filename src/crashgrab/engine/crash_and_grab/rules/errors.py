"""Typed rule errors: an illegal action, or a choice the action leaves open.

Both leave the state unchanged (apply is pure). The CLI reports them with exit 2.
"""
from __future__ import annotations

from typing import Any, Sequence

from ...grid.model import Cell
from ...play import rules as play


def cell_text(cell: Cell | None) -> str:
    return "off the board" if cell is None else f"[{cell[0]},{cell[1]}]"


class RuleError(play.RuleError):
    """An action the rules refuse. `str()` is one sentence saying what and why."""


class IllegalAction(RuleError):
    """The action breaks a rule (unknown saucer, bad card or direction, no booster, ...)."""


class MissingChoice(RuleError, play.MissingChoice):
    """The rules leave a choice to a player and the action does not carry it.

    choice: "accelerator", "give", "receiver", "steal_or_energy", "steal", "lost_crew", "die", or in
    a 2-player setup "pilot" and "booster".
    options: the legal options, in the documented order (auto_choices takes options[0]).
    saucer: the saucer the choice is about (the crashed saucer for penalties, the moving
    saucer at an Accelerator), or None.   at: the cell concerned, or None.
    phase: "move" or "boost" for an Accelerator choice (which list the answer goes in).
    """

    def __init__(self, choice: str, options: Sequence[Any], *, saucer: str | None = None,
                 at: Cell | None = None, phase: str | None = None, reason: str = "",
                 message: str | None = None) -> None:
        self.choice = choice
        self.options = list(options)
        self.saucer = saucer
        self.at = at
        self.phase = phase
        # Set by a whole round while it plays a turn: whose choice it is, and whose turn.
        self.player: str | None = None
        self.turn_saucer: str | None = None
        listed = ", ".join(str(o) for o in self.options)
        about = f" for {saucer}" if saucer else ""
        where = f" at {cell_text(at)}" if at is not None else ""
        reason = f" ({reason})" if reason else ""
        super().__init__(message or f"missing choice {choice!r}{about}{where}{reason}: choose one of {listed}.")


class MissingDieResult(MissingChoice):
    """A placement needs the die, and there is no scripted result left and no seed.

    Not a player's choice: auto_choices never answers it.
    what: the piece to place, as the messages name it: a saucer's colour ("red") or
    "the " and a crewmember ("the yellow pilot").
    """

    def __init__(self, what: str) -> None:
        super().__init__("die", range(1, 13), message=f"placing {what} needs a placement die result (1-12), "
                         "but no scripted result is left and no seed is set.")
        self.what = what
        self.hint = 'Add results to "dice" (or a "die" choice to this turn), or set "seed".'
