"""Crash & Grab's rules as pure functions over immutable state.

    new_state, events = apply(state, action)    # Turn, Round, EndRound or SetUp
    state = apply_event(state, event)           # replaying events rebuilds states

Modules, one job each: pieces (colours, crew, cards), state, actions, events (by phase), fold
(apply_event), dice, play (one action being resolved), movement, placement, penalties,
win, hooks (start/end-of-turn effects), turn, round (End of Round), whole_round (a whole
round: plan, turns in order, end), setup, apply. Where the rulebook is
silent the ruling is named in docs/rulings.md.
"""
from __future__ import annotations

from .actions import Boost, EndRound, Round, SetUp, Turn
from .apply import apply
from .dice import roll as roll_die
from .dice import seed_state
from .directions import resolve_direction
from .errors import IllegalAction, MissingChoice, MissingDieResult, RuleError
from .events import (EVENT_KINDS, Accelerator, Bonus, BoostUsed, Collision, Crash, Event, Move, Penalty, Pickup,
                     Place, ProbeMoved, RoundBegan, Transfer, TurnBegan, Win, event_from_json)
from .fold import apply_event, replay
from .frozen import FrozenMap
from .pieces import ALL_CREW, CARDS, COLORS, CREW_TYPES, Crew
from .placement import crash_sites
from .state import GameState, Player, Rulings, SaucerState, new_game

__all__ = [
    "ALL_CREW", "Accelerator", "Bonus", "Boost", "BoostUsed", "CARDS", "COLORS", "CREW_TYPES", "Collision",
    "Crash", "Crew", "EVENT_KINDS", "EndRound", "Event", "FrozenMap", "GameState", "IllegalAction",
    "MissingChoice", "MissingDieResult", "Move", "Penalty", "Pickup", "Place", "Player", "ProbeMoved",
    "Round", "RoundBegan", "RuleError", "Rulings", "SaucerState", "SetUp", "Transfer", "Turn", "TurnBegan", "Win", "apply", "apply_event",
    "crash_sites", "event_from_json", "new_game", "replay", "resolve_direction", "roll_die", "seed_state",
]
