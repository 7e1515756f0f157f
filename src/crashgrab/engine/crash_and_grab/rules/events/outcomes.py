"""What a crash or a pickup leads to: the crash penalty, a 2-player hand-over, a piece placed on
a Crash Site by the die, the win."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....grid.model import Cell
from ....play.events import Event
from ..errors import cell_text
from ..pieces import Crew


@dataclass(frozen=True)
class Penalty(Event):
    """A crash penalty for `saucer` (the crashed one).

    outcome "give": `crew` goes from `giver` (the crashed saucer, or with two saucers per
    player the saucer whose turn it is: ruling own_saucer_crash) to `receiver`;
    "steal": `crew` goes from `giver` (the crashed saucer) to `receiver` (the turn's saucer);
    "energy": `receiver` (the turn's saucer) takes an energy instead;
    "nothing": the crashed saucer has no off-coloured crewmember to give.
    """

    kind: ClassVar[str] = "penalty"
    saucer: str
    outcome: str
    crew: Crew | None = None
    giver: str | None = None
    receiver: str | None = None

    def describe(self) -> str:
        if self.outcome == "give" and self.giver != self.saucer:
            return f"{self.saucer} crashed, so {self.giver} gives the {self.crew} to {self.receiver}"
        if self.outcome == "give":
            return f"{self.saucer} crashed and gives the {self.crew} to {self.receiver}"
        if self.outcome == "steal":
            return f"{self.receiver} steals the {self.crew} from crashed {self.saucer}"
        if self.outcome == "energy":
            return f"{self.receiver} takes an energy for crashing {self.saucer}"
        if self.giver is not None and self.giver != self.saucer:
            return f"{self.saucer} crashed but {self.giver} has no off-coloured crewmember to give"
        return f"{self.saucer} crashed but has no off-coloured crewmember to give"


@dataclass(frozen=True)
class Transfer(Event):
    """2-player hand-over of an own-colour crewmember between a player's two saucers."""

    kind: ClassVar[str] = "transfer"
    giver: str
    receiver: str
    crew: Crew

    def describe(self) -> str:
        return f"{self.giver} hands the {self.crew} over to {self.receiver}"


@dataclass(frozen=True)
class Place(Event):
    """A saucer or a lost crewmember placed on a Crash Site by the die.

    roll: the die result; tried: the sites tried in order (the roll, then +1 with 12
    wrapping to 1, past taken sites); site/at: where it went. source: where the roll came
    from ("action": the action's own dice; "script": the state's dice; "seed": the state's
    generator; "choice": no roll, the site was chosen: Regeneration Gateway).
    reason: "turn" (a crashed saucer's turn), "pickup", "round", "setup".
    """

    kind: ClassVar[str] = "place"
    piece: str               # "saucer" or "crew"
    saucer: str | None
    crew: Crew | None
    roll: int
    tried: tuple[int, ...]
    site: int
    at: Cell
    source: str
    reason: str

    def describe(self) -> str:
        what = self.saucer if self.piece == "saucer" else f"the {self.crew}"
        if self.source == "choice":
            return f"{what} is placed on the chosen Crash Site {self.site} at {cell_text(self.at)}"
        taken = [str(s) for s in self.tried[:-1]]
        skipped = f", site {', '.join(taken)} taken" if taken else ""
        return f"{what} is placed: die {self.roll}{skipped} -> Crash Site {self.site} at {cell_text(self.at)}"


@dataclass(frozen=True)
class Win(Event):
    kind: ClassVar[str] = "win"
    player: str
    saucer: str              # the saucer whose gain completed the set
    stationed: tuple[Crew, ...]

    def describe(self) -> str:
        return f"{self.player} wins: a stationed pilot, scientist, doctor and engineer"
