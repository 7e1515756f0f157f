"""Dealing program cards for a turn (the playtest's hands): the option cards that change a hand.

A robot is dealt 9 cards less one per damage point (seed, I. Deal Program Cards; classic
rules); Extra Memory adds one; a card kept on the Flywheel last turn joins the hand; Recompile
swaps the whole hand for as many new cards at the cost of 1 damage. The deck is the 84 program
cards less those held in locked registers or on a Flywheel, shuffled by the play kernel's seeded
generator (engine/play/seeded.py) from a state derived from the state's generator and the turn.

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
from .cards import PROGRAM_DECK, Card
from .state import RallyState, with_robot

HAND = 9
# Keeps a deal's generator apart from the state's own (the draws inside a turn): any odd constant.
DEAL_STREAM = 0xD1B54A32D192ED03


def hand_size(damage: int, options: Iterable[str]) -> int:
    return max(0, HAND - damage) + (1 if "Extra Memory" in options else 0)


def deal_generator(state: RallyState) -> int:
    """The generator state a turn's deal shuffles from: the state's generator and the turn's
    number mixed, so every turn is dealt afresh even when no draw advanced the state's own."""
    return mix((state.seed ^ mix((state.turns + 1) * DEAL_STREAM & MASK)) & MASK)


def deal(state: RallyState, *, flywheel: Mapping[str, Card] | None = None, recompile: Iterable[str] = (),
         powered_down: Iterable[str] = ()) -> tuple[RallyState, dict[str, tuple[Card, ...]]]:
    """Each robot's hand for the next turn, and the state after any Recompile's damage."""
    flywheel = dict(flywheel or {})
    recompile, powered_down = set(recompile), set(powered_down)
    held = {card for robot in state.robots for card in robot.registers if card is not None} | set(flywheel.values())
    pile = list(shuffled([card for card in PROGRAM_DECK if card not in held], deal_generator(state))[0])
    hands: dict[str, tuple[Card, ...]] = {}
    for robot in state.robots:
        if robot.at is None or robot.name in powered_down:
            continue
        size = hand_size(robot.damage, robot.options)
        hand, pile = pile[:size], pile[size:]
        if robot.name in recompile and "Recompile" in robot.options:
            hand, pile = pile[:size], pile[size:]   # the old hand is discarded
            state = with_robot(state, replace(robot, damage=robot.damage + 1))
        kept = flywheel.get(robot.name)
        if kept is not None and "Flywheel" in robot.options:
            hand = hand + [kept]
        hands[robot.name] = tuple(hand)
    return state, hands
