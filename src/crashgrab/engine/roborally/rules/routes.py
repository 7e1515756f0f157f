"""The shortest-program course checks: how many registers one robot alone needs for the race.

For one robot on the course with an ideal hand (any card in any register), a breadth-first
search over (square, facing, program step within the turn, next checkpoint), each move played
by the rules' own program step (turn.play_step) for a robot alone: lasers and flamethrowers
count as damage but are never fatal (its damage is kept below 10), and a register that would
destroy it (a pit, the course's edge, a crusher) is never played. After step 5 the next
register is step 1 of the next turn (nothing at the end of a turn moves a lone robot).

Per start: `route_registers` (fewest registers to touch every checkpoint in order), `legs`
(the registers between consecutive checkpoints on one such route: the first leg from the
start) and `damage` (the fewest hits on a fewest-register route). Findings (engine/findings.py):
`checkpoint-unreachable` (error) and `start-unfair` (warning: best and worst start more than
2 registers apart).
"""
from __future__ import annotations

from typing import Any, Mapping

from ...findings import Finding
from .cards import CARD_KINDS, PROGRAM_DECK, REGISTERS, Card
from .floor import Floor, Start, floor_from_course
from .events import Blocked, Moved
from .geometry import DIRECTIONS, Cell, cell_text, edge, turned
from .state import DEFAULT_RULINGS
from .turn import factory_phases, move_phase
from .world import Bot, World

UNFAIR_SPREAD = 2
# One card of each kind: alone on the course, its priority does not matter.
_CARDS: tuple[Card, ...] = tuple(next(c for c in PROGRAM_DECK if c.kind == kind) for kind in CARD_KINDS)
_ROBOT = "robot"

Outcome = tuple[Cell, str, int] | None      # square, facing, damage taken; None: destroyed


class SingleRobot:
    """One robot alone on a floor: what each card does in each step, from each square and facing.

    The rules play it (turn.move_phase, then turn.factory_phases; the checkpoint phase is the
    search's own). What the factory does after the move depends only on where the robot stands
    then, so the two halves are remembered apart, and each square, facing and step's outcomes
    (one per card, duplicates merged) once more."""

    def __init__(self, floor: Floor, rulings: Mapping[str, str] | None = None) -> None:
        self.floor = floor
        self.rulings = {**DEFAULT_RULINGS, **(rulings or {})}
        self._moves: dict[tuple[Cell, str, int, Card], Outcome] = {}
        self._factory: dict[tuple[Cell, int], Outcome] = {}
        self._outcomes: dict[tuple[Cell, str, int], tuple[tuple[Cell, str, int], ...]] = {}

    def _world(self, at: Cell, facing: str, program_step: int) -> tuple[World, Bot]:
        bot = Bot(_ROBOT, at, facing, damage=0, lives=1, next=0, archive=at, options=[], registers=(None,) * 5, shots=0)
        world = World(self.floor, [bot], rulings=self.rulings, record=False)
        world.step = program_step
        return world, bot

    def _move(self, at: Cell, facing: str, program_step: int, card: Card) -> Outcome:
        # A move whose path meets no door and no flamethrower ends the same in every step:
        # worked out once (with events, to see the path), then kept for every step.
        for key in ((at, facing, 0, card), (at, facing, program_step, card)):
            if key in self._moves:
                return self._moves[key]
        world, bot = self._world(at, facing, program_step)
        world.record = True
        move_phase(world, program_step, {_ROBOT: card})
        outcome = None if bot.at is None else (bot.at, bot.facing, bot.damage)
        self._moves[(at, facing, 0 if self._same_every_step(world) else program_step, card)] = outcome
        return outcome

    def _same_every_step(self, world: World) -> bool:
        floor = self.floor
        for event in world.events:
            if isinstance(event, Blocked) and event.by == "door":
                return False
            if isinstance(event, Moved) and (floor.kind(event.to) == "flamethrower"
                                             or (event.by != "portal" and edge(event.origin, _toward(event.origin, event.to))
                                                 in floor.doors)):
                return False
        return True

    def _after_move(self, at: Cell, facing: str, program_step: int) -> Outcome:
        # Alone and without options, a robot's facing changes nothing the factory does to it
        # (belts, pushers, crushers, board lasers, flamethrowers), and belts and gears turn it
        # relative to its facing: played facing north, the turn is applied to any facing.
        key = (at, program_step)
        if key not in self._factory:
            world, bot = self._world(at, "north", program_step)
            factory_phases(world, frozenset())
            self._factory[key] = None if bot.at is None else (bot.at, bot.facing, bot.damage)
        found = self._factory[key]
        if found is None:
            return None
        return found[0], turned(facing, DIRECTIONS.index(found[1])), found[2]

    def play(self, at: Cell, facing: str, program_step: int, card: Card) -> Outcome:
        """Where one card leaves the robot at the end of the step, with the damage taken; None: destroyed."""
        moved = self._move(at, facing, program_step, card)
        if moved is None:
            return None
        after = self._after_move(moved[0], moved[1], program_step)
        return None if after is None else (after[0], after[1], moved[2] + after[2])

    def outcomes(self, at: Cell, facing: str, program_step: int) -> tuple[tuple[Cell, str, int], ...]:
        """Every end of the step some card reaches alive (the least damage for each)."""
        key = (at, facing, program_step)
        found = self._outcomes.get(key)
        if found is None:
            least: dict[tuple[Cell, str], int] = {}
            for card in _CARDS:
                outcome = self.play(at, facing, program_step, card)
                if outcome is not None and outcome[2] < least.get(outcome[:2], 99):
                    least[outcome[:2]] = outcome[2]
            found = self._outcomes[key] = tuple((cell, turned, hits) for (cell, turned), hits in least.items())
        return found


