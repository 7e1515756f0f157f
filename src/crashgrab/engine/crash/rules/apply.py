"""apply(state, action) -> (state, events): one step of a Crash! turn, as a pure function.

The rulebook's turn (docs/rulings.md, "Crash!"): the control part rolls three dice; one re-roll
of any dice showing cars out of the game; each die then lets the car of its number move one hex
forward or turn, in any order (a car rolled twice may do both). The automatic part moves each
of the player's cars, in number order, one hex forward. The game's first turn has no automatic
part; from the second turn on the German variation plays the automatic part first.

A move pushes any line of cars ahead of the car one hex on, keeping their facings; a car that
leaves the board's hexes is out of the game, one that enters a junkyard is removed and scores
one point for the junkyard's owner, whoever owns the car. A car in its garage slot (German)
moves onto its start hex, pushing in its facing as any move. At the end of a turn, if either
player has no car left on the board or in a slot, the game is over: the higher score wins.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ..terms import CARS, DICE_PER_TURN, FACINGS, HEX, PLAYERS, Cell, cell_text, other_player
from .actions import Action, EndTurn, Reroll, Roll, Steer, Turn
from .dice import next_die
from .errors import IllegalAction
from .events import (AutomaticPart, ControlPart, Event, GameOver, Moved, Removed, Rerolled, Rolled, Scored,
                     Turned, TurnEnded)
from .state import Car, CrashState


def _refuse(state: CrashState, message: str, hint: str | None = None) -> IllegalAction:
    return IllegalAction(message, turn=state.turn_number, player=state.player, hint=hint)


# --- moving and pushing -------------------------------------------------------------------------
def _enter(state: CrashState, car: Car, origin: Cell | None, target: Cell, events: list[Event],
           by: str | None) -> CrashState:
    """`car` goes onto `target` (the hex is free by now): stays, leaves the board, or is junked."""
    events.append(Moved(car.player, car.number, origin, target, car.facing, by is not None, by))
    if target not in state.hexes:
        events.append(Removed(car.player, car.number, target, "off-board"))
        return state.with_car(replace(car, at=None, in_slot=False, fate="off"))
    owner = state.junkyard_owner(target)
    if owner is not None:
        events.append(Removed(car.player, car.number, target, "junkyard", owner))
        index = PLAYERS.index(owner)
        p1, p2 = state.score
        score = (p1 + 1, p2) if index == 0 else (p1, p2 + 1)
        events.append(Scored(owner, 1, score[index]))
        return replace(state.with_car(replace(car, at=None, in_slot=False, fate=owner)), score=score)
    return state.with_car(replace(car, at=target, in_slot=False))


def move_car(state: CrashState, car: Car, events: list[Event]) -> CrashState:
    """One hex forward for `car`, pushing the line of cars ahead of it (far end first)."""
    if car.in_slot:
        start = state.start_hex(car.player, car.number)
        if start is None:  # a slot with no start hex cannot happen from a layout; nothing moves
            return state
        origin, target = None, start
    else:
        assert car.at is not None
        origin, target = car.at, HEX.step(car.at, car.facing)
    line: list[Car] = []
    cell = target
    occupied = {c.at: c for c in state.cars if c.at is not None}
    while cell in occupied:
        line.append(occupied[cell])
        cell = HEX.step(cell, car.facing)
    by = f"{car.player}:{car.number}"
    pushes: list[list[Event]] = []
    for pushed in reversed(line):
        assert pushed.at is not None
        step_events: list[Event] = []
        state = _enter(state, pushed, pushed.at, HEX.step(pushed.at, car.facing), step_events, by)
        pushes.append(step_events)
    own: list[Event] = []
    state = _enter(state, state.car(car.player, car.number), origin, target, own, None)
    events.extend(own)
    for step_events in reversed(pushes):  # told near to far, as a reader follows the push
        events.extend(step_events)
    return state


def automatic_part(state: CrashState, events: list[Event]) -> CrashState:
    events.append(AutomaticPart(state.player))
    for number in CARS:
        car = state.car(state.player, number)
        if car.in_play:
            state = move_car(state, car, events)
    return state


# --- the steps of a turn ------------------------------------------------------------------------
def _roll(state: CrashState, action: Roll) -> tuple[CrashState, list[Event]]:
    if state.phase != "start":
        raise _refuse(state, "the dice are already rolled this turn.", "Use them, or end the turn.")
    events: list[Event] = []
    if state.variant == "german" and not state.opening:
        state = automatic_part(state, events)
    seed = state.seed
    if action.dice is None:
        dice = []
        for _ in range(DICE_PER_TURN):
            die, seed = next_die(seed)
            dice.append(die)
        rolled = tuple(dice)
    else:
        rolled = tuple(action.dice)
        if len(rolled) != DICE_PER_TURN or not all(isinstance(d, int) and 1 <= d <= 6 for d in rolled):
            raise _refuse(state, f"a turn rolls {DICE_PER_TURN} dice of 1 to 6, not {list(rolled)}.")
    events += [ControlPart(state.player), Rolled(state.player, rolled)]
    state = replace(state, seed=seed, phase="control", dice=rolled, used=(False,) * len(rolled),
                    rerolled=False, steered=False)
    return state, events


def _reroll(state: CrashState, action: Reroll) -> tuple[CrashState, list[Event]]:
    if state.phase != "control":
        raise _refuse(state, "roll the dice before re-rolling.")
    if state.rerolled:
        raise _refuse(state, "the dice were already re-rolled this turn; a turn has one re-roll.")
    if state.steered:
        raise _refuse(state, "the re-roll comes before any die is used.", "Re-roll first, then move or turn.")
    if not action.dice:
        raise _refuse(state, "a re-roll names at least one die.")
    dice = list(state.dice)
    seed = state.seed
    changes = []
    seen: set[int] = set()
    for die, result in action.dice:
        if not isinstance(die, int) or not 0 <= die < len(dice):
            raise _refuse(state, f"there is no die {die!r}; the dice are 0, 1 and 2.")
        if die in seen:
            raise _refuse(state, f"die {die} is re-rolled twice; the re-roll rolls each die once.")
        seen.add(die)
        car = state.car(state.player, dice[die])
        if car.in_play:
            where = "in its slot" if car.in_slot else f"on the board at {cell_text(car.at)}"
            raise _refuse(state, f"die {die} shows {dice[die]}, and car {dice[die]} is {where}: only dice showing "
                          "cars out of the game may be re-rolled.")
        if result is None:
            result, seed = next_die(seed)
        elif not isinstance(result, int) or not 1 <= result <= 6:
            raise _refuse(state, f"a die shows 1 to 6, not {result!r}.")
        changes.append((die, dice[die], result))
        dice[die] = result
    state = replace(state, seed=seed, dice=tuple(dice), rerolled=True)
    return state, [Rerolled(state.player, tuple(changes), state.dice)]


def free_die(state: CrashState, number: int) -> int | None:
    """The index of an unused die showing `number`, or None."""
    return next((i for i, (d, u) in enumerate(zip(state.dice, state.used)) if d == number and not u), None)


def turn_choices(state: CrashState, facing: str) -> tuple[str, ...]:
    """The facings a die may turn a car to, by the `turning` ruling (never the one it has)."""
    if state.turning == "one_side":
        return (HEX.turned(facing, 60), HEX.turned(facing, 300))
    return tuple(f for f in FACINGS if f != facing)


def _steer(state: CrashState, action: Steer) -> tuple[CrashState, list[Event]]:
    if state.phase != "control":
        raise _refuse(state, "roll the dice before moving or turning a car.")
    if action.car not in CARS:
        raise _refuse(state, f"{action.car!r} is not a car; cars are 1 to 6.")
    if action.move == (action.turn is not None):
        raise _refuse(state, f"a die either moves car {action.car} or turns it, one of the two.")
    car = state.car(state.player, action.car)
    shown = state.dice.count(action.car)
    if not car.in_play and shown:
        raise _refuse(state, f"car {action.car} is out of the game, so its die is not used this turn.")
    die = free_die(state, action.car)
    if die is None:
        dice = ", ".join(map(str, state.dice))
        if shown:
            raise _refuse(state, f"car {action.car} was rolled {shown} time{'s' if shown > 1 else ''} (dice {dice}), "
                          "and every such die is used.", "Each die moves or turns its car once.")
        raise _refuse(state, f"no die shows car {action.car} (dice {dice}).")
    events: list[Event] = []
    if action.move:
        state = move_car(state, car, events)
    else:
        if action.turn not in FACINGS:
            raise _refuse(state, f"{action.turn!r} is not a direction; use one of {', '.join(FACINGS)}.")
        allowed = turn_choices(state, car.facing)
        if action.turn not in allowed:
            if action.turn == car.facing:
                raise _refuse(state, f"car {action.car} already faces {car.facing}.")
            raise _refuse(state, f"car {action.car} faces {car.facing}; with the ruling turn: one_side a die turns it "
                          f"60 degrees, to {' or '.join(allowed)}.")
        assert action.turn is not None
        events.append(Turned(car.player, car.number, car.facing, action.turn))
        state = state.with_car(replace(car, facing=action.turn))
    used = state.used[:die] + (True,) + state.used[die + 1:]
    return replace(state, used=used, steered=True), events


def _end_turn(state: CrashState) -> tuple[CrashState, list[Event]]:
    if state.phase != "control":
        raise _refuse(state, "roll the dice before ending the turn.")
    events: list[Event] = []
    if state.variant == "standard" and not state.opening:
        state = automatic_part(state, events)
    events.append(TurnEnded(state.player, state.turn_number))
    state = replace(state, phase="start", dice=(), used=(), rerolled=False, steered=False, opening=False,
                    turns=state.turns + 1, player=other_player(state.player))
    if any(not state.cars_in_play(p) for p in PLAYERS):
        p1, p2 = state.score
        winner = "tie" if p1 == p2 else ("p1" if p1 > p2 else "p2")
        state = replace(state, over=True, winner=winner)
        events.append(GameOver(winner, state.score))
    return state, events


def play_turn(state: CrashState, turn: Turn) -> tuple[CrashState, list[Event]]:
    """A whole turn: roll, the re-roll if any, the control steps in order, end."""
    state, events = _roll(state, Roll(turn.dice))
    if turn.reroll:
        state, more = _reroll(state, Reroll(turn.reroll))
        events += more
    for steer in turn.control:
        state, more = _steer(state, steer)
        events += more
    state, more = _end_turn(state)
    return state, events + more


def apply(state: CrashState, action: Action) -> tuple[CrashState, tuple[Event, ...]]:
    if state.over:
        raise _refuse(state, "the game is over.", "Remove the turns after the game's end.")
    if isinstance(action, Roll):
        new, events = _roll(state, action)
    elif isinstance(action, Reroll):
        new, events = _reroll(state, action)
    elif isinstance(action, Steer):
        new, events = _steer(state, action)
    elif isinstance(action, EndTurn):
        new, events = _end_turn(state)
    elif isinstance(action, Turn):
        if state.phase != "start":
            raise _refuse(state, "a whole turn starts before the roll.")
        new, events = play_turn(state, action)
    else:
        raise TypeError(f"not a Crash! action: {action!r}")
    return new, tuple(events)


# --- what may come next, as data ----------------------------------------------------------------
def legal_steers(state: CrashState) -> list[Steer]:
    """Every Steer the dice allow now: for each car with an unused die, a move and each turn."""
    if state.over or state.phase != "control":
        return []
    steers: list[Steer] = []
    for number in sorted(set(d for d, u in zip(state.dice, state.used) if not u)):
        car = state.car(state.player, number)
        if not car.in_play:
            continue
        steers.append(Steer(number, move=True))
        steers += [Steer(number, turn=facing) for facing in turn_choices(state, car.facing)]
    return steers


def legal_rerolls(state: CrashState) -> list[Reroll]:
    """Every re-roll allowed now (each set of dice showing cars out of the game), dice rolled."""
    if state.over or state.phase != "control" or state.rerolled or state.steered:
        return []
    dead = [i for i, d in enumerate(state.dice) if not state.car(state.player, d).in_play]
    return [Reroll(tuple((i, None) for i in chosen)) for size in range(1, len(dead) + 1)
            for chosen in combinations(dead, size)]


def legal_actions(state: CrashState) -> list[Action]:
    if state.over:
        return []
    if state.phase == "start":
        return [Roll()]
    return [*legal_rerolls(state), *legal_steers(state), EndTurn()]
