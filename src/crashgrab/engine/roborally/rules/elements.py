"""Phases 2-9 of a program step: the factory elements, the lasers and the checkpoints."""
from __future__ import annotations

from typing import Any, Mapping

from .events import Archived, Beam, Blocked, Moved, OptionChange, OptionUsed, Touched, Turned
from .geometry import DIRECTIONS, LEFT, OPPOSITE, RIGHT, Cell, cell_text, side_direction, step
from .movement import enter, push_line
from .world import Bot, World, hit_from


# --- 2 and 3: belts ----------------------------------------------------------------------
def run_belts(world: World, express_only: bool) -> None:
    """Belts move every robot on them one square at once, never pushing: a robot carried into
    a square held by a robot the belts do not move, or two carried into one square, stay."""
    floor = world.floor
    moving: dict[str, tuple[Cell, str]] = {}        # robot -> (target, belt direction)
    for bot in world.on_course():
        element = floor.element(bot.at)  # type: ignore[arg-type]
        if element is None or element.type != "conveyor" or (express_only and not element.express):
            continue
        direction = element.facing or "north"
        if floor.blocked(bot.at, direction, world.step):  # type: ignore[arg-type]
            world.emit(Blocked, robot=bot.name, at=bot.at, direction=direction, by="wall")
            continue
        moving[bot.name] = (step(bot.at, direction), direction)  # type: ignore[arg-type]
    while True:
        stay = _blocked_on_belts(world, moving)
        if not stay:
            break
        for name in stay:
            bot = world.bots[name]
            world.emit(Blocked, robot=name, at=bot.at, direction=moving[name][1], by="robot")
            del moving[name]
    origins = {name: world.bots[name].at for name in moving}
    for name, (target, _) in moving.items():
        world.bots[name].at = target
    for name, (target, direction) in moving.items():
        bot = world.bots[name]
        world.emit(Moved, robot=name, origin=origins[name], to=target, by="belt")
        if floor.deadly(target):
            world.destroy(name, "off-course" if floor.element(target) is None else "pit", target)
            continue
        _turn_on_belt(world, bot, target, direction)


def _blocked_on_belts(world: World, moving: Mapping[str, tuple[Cell, str]]) -> list[str]:
    targets: dict[Cell, list[str]] = {}
    for name, (target, _) in moving.items():
        targets.setdefault(target, []).append(name)
    stay = []
    for name, (target, _) in moving.items():
        holder = world.occupant(target)
        here = world.bots[name].at
        swapping = holder is not None and holder in moving and moving[holder][0] == here
        if len(targets[target]) > 1 or (holder is not None and holder not in moving) or swapping:
            stay.append(name)
    return stay


def _turn_on_belt(world: World, bot: Bot, target: Cell, came: str) -> None:
    """A robot carried onto a belt facing another way turns with it (a quarter turn)."""
    element = world.floor.element(target)
    if element is None or element.type != "conveyor" or element.facing in (None, came, OPPOSITE[came]):
        return
    if world.rulings.get("belt_turn") == "curves_only":
        behind = world.floor.element(step(target, OPPOSITE[element.facing]))
        if behind is not None and behind.type == "conveyor" and behind.facing == element.facing:
            return  # a merge: fed straight from behind, so not a curve
    turn = 1 if RIGHT[came] == element.facing else -1
    bot.facing = RIGHT[bot.facing] if turn == 1 else LEFT[bot.facing]
    world.emit(Turned, robot=bot.name, facing=bot.facing, by="belt")


# --- 4 pushers, 5 gears, 6 crushers -----------------------------------------------------------
def run_pushers(world: World) -> None:
    for pusher in world.floor.pushers:
        if world.step not in pusher.steps:
            continue
        name = world.occupant(pusher.at)
        if name is None:
            continue
        if world.floor.blocked(pusher.at, pusher.direction, world.step):
            world.emit(Blocked, robot=name, at=pusher.at, direction=pusher.direction, by="wall")
            continue
        ahead = step(pusher.at, pusher.direction)
        if world.occupant(ahead) is not None and not push_line(world, ahead, pusher.direction, rammer=None):
            world.emit(Blocked, robot=name, at=pusher.at, direction=pusher.direction, by="robot")
            continue
        enter(world, name, ahead, by="pusher")


