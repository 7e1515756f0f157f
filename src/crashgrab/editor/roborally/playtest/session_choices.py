"""The playtest session's choices while a turn is programmed: Recompile on a hand, and the option
cards' answers register by register, as the rules list them (rules/option_choices.py). A mixin
of PlaytestSession (session.py), which holds the hands, programs and answers it reads."""
from __future__ import annotations

from typing import Any

from crashgrab.engine.roborally.rules.cards import Card
from crashgrab.engine.roborally.rules.dealing import cards_left, deal, hand_size
from crashgrab.engine.roborally.rules.option_choices import (answer_in, choosing_options, legal_uses,
                                                             register_answers, with_answer)
from crashgrab.engine.roborally.rules.state import RallyState


class PlaytestError(Exception):
    """What the designer asked cannot be done (a card not in the hand, a register locked...)."""


class ChoicesMixin:
    state: RallyState
    dealt: RallyState | None
    hands: dict[str, tuple[Card, ...]]
    programs: dict[str, list[Card | None]]
    flywheel: dict[str, Card]
    powered_down: set[str]
    recompiled: list[str]
    option_uses: dict[str, dict[str, Any]]
    answers: dict
    question: Any
    frame: int | None

    def free_cards(self, name: str) -> tuple[Card, ...]:
        raise NotImplementedError

    def clear(self, name: str) -> None:
        raise NotImplementedError

    def can_recompile(self, name: str) -> bool:
        """Recompile is there for a robot holding it, once a turn, while it is programmed."""
        robot = self.state.robot(name)
        return (robot is not None and "Recompile" in robot.options and name in self.hands and bool(self.hands[name])
                and name not in self.recompiled and name not in self.powered_down and self.frame is None)

    def recompile(self, name: str) -> None:
        """`name` discards its hand for as many new cards (1 damage at the turn's start, the rules');
        the cards it had put in free registers go with the old hand. The other hands stay."""
        if not self.can_recompile(name):
            raise PlaytestError(self._why_no_recompile(name))
        order = [*self.recompiled, name]
        left = cards_left(self.state, flywheel=self.flywheel, recompile=self.recompiled)
        robot = self.state.robot(name)
        size = hand_size(robot.damage, robot.options)
        if left < size:
            raise PlaytestError(f"{name} cannot recompile: the deck has {left} program cards left, and a new hand "
                                f"is {size}.")
        self.dealt, hands = deal(self.state, flywheel=self.flywheel, recompile=order)
        self.recompiled = order
        self.hands = {**self.hands, name: hands[name]}
        self.clear(name)

    def _why_no_recompile(self, name: str) -> str:
        """The one reason `name` cannot recompile now."""
        robot = self.state.robot(name)
        if robot is None or "Recompile" not in robot.options:
            return f"{name} does not hold the Recompile option card."
        if name in self.powered_down or not self.hands.get(name):
            return f"{name} has no hand to recompile this turn (powered down or off the course)."
        if name in self.recompiled:
            return f"{name} has recompiled this turn already (once a turn)."
        return f"{name} cannot recompile once the turn is played; start the next turn first."

    # --- option cards' choices ---------------------------------------------------------------
    def choosing_options(self, name: str) -> tuple[str, ...]:
        """The robot's option cards that take a choice per register."""
        robot = self.state.robot(name)
        return choosing_options(robot.options) if robot is not None and name in self.programs else ()

    def option_answers(self, name: str, option: str) -> tuple[tuple[Any, ...], ...]:
        """Registers 1-5: the legal answers of the robot's option (None first: not used)."""
        return register_answers(self.state, name, option, self.programs.get(name, ()), self.free_cards(name))

    def uses(self, name: str) -> dict[str, Any]:
        """The robot's option choices as the turn's "options", those its program still allows."""
        return legal_uses(self.state, name, self.option_uses.get(name, {}), self.programs.get(name, ()),
                          self.free_cards(name))

    def option_answer(self, name: str, option: str, register: int) -> Any:
        return answer_in(self.uses(name), option, register)

    def set_option_answer(self, name: str, option: str, register: int, answer: Any) -> None:
        """`answer` (one of `option_answers`) for the robot's option in register 1-5."""
        if answer not in self.option_answers(name, option)[register - 1]:
            raise PlaytestError(f"{option} has no such use in {name}'s register {register}.")
        self.option_uses[name] = with_answer(self.uses(name), option, register, answer)
        self.answers, self.question = {}, None

