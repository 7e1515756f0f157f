"""A saucer's movement, one space at a time: crashes, pickups, collisions, Accelerators.

Entering a space:
- off the board (outside or a hole): the saucer crashes; its movement ends;
- a crewmember: picked up at once; the saucer passes through;
- another saucer: collision; that saucer is pushed in the same direction (its own
  movement, chains included), then the mover moves into the space and stops;
- an Accelerator: the saucer stops and moves again the same distance; the owner chooses
  the direction on its own move, a pushed saucer keeps the pushing direction.
"""
from __future__ import annotations

from ...grid.geometry import Direction
from ...grid.model import Cell
from ...grid.walk import steps
from ..terms import ACCELERATOR, CRASH_SITE
from .events import Accelerator, Collision, Crash, Mined, Move, Pickup
from .play import Play
from .upgrades import accelerator_distance, acts_as_accelerator, airlock, mines, siphon
from .win import check_win


def move_saucer(play: Play, saucer: str, direction: Direction, distance: int, *, pushed: bool,
                phase: str = "move") -> None:
    """Move `saucer` and everything it sets off. `phase` is "move" or "boost" (which list
    of Accelerator directions the owner's choices come from). Each straight leg of the
    owner's own movement ends with `play.leg_ended` (2-player hand-overs)."""
    while True:
        accelerator = _walk(play, saucer, direction, distance, pushed)
        if not pushed:
            play.leg_ended(saucer, distance)
        if accelerator is None:
            return
        if not pushed:
            direction = play.choose_direction(saucer, accelerator, direction, phase)
            distance = accelerator_distance(play, saucer, distance)
        play.emit(Accelerator(saucer, accelerator, distance, direction.value, pushed))


def push_distance(play: Play, remaining: int, distance: int) -> int:
    """How far a hit saucer is pushed (ruling push_distance)."""
    if play.state.rulings.push_distance == "full":
        return distance
    return remaining if remaining > 0 else 1


def _walk(play: Play, saucer: str, direction: Direction, distance: int, pushed: bool) -> Cell | None:
    """One straight movement. Returns the Accelerator cell it stopped on, or None."""
    state = play.state
    start = state.saucers[saucer].at
    features = state.board.features
    for step in steps(state.board, start, direction, distance):
        if not step.on_board:
            crash(play, saucer, step.origin, step.cell, direction)
            return None
        other = play.state.saucer_at(step.cell)
        if other is not None and not pushed and mines(play, saucer):
            _mine(play, saucer, other, step.cell, direction)
            play.emit(Move(saucer, step.origin, step.cell, direction.value, pushed))
            return None
        if other is not None:
            pushed_by = push_distance(play, step.remaining, distance)
            play.emit(Collision(saucer, other, step.cell, step.origin, direction.value, pushed_by,
                                play.state.rulings.push_distance))
            move_saucer(play, other, direction, pushed_by, pushed=True)
            play.emit(Move(saucer, step.origin, step.cell, direction.value, pushed))
            siphon(play, saucer)
            return None  # the collision ends the movement, even on an Accelerator (ruling)
        play.emit(Move(saucer, step.origin, step.cell, direction.value, pushed))
        crew = play.state.crew.get(step.cell)
        if crew is not None:
            stationed = not play.state.saucers[saucer].stack(crew.type)
            play.emit(Pickup(saucer, crew, step.cell, stationed))
            play.pickups.append(crew)
            check_win(play, saucer)
            if not pushed:
                airlock(play, saucer, crew, step.cell)
        feature = features.get(step.cell)
        if feature is not None and feature.type == ACCELERATOR:
            return step.cell
        if (feature is not None and feature.type == CRASH_SITE and crew is None and not pushed
                and acts_as_accelerator(play, saucer, step.cell)):
            return step.cell
    return None


def _mine(play: Play, saucer: str, other: str, at: Cell, direction: Direction) -> None:
    """Proximity Mines: `other` crashes where it stands; its penalty is a crash's."""
    play.emit(Mined(saucer, other, at))
    own_turn = play.state.player_of(other).id == play.turn_player
    play.crashes.append(Crash(other, at, at, direction.value, play.turn_saucer, play.turn_player, own_turn))


def crash(play: Play, saucer: str, last: Cell, into: Cell, direction: Direction) -> None:
    state = play.state
    own_turn = state.player_of(saucer).id == play.turn_player
    event = Crash(saucer, last, into, direction.value, play.turn_saucer, play.turn_player, own_turn)
    play.emit(event)
    play.crashes.append(event)
