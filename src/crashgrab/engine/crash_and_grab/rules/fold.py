"""apply_event: the only place the state changes. The rules emit an event and fold it
at once, so folding a turn's events from the old state gives the new state exactly."""
from __future__ import annotations

from .frozen import evolve
from typing import Any, Callable

from . import dice
from .events import (Accelerator, Bonus, BoostUsed, Collision, Crash, Event, Move, Penalty, Pickup, Place,
                     AbilityUsed, Exchange, Jump, Mined, ProbeMoved, RoundBegan, Swap, TileTurned, Transfer,
                     TurnBegan, UpgradeBought, UpgradesShuffled, Win)
from .quake import turned_tile
from .state import GameState, SaucerState


def _with_saucer(state: GameState, saucer: SaucerState) -> GameState:
    return evolve(state, saucers=state.saucers.with_item(saucer.color, saucer))


def _bonus(state: GameState, event: Bonus) -> GameState:
    saucer = state.saucers[event.saucer]
    if event.item == "booster":
        return _with_saucer(state, evolve(saucer, boosters=saucer.boosters + event.amount))
    return _with_saucer(state, evolve(saucer, energy=saucer.energy + event.amount))


def _move(state: GameState, event: Move) -> GameState:
    return _with_saucer(state, evolve(state.saucers[event.saucer], at=event.to))


def _pickup(state: GameState, event: Pickup) -> GameState:
    saucer = state.saucers[event.saucer].with_crew(event.crew)
    return evolve(state, crew=state.crew.without(event.at), saucers=state.saucers.with_item(saucer.color, saucer))


def _nothing(state: GameState, event: Event) -> GameState:
    return state


def _crash(state: GameState, event: Crash) -> GameState:
    return _with_saucer(state, evolve(state.saucers[event.saucer], at=None))


def _boost(state: GameState, event: BoostUsed) -> GameState:
    saucer = state.saucers[event.saucer]
    return _with_saucer(state, evolve(saucer, boosters=saucer.boosters - 1))


def _hand(state: GameState, giver: str, receiver: str, crew) -> GameState:
    saucers = state.saucers.with_item(giver, state.saucers[giver].without_crew(crew))
    saucers = saucers.with_item(receiver, saucers[receiver].with_crew(crew))
    return evolve(state, saucers=saucers)


def _penalty(state: GameState, event: Penalty) -> GameState:
    if event.outcome in ("give", "steal"):
        return _hand(state, event.giver, event.receiver, event.crew)
    if event.outcome == "energy":
        saucer = state.saucers[event.receiver]
        return _with_saucer(state, evolve(saucer, energy=saucer.energy + 1))
    return state


def _transfer(state: GameState, event: Transfer) -> GameState:
    return _hand(state, event.giver, event.receiver, event.crew)


def _place(state: GameState, event: Place) -> GameState:
    if event.source == "script":
        state = evolve(state, dice=state.dice[1:])
    elif event.source == "seed":
        state = evolve(state, rng=dice.advance(state.rng))
    if event.piece == "saucer":
        return _with_saucer(state, evolve(state.saucers[event.saucer], at=event.at))
    color = event.crew.color
    return evolve(state, lost=state.lost.with_item(color, state.lost[color][1:]),
                   crew=state.crew.with_item(event.at, event.crew))


def _probe(state: GameState, event: ProbeMoved) -> GameState:
    """The round is over: upgrades acquired in it are no longer fresh."""
    saucers = state.saucers
    for color, saucer in saucers.items():
        if saucer.fresh:
            saucers = saucers.with_item(color, evolve(saucer, fresh=()))
    return evolve(state, probe=event.to, saucers=saucers)


def _upgrade(state: GameState, event: UpgradeBought) -> GameState:
    deck, discard = state.upgrade_deck, state.upgrade_discard
    if event.reshuffled:
        deck, discard = deck + event.reshuffled, ()
    deck = deck[len(event.drawn):]
    discard = discard + tuple(c for c in event.drawn if c != event.kept)
    saucer = state.saucers[event.saucer]
    saucer = evolve(saucer, energy=saucer.energy - 2, upgrades=saucer.upgrades + (event.kept,),
                    fresh=saucer.fresh + (event.kept,))
    return evolve(state, upgrade_deck=deck, upgrade_discard=discard,
                  saucers=state.saucers.with_item(saucer.color, saucer))


def _jump(state: GameState, event: Jump) -> GameState:
    return _with_saucer(state, evolve(state.saucers[event.saucer], at=event.to))


def _swap(state: GameState, event: Swap) -> GameState:
    saucers = state.saucers.with_item(event.saucer, evolve(state.saucers[event.saucer], at=event.other_at))
    saucers = saucers.with_item(event.other, evolve(saucers[event.other], at=event.at))
    return evolve(state, saucers=saucers)


def _mined(state: GameState, event: Mined) -> GameState:
    return _with_saucer(state, evolve(state.saucers[event.other], at=None))


def _win(state: GameState, event: Win) -> GameState:
    return evolve(state, winner=event.player)


def _round(state: GameState, event: RoundBegan) -> GameState:
    if event.roll is not None:
        return evolve(state, rng=dice.advance(state.rng))
    return state


def _quake(state: GameState, event: TileTurned) -> GameState:
    return turned_tile(state, event.corner, event.rotation)


def _exchange(state: GameState, event: Exchange) -> GameState:
    saucer = state.saucers[event.saucer].without_crew(event.given).with_crew(event.taken)
    return evolve(state, saucers=state.saucers.with_item(saucer.color, saucer),
                  crew=state.crew.with_item(event.at, event.given))


def _shuffled(state: GameState, event: UpgradesShuffled) -> GameState:
    rng = state.rng
    if event.source == "seed":
        assert rng is not None
        rng = (rng + event.draws * dice.GOLDEN) & dice.MASK  # as many advances as numbers drawn
    return evolve(state, upgrade_deck=event.deck, rng=rng)


# Each fold takes its own event type; the table is looked up by that type.
_FOLDS: dict[type, Callable[[GameState, Any], GameState]] = {
    Bonus: _bonus, Move: _move, Pickup: _pickup, Collision: _nothing, Accelerator: _nothing, Crash: _crash,
    BoostUsed: _boost, Penalty: _penalty, Transfer: _transfer, Place: _place, ProbeMoved: _probe, Win: _win,
    RoundBegan: _round, TurnBegan: _nothing, UpgradeBought: _upgrade, AbilityUsed: _nothing, Jump: _jump,
    Swap: _swap, Mined: _mined, TileTurned: _quake, Exchange: _exchange, UpgradesShuffled: _shuffled,
}


def apply_event(state: GameState, event: Event) -> GameState:
    """The state after `event`. Replaying a log of events from the state it started at
    reproduces every later state (the editor's "board as it was at step k")."""
    return _FOLDS[type(event)](state, event)


def replay(state: GameState, events) -> GameState:
    for event in events:
        state = apply_event(state, event)
    return state
