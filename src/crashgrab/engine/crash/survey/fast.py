"""The rules of Crash! on plain integer lists, for self-play: the same game as `rules.apply`
(tests/test_crash_survey.py plays both side by side), without building a state per step.

Cars are numbered 0-11 (p1's 1-6, then p2's); hexes by index. A car's place is a hex index,
OUT (-1) or SLOT (-2); `face` is a direction index (grid.hex.DIRECTIONS).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...grid.hex import DIRECTIONS, HEX
from ..model import CrashLayout
from ..rules.dice import next_die
from ..terms import CARS, PLAYERS

OUT, SLOT = -1, -2
OFF, JUNK_P1, JUNK_P2 = 0, 1, 2   # fates (None: in play, or never started)
MAX_TURNS = 400                  # a game still going after this many turns is stopped and counted unfinished


@dataclass(frozen=True)
class Board:
    cells: tuple[tuple[int, int], ...]
    neighbour: tuple[tuple[int, ...], ...]    # [hex][direction] -> hex index or OUT
    junkyard: tuple[int, ...]                 # [hex] -> owner 0/1, or -1
    start: tuple[int, ...]                    # [car] -> its start hex, or OUT
    facing: tuple[int, ...]                   # [car] -> its start facing
    arrays: tuple = field(default=(), compare=False, repr=False)   # the three above as numpy, for compiled.py

    @classmethod
    def of(cls, layout: CrashLayout) -> "Board":
        cells = tuple(layout.sorted_hexes())
        index = {c: i for i, c in enumerate(cells)}
        neighbour = tuple(tuple(index.get(HEX.step(c, d), OUT) for d in DIRECTIONS) for c in cells)
        owners = {j.at: PLAYERS.index(j.player) for j in layout.junkyards}
        junkyard = tuple(owners.get(c, -1) for c in cells)
        start, facing = [], []
        for player in PLAYERS:
            for number in CARS:
                s = layout.start_of(player, number)
                start.append(index.get(s.at, OUT) if s else OUT)
                facing.append(DIRECTIONS.index(layout.facing_of(s)) if s else 0)
        import numpy as np

        arrays = (np.array(neighbour, dtype=np.int64).reshape(len(cells), 6), np.array(junkyard, dtype=np.int64),
                  np.array(start, dtype=np.int64))
        return cls(cells, neighbour, junkyard, tuple(start), tuple(facing), arrays)


class Game:
    """One game in progress. `score`, `fate`, `turns`, `over` are read after `play`."""

    __slots__ = ("board", "place", "face", "occupant", "score", "fate", "seed", "player", "turns", "opening",
                 "german", "one_side", "over")

    def __init__(self, board: Board, first: int, seed: int, german: bool, one_side: bool) -> None:
        self.board = board
        self.place = [SLOT if german and s != OUT else s for s in board.start]
        self.face = list(board.facing)
        self.occupant = [-1] * len(board.cells)
        for car, at in enumerate(self.place):
            if at >= 0:
                self.occupant[at] = car
        self.score = [0, 0]
        self.fate: list[int | None] = [None] * 12
        self.seed, self.player, self.turns, self.opening = seed, first, 0, True
        self.german, self.one_side, self.over = german, one_side, False

    # --- the rules ------------------------------------------------------------------------
    def _enter(self, car: int, target: int) -> None:
        old = self.place[car]
        if old >= 0:
            self.occupant[old] = -1
        if target < 0:
            self.place[car], self.fate[car] = OUT, OFF
            return
        owner = self.board.junkyard[target]
        if owner >= 0:
            self.place[car], self.fate[car] = OUT, JUNK_P1 + owner
            self.score[owner] += 1
            return
        self.place[car] = target
        self.occupant[target] = car

    def move(self, car: int) -> None:
        at, face = self.place[car], self.face[car]
        neighbour, occupant = self.board.neighbour, self.occupant
        target = self.board.start[car] if at == SLOT else neighbour[at][face]
        if target == OUT and at == SLOT:
            return
        line = []
        cell = target
        while cell >= 0 and occupant[cell] >= 0:
            line.append(occupant[cell])
            cell = neighbour[cell][face]
        for pushed in reversed(line):
            self._enter(pushed, neighbour[self.place[pushed]][face])
        self._enter(car, target)

    def automatic(self) -> None:
        base = 6 * self.player
        for car in range(base, base + 6):
            if self.place[car] != OUT:
                self.move(car)

    def roll(self) -> list[int]:
        dice = []
        for _ in range(3):
            die, self.seed = next_die(self.seed)
            dice.append(die)
        return dice

    def in_play(self, player: int) -> bool:
        base = 6 * player
        return any(self.place[c] != OUT for c in range(base, base + 6))

    def end_turn(self) -> None:
        self.turns += 1
        self.opening = False
        self.player = 1 - self.player
        if not self.in_play(0) or not self.in_play(1):
            self.over = True

    # --- copies for look-ahead ------------------------------------------------------------
    def snapshot(self) -> tuple:
        return (self.place[:], self.face[:], self.occupant[:], self.score[:], self.fate[:])

    def restore(self, snap: tuple) -> None:
        place, face, occupant, score, fate = snap
        self.place, self.face, self.occupant, self.score, self.fate = place[:], face[:], occupant[:], score[:], fate[:]


# A control step: (car, kind, facing): kind 0 moves the car, 1 turns it to `facing`.
Step = tuple[int, int, int]


def usable_dice(game: Game, dice: list[int]) -> list[int]:
    base = 6 * game.player
    return sorted(d for d in dice if game.place[base + d - 1] != OUT)


def dead_dice(game: Game, dice: list[int]) -> list[int]:
    base = 6 * game.player
    return [i for i, d in enumerate(dice) if game.place[base + d - 1] == OUT]


def turn_targets(game: Game, car: int) -> list[int]:
    face = game.face[car]
    if game.one_side:
        return [(face + 1) % 6, (face + 5) % 6]
    return [f for f in range(6) if f != face]


def apply_step(game: Game, step: Step) -> None:
    car, kind, facing = step
    if game.place[car] == OUT:
        return
    if kind == 0:
        game.move(car)
    else:
        game.face[car] = facing


# --- policies -----------------------------------------------------------------------------------
def random_control(game: Game, dice: list[int], rng: random.Random) -> tuple[list[tuple[int, int]], list[Step]]:
    """Uniform among the legal choices at each point: the re-roll (none, or a set of dice showing
    cars out of the game), then each step (a move or turn of a car with an unused die, or stop)."""
    rerolls: list[tuple[int, int]] = []
    dead = dead_dice(game, dice)
    if dead:
        subsets = [[i for k, i in enumerate(dead) if mask >> k & 1] for mask in range(1 << len(dead))]
        for i in subsets[rng.randrange(len(subsets))]:
            die, game.seed = next_die(game.seed)
            rerolls.append((i, die))
            dice[i] = die
    steps: list[Step] = []
    free = usable_dice(game, dice)
    base = 6 * game.player
    while free:
        choices: list[tuple[int, Step] | None] = [None]
        for number in sorted(set(free)):
            car = base + number - 1
            if game.place[car] == OUT:
                continue
            choices.append((number, (car, 0, 0)))
            choices += [(number, (car, 1, f)) for f in turn_targets(game, car)]
        pick = choices[rng.randrange(len(choices))]
        if pick is None:
            break
        number, step = pick
        free.remove(number)
        apply_step(game, step)
        steps.append(step)
    return rerolls, steps


def greedy_reference(game: Game, dice: list[int], rng: random.Random) -> tuple[list[tuple[int, int]], list[Step]]:
    """Re-roll every die showing a car out of the game, then the plan (each usable die left
    unused, moving its car, or turning it; dice in number order) that maximises the player's
    score minus the opponent's at the end of the turn, after its automatic part; ties by `rng`.
    In Python: the reference `greedy_control` (compiled.py) is held equal to."""
    rerolls: list[tuple[int, int]] = []
    for i in dead_dice(game, dice):
        die, game.seed = next_die(game.seed)
        rerolls.append((i, die))
        dice[i] = die
    numbers = usable_dice(game, dice)
    base = 6 * game.player
    me = game.player
    automatic = not game.opening and not game.german
    start = game.snapshot()
    best: list[list[Step]] = []
    best_value = None

    def search(k: int, plan: list[Step]) -> None:
        nonlocal best_value, best
        if k == len(numbers):
            snap = game.snapshot()
            if automatic:
                game.automatic()
            value = game.score[me] - game.score[1 - me]
            game.restore(snap)
            if best_value is None or value > best_value:
                best_value, best = value, [plan[:]]
            elif value == best_value:
                best.append(plan[:])
            return
        car = base + numbers[k] - 1
        search(k + 1, plan)                       # leave the die unused
        if game.place[car] == OUT:
            return
        snap = game.snapshot()                    # move it (a push may change any car)
        step: Step = (car, 0, 0)
        game.move(car)
        plan.append(step)
        search(k + 1, plan)
        plan.pop()
        game.restore(snap)
        facing = game.face[car]                   # turn it: only its facing changes, put back after
        for target in turn_targets(game, car):
            game.face[car] = target
            plan.append((car, 1, target))
            search(k + 1, plan)
            plan.pop()
        game.face[car] = facing

    search(0, [])
    game.restore(start)
    plan = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
    for step in plan:
        apply_step(game, step)
    return rerolls, plan


def greedy_control(game: Game, dice: list[int], rng: random.Random) -> tuple[list[tuple[int, int]], list[Step]]:
    """`greedy_reference`, its plan search compiled (compiled.py): the same plan, far faster."""
    import numpy as np

    from .compiled import best_plans

    rerolls: list[tuple[int, int]] = []
    for i in dead_dice(game, dice):
        die, game.seed = next_die(game.seed)
        rerolls.append((i, die))
        dice[i] = die
    base = 6 * game.player
    cars = np.array([base + n - 1 for n in usable_dice(game, dice)], dtype=np.int64)
    neighbour, junkyard, start = game.board.arrays
    codes = np.empty(7 ** 3, dtype=np.int64)
    _, found = best_plans(np.array(game.place, dtype=np.int64), np.array(game.face, dtype=np.int64),
                          np.array(game.occupant, dtype=np.int64), np.array(game.score, dtype=np.int64),
                          neighbour, junkyard, start, cars, game.player, not game.opening and not game.german,
                          game.one_side, codes)
    code = int(codes[rng.randrange(found)] if found > 1 else codes[0])
    options = 4 if game.one_side else 7
    digits = []
    for _ in range(len(cars)):
        digits.append(code % options)
        code //= options
    digits.reverse()
    steps: list[Step] = []
    for car, option in zip((int(c) for c in cars), digits):
        if option == 0 or game.place[car] == OUT:
            continue
        step: Step = (car, 0, 0) if option == 1 else (car, 1, turn_targets(game, car)[option - 2])
        apply_step(game, step)
        steps.append(step)
    return rerolls, steps


POLICIES = {"random": random_control, "greedy": greedy_control}


def play_game(game: Game, policy, rng: random.Random, record: list | None = None) -> Game:
    """Play to the end (or MAX_TURNS). `record` receives (dice, rerolls, steps) per turn."""
    while not game.over and game.turns < MAX_TURNS:
        if game.german and not game.opening:
            game.automatic()
        dice = game.roll()
        rolled = dice[:]
        rerolls, steps = policy(game, dice, rng)
        if not game.german and not game.opening:
            game.automatic()
        if record is not None:
            record.append((rolled, rerolls, steps))
        game.end_turn()
    return game