def _toward(origin: Cell, to: Cell) -> str:
    return {(0, -1): "north", (1, 0): "east", (0, 1): "south", (-1, 0): "west"}[(to[0] - origin[0], to[1] - origin[1])]


class Search:
    """The search's graph with whole numbers for nodes: a state (square, facing, step) is
    `(square index * 4 + facing index) * 5 + step - 1`; a node adds the next checkpoint."""

    def __init__(self, robot: SingleRobot) -> None:
        self.robot = robot
        self.squares = sorted(robot.floor.cells, key=lambda c: (c[1], c[0]))
        self.index = {cell: number for number, cell in enumerate(self.squares)}
        self.width = len(robot.floor.checkpoints) + 1   # node = state * width + checkpoints touched
        self._children: dict[int, tuple[tuple[int, int, int], ...]] = {}

    def state(self, at: Cell, facing: str, program_step: int) -> int:
        return (self.index[at] * 4 + DIRECTIONS.index(facing)) * REGISTERS + program_step - 1

    def children(self, state: int) -> tuple[tuple[int, int, int], ...]:
        """(child state * width, damage taken, child square) for every way one register goes."""
        found = self._children.get(state)
        if found is None:
            square, rest = divmod(state, 4 * REGISTERS)
            facing, program_step = divmod(rest, REGISTERS)
            found = self._children[state] = tuple(
                (self.state(to, turned_to, program_step % REGISTERS + 1) * self.width, hits, self.index[to])
                for to, turned_to, hits in self.robot.outcomes(self.squares[square], DIRECTIONS[facing], program_step + 1))
        return found


def shortest_route(search: Search, start: Start) -> dict[str, Any]:
    """{"registers", "legs", "damage"} of a fewest-register route touching every checkpoint in
    order, or {"unreachable": n}: checkpoint n can never be touched in order from this start."""
    return _search_route(search, start)[0]


RouteStep = tuple[Cell, str, int, "Card | None"]   # square, facing, checkpoints touched, the card played


def route_steps(search: Search, start: Start) -> tuple[dict[str, Any], list[RouteStep]]:
    """shortest_route's answer and that route register by register (the editor's overlay): the
    start (no card), then where each register leaves the robot, with a card that does it."""
    result, parent, end = _search_route(search, start)
    if end is None:
        return result, []
    nodes = [end]
    while parent[nodes[-1]] != -1:
        nodes.append(parent[nodes[-1]])
    nodes.reverse()
    steps: list[RouteStep] = []
    for index, node in enumerate(nodes):
        state, touched = divmod(node, search.width)
        square, rest = divmod(state, 4 * REGISTERS)
        facing, step_index = divmod(rest, REGISTERS)
        at, facing_name = search.squares[square], DIRECTIONS[facing]
        card = None
        if index:
            before = steps[-1]
            before_step = (step_index - 1) % REGISTERS + 1
            card = next((c for c in _CARDS if (search.robot.play(before[0], before[1], before_step, c) or (None, None))[:2]
                         == (at, facing_name)), None)
        steps.append((at, facing_name, touched, card))
    return result, steps


