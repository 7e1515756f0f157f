"""Winning: a stationed Pilot, Scientist, Doctor and Engineer (any colours; a player's
saucers together), checked at once whenever a saucer gains a crewmember."""
from __future__ import annotations

from .events import Win
from .pieces import CREW_TYPES
from .play import GameOver, Play


def check_win(play: Play, saucer: str) -> None:
    """Emit `win` and end the action if `saucer`'s player now has a complete set."""
    state = play.state
    player = state.player_of(saucer)
    if state.stationed_types(player.id) >= set(CREW_TYPES):
        stationed = tuple(crew for color in player.saucers for crew in state.saucers[color].stationed)
        play.emit(Win(player.id, saucer, stationed))
        raise GameOver
