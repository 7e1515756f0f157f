"""A playtest session on a Crash! board: actions played one by one (a roll, the re-roll, each
die's move or turn, the end of the turn), a cursor to step back and forward through them, and
the session saved as a scenario whose expectations are the outcome shown. Immutable: every
change returns a new session. What an editor's playtest window drives (docs/crash.md).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .model import CrashLayout
from .rules import Action, CrashState, EndTurn, Event, Reroll, Roll, Steer, apply, initial_state, legal_actions
from .scenario import Scenario, ScriptedTurn, place_json
from .terms import CARS, PLAYERS


@dataclass(frozen=True)
class Played:
    action: Action
    events: tuple[Event, ...]
    state: CrashState        # after the action


@dataclass(frozen=True)
class PlaytestSession:
    layout: CrashLayout
    start: CrashState
    played: tuple[Played, ...] = ()
    at: int = 0              # how many of the played actions are shown (0: the start)

    @classmethod
    def on(cls, layout: CrashLayout, *, variant: str = "standard", turning: str = "any", first: str = "p1",
           seed: int = 0) -> "PlaytestSession":
        return cls(layout, initial_state(layout, variant=variant, turning=turning, first=first, seed=seed))

    @property
    def state(self) -> CrashState:
        return self.played[self.at - 1].state if self.at else self.start

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action shown did (the automatic part car by car, for one step at a time)."""
        return self.played[self.at - 1].events if self.at else ()

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def play(self, action: Action) -> "PlaytestSession":
        """The session with `action` played after the one shown (any later ones are dropped).
        An illegal action raises IllegalAction and leaves the session as it was."""
        state, events = apply(self.state, action)
        played = self.played[:self.at] + (Played(action, events, state),)
        return replace(self, played=played, at=len(played))

    def back(self) -> "PlaytestSession":
        return replace(self, at=max(0, self.at - 1))

    def forward(self) -> "PlaytestSession":
        return replace(self, at=min(len(self.played), self.at + 1))

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