def run_gears(world: World) -> None:
    for bot in world.on_course():
        element = world.floor.element(bot.at)  # type: ignore[arg-type]
        if element is not None and element.type == "gear":
            bot.facing = (LEFT if element.turn == "left" else RIGHT)[bot.facing]
            world.emit(Turned, robot=bot.name, facing=bot.facing, by="gear")


def run_crushers(world: World) -> None:
    for bot in world.on_course():
        element = world.floor.element(bot.at)  # type: ignore[arg-type]
        if element is not None and element.type == "crusher" and world.step in element.steps:
            world.destroy(bot.name, "crusher", bot.at)  # type: ignore[arg-type]


# --- 7 lasers --------------------------------------------------------------------------
def _trace(world: World, start: Cell, direction: str, *, include_start: bool, walls: int = 0,
           robots: int = 0, shooter: str | None = None) -> tuple[list[Cell], list[str]]:
    """The cells a beam crosses and the robots it hits: it stops at the first robot or wall,
    or passes `walls` walls and `robots` robots first (Power Laser)."""
    if not walls and not robots:
        occupied = {bot.at: bot.name for bot in world.bots.values() if bot.at is not None and bot.name != shooter}
        path = world.floor.clear_path(start, direction, world.step, include_start)
        for index, cell in enumerate(path):
            if cell in occupied:
                return list(path[:index + 1]), [occupied[cell]]
        return list(path), []
    floor = world.floor
    cells = []
    hits: list[str] = []
    cell = start
    while True:
        if floor.blocked(cell, direction, world.step):
            if walls <= 0:
                break
            walls -= 1
        cell = step(cell, direction)
        if not floor.on_course(cell):
            break
        cells.append(cell)
        occupant = world.occupant(cell)
        if occupant is not None:
            hits.append(occupant)
            if robots <= 0:
                break
            robots -= 1
    return cells, hits


Hit = tuple[str, int, str, "str | None", str]    # target, damage, cause, shooter, the beam's direction


def run_lasers(world: World, powered_down: frozenset[str]) -> None:
    """Every beam fires at once: hits are worked out before any damage is dealt."""
    hits: list[Hit] = []
    for laser in world.floor.lasers:
        cells, hit = _trace(world, laser.at, laser.direction, include_start=True)
        source = f"laser at {cell_text(laser.at)}"
        world.emit(Beam, source=source, direction=laser.direction, cells=tuple(cells), hit=tuple(hit))
        hits += [(target, laser.beams, "laser", None, laser.direction) for target in hit]
    pushes: list[tuple[str, str]] = []
    for bot in world.on_course():
        if bot.name in powered_down:
            continue
        hits += _robot_fires(world, bot, pushes)
    for target, amount, cause, shooter, direction in hits:
        world.damage(target, amount, cause, shooter, hit_from(direction))
    for target, direction in pushes:
        _blast(world, target, direction)


def _robot_fires(world: World, bot: Bot, pushes: list[tuple[str, str]]) -> list[Hit]:
    name = bot.name
    turret = world.side_for_step(name, "Turret")
    main = side_direction(bot.facing, turret or "front")
    if turret and turret != "front":
        world.emit(OptionUsed, robot=name, option="Turret", detail=f"fires {main}")
    directions = [main]
    if world.has(name, "Rear Laser"):
        directions.append(OPPOSITE[bot.facing])
    power = world.has(name, "Power Laser")
    strength = 2 if world.has(name, "Double Laser") else 1
    turbo = world.used_in_step(name, "Turbo Blaster") and bot.shots > 0
    found: list[Hit] = []
    for number, direction in enumerate(directions):
        assert bot.at is not None
        cells, hit = _trace(world, bot.at, direction, include_start=False, walls=int(power), robots=int(power),
                            shooter=name)
        world.emit(Beam, source=name, direction=direction, cells=tuple(cells), hit=tuple(hit))
        for target in hit:
            if number == 0 and turbo:  # the Turbo Blaster instead of the main laser
                found.append((target, 1, "turbo-blaster", name, direction))
                pushes.append((target, direction))
                continue
            amount = 0 if _target_control(world, name, target) else strength
            found.append((target, amount, "robot-laser", name, direction))
    if turbo and hit_any(found, "turbo-blaster"):
        bot.shots -= 1
        world.emit(OptionUsed, robot=name, option="Turbo Blaster", detail=f"{bot.shots} shots left")
        if bot.shots == 0:
            bot.options.remove("Turbo Blaster")
            world.discarded.append("Turbo Blaster")
            world.emit(OptionChange, robot=name, option="Turbo Blaster", gained=False, how="used up")
    return found


