"""End of a round: crashed saucers are placed (Probe holder first, then clockwise), then
the Probe moves to the player with the fewest stationed crewmembers."""
from __future__ import annotations

from .actions import EndRound
from .errors import IllegalAction
from .events import ProbeMoved
from .placement import place_by_die
from .play import Play
from .state import GameState


def apply_end_round(state: GameState, action: EndRound):
    if state.winner is not None:
        raise IllegalAction(f"the game is over: {state.winner} has won.")
    unknown = sorted(set(action.choices) - {"die"})
    if unknown:
        raise IllegalAction(f"the end of a round takes only \"die\" choices, not {unknown[0]!r}.")
    play = Play(state, action.choices)
    seats = state.seat_order_from(state.probe)
    for player in seats:
        for color in player.saucers:
            if play.state.saucers[color].at is None:
                place_by_die(play, reason="round", saucer=color)
    counts = tuple((p.id, play.state.stationed_count(p.id)) for p in state.players)
    fewest = min(count for _, count in counts)
    # Tie: the tied player who went last; a round runs clockwise from the Probe holder.
    tied = [p.id for p in seats if dict(counts)[p.id] == fewest]
    play.emit(ProbeMoved(state.probe, tied[-1], counts))
    unused = play.unused_choices()
    if unused:
        raise IllegalAction(f"the end of the round carries {'; '.join(unused)}.")
    return play.state, tuple(play.events)
