"""Where start- and end-of-turn effects hook in (upgrade cards, later).

A turn runs: place the saucer if it is off the board -> start-of-turn effects -> card
bonus and move -> boost -> hand-over -> crash penalties -> place crewmembers ->
end-of-turn effects. An effect is a function `effect(play)` that reads `play.state`
and emits events; the effects a saucer has come from the state (its upgrade cards, once
the state holds them), so `apply` stays pure. The upgrade cards' abilities are in upgrades.py.
"""
from __future__ import annotations

from typing import Callable

from .movement import move_saucer
from .play import Play
from .upgrades import blast_off, end_of_turn

TurnEffect = Callable[[Play], None]


def start_of_turn_effects(play: Play, saucer: str) -> tuple[TurnEffect, ...]:
    """Effects that begin "at the start of your turn..." for this saucer."""
    return (lambda p: blast_off(p, saucer),)


def end_of_turn_effects(play: Play, saucer: str) -> tuple[TurnEffect, ...]:
    """Effects that begin "at the end of your turn..." for this saucer."""
    return (lambda p: end_of_turn(p, saucer, move_saucer),)


def run_start_of_turn(play: Play, saucer: str) -> None:
    for effect in start_of_turn_effects(play, saucer):
        effect(play)


def run_end_of_turn(play: Play, saucer: str) -> None:
    for effect in end_of_turn_effects(play, saucer):
        effect(play)
