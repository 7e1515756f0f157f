"""`apply(state, turn) -> (state, events)`: one whole turn of five program steps and its end.

Each program step, in this order (the issue's order; docs/roborally-rules.md): robots move by
priority, express belts, all belts, pushers, gears, crushers (ruling crusher_order), lasers,
flamethrowers, checkpoints. After the last step: repairs and options at wrench sites, destroyed
robots return, damaged robots lock registers. The first robot to touch the last checkpoint wins
and the race stops there.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from .cards import REGISTERS, Card
from .elements import (run_belts, run_checkpoints, run_crushers, run_flamethrowers, run_gears, run_lasers,
                       run_pushers)
from .end_phase import end_of_turn
from .errors import IllegalAction
from .events import OptionUsed, PoweredDown, RallyEvent, Reveal, Won
from .movement import play_card
from .program import check_options, check_turn, option_uses
from .state import NO_REGISTERS, RallyState, Robot, Turn
from .world import Bot, World


def apply(state: RallyState, turn: Turn) -> tuple[RallyState, tuple[RallyEvent, ...]]:
    new_state, events, _ = apply_in_phases(state, turn, frames=False)
    return new_state, events


Frame = tuple["int | None", str, tuple[Robot, ...]]


def apply_in_phases(state: RallyState, turn: Turn, *, frames: bool = True
                    ) -> tuple[RallyState, tuple[RallyEvent, ...], tuple[Frame, ...]]:
    """`apply`, also giving the robots after each phase of each step, (step, phase, robots), for
    a playtest to step through the turn phase by phase, back and forward."""
    check_options(state, turn)
    registers, generator = check_turn(state, turn)
    number = state.turns + 1
    steps = max((i + 1 for cards in registers.values() for i, c in enumerate(cards) if c is not None), default=0)
    _check_priorities(registers, steps, number)
    world = World(state.floor, [Bot.of(robot) for robot in state.robots], rulings=state.rulings,
                  options=option_uses(turn))
    if frames:
        world.frames = []
    _start(world, state, turn, registers)
    winner = None
    for program_step in range(1, steps + 1):
        finished = play_step(world, program_step, {n: c[program_step - 1] for n, c in registers.items()},
                             turn.power_down)
        if finished:
            winner = finished[0]
            world.emit(Won, robot=winner)   # (in the checkpoint phase)
            break
    if winner is None:
        end_of_turn(world, state, turn, registers)
    world.close_phase()
    deck = list(state.option_deck)
    robots = tuple(bot.frozen() for bot in (world.bots[name] for name in world.order))
    new_state = replace(state, robots=robots, option_deck=tuple(deck[world.drawn:]),
                        option_discard=state.option_discard + tuple(world.discarded), turns=number,
                        winner=winner, seed=generator)
    return new_state, tuple(world.events), tuple(world.frames or ())


def _check_priorities(registers: dict[str, list[Card | None]], steps: int, turn: int) -> None:
    for index in range(steps):
        seen: dict[int, str] = {}
        for name, cards in registers.items():
            card = cards[index]
            if card is None:
                continue
            if card.priority in seen:
                raise IllegalAction(f"{name} and {seen[card.priority]} both play priority {card.priority} in step "
                                    f"{index + 1}; every program card's priority is unique.",
                                    turn=turn, step=index + 1, robot=name, hint="Give one of them another priority.")
            seen[card.priority] = name


def _start(world: World, state: RallyState, turn: Turn, registers: dict[str, list[Card | None]]) -> None:
    for name in world.order:   # (the World begins in the start phase)
        bot = world.bots[name]
        if name in turn.power_down and bot.at is not None:
            repaired, bot.damage, bot.registers = bot.damage, 0, NO_REGISTERS
            bot.powered_down = True
            world.emit(PoweredDown, robot=name, repaired=repaired)
        if name in turn.recompile:
            world.emit(OptionUsed, robot=name, option="Recompile", detail="its hand redrawn before programming")
            world.damage(name, 1, "recompile")
        options = turn.choice(name).options if name in registers else {}
        if "Conditional Command" in options:
            step = int(options["Conditional Command"]["step"])
            world.emit(OptionUsed, robot=name, option="Conditional Command",
                       detail=f"register {step} plays {registers[name][step - 1]}")
        if "Emergency Stop" in options:
            first = int(options["Emergency Stop"])
            shown = ", ".join(str(c) for c in registers[name][first - 1:REGISTERS] if c is not None)
            world.emit(OptionUsed, robot=name, option="Emergency Stop",
                       detail=f"registers {first}-{REGISTERS} play the draw pile's {shown}")


def play_step(world: World, program_step: int, cards: dict[str, Card | None], powered_down=frozenset()) -> list[str]:
    """One program step, every phase in order; the robots that touched the last checkpoint in it,
    highest priority first. The route search plays a single robot through these same phases."""
    order = move_phase(world, program_step, cards)
    factory_phases(world, frozenset(powered_down))
    world.phase = "checkpoints"
    rest = [name for name in world.order if name not in order]
    return run_checkpoints(world, order + rest)


def move_phase(world: World, program_step: int, cards: Mapping[str, Card | None]) -> list[str]:
    """Phase 1: the robots on the course play their cards, highest priority first (that order returned)."""
    world.phase = "move"            # (closing the step before with its own number)
    world.step = program_step
    playing = ((n, c) for n, c in cards.items() if c is not None and world.bots[n].at is not None)
    order = [name for name, card in sorted(playing, key=lambda item: -item[1].priority)]
    world.emit(Reveal, order=tuple((name, str(cards[name])) for name in order))
    for name in order:
        card = cards[name]
        if card is not None and world.bots[name].at is not None:  # (not pushed into a pit by now)
            play_card(world, name, card)
    return order


def factory_phases(world: World, powered_down: frozenset[str]) -> None:
    """Phases 2-8 of the current step: belts, pushers, gears and crushers, lasers, flamethrowers."""
    world.phase = "express"
    run_belts(world, express_only=True)
    world.phase = "belts"
    run_belts(world, express_only=False)
    world.phase = "pushers"
    run_pushers(world)
    crushers_first = world.rulings.get("crusher_order") == "before_gears"
    for phase, run in (("crushers", run_crushers), ("gears", run_gears))[:: 1 if crushers_first else -1]:
        world.phase = phase
        run(world)
    world.phase = "lasers"
    run_lasers(world, powered_down)
    world.phase = "flamethrowers"
    run_flamethrowers(world)
