"""Phase 1 of a program step: one robot plays its card, one square at a time.

A wall (or a closed door) on the side crossed stops it; a robot in the way is pushed, the whole
line keeping its facing, unless a wall stands in front of the line; entering a pit or leaving
the course destroys a robot at once. Crash and Burn's spaces (seed, "Movements Influenced by
New Spaces"): oil shortens a move started on it and makes a robot that stops on it slide;
a portal passes a robot to its partner; an active flamethrower burns a robot moving in.
"""
from __future__ import annotations

from .cards import DISTANCE, QUARTER_TURNS, Card
from .events import Blocked, Moved, OptionUsed, Turned
from .geometry import OPPOSITE, Cell, edge, step, turned
from .world import World, hit_from


def play_card(world: World, name: str, card: Card) -> None:
    bot = world.bots[name]
    if bot.at is None:
        return
    if card.kind in QUARTER_TURNS:  # turning is not changed by oil (seed, Oil Slick)
        bot.facing = turned(bot.facing, QUARTER_TURNS[card.kind])
        world.emit(Turned, robot=name, facing=bot.facing, by="card")
        return
    distance = DISTANCE[card.kind]
    direction = bot.facing if card.kind != "back_up" else OPPOSITE[bot.facing]
    distance = _with_options(world, name, card, distance)
    if world.floor.kind(bot.at) == "oil":
        distance -= 1  # "it will move one space less than indicated"
    moved = 0
    for _ in range(max(0, distance)):
        if not step_robot(world, name, direction, by="move", rammer=name):
            break
        moved += 1
        if bot.at is None:
            return
    if moved and world.floor.kind(bot.at) == "oil":
        slide(world, name, direction)


def _with_options(world: World, name: str, card: Card, distance: int) -> int:
    if card.kind == "move1" and world.used_in_step(name, "Brakes"):
        world.emit(OptionUsed, robot=name, option="Brakes", detail="stays instead of moving 1")
        return 0
    if card.kind == "move3" and world.used_in_step(name, "Fourth Gear"):
        world.emit(OptionUsed, robot=name, option="Fourth Gear", detail="moves 4 instead of 3")
        return 4
    if card.kind == "back_up" and world.used_in_step(name, "Reverse Gear"):
        world.emit(OptionUsed, robot=name, option="Reverse Gear", detail="backs up 2")
        return 2
    return distance


def step_robot(world: World, name: str, direction: str, *, by: str, rammer: str | None) -> bool:
    """One square for robot `name`, pushing a line in the way; False: it stayed (blocked)."""
    bot = world.bots[name]
    here = bot.at
    assert here is not None
    if world.floor.blocked(here, direction, world.step):
        world.emit(Blocked, robot=name, at=here, direction=direction, by=_barrier(world, here, direction))
        return False
    ahead = step(here, direction)
    if world.occupant(ahead) is not None and not push_line(world, ahead, direction, rammer=rammer,
                                                           on_oil_only=by == "slide"):
        world.emit(Blocked, robot=name, at=here, direction=direction, by="robot")
        return False
    enter(world, name, ahead, by=by)
    return True


def _barrier(world: World, cell: Cell, direction: str) -> str:
    return "door" if edge(cell, direction) in world.floor.doors else "wall"


def push_line(world: World, first: Cell, direction: str, *, rammer: str | None, on_oil_only: bool = False) -> bool:
    """Push the line of robots starting at `first` one square; False if it cannot move.
    A sliding robot pushes only robots on the same oil (`on_oil_only`): a robot off the oil stops it."""
    floor = world.floor
    if rammer is not None and world.has(rammer, "Ramming Device"):
        target = world.occupant(first)
        assert target is not None
        world.emit(OptionUsed, robot=rammer, option="Ramming Device", detail=f"rams {target}")
        world.damage(target, 1, "ram", rammer, hit_from(direction))
        if world.occupant(first) is None:  # the ram destroyed it: the way is free
            return True
    line: list[str] = []
    cell = first
    while (occupant := world.occupant(cell)) is not None:
        if on_oil_only and floor.kind(cell) != "oil":
            return False
        line.append(occupant)
        if floor.blocked(cell, direction, world.step):
            return False
        cell = step(cell, direction)
    for name in reversed(line):
        bot = world.bots[name]
        assert bot.at is not None
        enter(world, name, step(bot.at, direction), by="push")
    return True


def enter(world: World, name: str, cell: Cell, *, by: str) -> None:
    """Robot `name` enters `cell` (the way there is free): falls, burns, or goes through a portal."""
    bot = world.bots[name]
    origin = bot.at
    assert origin is not None
    bot.at = cell
    world.emit(Moved, robot=name, origin=origin, to=cell, by=by)
    floor = world.floor
    element = floor.element(cell)
    if element is None or element.type == "pit":
        world.destroy(name, "off-course" if element is None else "pit", cell)
        return
    if element.type == "flamethrower" and world.step in element.steps and world.phase == "move":
        world.damage(name, 1, "flamethrower")
        if bot.at is None:
            return
    if element.type == "portal" and by in ("move", "slide"):
        partner = floor.portals.get(cell)
        if partner is not None and portal_active(world, cell, partner, name):
            bot.at = partner
            world.emit(Moved, robot=name, origin=cell, to=partner, by="portal")


def portal_active(world: World, cell: Cell, partner: Cell, mover: str) -> bool:
    """Both portals of a colour are off while another robot stays on either (seed, Portal)."""
    return all(world.occupant(c) in (None, mover) for c in (cell, partner))


def slide(world: World, name: str, direction: str) -> None:
    """A robot that stopped on oil slides on until it leaves the oil or is blocked (seed, Oil Slick)."""
    bot = world.bots[name]
    while bot.at is not None and world.floor.kind(bot.at) == "oil":
        if not step_robot(world, name, direction, by="slide", rammer=name):
            return
