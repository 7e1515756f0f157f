"""Setting up by the rulebook: saucers, then Pilots, placed by the die; boosters; energy.

Order: players clockwise from the Probe holder (each player's saucers in their order).
Each saucer's own-colour Pilot (the front of its colour's queue) is placed after all
saucers are. Boosters follow the placeholder ruling setup-boosters (setup_boosters
below); each player takes one energy (on their first saucer).
"""
from __future__ import annotations

from .actions import SetUp
from .errors import IllegalAction
from .events import Bonus
from .pieces import Crew
from .placement import place_by_die
from .play import Play
from .state import GameState


def setup_boosters(seat: int) -> int:
    """Boosters for the player in `seat` (0 = the Probe holder, who moves first).

    A placeholder: the rulebook's per-player-count booster table is not known to us.
    Ruling setup-boosters (docs/rulings.md): the first player starts with none, every
    other player with one, whatever the player count. Replace it here (taking the player
    count again) once the table is known.
    """
    return 0 if seat == 0 else 1


def apply_setup(state: GameState, action: SetUp):
    if state.winner is not None:
        raise IllegalAction(f"the game is over: {state.winner} has won.")
    placed = [c for c, s in state.saucers.items() if s.at is not None]
    if placed or state.crew:
        raise IllegalAction("setup needs an empty board: " + (
            f"saucer {placed[0]} is already placed." if placed else "crewmembers are already on the board."))
    play = Play(state, {}, action_dice=action.dice, local_seed=action.seed)
    seats = state.seat_order_from(state.probe)
    for player in seats:
        for color in player.saucers:
            place_by_die(play, reason="setup", saucer=color)
    for player in seats:
        for color in player.saucers:
            queue = play.state.lost.get(color, ())
            if not queue or queue[0] != "pilot":
                raise IllegalAction(f"setup places the {color} pilot, but it is not at the front of the "
                                    f"{color} lost queue.")
            place_by_die(play, reason="setup", crew=Crew(color, "pilot"))
    for seat, player in enumerate(seats):
        boosters = setup_boosters(seat)
        if boosters:
            play.emit(Bonus(player.saucers[0], "booster", boosters))
        play.emit(Bonus(player.saucers[0], "energy", 1))
    return play.state, tuple(play.events)
