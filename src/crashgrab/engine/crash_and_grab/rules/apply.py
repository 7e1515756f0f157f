"""apply(state, action) -> (new_state, events): the one entry point of the rules."""
from __future__ import annotations

from .actions import EndRound, Round, SetUp, Turn
from .errors import IllegalAction
from .events import Event
from .round import apply_end_round
from .setup import apply_setup
from .state import GameState
from .turn import apply_turn
from .whole_round import apply_round


def apply(state: GameState, action) -> tuple[GameState, tuple[Event, ...]]:
    """Resolve one action. Pure: the state passed in is never changed; an illegal action
    raises IllegalAction and a missing decision MissingChoice (both RuleError)."""
    if isinstance(action, Turn):
        return apply_turn(state, action)
    if isinstance(action, EndRound):
        return apply_end_round(state, action)
    if isinstance(action, SetUp):
        return apply_setup(state, action)
    if isinstance(action, Round):
        return apply_round(state, action)
    raise IllegalAction(f"{type(action).__name__} is not an action; use Turn, Round, EndRound or SetUp.")
