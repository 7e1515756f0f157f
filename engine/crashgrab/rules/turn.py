"""A saucer's turn, from placing it (if crashed) to the end-of-turn effects."""
from __future__ import annotations

from ...grid.walk import orthogonally_adjacent
from .actions import TURN_CHOICES, UPGRADE_CHOICES, Turn
from .directions import direction_names, resolve_direction
from .errors import IllegalAction
from .events import Bonus, BoostUsed, Transfer
from .hooks import run_end_of_turn, run_start_of_turn
from .movement import move_saucer
from .penalties import apply_penalties
from .pieces import CARDS, CHOSEN_DISTANCES, Crew, HandOver
from .placement import place_by_die, place_lost_crew
from .play import GameOver, Play
from .state import GameState
from .upgrades import (boost_distance, buy_upgrade, check_upgrade_choices, gateway_site, move_distance,
                       scavenger_bot)
from .win import check_win


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


class HandOvers:
    """Passing crewmembers (Crewmembers, "Passing crewmembers"), 2-player games: when a
    leg of the turn saucer's own movement (the card's move, a leg from an Accelerator, the
    boost) ends with it orthogonally next to its player's other saucer, either saucer may
    hand over any of its own-colour crewmembers, at that moment. A leg of 0 spaces is no
    move. The turn's "handover" list says what and after which leg (none: the last)."""

    def __init__(self, play: Play, color: str) -> None:
        self.play = play
        self.color = color
        self.items = [_hand_over_item(item) for item in play.choices.get("handover", ())]
        self.legs: list[bool] = []          # per leg ended so far: side by side then?
        if self.items:
            play.listed_used["handover"] = len(self.items)
            play.on_leg_end = self.leg_ended
            if play.state.partner(color) is None:
                raise IllegalAction(f"a hand-over needs a player with two saucers; {color}'s player has one.")

    def leg_ended(self, saucer: str, distance: int) -> None:
        if saucer != self.color:
            return
        state = self.play.state
        partner = state.partner(self.color)
        here, there = state.saucers[self.color].at, state.saucers[partner].at
        self.legs.append(distance > 0 and here is not None and there is not None
                         and orthogonally_adjacent(here, there))
        number = len(self.legs)
        self._hand([item for item in self.items if item.leg == number], number)

    def after_last_leg(self) -> None:
        late = [item for item in self.items if item.leg is not None and item.leg > len(self.legs)]
        if late:
            raise IllegalAction(f"a hand-over after leg {late[0].leg}, but {self.color}'s movement had only "
                                f"{len(self.legs)} leg(s).")
        self._hand([item for item in self.items if item.leg is None], len(self.legs))

    def _hand(self, items, number: int) -> None:
        if not items:
            return
        play, color = self.play, self.color
        partner = play.state.partner(color)
        if not number or not self.legs[number - 1]:
            raise IllegalAction(f"{color} and {partner} are not side by side after leg {number} of the move "
                                "(a move of 0 does not count), so no hand-over.")
        for item in items:
            crew = item.crew
            holder = next((c for c in (color, partner) if play.state.saucers[c].holds(crew)), None)
            if holder is None:
                raise IllegalAction(f"neither {color} nor {partner} holds the {crew}, so it cannot be handed over.")
            if crew.color != holder:
                raise IllegalAction(f"{holder} may hand over only its own-colour ({holder}) crewmembers, "
                                    f"not the {crew}.")
            receiver = partner if holder == color else color
            play.emit(Transfer(holder, receiver, crew))
            check_win(play, receiver)


def _hand_over_item(item) -> HandOver:
    if isinstance(item, HandOver):
        return item
    if isinstance(item, Crew):
        return HandOver(item)
    return HandOver.from_json(item)
