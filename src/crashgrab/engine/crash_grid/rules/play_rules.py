"""Crash Grid on the play kernel (engine/play/rules.py): the `Rules` object that the playtest
session and the scenario runner play through.

A trick is simultaneous, so its decision points are each rider's two choices (`decisions`:
an initiative card and a move card); `legal_actions` is every trick they make together (it
grows fast: with 4 riders and a seeded deck, up to (5 x 3)^4 tricks; a search uses `decisions`).
Deck A's shuffles happen inside `apply` from the seed in the state, so no step of a trick is a
chance node of its own. Events do not carry Deck A's hands, so they are not folded: a session
steps trick by trick.
"""
from __future__ import annotations

from itertools import product

from ...play.chance import Chance
from ...play.rules import Decision
from ..board import arena_board, starts, walls
from ..model import ArenaLayout
from ..terms import MOVES, RAILS_IN_HAND_AT_START
from .actions import Trick
from .apply import apply
from .deck import CARDS
from .events import Event
from .state import GridState, Rider


class CrashGridRules:
    folds_events = False

    def initial_state(self, layout: ArenaLayout) -> GridState:
        """Every rider on its start, facing as the arena's board says, with its trail cards in hand."""
        board = arena_board(layout)
        riders = tuple(Rider(s.suit, s.cell, s.facing, RAILS_IN_HAND_AT_START) for s in starts(board))
        return GridState(board.width, board.height, riders, walls=walls(board), board=board)

    def apply(self, state: GridState, action: Trick) -> tuple[GridState, tuple[Event, ...]]:
        return apply(state, action)

    def decisions(self, state: GridState) -> tuple[Decision, ...]:
        """Each rider's choices for the next trick: the initiative cards it may reveal (none
        when its hand is empty), then the move cards unused since the refresh."""
        if state.over:
            return ()
        deck = state.initiative_deck()
        choices: list[Decision] = []
        for rider in state.riders_on_board():
            if deck.held(rider.suit):
                cards = tuple(card for card in CARDS if deck.why_not(rider.suit, card) is None)
                choices.append(Decision("initiative", cards, rider.suit))
            choices.append(Decision("move", tuple(m for m in MOVES if m not in rider.used), rider.suit))
        return tuple(choices)

    def legal_actions(self, state: GridState) -> list[Trick]:
        """Every trick the riders' choices make together (no card revealed by two riders)."""
        decisions = self.decisions(state)
        tricks = []
        for answers in product(*(d.options for d in decisions)):
            initiative = {str(d.player): a for d, a in zip(decisions, answers) if d.choice == "initiative"}
            if len(set(initiative.values())) < len(initiative):
                continue
            moves = {str(d.player): a for d, a in zip(decisions, answers) if d.choice == "move"}
            tricks.append(Trick(initiative, moves))
        return tricks

    def chance(self, state: GridState) -> Chance | None:
        return None

    def apply_event(self, state: GridState, event: Event) -> GridState:
        raise NotImplementedError("Crash Grid's events are not folded (folds_events is False).")


RULES = CrashGridRules()
