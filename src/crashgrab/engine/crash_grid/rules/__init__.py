"""Crash Grid's rules engine: `apply(state, trick) -> (state, events)` over immutable state."""
from .actions import Trick
from .apply import apply, check_trick, initiative_order
from .deck import CARDS, HAND_SIZE, DeckA, deal
from .errors import IllegalAction, MissingChoice, RuleError
from .events import EVENTS, Crash, Event, Move, NoPoint, Order, Refresh, Reshuffle, Win
from .play_rules import RULES, CrashGridRules
from .state import GridState, Rider, sort_riders

__all__ = ["CARDS", "EVENTS", "HAND_SIZE", "RULES", "Crash", "CrashGridRules", "DeckA", "Event", "GridState",
           "IllegalAction", "MissingChoice", "Move", "NoPoint", "Order", "Refresh", "Reshuffle", "Rider", "RuleError",
           "Trick", "Win", "apply", "check_trick", "deal", "initiative_order", "sort_riders"]
