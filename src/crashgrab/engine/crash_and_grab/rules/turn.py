"""A saucer's turn, from placing it (if crashed) to the Upgrade step: place, start-of-turn
effects, bonus and move, boost, crash penalties, placing crewmembers, end-of-turn effects
(and what they caused), buying an upgrade. Hand-overs happen as legs end (handover.py)."""
from __future__ import annotations

from .actions import TURN_CHOICES, UPGRADE_CHOICES, Turn
from .directions import direction_names, resolve_direction
from .errors import IllegalAction
from .events import Bonus, BoostUsed
from .handover import HandOvers
from .hooks import run_end_of_turn, run_start_of_turn
from .movement import move_saucer
from .penalties import apply_penalties
from .pieces import CARDS, CHOSEN_DISTANCES
from .placement import place_by_die, place_lost_crew
from .play import GameOver, Play
from .state import GameState
from .upgrades import (boost_distance, buy_upgrade, check_upgrade_choices, gateway_site, move_distance,
                       scavenger_bot)


def check_turn(state: GameState, turn: Turn):
    """The turn's (direction, distance, bonus), or IllegalAction saying what is wrong."""
    if state.winner is not None:
        raise IllegalAction(f"the game is over: {state.winner} has won.")
    if turn.saucer not in state.saucers:
        raise IllegalAction(f"there is no {turn.saucer!r} saucer in this game; the saucers are "
                            f"{', '.join(state.saucer_colors())}.")
    if turn.card not in CARDS:
        raise IllegalAction(f"{turn.card!r} is not a movement card; play \"2\", \"3\" or \"0-5\".")
    bonus, fixed = CARDS[turn.card]
    distance = turn.distance
    if fixed is not None:
        if distance is not None and distance != fixed:
            raise IllegalAction(f"card {turn.card} always moves {fixed}, not {distance}; "
                                "leave the distance out or use card \"0-5\".")
        distance = fixed
    elif not isinstance(distance, int) or isinstance(distance, bool) or distance not in CHOSEN_DISTANCES:
        raise IllegalAction(f"card 0-5 needs a distance from 0 to 5, not {distance!r}.")
    direction = resolve_direction(turn.direction, state.directions)
    if direction is None:
        raise IllegalAction(f"{turn.direction!r} is not a direction; use one of "
                            f"{', '.join(direction_names(state.directions))}.")
    unknown = sorted(set(turn.choices) - set(TURN_CHOICES + UPGRADE_CHOICES))
    if unknown:
        raise IllegalAction(f"unknown choice {unknown[0]!r}; the choices are "
                            f"{', '.join(TURN_CHOICES + UPGRADE_CHOICES)}.")
    return direction, distance, bonus


def apply_turn(state: GameState, turn: Turn):
    direction, distance, bonus = check_turn(state, turn)
    color = turn.saucer
    accelerators = {"move": turn.accelerators}
    if turn.boost is not None:
        accelerators["boost"] = turn.boost.accelerators
    play = Play(state, turn.choices, turn_saucer=color, turn_player=state.player_of(color).id,
                accelerators=accelerators)
    handovers = HandOvers(play, color)
    check_upgrade_choices(play, color)
    try:
        if state.saucers[color].at is None:
            place_by_die(play, reason="turn", saucer=color, site=gateway_site(play, color))
            scavenger_bot(play, color)
        run_start_of_turn(play, color)
        if bonus is not None:
            play.emit(Bonus(color, bonus))
        move_saucer(play, color, direction, move_distance(play, color, distance), pushed=False, phase="move")
        if turn.boost is not None:
            _boost(play, turn, distance)
        handovers.after_last_leg()
        apply_penalties(play)
        place_lost_crew(play)
        run_end_of_turn(play, color)
        apply_penalties(play)  # an end-of-turn ability's crash or pickup is settled at once
        place_lost_crew(play)
        buy_upgrade(play, color)
    except GameOver:
        return play.state, tuple(play.events)
    unused = play.unused_choices()
    if unused:
        raise IllegalAction(f"this turn carries {'; '.join(unused)}.",
                            hint="Remove what the turn does not use (or check the move).")
    return play.state, tuple(play.events)


def _boost(play: Play, turn: Turn, distance: int) -> None:
    assert turn.boost is not None  # called for a turn with a boost only
    color = turn.saucer
    saucer = play.state.saucers[color]
    if saucer.at is None:
        raise IllegalAction(f"{color} crashed during its move, so it cannot boost.",
                            hint="Remove the boost from this turn.")
    if saucer.boosters < 1:
        raise IllegalAction(f"{color} has no booster to spend on a boost.")
    distance = boost_distance(play, color, distance)
    if distance == 0:
        raise IllegalAction(f"a boost of 0 is not a boost: {color} chose 0 for its 0-5 card, and a boost moves "
                            "that same number.", hint="Remove the boost from this turn.")
    direction = resolve_direction(turn.boost.direction, play.state.directions)
    if direction is None:
        raise IllegalAction(f"boost direction {turn.boost.direction!r} is not a direction; use one of "
                            f"{', '.join(direction_names(play.state.directions))}.")
    play.emit(BoostUsed(color, direction.value, distance))
    move_saucer(play, color, direction, distance, pushed=False, phase="boost")
