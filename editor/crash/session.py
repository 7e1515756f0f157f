"""A playtest of a Crash! board: the rules' actions played one by one, shown frame by frame.

Pure (no Qt), over the engine's rules: every change returns a new session. Each action (roll,
re-roll, a die used, end of turn) gives one frame, except an automatic part, which gives one
frame per car moved, so the designer watches the cars go one after another. Frames are worked
out from the engine's events only (where each car went), never by playing rules of our own.
`at` is the frame shown; stepping back and forward moves it; a new action played from an
earlier frame drops what came after. The turns completed up to the frame shown save as a
scenario (the engine's format) expecting what the board shows then.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.rules import (AutomaticPart, ControlPart, CrashState, EndTurn, Event, Moved, Removed,
                                          Reroll, Rerolled, Roll, Rolled, Scored, Steer, TurnEnded, Turned, apply,
                                          initial_state, legal_rerolls, legal_steers)
from crashgrab.engine.crash.scenario import Scenario, ScriptedTurn, place_json
from crashgrab.engine.crash.terms import CARS, PLAYERS
from crashgrab.engine.crash.validation import structural_findings
from crashgrab.engine.errors import CrashGrabError


class PlaytestRefused(CrashGrabError):
    """A board the rules cannot play as it stands (a structural error)."""


@dataclass(frozen=True)
class Played:
    action: Any
    before: CrashState
    after: CrashState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Frame:
    action: int                  # the action it shows (1, 2, ...; 0: the start)
    last: bool                   # the action's last frame: the board as the action leaves it
    state: CrashState            # what the board shows: the rules' state, or mid-automatic part a picture of it
    events: tuple[Event, ...]    # what this frame shows happening


def frame_groups(events: tuple[Event, ...]) -> list[tuple[Event, ...]]:
    """An action's events cut into frames: in an automatic part, one per car that moves of itself
    (its pushes and removals with it); everything else in the frame it belongs to."""
    groups: list[list[Event]] = [[]]
    automatic = False
    for event in events:
        moved_here = any(isinstance(e, Moved) for e in groups[-1])
        if isinstance(event, AutomaticPart):
            automatic = True
        elif isinstance(event, (ControlPart, TurnEnded)):
            automatic = False
            if isinstance(event, ControlPart) and moved_here:
                groups.append([])
        elif automatic and isinstance(event, Moved) and not event.pushed and moved_here:
            groups.append([])
        groups[-1].append(event)
    return [tuple(g) for g in groups if g]


def shown_after(state: CrashState, events: tuple[Event, ...]) -> CrashState:
    """`state` with the cars and the score as these events leave them (a picture, not for play)."""
    for event in events:
        if isinstance(event, Moved):
            car = state.car(event.player, event.car)
            state = state.with_car(replace(car, at=event.to, in_slot=False))
        elif isinstance(event, Removed):
            car = state.car(event.player, event.car)
            state = state.with_car(replace(car, at=None, in_slot=False, fate=event.owner or "off"))
        elif isinstance(event, Turned):
            state = state.with_car(replace(state.car(event.player, event.car), facing=event.to))
        elif isinstance(event, Scored):
            index = PLAYERS.index(event.player)
            score = list(state.score)
            score[index] = event.score
            state = replace(state, score=(score[0], score[1]))
    return state


@dataclass(frozen=True)
class PlaytestSession:
    layout: CrashLayout
    start: CrashState
    played: tuple[Played, ...] = ()
    at: int = 0                  # the frame shown

    @classmethod
    def on(cls, layout: CrashLayout, *, variant: str = "standard", turning: str = "any", first: str = "p1",
           seed: int = 0) -> "PlaytestSession":
        findings = structural_findings(layout)
        if findings:
            raise PlaytestRefused(f"the board cannot be played yet: {findings[0].code}: {findings[0].message}",
                                  hint="Fix the errors in the Findings panel first.")
        return cls(layout, initial_state(layout, variant=variant, turning=turning, first=first, seed=seed))

    # --- frames ---------------------------------------------------------------------------------
    @cached_property
    def frames(self) -> tuple[Frame, ...]:
        frames = [Frame(0, True, self.start, ())]
        for index, played in enumerate(self.played, start=1):
            groups = frame_groups(played.events) or [()]
            shown = played.before
            for number, group in enumerate(groups, start=1):
                last = number == len(groups)
                shown = played.after if last else shown_after(shown, group)
                frames.append(Frame(index, last, shown, group))
        return tuple(frames)

    @property
    def frame(self) -> Frame:
        return self.frames[self.at]

    @property
    def state(self) -> CrashState:
        """What the board shows now."""
        return self.frame.state

    @property
    def live(self) -> CrashState:
        """The state the next action applies to: after the action shown (one under way, such as an
        automatic part shown car by car, is finished first)."""
        action = self.frame.action
        return self.played[action - 1].after if action else self.start

    def back(self) -> "PlaytestSession":
        return replace(self, at=max(0, self.at - 1))

    def forward(self) -> "PlaytestSession":
        return replace(self, at=min(len(self.frames) - 1, self.at + 1))

    # --- playing --------------------------------------------------------------------------------
    def play(self, action: Any) -> "PlaytestSession":
        """The action applied to the live state (what follows the frame shown is dropped); raises
        the rules' RuleError and changes nothing when it is illegal. Shows its first frame."""
        before = self.live
        after, events = apply(before, action)
        kept = self.played[:self.frame.action] + (Played(action, before, after, events),)
        session = replace(self, played=kept)
        return replace(session, at=next(i for i, f in enumerate(session.frames) if f.action == len(kept)))

    def to_end(self) -> "PlaytestSession":
        return replace(self, at=len(self.frames) - 1)

    def roll(self, dice: tuple[int, ...] | None = None) -> "PlaytestSession":
        return self.play(Roll(dice))

    def reroll(self) -> "PlaytestSession":
        """The turn's re-roll of every die showing a car out of the game, from the seed."""
        choices = legal_rerolls(self.live)
        return self.play(max(choices, key=lambda r: len(r.dice)) if choices else Reroll(()))

    def steer(self, car: int, *, move: bool = False, turn: str | None = None) -> "PlaytestSession":
        return self.play(Steer(car, move=move, turn=turn))

    def end_turn(self) -> "PlaytestSession":
        return self.play(EndTurn())

    def steers_for(self, car: int) -> list[Steer]:
        """What a die may do with car `car` of the player in turn at the step shown (none in the
        middle of an automatic part: play goes on from a step that ends an action)."""
        if not self.frame.last:
            return []
        return [s for s in legal_steers(self.live) if s.car == car]

    @property
    def at_end(self) -> bool:
        return self.at == len(self.frames) - 1

    # --- saving ---------------------------------------------------------------------------------
    def completed_turns(self) -> tuple[tuple[ScriptedTurn, ...], CrashState]:
        """The turns finished by the frame shown, scripted (the dice as rolled), and the state after them."""
        turns: list[ScriptedTurn] = []
        state = self.start
        current: dict[str, Any] | None = None
        frame = self.frame
        for played in self.played[:frame.action if frame.last else frame.action - 1]:
            if isinstance(played.action, Roll):
                dice = next(e.dice for e in played.events if isinstance(e, Rolled))
                current = {"player": played.before.player, "dice": dice, "reroll": (), "control": ()}
            elif isinstance(played.action, Reroll) and current is not None:
                change = next(e for e in played.events if isinstance(e, Rerolled))
                current["reroll"] = tuple((die, new) for die, _old, new in change.changes)
            elif isinstance(played.action, Steer) and current is not None:
                current["control"] += (played.action,)
            elif isinstance(played.action, EndTurn) and current is not None:
                turns.append(ScriptedTurn(current["player"], current["dice"], current["reroll"], current["control"]))
                current, state = None, played.after
        return tuple(turns), state

    def to_scenario(self, name: str) -> Scenario:
        turns, state = self.completed_turns()
        return Scenario(name, self.layout, self.start, turns, expectations(state))


def expectations(state: CrashState) -> dict[str, Any]:
    """What the board shows after the turns: every car's place (and facing while in play), the score, the end."""
    cars: dict[str, dict[str, Any]] = {}
    for player in PLAYERS:
        cars[player] = {}
        for number in CARS:
            car = state.car(player, number)
            wanted: dict[str, Any] = {"at": place_json(car)}
            if car.in_play:
                wanted["facing"] = car.facing
            cars[player][str(number)] = wanted
    return {"cars": cars, "score": state.points(), "over": state.over, "winner": state.winner}