def hit_any(found: list[Hit], cause: str) -> bool:
    return any(entry[2] == cause for entry in found)


def _blast(world: World, name: str, direction: str) -> None:
    """The Turbo Blaster pushes its target one square away (walls and lines as any push)."""
    bot = world.bots[name]
    if bot.at is None or world.floor.blocked(bot.at, direction, world.step):
        return
    ahead = step(bot.at, direction)
    if world.occupant(ahead) is not None and not push_line(world, ahead, direction, rammer=None):
        return
    enter(world, name, ahead, by="turbo-blaster")


def _target_control(world: World, shooter: str, target: str) -> bool:
    """Target Control on a hit this step: lock one of the target's registers or discard one of
    its options. True when the hit then deals no damage (ruling target_control: instead)."""
    chosen: Any = world.option_choice(shooter, "Target Control")
    for use in chosen or ():
        if use.get("step") != world.step or use.get("target", target) != target:
            continue
        victim = world.bots[target]
        if "lock" in use:
            victim.extra_locks.add(int(use["lock"]))
            world.emit(OptionUsed, robot=shooter, option="Target Control",
                       detail=f"locks {target}'s register {use['lock']}")
        elif use.get("discard") in victim.options:
            victim.options.remove(use["discard"])
            world.discarded.append(use["discard"])
            world.emit(OptionChange, robot=target, option=use["discard"], gained=False, how="Target Control")
        return world.rulings.get("target_control") == "instead"
    return False


# --- 8 flamethrowers, 9 checkpoints -----------------------------------------------------------
def run_flamethrowers(world: World) -> None:
    for bot in world.on_course():
        element = world.floor.element(bot.at)  # type: ignore[arg-type]
        if element is not None and element.type == "flamethrower" and world.step in element.steps:
            world.damage(bot.name, 1, "flamethrower")


def run_checkpoints(world: World, order: list[str]) -> list[str]:
    """Touch checkpoints and move archive markers; the robots that finished, in `order`."""
    floor = world.floor
    finished = []
    for name in order:
        bot = world.bots[name]
        if bot.at is None:
            continue
        if bot.next <= len(floor.checkpoints):
            target = floor.checkpoints[bot.next - 1]
            by = "touch" if bot.at == target else ("Mechanical Arm" if _arm_reaches(world, bot, target) else None)
            if by is not None:
                world.emit(Touched, robot=name, checkpoint=bot.next, by=by)
                bot.next += 1
                if bot.next > len(floor.checkpoints):
                    finished.append(name)
        element = floor.element(bot.at)
        on_site = floor.checkpoint_number(bot.at) is not None or (element is not None and element.type == "repair")
        if on_site and bot.archive != bot.at:
            bot.archive = bot.at
            world.emit(Archived, robot=name, at=bot.at)
    return finished


def _arm_reaches(world: World, bot: Bot, target: Cell) -> bool:
    """The Mechanical Arm touches a checkpoint next to the robot, not diagonally nor through a wall."""
    if not world.has(bot.name, "Mechanical Arm"):
        return False
    assert bot.at is not None
    return any(step(bot.at, d) == target and not world.floor.blocked(bot.at, d, world.step) for d in DIRECTIONS)
