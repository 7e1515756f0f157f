"""Crash! on the play kernel (engine/play/rules.py): the `Rules` object that the playtest session
and the scenario runner play through.

The roll that begins a turn is a chance node: its 216 outcomes (three dice, each 1 in 216) are
the scripted rolls `Roll(dice)`, so a search enumerates them with their probabilities, while
`Roll()` draws them from the seed in the state. `legal_actions` is the rules' own list (at the
start of a turn, that seeded `Roll()`). A re-roll's new results are drawn inside `apply`. Events
do not carry the generator's state, so they are not folded: a session steps action by action
(the editor's frames draw the automatic part car by car from the events themselves).
"""
from __future__ import annotations

from ...play.chance import Chance
from ..model import CrashLayout
from .actions import Action, Roll
from .apply import apply, legal_actions
from .dice import ROLL
from .events import Event
from .state import CrashState, initial_state

ROLLS: Chance[Action] = ROLL.map(Roll)


class CrashRules:
    folds_events = False

    def initial_state(self, layout: CrashLayout, *, variant: str = "standard", turning: str = "any",
                      first: str = "p1", seed: int = 0) -> CrashState:
        return initial_state(layout, variant=variant, turning=turning, first=first, seed=seed)

    def apply(self, state: CrashState, action: Action) -> tuple[CrashState, tuple[Event, ...]]:
        return apply(state, action)

    def legal_actions(self, state: CrashState) -> list[Action]:
        return legal_actions(state)

    def chance(self, state: CrashState) -> Chance[Action] | None:
        """The roll, before the dice of a turn are rolled; None otherwise."""
        return ROLLS if not state.over and state.phase == "start" else None

    def apply_event(self, state: CrashState, event: Event) -> CrashState:
        raise NotImplementedError("Crash!'s events are not folded (folds_events is False).")


RULES = CrashRules()
