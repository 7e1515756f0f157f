"""Dealing program cards for a turn (the playtest's hands): the option cards that change a hand.

A robot is dealt 9 cards less one per damage point (seed, I. Deal Program Cards; classic
rules); Extra Memory adds one; a card kept on the Flywheel last turn joins the hand; Recompile
swaps the whole hand for as many new cards at the cost of 1 damage, drawn from what is left of
the deck once every hand is dealt, so one robot's Recompile leaves the others' hands as they
were. The deck is the 84 program cards less those held in locked registers or on a Flywheel,
shuffled by the play kernel's seeded generator (engine/play/seeded.py) from a state derived from
the state's generator and the turn.

A deal is the playtest's, outside the rules: a scenario scripts the cards each robot plays (as
Crash!'s scripted roll) and never records a hand. So a deal reads the state's generator without
advancing it, and the turn a playtest plays (then saves as a scenario) starts from the very
state a scenario replay starts from; the same state always gets the same hands, the next turn
other ones.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping

from ...play.seeded import MASK, mix, shuffled
from .cards import OPTION_NAMES, PROGRAM_DECK, Card
from .state import RallyState, with_robot

HAND = 9
# Keeps a deal's generator apart from the state's own (the draws inside a turn): any odd constant.
DEAL_STREAM = 0xD1B54A32D192ED03
OPTION_STREAM = 0x8CB92BA72F3D8DD7  # and the option deck's from both


def hand_size(damage: int, options: Iterable[str]) -> int:
    return max(0, HAND - damage) + (1 if "Extra Memory" in options else 0)


def deal_generator(state: RallyState) -> int:
    """The generator state a turn's deal shuffles from: the state's generator and the turn's
    number mixed, so every turn is dealt afresh even when no draw advanced the state's own."""
    return mix((state.seed ^ mix((state.turns + 1) * DEAL_STREAM & MASK)) & MASK)


def deal(state: RallyState, *, flywheel: Mapping[str, Card] | None = None, recompile: Iterable[str] = (),
         powered_down: Iterable[str] = ()) -> tuple[RallyState, dict[str, tuple[Card, ...]]]:
    """Each robot's hand for the next turn, and the state after any Recompile's damage; the robots
    in `recompile` redraw in that order (one the deck has too few cards left for keeps its hand)."""
    state, hands, _ = _deal(state, dict(flywheel or {}), tuple(dict.fromkeys(recompile)), set(powered_down))
    return state, hands


def cards_left(state: RallyState, *, flywheel: Mapping[str, Card] | None = None, recompile: Iterable[str] = (),
               powered_down: Iterable[str] = ()) -> int:
    """How many program cards `deal` (with the same arguments) leaves in the deck: what one more
    Recompile would draw from."""
    return len(_deal(state, dict(flywheel or {}), tuple(dict.fromkeys(recompile)), set(powered_down))[2])


def _deal(state: RallyState, flywheel: dict[str, Card], recompile: tuple[str, ...], powered_down: set[str]
          ) -> tuple[RallyState, dict[str, tuple[Card, ...]], list[Card]]:
    held = {card for robot in state.robots for card in robot.registers if card is not None} | set(flywheel.values())
    pile = list(shuffled([card for card in PROGRAM_DECK if card not in held], deal_generator(state))[0])
    dealt: dict[str, list[Card]] = {}
    dealing = [robot for robot in state.robots if robot.at is not None and robot.name not in powered_down]
    for robot in dealing:
        size = hand_size(robot.damage, robot.options)
        dealt[robot.name], pile = pile[:size], pile[size:]
    for name in recompile:          # in the order they recompiled: a later one never changes an earlier hand
        recompiling = state.robot(name)
        size = len(dealt.get(name, ()))
        if recompiling is not None and name in dealt and "Recompile" in recompiling.options and len(pile) >= size:
            dealt[name], pile = pile[:size], pile[size:]   # the old hand is discarded
            state = with_robot(state, replace(recompiling, damage=recompiling.damage + 1))
    hands: dict[str, tuple[Card, ...]] = {}
    for robot in dealing:
        kept = flywheel.get(robot.name)
        extra = [kept] if kept is not None and "Flywheel" in robot.options else []
        hands[robot.name] = tuple(dealt[robot.name] + extra)
    return state, hands, pile


def shuffled_option_deck(seed: int, held: Iterable[str] = ()) -> tuple[str, ...]:
    """The option deck shuffled from `seed` (top card first), less the cards robots hold: one of
    each option card the rules play (High-Pressure Beam left out)."""
    held = set(held)
    deck = [option for option in OPTION_NAMES if option not in held]
    return shuffled(deck, mix((seed ^ OPTION_STREAM) & MASK))[0]
