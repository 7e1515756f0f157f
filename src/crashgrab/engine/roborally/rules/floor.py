"""The factory floor the rules play on, built once from the resolved-course dict (immutable).

The resolved course (docs/roborally-rules.md, "The resolved course") lists every course cell
with its element and every edge feature once, in course coordinates. A cell it does not list
is off the course. Lasers and pushers stand on walls (a wall is added under them whatever the
dict says); a door is a wall in the steps it is not open (no steps: always open).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .geometry import OPPOSITE, Cell, edge, step

ALL_STEPS = frozenset(range(1, 6))


def _steps(raw: Any) -> frozenset[int]:
    """Program steps an element is active in; an empty list means every step."""
    steps = frozenset(int(s) for s in (raw or ()))
    return steps or ALL_STEPS


def _cell(raw: Any) -> Cell:
    return int(raw[0]), int(raw[1])


@dataclass(frozen=True)
class Element:
    """One cell's element: `type` as the resolved course names it ("floor", "pit", "conveyor",
    "gear", "repair", "oil", "portal", "crusher", "flamethrower") and what it needs."""

    type: str = "floor"
    facing: str | None = None       # conveyor, flamethrower
    express: bool = False           # conveyor
    turn: str | None = None         # gear: "left" | "right"
    wrenches: int = 0               # repair: 1 | 2
    colour: str | None = None       # portal
    steps: frozenset[int] = ALL_STEPS  # crusher, flamethrower: active steps


@dataclass(frozen=True)
class Laser:
    at: Cell           # the cell the emitter is mounted on; the beam starts there
    direction: str     # the way the beam travels: away from its wall
    beams: int


@dataclass(frozen=True)
class Pusher:
    at: Cell           # the cell it pushes a robot out of
    direction: str     # away from its wall
    steps: frozenset[int]


@dataclass(frozen=True)
class Start:
    number: int
    at: Cell
    facing: str


@dataclass(frozen=True)
class Floor:
    width: int
    height: int
    cells: Mapping[Cell, Element]
    walls: frozenset[tuple[Cell, Cell]]                    # always walls
    doors: Mapping[tuple[Cell, Cell], frozenset[int]]      # edge -> the steps it is open in
    lasers: tuple[Laser, ...]
    pushers: tuple[Pusher, ...]
    checkpoints: tuple[Cell, ...]
    starts: tuple[Start, ...]
    players: int
    boards: int
    portals: Mapping[Cell, Cell]                          # a portal -> the other of its colour
    name: str = ""
    # Beams' paths over the empty floor, per start, direction and step (worked out once: see clear_path).
    _paths: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def clear_path(self, start: Cell, direction: str, program_step: int, include_start: bool) -> tuple[Cell, ...]:
        """The cells a beam from `start` crosses on the empty floor, to the first wall (or closed
        door) or the course's edge; a robot in the way cuts it short (elements._trace)."""
        key = (start, direction, program_step, include_start)
        path = self._paths.get(key)
        if path is None:
            cells = [start] if include_start else []
            cell = start
            while not self.blocked(cell, direction, program_step):
                cell = step(cell, direction)
                if cell not in self.cells:
                    break
                cells.append(cell)
            path = self._paths[key] = tuple(cells)
        return path

    def on_course(self, cell: Cell) -> bool:
        return cell in self.cells

    def element(self, cell: Cell) -> Element | None:
        return self.cells.get(cell)

    def kind(self, cell: Cell) -> str | None:
        """The cell's element type, None off the course."""
        element = self.cells.get(cell)
        return None if element is None else element.type

    def deadly(self, cell: Cell) -> bool:
        """Entering this cell destroys a robot at once: off the course or a pit."""
        element = self.cells.get(cell)
        return element is None or element.type == "pit"

    def blocked(self, cell: Cell, direction: str, program_step: int) -> bool:
        """A wall, or a door closed in this step, stands on `cell`'s side `direction`."""
        key = edge(cell, direction)
        if key in self.walls:
            return True
        open_in = self.doors.get(key)
        return open_in is not None and program_step not in open_in

    def checkpoint_number(self, cell: Cell) -> int | None:
        """1 for the first checkpoint of the race, ..., None: no checkpoint here."""
        for number, at in enumerate(self.checkpoints, start=1):
            if at == cell:
                return number
        return None


def floor_from_course(course: Mapping[str, Any]) -> Floor:
    """The floor of a resolved-course dict (see the module's docstring)."""
    cells: dict[Cell, Element] = {}
    portal_cells: dict[str, list[Cell]] = {}
    for raw in course.get("cells", ()):
        at = _cell(raw["at"])
        kind = raw.get("type", "floor")
        cells[at] = Element(type=kind, facing=raw.get("facing"), express=bool(raw.get("express", False)),
                            turn=raw.get("turn"), wrenches=int(raw.get("wrenches", 0)), colour=raw.get("colour"),
                            steps=_steps(raw.get("steps")))
        if kind == "portal":
            portal_cells.setdefault(raw.get("colour") or "", []).append(at)
    portals: dict[Cell, Cell] = {}
    for pair in portal_cells.values():
        if len(pair) == 2:  # an unpaired portal (a finding of the course checks) leads nowhere
            portals[pair[0]], portals[pair[1]] = pair[1], pair[0]
    walls: set[tuple[Cell, Cell]] = set()
    doors: dict[tuple[Cell, Cell], frozenset[int]] = {}
    lasers: list[Laser] = []
    pushers: list[Pusher] = []
    for raw in course.get("edges", ()):
        at, side, kind = _cell(raw["at"]), raw["side"], raw["type"]
        key = edge(at, side)
        if kind == "door":
            doors[key] = frozenset(int(s) for s in raw.get("steps", ())) or frozenset(range(0, 6))
            continue
        walls.add(key)
        if kind == "laser":
            lasers.append(Laser(at, OPPOSITE[side], int(raw.get("beams", 1))))
        elif kind == "pusher":
            pushers.append(Pusher(at, OPPOSITE[side], _steps(raw.get("steps"))))
    checkpoints = tuple(_cell(c) for c in course.get("checkpoints", ()))
    starts = tuple(Start(int(s["number"]), _cell(s["at"]), s.get("facing", "north"))
                   for s in course.get("starts", ()))
    boards = len({raw.get("board") for raw in course.get("cells", ()) if raw.get("board")}) or 1
    return Floor(width=int(course.get("width", 0)), height=int(course.get("height", 0)), cells=cells,
                 walls=frozenset(walls), doors=doors, lasers=tuple(lasers),
                 pushers=tuple(sorted(pushers, key=lambda p: (p.at[1], p.at[0]))),
                 checkpoints=checkpoints, starts=starts,
                 players=int(course.get("players") or len(starts) or 1), boards=boards, portals=portals,
                 name=str(course.get("name", "")))


def life_points(players: int, boards: int) -> int:
    """The seed's table (Setup, 5): 3 with 2-4 players on 1-4 boards, one more with 5 or more
    players, one more with 5 or more boards."""
    return 3 + (players >= 5) + (boards >= 5)


def neighbour(cell: Cell, direction: str) -> Cell:
    return step(cell, direction)
