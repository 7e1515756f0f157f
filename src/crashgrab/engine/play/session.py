"""A cursor session: a start, the actions played from it, and a cursor to step through them.

Immutable: every change returns a new session, so an editor's undo or a search keeps any
session it likes. `at` counts the actions shown (0: the start). `play(action)` plays after the
action shown and drops what came after it; an illegal action raises the rules' RuleError and
the session stays as it was. `back` and `forward` move the cursor; `step(choose)` plays the
next action a policy picks from `options()`: the chance node's outcomes when the dice decide,
else the legal actions (self-play, a demo). A game's playtest session subclasses it, adding
its layout and its own saving.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Generic, Sequence, TypeVar

from .rules import Rules

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
SelfSession = TypeVar("SelfSession", bound="Session")


@dataclass(frozen=True)
class Played(Generic[A, E, S]):
    action: A
    events: tuple[E, ...]
    state: S                 # after the action


@dataclass(frozen=True)
class Session(Generic[S, A, E]):
    rules: Rules[S, A, E] = field(repr=False, compare=False)
    start: S
    played: tuple[Played[A, E, S], ...] = ()
    at: int = 0              # how many of the played actions are shown (0: the start)

    @property
    def state(self) -> S:
        """The state shown: after the first `at` actions."""
        return self.played[self.at - 1].state if self.at else self.start

    @property
    def events(self) -> tuple[E, ...]:
        """What the action shown did (none at the start)."""
        return self.played[self.at - 1].events if self.at else ()

    @property
    def at_start(self) -> bool:
        return self.at == 0

    @property
    def at_end(self) -> bool:
        return self.at == len(self.played)

    def legal_actions(self) -> list[A]:
        return list(self.rules.legal_actions(self.state))

    def options(self) -> list[A]:
        """What may come next from the state shown: a chance node's outcomes, or the legal actions."""
        node = self.rules.chance(self.state)
        return list(node.values) if node is not None else self.legal_actions()

    def play(self: SelfSession, action: Any) -> SelfSession:
        state, events = self.rules.apply(self.state, action)
        played = self.played[:self.at] + (Played(action, tuple(events), state),)
        return replace(self, played=played, at=len(played))

    def step(self: SelfSession, choose: Callable[[Sequence[Any]], Any]) -> SelfSession:
        """Play what `choose` picks from `options()`; the session itself when nothing may come next."""
        options = self.options()
        return self.play(choose(options)) if options else self

    def back(self: SelfSession) -> SelfSession:
        return replace(self, at=max(0, self.at - 1))

    def forward(self: SelfSession) -> SelfSession:
        return replace(self, at=min(len(self.played), self.at + 1))

    def seek(self: SelfSession, at: int) -> SelfSession:
        return replace(self, at=max(0, min(len(self.played), at)))

    def between(self) -> tuple[S, ...]:
        """The state after each event of the action shown, folded by the rules' `apply_event`
        (its last is the action's own state); rules that do not fold events give only that."""
        if not self.at:
            return ()
        if not getattr(self.rules, "folds_events", False):
            return (self.state,)
        state = self.played[self.at - 2].state if self.at > 1 else self.start
        states = []
        for event in self.events:
            state = self.rules.apply_event(state, event)
            states.append(state)
        return tuple(states)
