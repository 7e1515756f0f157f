"""The option cards that ask their robot for a choice at play time, register by register, and
the legal answers in each register: what a playtest offers, and how an answer is written into a
turn's `choices` ("options": the JSON shape docs/roborally-rules.md gives, "Option cards").

An answer is None (the card is not used in that register) or:
- Brakes, Fourth Gear, Reverse Gear, Turbo Blaster: True (used in that step: `"Brakes": [1, 3]`);
  Brakes only on a Move 1, Fourth Gear on a Move 3, Reverse Gear on a Back Up, Turbo Blaster
  on any card while it has shots;
- Shield, Turret: a side, "front", "right", "back" or "left" (`"Shield": {"2": "back"}`); a
  Turret fires ahead unless told, so "front" is no answer of it;
- Emergency Stop: True in the one register from which the draw pile plays (`"Emergency Stop": 3`);
- Conditional Command: a card of the hand not in a register, replacing that register's card
  (`"Conditional Command": {"step": 2, "card": "move1", "priority": 500}`), in one register;
- Target Control: `{"lock": n}` (a target's register) or `{"discard": option}` (an option card
  another robot holds), on a hit in that step (`"Target Control": [{"step": 1, "lock": 5}]`).
The other five step options (Mechanical Arm, Ramming Device, Double, Power and Rear Laser) are
always on and ask nothing. Pure functions: a use is a new mapping, the one given is unchanged.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from .cards import REGISTERS, STEP_OPTIONS, Card
from .geometry import SIDES
from .state import RallyState

# How each choosing option card is answered (the module's docstring).
CHOICE_KINDS: dict[str, str] = {
    "Brakes": "steps", "Fourth Gear": "steps", "Reverse Gear": "steps", "Turbo Blaster": "steps",
    "Shield": "side", "Turret": "side", "Emergency Stop": "from_step", "Conditional Command": "card",
    "Target Control": "target"}
# The program card a per-step option changes (None: any card).
ACTS_ON: dict[str, str] = {"Brakes": "move1", "Fourth Gear": "move3", "Reverse Gear": "back_up"}

Program = Sequence["Card | None"]


def choosing_options(options: Iterable[str]) -> tuple[str, ...]:
    """Those of a robot's option cards that ask for a choice, in the rules' order."""
    held = set(options)
    return tuple(option for option in STEP_OPTIONS if option in CHOICE_KINDS and option in held)


def register_answers(state: RallyState, name: str, option: str, program: Program,
                     spare: Iterable[Card] = ()) -> tuple[tuple[Any, ...], ...]:
    """For registers 1-5, the legal answers of `name`'s `option` there, None (not used) first;
    `program` is its cards by register, `spare` the hand's cards in no register. A robot that
    does not hold the card, or a register with no card, has only None."""
    robot = state.robot(name)
    if robot is None or option not in robot.options or option not in CHOICE_KINDS:
        return ((None,),) * REGISTERS
    cards = list(program) + [None] * (REGISTERS - len(program))
    kind = CHOICE_KINDS[option]
    answers: list[tuple[Any, ...]] = []
    for card in cards[:REGISTERS]:
        if card is None:
            answers.append((None,))
        elif kind == "steps":
            wanted = ACTS_ON.get(option)
            usable = card.kind == wanted if wanted else robot.shots > 0
            answers.append((None, True) if usable else (None,))
        elif kind == "side":
            answers.append((None, *(side for side in SIDES if not (option == "Turret" and side == "front"))))
        elif kind == "from_step":
            answers.append((None, True))
        elif kind == "card":
            answers.append((None, *sorted(spare, reverse=True)))
        else:
            locks = tuple({"lock": register} for register in range(1, REGISTERS + 1))
            others = sorted({o for r in state.robots if r.name != name for o in r.options})
            answers.append((None, *locks, *({"discard": o} for o in others)))
    return tuple(answers)


def answer_in(uses: Mapping[str, Any], option: str, register: int) -> Any:
    """The answer `uses` (a robot's "options" choices) give `option` in `register` (None: none)."""
    use = uses.get(option)
    if use is None:
        return None
    kind = CHOICE_KINDS.get(option)
    if kind == "steps":
        return True if register in use else None
    if kind == "side":
        return use if isinstance(use, str) else use.get(str(register))
    if kind == "from_step":
        return True if int(use) == register else None
    if kind == "card":
        return Card(int(use["priority"]), use["card"]) if int(use["step"]) == register else None
    if kind == "target":
        found = next((u for u in use if u["step"] == register), None)
        return None if found is None else {k: v for k, v in found.items() if k in ("lock", "discard")}
    return None


def with_answer(uses: Mapping[str, Any], option: str, register: int, answer: Any) -> dict[str, Any]:
    """`uses` with `answer` for `option` in `register` (None: not used there). Emergency Stop and
    Conditional Command have one register, so an answer elsewhere moves them there."""
    kind = CHOICE_KINDS[option]
    new = dict(uses)
    use = new.pop(option, None)
    if kind == "steps":
        steps = sorted({*(use or ()), register} if answer else set(use or ()) - {register})
        value: Any = steps or None
    elif kind == "side":
        sides = {str(n): answer_in(uses, option, n) for n in range(1, REGISTERS + 1)}
        sides[str(register)] = answer
        value = {n: side for n, side in sides.items() if side is not None} or None
    elif kind == "from_step":
        value = register if answer else (use if use is not None and int(use) != register else None)
    elif kind == "card":
        if answer is not None:
            value = {"step": register, **answer.to_json()}
        else:
            value = use if use is not None and int(use["step"]) != register else None
    else:
        kept = [u for u in (use or ()) if u["step"] != register]
        if answer is not None:
            kept.append({"step": register, **answer})
        value = sorted(kept, key=lambda u: u["step"]) or None
    if value is not None:
        new[option] = value
    return new


def legal_uses(state: RallyState, name: str, uses: Mapping[str, Any], program: Program,
               spare: Iterable[Card] = ()) -> dict[str, Any]:
    """`uses` with every answer the robot's program no longer allows taken out (a Brakes on a
    register that now holds a Move 2, a Conditional Command card since put in a register)."""
    spare = tuple(spare)
    kept: dict[str, Any] = {}
    for option in uses:
        if option not in CHOICE_KINDS:
            kept[option] = uses[option]
            continue
        legal = register_answers(state, name, option, program, spare)
        for register in range(1, REGISTERS + 1):
            answer = answer_in(uses, option, register)
            if answer is not None and answer in legal[register - 1]:
                kept = with_answer(kept, option, register, answer)
    return kept
