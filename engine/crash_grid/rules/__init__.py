"""Crash Grid's rules engine: `apply(state, trick) -> (state, events)` over immutable state."""
from .actions import Trick
from .apply import apply, check_trick, initiative_order
from .errors import IllegalAction, MissingChoice, RuleError
from .events import Crash, Event, Move, NoPoint, Order, Refresh, Win
from .state import GridState, Rider, sort_riders

__all__ = ["Crash", "Event", "GridState", "IllegalAction", "MissingChoice", "Move", "NoPoint", "Order",
           "Refresh", "Rider", "RuleError", "Trick", "Win", "apply", "check_trick", "initiative_order",
           "sort_riders"]
