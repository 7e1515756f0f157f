"""A playtest of the course: hands dealt, registers filled, a turn played and stepped through
phase by phase, saved as a scenario. No Qt here; the panel (panel.py) shows it.

The session reads only the resolved course (a copy): a playtest never changes the course.
The turns played are the play kernel's cursor session (engine/play/session.py) over the rules'
`Rules` object (rules/play_rules.py), so what it shows is what `crashgrab scenario run` plays;
the last turn is kept phase by phase too (`turn.apply_in_phases`) to step through. Option cards'
choices per register (Brakes on a Move 1 ...) are the rules' legal answers
(rules/option_choices.py), Recompile redraws a hand through the rules' dealing, and a choice the
rules ask for at the end of the turn (a two-wrench site's repair or option, a returning robot's
facing or square) is a `question` the designer answers; the saved scenario records them all.
Every change makes new rules values; no rules state is edited.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, replace
from typing import Any

from crashgrab.engine.play.session import Session
from crashgrab.engine.roborally.rules.cards import PROGRAM_DECK, REGISTERS, TURBO_BLASTER_SHOTS, Card
from crashgrab.engine.roborally.rules.dealing import deal, shuffled_option_deck
from crashgrab.engine.roborally.rules.errors import MissingChoice, RuleError
from crashgrab.engine.roborally.rules.events import RallyEvent
from crashgrab.engine.roborally.rules.state import Choice, RallyState, Robot, Turn
from crashgrab.engine.roborally.rules.play_rules import RULES
from crashgrab.engine.roborally.rules.turn import Frame, apply_in_phases

from .scenario_json import expected_json, robot_json, turn_json
from .session_choices import ChoicesMixin, PlaytestError


@dataclass(frozen=True)
class PlayedTurn:
    before: RallyState
    turn: Turn
    after: RallyState
    events: tuple[RallyEvent, ...]


class PlaytestSession(ChoicesMixin):
    def __init__(self, course: dict[str, Any], seed: int = 1, robots: int | None = None) -> None:
        self.course = copy.deepcopy(course)
        # The turns played: the kernel's session, always showing its last turn.
        self.race: Session[RallyState, Turn, RallyEvent] = Session(RULES, RULES.initial_state(
            self.course, robots=robots, seed=seed, option_deck=shuffled_option_deck(seed)))
        self._frames: tuple[Frame, ...] = ()   # the last turn's, phase by phase
        self.hands: dict[str, tuple[Card, ...]] = {}
        self.programs: dict[str, list[Card | None]] = {}
        self.flywheel: dict[str, Card] = {}
        self.powered_down: set[str] = set()  # robots announcing power down for the next turn (no program)
        self.recompiled: list[str] = []      # robots that redrew their hand this turn, in that order
        self.option_uses: dict[str, dict[str, Any]] = {}   # per robot, its "options" choices this turn
        self.answers: dict[str, Choice] = {}  # the designer's answers to the rules' questions this turn
        self.question: MissingChoice | None = None   # what the rules ask before the turn can be played
        self.dealt: RallyState | None = None   # the state as dealing leaves it (a Recompile's damage)
        self.frame: int | None = None   # the shown frame of the last played turn; None: programming
        self.deal()

    # --- the race so far ---------------------------------------------------------------------
    @property
    def initial(self) -> RallyState:
        return self.race.start

    @initial.setter
    def initial(self, state: RallyState) -> None:
        """A new start (before the first turn: the robots' option cards, a test's damage)."""
        self.race = Session(RULES, state)

    @property
    def state(self) -> RallyState:
        """The state the next turn starts from."""
        return self.race.state

    @property
    def played(self) -> tuple[PlayedTurn, ...]:
        """The turns played, each with the state it started from."""
        before, turns = self.race.start, []
        for played in self.race.played:
            turns.append(PlayedTurn(before, played.action, played.state, played.events))
            before = played.state
        return tuple(turns)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.initial.robots)

    def set_options(self, name: str, options: tuple[str, ...]) -> None:
        """A robot's option cards, before the first turn (the scenario's starting robots hold them)."""
        if self.played:
            raise PlaytestError("option cards are set before the first turn; start the playtest again to change them.")
        robot = self.initial.robot(name)
        if robot is None:
            raise PlaytestError(f"there is no robot {name!r}.")
        shots = TURBO_BLASTER_SHOTS if "Turbo Blaster" in options else 0   # (a scenario's default too)
        self.initial = replace(self.initial, robots=tuple(replace(r, options=tuple(options), shots=shots)
                                                          if r.name == name else r for r in self.initial.robots))
        held = [option for r in self.initial.robots for option in r.options]
        self.initial = replace(self.initial, option_deck=shuffled_option_deck(self.initial.seed, held))
        self.deal()

    # --- programming ---------------------------------------------------------------------------
    def deal(self) -> None:
        """Hands for the next turn from the seeded deck (9 less damage, Extra Memory, a Flywheel
        card); locked registers keep their cards."""
        self.dealt, self.hands = deal(self.state, flywheel=self.flywheel)
        self.programs = {name: list(self.state.robot(name).registers) for name in self.hands}
        self.recompiled, self.option_uses, self.answers, self.question = [], {}, {}, None
        self.frame = None

    def locked(self, name: str) -> tuple[int, ...]:
        robot = self.state.robot(name)
        return tuple(i + 1 for i, card in enumerate(robot.registers) if card is not None) if robot else ()

    def free_cards(self, name: str) -> tuple[Card, ...]:
        """The hand's cards not yet in a register."""
        used = set(self.programs.get(name, ()))
        return tuple(card for card in self.hands.get(name, ()) if card not in used)

    def put(self, name: str, register: int, card: Card | None) -> None:
        """`card` (from the robot's hand) into register 1-5; None empties it."""
        if name not in self.programs:
            raise PlaytestError(f"{name} plays no program this turn (it is off the course).")
        if register in self.locked(name):
            raise PlaytestError(f"{name}'s register {register} is locked with {self.programs[name][register - 1]}.")
        if card is not None and card not in self.hands[name]:
            raise PlaytestError(f"{card} is not in {name}'s hand.")
        program = self.programs[name]
        if card is not None and card in program:
            program[program.index(card)] = None   # moved from another register
        program[register - 1] = card
        self._changed(name)

    def script(self, name: str, text: str) -> None:
        """Fill a robot's empty registers, in order, from text: card kinds, each from the hand
        when it holds one, else from the deck; a priority may be given ("move2:670")."""
        if name not in self.programs:
            raise PlaytestError(f"{name} plays no program this turn (it is off the course).")
        words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
        free = [r for r in range(1, REGISTERS + 1) if self.programs[name][r - 1] is None]
        if len(words) > len(free):
            raise PlaytestError(f"{name} has {len(free)} free registers; the script gives {len(words)} cards.")
        taken = {c for other, cards in self.programs.items() for c in cards if c is not None}
        taken |= {c for other, hand in self.hands.items() if other != name for c in hand}
        chosen: list[Card] = []
        for word in words:
            kind, _, priority = word.partition(":")
            pool = [c for c in (*self.hands[name], *PROGRAM_DECK) if c.kind == kind and c not in taken and c not in chosen]
            if priority:
                pool = [c for c in pool if str(c.priority) == priority]
            if not pool:
                raise PlaytestError(f"no {word} card is free for {name} (cards: move1 move2 move3 back_up turn_left "
                                    f"turn_right u_turn, a priority as move2:670).")
            chosen.append(pool[0])
        program = self.programs[name]
        for register, card in zip(free, chosen):
            program[register - 1] = card
        extra = tuple(c for c in chosen if c not in self.hands[name])
        self.hands[name] = self.hands[name] + extra   # a scripted card joins the hand it is played from
        self._changed(name)

    def clear(self, name: str) -> None:
        """Every register of the robot that is not locked emptied."""
        locked = self.locked(name)
        self.programs[name] = [c if r in locked else None for r, c in enumerate(self.programs.get(name, ()), 1)]
        self._changed(name)

    def _changed(self, name: str) -> None:
        """A program changed: answers it no longer allows go, and a question asked is asked anew."""
        self.option_uses[name] = self.uses(name)
        self.answers, self.question = {}, None
        self.frame = None

    def ready(self) -> bool:
        programmed = {name: cards for name, cards in self.programs.items() if name not in self.powered_down}
        return (bool(programmed) or bool(self.powered_down)) and all(all(c is not None for c in cards)
                                                                   for cards in programmed.values())

    def set_powered_down(self, name: str, down: bool) -> None:
        """`name` powers down for the next turn (plays no program, fires no laser, is repaired at its
        start: the rules') or not."""
        if down and name in self.recompiled:
            raise PlaytestError(f"{name} has recompiled its hand this turn: it plays it (a robot powering down is "
                                f"dealt no hand).")
        (self.powered_down.add if down else self.powered_down.discard)(name)
        self.answers, self.question = {}, None

    # --- playing -------------------------------------------------------------------------------
    def play(self) -> PlayedTurn | None:
        """The programmed turn through the rules; the first frame shown. None when the rules ask a
        question first (`question`: answer it with `answer`, which plays the turn)."""
        before = self.state
        if before.over:
            raise PlaytestError(f"the race is over: {before.winner} has won.")
        turn = self.turn()
        try:
            self.race = self.race.play(turn)   # a refused turn leaves the session as it was
        except MissingChoice as missing:
            if missing.choice not in QUESTIONS or missing.robot is None:
                raise PlaytestError(missing.message) from None
            self.question = missing
            return None
        except RuleError as error:
            raise PlaytestError(error.message) from None
        self.question = None
        self._frames = apply_in_phases(before, turn)[2]   # the same pure turn, kept phase by phase
        played = self.played[-1]
        self.flywheel = self._flywheel_cards(played)
        self.frame = 0
        return played

    def turn(self) -> Turn:
        """The turn as programmed: programs, power downs, Recompiles, option uses and answers."""
        programming = [name for name in self.programs if name not in self.powered_down]
        choices = {name: replace(self.answers.get(name) or Choice(), options=self.uses(name))
                   for name in self.names if name in self.answers or (name in programming and self.uses(name))}
        return Turn({name: tuple(self.programs[name]) for name in programming}, frozenset(self.powered_down),
                    choices, frozenset(self.recompiled))

    def answer(self, value: str) -> PlayedTurn | None:
        """The designer's answer (one of the question's options) to the rules' question; the turn
        is played again with it (None: it asks another)."""
        missing = self.question
        if missing is None or missing.robot is None:
            raise PlaytestError("the rules ask nothing now.")
        if value not in missing.options:
            raise PlaytestError(f"{value!r} is not an answer: {', '.join(missing.options)}.")
        self.answers[missing.robot] = _answered(missing.choice, value, self.answers.get(missing.robot) or Choice())
        self.question = None
        return self.play()

    def _flywheel_cards(self, played: PlayedTurn) -> dict[str, Card]:
        """A robot with Flywheel keeps its hand's highest unplayed card for the next hand."""
        kept = {}
        for robot in played.after.robots:
            if "Flywheel" in robot.options and robot.name in self.hands:
                unplayed = [c for c in self.hands[robot.name] if c not in self.programs.get(robot.name, ())]
                if unplayed:
                    kept[robot.name] = max(unplayed)
        return kept

    def next_turn(self) -> None:
        self.powered_down.clear()  # a power down lasts the one turn it was announced for
        self.deal()

    def restart(self) -> None:
        self.powered_down.clear()
        self.race = Session(RULES, self.race.start)
        self._frames = ()
        self.flywheel = {}
        self.deal()

    # --- stepping through the last turn -------------------------------------------------------
    @property
    def frames(self) -> tuple[Frame, ...]:
        return self._frames if self.race.played and self.frame is not None else ()

    def shown_robots(self) -> tuple[Robot, ...]:
        """The robots as the shown frame leaves them (programming: as the turn starts)."""
        if self.frame is None or not self.frames:
            return (self.dealt or self.state).robots
        return self.frames[self.frame][2]

    def shown_frame(self) -> Frame | None:
        return self.frames[self.frame] if self.frames and self.frame is not None else None

    def forward(self, whole_step: bool = False) -> bool:
        """The next phase (or the first phase of the next program step); False at the turn's end."""
        return self._go(1, whole_step)

    def back(self, whole_step: bool = False) -> bool:
        return self._go(-1, whole_step)

    def _go(self, direction: int, whole_step: bool) -> bool:
        frames = self.frames
        if not frames or self.frame is None:
            return False
        index = self.frame + direction
        if whole_step:   # to the next step's last phase (forward) or the step before's (back)
            here = frames[self.frame][0]
            while 0 <= index < len(frames) and frames[index][0] == here:
                index += direction
            if direction > 0:
                while index + 1 < len(frames) and frames[index + 1][0] == frames[index][0]:
                    index += 1
        if not 0 <= index < len(frames):
            return False
        self.frame = index
        return True

    def to_end(self) -> None:
        if self.frames:
            self.frame = len(self.frames) - 1

    def shown_events(self) -> list[tuple[RallyEvent, bool]]:
        """The last turn's events up to the shown frame, each with whether it belongs to that frame."""
        frame = self.shown_frame()
        if frame is None:
            return []
        order = [(f[0], f[1]) for f in self.frames]
        here = order.index((frame[0], frame[1]))
        shown = []
        for event in self.race.events:
            key = (event.step, event.phase)
            position = order.index(key) if key in order else len(order) - 1
            if position <= here:
                shown.append((event, position == here))
        return shown

    # --- the scenario ------------------------------------------------------------------------
    def scenario(self, layout: Any, name: str) -> dict[str, Any]:
        """The turns played as a scenario document, expecting what the rules gave."""
        final = self.state
        return {
            "format": "crash-grab-scenario", "version": 2, "game": "roborally", "name": name,
            "notes": "Saved from the editor's playtest.",
            "layout": layout,
            "robots": [robot_json(r) for r in self.initial.robots],
            "option_deck": list(self.initial.option_deck),
            "seed": self.initial.seed,
            "turns": [turn_json(p.turn) for p in self.played],
            "expect": {"robots": {r.name: expected_json(r) for r in final.robots}, "winner": final.winner},
        }


# The rules' questions the designer answers in the panel (MissingChoice.choice), and their words.
QUESTIONS = {"repair": "Repair or option?", "respawn_at": "Return on which square?",
             "respawn_facing": "Return facing which way?"}


def _answered(choice: str, value: str, given: Choice) -> Choice:
    if choice == "repair":
        return replace(given, repair=value)
    if choice == "respawn_facing":
        return replace(given, respawn_facing=value)
    x, y = (int(v) for v in re.findall(r"-?\d+", value)[:2])   # a cell as the rules write it, "[x,y]"
    return replace(given, respawn_at=(x, y))
