"""Winning (End of Game, Winning): "a crewmember at every station on your saucer" (any
colours), checked at once whenever a saucer gains a crewmember. A player with two saucers
needs every station on each of them (ruling two_player_win "each_saucer", the default) or
on the two together ("combined")."""
from __future__ import annotations

from .events import Win
from .pieces import CREW_TYPES
from .play import GameOver, Play
from .state import GameState


def has_won(state: GameState, player_id: str) -> bool:
    saucers = [state.saucers[c] for c in state.player(player_id).saucers]
    if state.rulings.two_player_win == "combined":
        return state.stationed_types(player_id) >= set(CREW_TYPES)
    return all({crew.type for crew in saucer.stationed} >= set(CREW_TYPES) for saucer in saucers)


def check_win(play: Play, saucer: str) -> None:
    """Emit `win` and end the action if `saucer`'s player now has a complete set."""
    state = play.state
    player = state.player_of(saucer)
    if has_won(state, player.id):
        stationed = tuple(crew for color in player.saucers for crew in state.saucers[color].stationed)
        play.emit(Win(player.id, saucer, stationed))
        raise GameOver
