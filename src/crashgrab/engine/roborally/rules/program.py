"""Checking a turn's programs before anything moves, and the cards each register plays.

A program lists cards by register; a locked register keeps the card it had (given again or as
null); a shorter program plays only its steps (for short tests). Conditional Command swaps its
sixth card into one register; Emergency Stop replaces every card from its step on with the top
of the draw pile (the program cards nobody holds this turn, shuffled by the play kernel's seeded
generator from the state's: the turn's new state carries the generator as the shuffle left it).
"""
from __future__ import annotations

from typing import Any, Mapping

from ...play.seeded import shuffled
from .cards import CARD_KINDS, PROGRAM_DECK, REGISTERS, Card
from .errors import IllegalAction, MissingChoice
from .state import RallyState, Turn


def card_from(raw: Any) -> Card:
    return Card(int(raw["priority"]), raw["card"])


def check_turn(state: RallyState, turn: Turn) -> tuple[dict[str, list[Card | None]], int]:
    """The cards each active robot plays in registers 1-5 (None: nothing that step), and the
    state's generator after the turn's draws (as it was when nothing is drawn)."""
    number = state.turns + 1
    names = {robot.name for robot in state.robots}
    if state.over:
        raise IllegalAction(f"the race is over: {state.winner} has won.", turn=number)
    for what, listed in (("programs", turn.programs), ("power_down", turn.power_down), ("choices", turn.choices),
                         ("recompile", turn.recompile)):
        for name in listed:
            if name not in names:
                raise IllegalAction(f"there is no robot {name!r} in this race ({what}).", turn=number, robot=name)
    _check_recompile(state, turn)
    registers: dict[str, list[Card | None]] = {}
    for robot in state.robots:
        program = turn.programs.get(robot.name)
        if robot.at is None or robot.name in turn.power_down:
            if program is not None:
                why = "is powered down" if robot.at is not None else "is not on the course"
                raise IllegalAction(f"{robot.name} {why} this turn and plays no program.", turn=number,
                                    robot=robot.name, hint="Leave its program out.")
            continue
        if program is None:
            raise MissingChoice(f"{robot.name} has no program.", turn=number, step=1, robot=robot.name, choice="programs",
                                hint="Give it up to five cards, or power it down.")
        registers[robot.name] = _registers(robot.name, program, robot.registers, number)
    _conditional_command(state, turn, registers)
    return registers, _emergency_stop(state, turn, registers)


def _check_recompile(state: RallyState, turn: Turn) -> None:
    """Recompile is used on a hand: only by a robot holding the card that is dealt one."""
    for name in sorted(turn.recompile):
        robot = state.robot(name)
        assert robot is not None   # (names checked above)
        if "Recompile" not in robot.options:
            raise IllegalAction(f"{name} does not hold the option card Recompile.", turn=state.turns + 1, robot=name,
                                hint="Give it the card in \"options\", or leave it out of \"recompile\".")
        if robot.at is None or name in turn.power_down:
            why = "is powered down" if robot.at is not None else "is not on the course"
            raise IllegalAction(f"{name} {why} this turn: it is dealt no hand to recompile.", turn=state.turns + 1,
                                robot=name, hint="Leave it out of \"recompile\".")


def _registers(name: str, program, locked, turn: int) -> list[Card | None]:
    if len(program) > REGISTERS:
        raise IllegalAction(f"{name}'s program has {len(program)} cards; a robot has five registers.",
                            turn=turn, robot=name)
    cards: list[Card | None] = list(program) + [None] * (REGISTERS - len(program))
    for index, kept in enumerate(locked):
        if kept is None:
            continue
        if cards[index] is not None and cards[index] != kept:
            raise IllegalAction(f"{name}'s register {index + 1} is locked with {kept}; it cannot take {cards[index]}.",
                                turn=turn, step=index + 1, robot=name,
                                hint="Give the locked card again, or null, in that register.")
        cards[index] = kept
    last = max((i for i, c in enumerate(cards) if c is not None), default=-1)
    for index in range(last):
        if cards[index] is None:
            raise MissingChoice(f"{name} has no card in register {index + 1}.", turn=turn, step=index + 1,
                                robot=name, choice="programs", options=CARD_KINDS)
    return cards


def _conditional_command(state: RallyState, turn: Turn, registers: dict[str, list[Card | None]]) -> None:
    for name, cards in registers.items():
        use = _option(state, turn, name, "Conditional Command")
        if use is None:
            continue
        step = int(use["step"])
        cards[step - 1] = card_from(use)


def _emergency_stop(state: RallyState, turn: Turn, registers: dict[str, list[Card | None]]) -> int:
    """The draw pile's cards into the users' registers; the generator's state after the shuffle."""
    users = [(name, int(use)) for name in registers if (use := _option(state, turn, name, "Emergency Stop"))]
    if not users:
        return state.seed
    held = {card for cards in registers.values() for card in cards if card is not None}
    shuffle, generator = shuffled([card for card in PROGRAM_DECK if card not in held], state.seed)
    pile = list(shuffle)
    for name, first in users:
        cards = registers[name]
        for index in range(first - 1, REGISTERS):
            if cards[index] is not None and pile:
                cards[index] = pile.pop(0)
    return generator


def _option(state: RallyState, turn: Turn, name: str, option: str) -> Any:
    robot = state.robot(name)
    use = turn.choice(name).options.get(option)
    if use is None:
        return None
    if robot is None or option not in robot.options:
        raise IllegalAction(f"{name} does not hold the option card {option}.", turn=state.turns + 1, robot=name)
    return use


def check_options(state: RallyState, turn: Turn) -> None:
    """Every option a turn uses is one its robot holds."""
    for name, choice in turn.choices.items():
        robot = state.robot(name)
        for option in choice.options:
            if robot is not None and option not in robot.options:
                raise IllegalAction(f"{name} does not hold the option card {option}.", turn=state.turns + 1,
                                    robot=name, hint="Give it the card in \"options\", or leave the use out.")


def option_uses(turn: Turn) -> Mapping[str, Mapping[str, Any]]:
    return {name: choice.options for name, choice in turn.choices.items()}
