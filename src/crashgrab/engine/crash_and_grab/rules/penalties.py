"""Crash penalties, at the end of the turn, in the order the crashes happened.

- Crashed on its own turn: it gives one of its off-coloured crewmembers to the opponent
  with the fewest stationed crewmembers (tie: the crashing player chooses the receiver).
  With two saucers, one crashing the other counts as crashing on its own turn; the saucer
  "whose turn it currently is" gives (ruling own_saucer_crash "mover", the default), or the
  crashed one ("crashed").
- Crashed on another's turn: the player whose turn it is steals one of its off-coloured
  crewmembers (only with at least as many stationed crewmembers as the crashed saucer's
  player) or takes an energy.
"""
from __future__ import annotations

from .events import Crash, Penalty
from .play import Play
from .win import check_win


def apply_penalties(play: Play) -> None:
    """The crashes not yet settled, in order."""
    crashes, play.crashes_settled = play.crashes[play.crashes_settled:], len(play.crashes)
    for crash in crashes:
        if crash.own_turn:
            _give(play, crash)
        else:
            _steal_or_energy(play, crash)


def _give(play: Play, crash: Crash) -> None:
    """Choices stay keyed by the crashed saucer (`saucer`), whoever gives."""
    state = play.state
    saucer = crash.saucer
    giver = saucer
    if state.rulings.own_saucer_crash == "mover" and play.turn_saucer is not None:
        giver = play.turn_saucer
    options = list(state.saucers[giver].off_coloured())
    owner = state.player_of(saucer).id
    opponents = [p for p in state.seat_order_from(owner) if p.id != owner]
    if not options or not opponents:
        play.emit(Penalty(saucer, "nothing", giver=None if giver == saucer else giver))
        return
    fewest = min(state.stationed_count(p.id) for p in opponents)
    receivers = [c for p in opponents if state.stationed_count(p.id) == fewest for c in p.saucers]
    crew = play.choose("give", options, saucer=saucer, reason="which off-coloured crewmember to give")
    receiver = play.choose("receiver", receivers, saucer=saucer,
                           reason=f"opponents tied with the fewest stationed crewmembers ({fewest})")
    play.emit(Penalty(saucer, "give", crew, giver=giver, receiver=receiver))
    check_win(play, receiver)


def _steal_or_energy(play: Play, crash: Crash) -> None:
    state = play.state
    saucer = crash.saucer
    thief = play.turn_saucer
    stealable = list(state.saucers[saucer].off_coloured())
    may_steal = bool(stealable) and (
        state.stationed_count(play.turn_player) >= state.stationed_count(state.player_of(saucer).id))
    pick = play.choose("steal_or_energy", ["steal", "energy"] if may_steal else ["energy"], saucer=saucer,
                       reason=f"{play.turn_player} crashed {saucer}")
    if pick == "energy":
        play.emit(Penalty(saucer, "energy", receiver=thief))
        return
    crew = play.choose("steal", stealable, saucer=saucer, reason="which off-coloured crewmember to steal")
    play.emit(Penalty(saucer, "steal", crew, giver=saucer, receiver=thief))
    check_win(play, thief)
