"""Crash & Grab on the play kernel (engine/play/rules.py): its rules as one `Rules` object.

Its events carry the whole of a change (a seeded roll advances the generator as it is folded),
so `apply_event` (rules/fold.py) rebuilds every state between an action's events, and a kernel
session shows them one by one (`Session.between`). `legal_actions` lists the turns a saucer may
begin, by card, distance and direction; what a turn leaves open (an Accelerator's direction, a
crew to give, a boost's Accelerators, an upgrade's use) comes back as a MissingChoice, a kernel
Decision with its options (`play.rules.open_decision`). A boost and the end of a round are the
player's to add (`Turn(boost=...)`, `EndRound()`). The placement die rolls inside the actions
that place, from the seed in the state (its faces: `rules.dice.DIE`), so no step is a chance
node of its own.
"""
from __future__ import annotations

from ..play.chance import Chance
from .layout import Layout
from .playtest.start import empty_start
from .rules.actions import EndRound, Round, SetUp, Turn
from .rules.apply import apply
from .rules.directions import Direction
from .rules.events import Event
from .rules.fold import apply_event
from .rules.pieces import CARDS, CHOSEN_DISTANCES
from .rules.state import GameState, Rulings

Action = Turn | EndRound | SetUp | Round


class CrashAndGrabRules:
    folds_events = True

    def initial_state(self, layout: Layout, *, rulings: Rulings = Rulings(),  # noqa: B008 - frozen
                      die_seed: int | None = None) -> GameState:
        """The layout's board with no pieces on it (the playtest places them, or a SetUp deals them)."""
        return empty_start(layout, rulings=rulings, die_seed=die_seed)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        return apply(state, action)

    def apply_event(self, state: GameState, event: Event) -> GameState:
        return apply_event(state, event)

    def legal_actions(self, state: GameState) -> list[Action]:
        """Each saucer's turns by card, distance and direction, in that order; none once won."""
        if state.winner is not None:
            return []
        turns: list[Action] = []
        for color in state.saucer_colors():
            for card, (_, fixed) in CARDS.items():
                for distance in ((None,) if fixed is not None else tuple(CHOSEN_DISTANCES)):
                    turns += [Turn(color, card, distance, direction.value) for direction in Direction]
        return turns

    def chance(self, state: GameState) -> Chance | None:
        return None


RULES = CrashAndGrabRules()