def _search_route(search: Search, start: Start) -> tuple[dict[str, Any], dict[int, int], int | None]:
    floor = search.robot.floor
    count = len(floor.checkpoints)
    if not count:
        return {"registers": 0, "legs": [], "damage": 0}, {}, None
    if start.at not in search.index:
        return {"unreachable": 1}, {}, None
    targets = [search.index.get(c, -1) for c in floor.checkpoints] + [-1]
    width = search.width
    children = search.children
    first = search.state(start.at, start.facing, 1) * width
    damage: dict[int, int] = {first: 0}
    parent: dict[int, int] = {first: -1}
    layer = [first]
    registers = 0
    furthest = 0
    while layer:
        registers += 1
        reached: dict[int, int] = {}
        for node in layer:
            state, touched = divmod(node, width)
            so_far = damage[node]
            target = targets[touched]
            for base, hits, square in children(state):
                child = base + touched + (square == target)
                if child in damage:
                    continue
                total = so_far + hits
                if total < reached.get(child, 1 << 30):
                    reached[child] = total
                    parent[child] = node
        damage.update(reached)
        finished = [child for child in reached if child % width == count]
        if finished:
            end = min(finished, key=lambda child: (damage[child], child))
            return {"registers": registers, "legs": _legs(parent, end, width), "damage": damage[end]}, parent, end
        if reached:
            furthest = max(furthest, max(child % width for child in reached))
        layer = list(reached)
    return {"unreachable": furthest + 1}, parent, None


def _legs(parent: Mapping[int, int], end: int, width: int) -> list[int]:
    path = [end]
    while parent[path[-1]] != -1:
        path.append(parent[path[-1]])
    path.reverse()
    touched_at = [index for index in range(1, len(path)) if path[index] % width != path[index - 1] % width]
    return [b - a for a, b in zip([0, *touched_at], touched_at)]


def route_checks(course: Mapping[str, Any], rulings: Mapping[str, str] | None = None) -> tuple[list[Finding], dict[str, Any]]:
    """The route findings and metrics of a resolved-course dict, as `crashgrab validate` reports them."""
    floor = floor_from_course(course)
    search = Search(SingleRobot(floor, rulings))
    findings: list[Finding] = []
    metrics: dict[str, Any] = {"route_registers": {}, "legs": {}, "damage": {}}
    reachable: dict[int, int] = {}
    for start in sorted(floor.starts, key=lambda s: s.number):
        route = shortest_route(search, start)
        key = str(start.number)
        if "unreachable" in route:
            number = route["unreachable"]
            target = floor.checkpoints[number - 1]
            findings.append(Finding(
                "checkpoint-unreachable", "error",
                f"from start {start.number} at {cell_text(start.at)}, checkpoint {number} at {cell_text(target)} can "
                f"never be touched in order, whatever the program; open a way to it (a wall, a pit or a belt "
                f"facing away is in the way) or move the checkpoint.",
                cells=(start.at, target), details={"start": start.number, "checkpoint": number}))
            for metric in ("route_registers", "legs", "damage"):  # null: this start cannot finish
                metrics[metric][key] = None
            continue
        reachable[start.number] = route["registers"]
        metrics["route_registers"][key] = route["registers"]
        metrics["legs"][key] = route["legs"]
        metrics["damage"][key] = route["damage"]
    if len(reachable) >= 2:
        best = min(reachable, key=lambda n: (reachable[n], n))
        worst = max(reachable, key=lambda n: (reachable[n], -n))
        if reachable[worst] - reachable[best] > UNFAIR_SPREAD:
            cells = tuple(s.at for s in floor.starts if s.number in (best, worst))
            findings.append(Finding(
                "start-unfair", "warning",
                f"start {worst} needs {reachable[worst]} registers for the race, start {best} only {reachable[best]}: "
                f"more than {UNFAIR_SPREAD} apart.",
                cells=cells, details={"best": best, "worst": worst, "best_registers": reachable[best],
                                      "worst_registers": reachable[worst]}))
    return findings, metrics
