"""End of a round (IV. End of Round): crashed saucers are placed (the Probe holder's first,
then clockwise), then the Probe moves to the player with the fewest stationed crewmembers;
a tie goes to the tied player who went last in the round just played."""
from __future__ import annotations

from typing import Mapping, Sequence

from .actions import EndRound
from .errors import IllegalAction
from .events import AbilityUsed, ProbeMoved
from .frozen import EMPTY
from .placement import place_by_die
from .play import Play
from .state import GameState
from .upgrades import scavenger_bot


def apply_end_round(state: GameState, action: EndRound):
    if state.winner is not None:
        raise IllegalAction(f"the game is over: {state.winner} has won.")
    unknown = sorted(set(action.choices) - {"die", "gateway"})
    if unknown:
        raise IllegalAction(f"the end of a round takes only \"die\" and \"gateway\" choices, not {unknown[0]!r}.")
    play = Play(state, action.choices)
    end_round(play, None, action.choices.get("gateway", {}))
    unused = play.unused_choices()
    if unused:
        raise IllegalAction(f"the end of the round carries {'; '.join(unused)}.")
    return play.state, tuple(play.events)


def end_round(play: Play, went: Sequence[str] | None, gateway: Mapping[str, int] = EMPTY) -> None:
    """`went`: the players in the order their turns came in the round just played (a player
    with two saucers appears twice). None: an EndRound on its own, taken to follow a round
    that ran clockwise from the Probe holder. `gateway`: {saucer: Crash Site} for saucers
    placed with their Regeneration Gateway."""
    state = play.state
    for color in gateway:
        if color not in state.saucers or state.saucers[color].at is not None:
            raise IllegalAction(f"\"gateway\" names {color!r}, which is not a saucer placed at the end of this round.")
        if not state.saucers[color].has_upgrade("Regeneration Gateway"):
            raise IllegalAction(f"{color} cannot use Regeneration Gateway (it does not hold it, or acquired it "
                                "this round).")
    seats = state.seat_order_from(state.probe)
    for player in seats:
        for color in player.saucers:
            if play.state.saucers[color].at is None:
                if color in gateway:
                    play.emit(AbilityUsed(color, "Regeneration Gateway", f"placed on Crash Site {gateway[color]}"))
                place_by_die(play, reason="round", saucer=color, site=gateway.get(color))
                scavenger_bot(play, color)
    if went is None:
        went = [p.id for p in seats]
    counts = tuple((p.id, play.state.stationed_count(p.id)) for p in state.players)
    fewest = min(count for _, count in counts)
    last_turn = {player: index for index, player in enumerate(went)}
    tied = [p.id for p in state.players if dict(counts)[p.id] == fewest]
    went_last = max(tied, key=lambda player: last_turn.get(player, -1))
    play.emit(ProbeMoved(state.probe, went_last, counts))
