"""What a game's rules engine offers the play kernel: the `Rules` protocol, and its errors.

Rules are pure functions over immutable state: `apply(state, action) -> (state, events)`; an
illegal action raises a `RuleError` and changes nothing; randomness comes from a seed kept in
the state (seeded.py). The choices are data, so a search or a self-play policy enumerates them
instead of replaying with different answers:
- `legal_actions(state)`: what may be played next (empty once the game is over; at a chance node
  it may be the one action that draws from the seed in the state: a seeded roll, say);
- `chance(state)`: the chance node when the dice (a shuffle, a draw) decide the next step, its
  outcomes the actions that play each result (chance.py), else None;
- `apply_event(state, event)`: one event folded into a state, so a viewer can show the board
  between the events of one action; a game whose events do not carry all of the state says so
  with `folds_events = False` and is stepped action by action.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence, TypeVar

from ..errors import CrashGrabError
from .chance import Chance

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")


class Rules(Protocol[S, A, E]):
    folds_events: bool

    def initial_state(self, layout: Any) -> S: ...

    def apply(self, state: S, action: A) -> tuple[S, tuple[E, ...]]: ...

    def legal_actions(self, state: S) -> Sequence[A]: ...

    def chance(self, state: S) -> Chance[A] | None: ...

    def apply_event(self, state: S, event: E) -> S: ...


class RuleError(CrashGrabError):
    """An action the rules refuse (exit 2). A game's rule errors derive from it, adding where
    they are (the turn, the player)."""

    exit_code = 2


@dataclass(frozen=True)
class Decision:
    """A choice left to a player: `choice` names it (what is chosen, in the game's words), `options` the
    legal answers in the game's documented order, `player` who decides (None: not said)."""

    choice: str
    options: tuple[Any, ...]
    player: str | None = None


class MissingChoice:
    """Mixed into a game's RuleError for an action that leaves a choice open: the error carries
    the choice and its legal answers (`choice`, `options`), so a runner reports them and a
    policy answers them."""

    choice: str
    options: Sequence[Any]

    @property
    def decision(self) -> Decision:
        return Decision(self.choice, tuple(self.options), getattr(self, "player", None))


def options_json(options: Sequence[Any]) -> list[Any]:
    """A choice's options as JSON: a value with its own `to_json` by it."""
    return [o.to_json() if hasattr(o, "to_json") else o for o in options]


def open_decision(rules: Rules, state: Any, action: Any) -> Decision | None:
    """The choice `action` leaves open when played from `state`, as data; None when it plays
    as it is. An illegal action raises its RuleError. (What a policy answers, one at a time.)"""
    try:
        rules.apply(state, action)
    except RuleError as error:
        if isinstance(error, MissingChoice):
            return error.decision
        raise
    return None
