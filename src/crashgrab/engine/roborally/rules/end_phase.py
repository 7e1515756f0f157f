"""The end of a turn, after its last step: repairs and options at wrench sites, destroyed
robots back on their archive markers, registers locked by damage.

A one-wrench site or a checkpoint repairs 1 damage; a two-wrench site repairs 2 or gives the
top option card instead (ruling two_wrench). A destroyed robot with lives left returns on its
archive marker with 2 damage, facing the way its player chooses, or on a free square next to
the marker (its choice) when a robot holds the marker's square; with none free, it waits off the
course until the end of a turn that has one.
"""
from __future__ import annotations

from .cards import REGISTERS, TURBO_BLASTER_SHOTS, Card
from .errors import IllegalAction, MissingChoice
from .events import Locked, OptionChange, Repaired, Returned
from .geometry import DIRECTIONS, Cell, cell_text
from .state import NO_REGISTERS, RallyState, Turn, locked_by_damage
from .world import Bot, World

RETURN_DAMAGE = 2


def end_of_turn(world: World, state: RallyState, turn: Turn, registers: dict[str, list[Card | None]]) -> None:
    world.phase = "end"
    world.step = 0
    for name in world.order:
        _repair(world, state, turn, world.bots[name])
    for name in world.order:
        _return(world, state, turn, world.bots[name])
    for name in world.order:
        _lock(world, world.bots[name], registers.get(name))


def _repair(world: World, state: RallyState, turn: Turn, bot: Bot) -> None:
    if bot.at is None:
        return
    element = world.floor.element(bot.at)
    wrenches = element.wrenches if element is not None and element.type == "repair" else 0
    if not wrenches and world.floor.checkpoint_number(bot.at) is not None:
        wrenches = 1  # every Crash and Burn checkpoint shows a wrench (seed, Setup 1)
    if not wrenches:
        return
    if wrenches == 1:
        _heal(world, bot, 1)
        return
    deck_left = len(state.option_deck) - world.drawn
    if world.rulings.get("two_wrench") == "repair_and_option":
        _heal(world, bot, 1)
        if deck_left:
            _draw(world, state, bot)
        return
    wanted = turn.choice(bot.name).repair
    if wanted is None:
        if not deck_left:
            wanted = "repair"
        elif bot.damage == 0:
            wanted = "option"
        else:
            raise MissingChoice(f"{bot.name} ends the turn on a two-wrench site at {cell_text(bot.at)}: it repairs "
                                f"2 damage or takes an option card.", turn=state.turns + 1, robot=bot.name,
                                choice="repair", options=("repair", "option"),
                                hint='Add "repair": "repair" or "option" to its choices.')
    if wanted == "option" and deck_left:
        _draw(world, state, bot)
    else:
        _heal(world, bot, 2)


def _heal(world: World, bot: Bot, amount: int) -> None:
    amount = min(amount, bot.damage)
    if amount:
        bot.damage -= amount
        world.emit(Repaired, robot=bot.name, amount=amount, damage=bot.damage)


def _draw(world: World, state: RallyState, bot: Bot) -> None:
    option = state.option_deck[world.drawn]
    world.drawn += 1
    bot.options.append(option)
    if option == "Turbo Blaster":
        bot.shots = TURBO_BLASTER_SHOTS
    world.emit(OptionChange, robot=bot.name, option=option, gained=True, how="drawn")


def _return(world: World, state: RallyState, turn: Turn, bot: Bot) -> None:
    if bot.at is not None or bot.lives <= 0 or not bot.destroyed:
        return
    choice = turn.choice(bot.name)
    number = state.turns + 1
    archive = bot.archive
    if archive is None:
        raise IllegalAction(f"{bot.name} has no archive marker to return on.", turn=number, robot=bot.name)
    where: Cell = archive
    if world.occupant(archive) is not None:
        free = [cell for cell in _around(archive) if world.floor.on_course(cell) and not world.floor.deadly(cell)
                and world.occupant(cell) is None]
        if not free:
            return  # nowhere to stand: it waits off the course and returns at the end of a later turn
        if choice.respawn_at is None or choice.respawn_at not in free:
            what = "gives no square" if choice.respawn_at is None else f"gives {cell_text(choice.respawn_at)}, not free"
            raise MissingChoice(f"{bot.name}'s archive marker at {cell_text(archive)} is taken and its choice {what}.",
                                turn=number, robot=bot.name, choice="respawn_at",
                                options=tuple(cell_text(c) for c in free),
                                hint='Add "respawn_at": a free square next to the marker.')
        where = choice.respawn_at
    if choice.respawn_facing is None:
        raise MissingChoice(f"{bot.name} returns at {cell_text(where)} and needs a facing.", turn=number,
                            robot=bot.name, choice="respawn_facing", options=DIRECTIONS,
                            hint='Add "respawn_facing" to its choices.')
    bot.at, bot.facing, bot.damage = where, choice.respawn_facing, RETURN_DAMAGE
    bot.registers = NO_REGISTERS  # (still `destroyed` this turn: it locks nothing)
    world.emit(Returned, robot=bot.name, at=where, facing=bot.facing, damage=bot.damage)


def _around(cell: Cell) -> list[Cell]:
    """The eight squares around a cell, row by row."""
    x, y = cell
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def _lock(world: World, bot: Bot, played: list[Card | None] | None) -> None:
    """Locked registers keep this turn's cards into the next one (destroyed robots keep none)."""
    if bot.at is None or bot.destroyed or played is None:
        bot.registers = NO_REGISTERS
        return
    locked = sorted(set(locked_by_damage(bot.damage)) | {n for n in bot.extra_locks if 1 <= n <= REGISTERS})
    kept = tuple(played[i - 1] if i in locked else None for i in range(1, REGISTERS + 1))
    bot.registers = kept
    held = tuple(i for i in locked if kept[i - 1] is not None)
    if held:
        world.emit(Locked, robot=bot.name, registers=held)
