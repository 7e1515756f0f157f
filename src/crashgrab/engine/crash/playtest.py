"""A playtest session on a Crash! board: actions played one by one (a roll, the re-roll, each
die's move or turn, the end of the turn), a cursor to step back and forward through them, and
the session saved as a scenario whose expectations are the outcome shown: the play kernel's
cursor session (engine/play/session.py) over Crash!'s rules. Immutable: every change returns a
new session. What an editor's playtest window drives (docs/crash.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..play.session import Played, Session
from .model import CrashLayout
from .rules import RULES, Action, CrashState, EndTurn, Event, Reroll, Roll, Steer
from .scenario import Scenario, ScriptedTurn, place_json
from .terms import CARS, PLAYERS


__all__ = ["Played", "PlaytestSession"]


@dataclass(frozen=True)
class PlaytestSession(Session[CrashState, Action, Event]):
    """`play`, `back`, `forward`, `state` and `events` (what the action shown did) are the
    kernel's; an illegal action raises IllegalAction and leaves the session as it was."""

    layout: CrashLayout = field(kw_only=True)

    @classmethod
    def on(cls, layout: CrashLayout, *, variant: str = "standard", turning: str = "any", first: str = "p1",
           seed: int = 0) -> "PlaytestSession":
        start = RULES.initial_state(layout, variant=variant, turning=turning, first=first, seed=seed)
        return cls(RULES, start, layout=layout)

    def turns(self) -> tuple[ScriptedTurn, ...]:
        """The whole turns shown, with the dice as they fell (so a scenario replays them without
        the seed); a turn still in progress is left out."""
        turns: list[ScriptedTurn] = []
        current: dict[str, Any] | None = None
        previous = self.start
        for step in self.played[:self.at]:
            action = step.action
            if isinstance(action, Roll):
                current = {"player": previous.player, "dice": step.state.dice, "reroll": (), "control": []}
            elif current is not None and isinstance(action, Reroll):
                changes = next(e for e in step.events if e.kind == "rerolled")
                current["reroll"] = tuple((die, new) for die, _, new in changes.changes)  # type: ignore[attr-defined]
            elif current is not None and isinstance(action, Steer):
                current["control"].append(action)
            elif current is not None and isinstance(action, EndTurn):
                turns.append(ScriptedTurn(current["player"], tuple(current["dice"]), current["reroll"],
                                          tuple(current["control"])))
                current = None
            previous = step.state
        return tuple(turns)

    def to_scenario(self, name: str, layout_ref: str | None = None) -> Scenario:
        """The session as a scenario: its start, its whole turns, and what they lead to as its
        expectations (every car's place and facing, the score, whether the game is over)."""
        from .rules import play_turn
        from .rules.actions import Turn

        state = self.start
        for turn in self.turns():
            state, _ = play_turn(state, Turn(turn.dice, turn.reroll, turn.control))
        expect: dict[str, Any] = {
            "cars": {p: {str(n): {"at": place_json(state.car(p, n)), "facing": state.car(p, n).facing}
                         for n in CARS} for p in PLAYERS},
            "score": state.points(), "over": state.over, "winner": state.winner,
        }
        return Scenario(name, self.layout, self.start, self.turns(), expect, layout_ref)
