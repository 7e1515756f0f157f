"""Crash!'s rules engine: `apply(state, action) -> (state, events)` over immutable state.

Actions (actions.py): Roll, Reroll, Steer, EndTurn, one step of a turn each, and Turn, a whole
turn at once. `legal_actions(state)` lists what may come next, as data. docs/crash.md.
"""
from .actions import Action, EndTurn, Reroll, Roll, Steer, Turn
from .apply import apply, legal_actions, legal_rerolls, legal_steers, move_car, play_turn
from .dice import next_die
from .errors import IllegalAction, RuleError
from .events import (EVENTS, AutomaticPart, ControlPart, Event, Moved, Removed, Rerolled, Rolled, Scored,
                     TurnEnded, Turned, GameOver)
from .play_rules import RULES, CrashRules
from .state import Car, CrashState, initial_state

__all__ = ["EVENTS", "RULES", "Action", "AutomaticPart", "Car", "ControlPart", "CrashRules", "CrashState",
           "EndTurn", "Event", "GameOver", "IllegalAction", "Moved", "Removed", "Reroll", "Rerolled", "Roll", "Rolled", "RuleError",
           "Scored", "Steer", "Turn", "TurnEnded", "Turned", "apply", "initial_state", "legal_actions",
           "legal_rerolls", "legal_steers", "move_car", "next_die", "play_turn"]
