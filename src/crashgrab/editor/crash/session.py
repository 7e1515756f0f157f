"""A Crash! playtest shown frame by frame: the engine's playtest session (engine/crash/playtest.py:
actions played one by one, back and forward, saved as a scenario) with a finer cursor.

Pure (no Qt). Each action (roll, re-roll, a die used, end of turn) is one frame, except an
automatic part, which is one frame per car that drives, so the designer watches the cars go one
after another. Those frames are worked out from the engine's events only (where each car went),
never by rules of our own; an action's last frame is the engine's own state. `at` is the frame
shown; a new action played from an earlier frame drops what came after. The turns completed by
the frame shown save as a scenario (the engine's format) expecting what the board shows then.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from crashgrab.engine.crash.model import CrashLayout
from crashgrab.engine.crash.playtest import PlaytestSession
from crashgrab.engine.crash.rules import (AutomaticPart, ControlPart, CrashState, EndTurn, Event, Moved, Removed,
                                          Reroll, Roll, Scored, Steer, TurnEnded, Turned, legal_rerolls,
                                          legal_steers)
from crashgrab.engine.crash.scenario import Scenario, ScriptedTurn
from crashgrab.engine.crash.terms import PLAYERS
from crashgrab.engine.crash.validation import structural_findings
from crashgrab.engine.errors import CrashGrabError


class PlaytestRefused(CrashGrabError):
    """A board the rules cannot play as it stands (a structural error)."""


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
class FramedSession:
    game: PlaytestSession        # the engine's session: every action played (its cursor set when asked)
    at: int = 0                  # the frame shown

    @classmethod
    def on(cls, layout: CrashLayout, *, variant: str = "standard", turning: str = "any", first: str = "p1",
           seed: int = 0) -> "FramedSession":
        findings = structural_findings(layout)
        if findings:
            raise PlaytestRefused(f"the board cannot be played yet: {findings[0].code}: {findings[0].message}",
                                  hint="Fix the errors in the Findings panel first.")
        game = PlaytestSession.on(layout, variant=variant, turning=turning, first=first, seed=seed)
        return cls(game)

    @property
    def start(self) -> CrashState:
        return self.game.start

    @property
    def played(self):
        """The engine's played actions (action, events, state after it), in order."""
        return self.game.played

    def before(self, action: int) -> CrashState:
        """The state action number `action` (1, 2, ...) was played from."""
        return self.played[action - 2].state if action > 1 else self.start

    # --- frames ---------------------------------------------------------------------------------
    @cached_property
    def frames(self) -> tuple[Frame, ...]:
        frames = [Frame(0, True, self.start, ())]
        for index, played in enumerate(self.played, start=1):
            groups = frame_groups(played.events) or [()]
            shown = self.before(index)
            for number, group in enumerate(groups, start=1):
                last = number == len(groups)
                shown = played.state if last else shown_after(shown, group)
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
        return self._game_at(self.frame.action).state

    def _game_at(self, actions: int) -> PlaytestSession:
        return replace(self.game, at=actions)

    @property
    def at_end(self) -> bool:
        return self.at == len(self.frames) - 1

    def back(self) -> "FramedSession":
        return replace(self, at=max(0, self.at - 1))

    def forward(self) -> "FramedSession":
        return replace(self, at=min(len(self.frames) - 1, self.at + 1))

    def to_end(self) -> "FramedSession":
        return replace(self, at=len(self.frames) - 1)

    # --- playing --------------------------------------------------------------------------------
    def play(self, action: Any) -> "FramedSession":
        """The action played after the action shown (what came after it is dropped); raises the
        rules' RuleError and changes nothing when it is illegal. Shows the action's first frame."""
        game = self._game_at(self.frame.action).play(action)
        session = FramedSession(game)
        return replace(session, at=next(i for i, f in enumerate(session.frames) if f.action == len(game.played)))

    def roll(self, dice: tuple[int, ...] | None = None) -> "FramedSession":
        return self.play(Roll(dice))

    def reroll(self) -> "FramedSession":
        """The turn's re-roll of every die showing a car out of the game, from the seed."""
        choices = legal_rerolls(self.live)
        return self.play(max(choices, key=lambda r: len(r.dice)) if choices else Reroll(()))

    def steer(self, car: int, *, move: bool = False, turn: str | None = None) -> "FramedSession":
        return self.play(Steer(car, move=move, turn=turn))

    def end_turn(self) -> "FramedSession":
        return self.play(EndTurn())

    def steers_for(self, car: int) -> list[Steer]:
        """What a die may do with car `car` of the player in turn at the step shown (none in the
        middle of an automatic part: play goes on from a step that ends an action)."""
        if not self.frame.last:
            return []
        return [s for s in legal_steers(self.live) if s.car == car]

    # --- saving ---------------------------------------------------------------------------------
    def _saved_game(self) -> PlaytestSession:
        """The engine's session up to the last action wholly shown."""
        frame = self.frame
        return self._game_at(frame.action if frame.last else frame.action - 1)

    def completed_turns(self) -> tuple[tuple[ScriptedTurn, ...], CrashState]:
        """The turns finished by the frame shown (the dice as they fell), and the state after them."""
        game = self._saved_game()
        ends = [i for i, p in enumerate(game.played[:game.at], start=1) if isinstance(p.action, EndTurn)]
        return game.turns(), (game.played[ends[-1] - 1].state if ends else self.start)

    def to_scenario(self, name: str) -> Scenario:
        return self._saved_game().to_scenario(name)
