"""A playtest session: a start position, the actions played from it, and a cursor.

The session is the editor's playtest model, with no Qt and no rules of its own: actions go
through the engine's `apply`, and the board at step k is the start position with the
first k events folded in by `apply_event` (so stepping back keeps nothing but a cursor).
An optional SetUp action ("set up by the rules") comes first; turns and ends of rounds
follow. A session saves as a scenario whose expectations are its outcome, and a scenario
file opens as a session.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..layout import Layout
from ..rules.actions import EndRound, Round, SetUp, Turn
from ..rules.apply import apply
from ..rules.errors import IllegalAction, MissingChoice, RuleError
from ..rules.events import Event
from ..rules.fold import apply_event
from ..rules.frozen import freeze
from ..rules.session import (Check, Scenario, ScenarioTurnError, Script, check_expectations, describe_action,
                             expect_from_outcome)
from ..rules.state import GameState
from .start import PositionError

Action = Turn | EndRound | SetUp | Round
PREVIEW_ANSWERS = 64  # open choices answered while previewing; far more than a turn has


@dataclass(frozen=True)
class PlayedAction:
    """One action as played (every choice answered), its events, and where they sit in the
    session's event timeline: events first .. last-1."""

    action: Action
    events: tuple[Event, ...]
    first: int

    @property
    def last(self) -> int:
        return self.first + len(self.events)

    def title(self, number: int) -> str:
        """"Set up by the rules", "Turn 2: red plays 3 east", "Turn 3: end of round"."""
        if isinstance(self.action, SetUp):
            seed = f" (seed {self.action.seed})" if self.action.seed is not None else ""
            return f"Set up by the rules{seed}"
        return f"Turn {number}: {describe_action(self.action)}"


class PlaytestSession:
    """The start position, the actions played, the events they made, and a cursor.

    cursor: how many events are shown; 0 is the start position, len(events) the outcome.
    """

    def __init__(self, start: GameState) -> None:
        self._start = start
        self._played: list[PlayedAction] = []
        self._events: list[Event] = []
        self._states: list[GameState] = [start]  # _states[k]: the start with k events folded in
        self.cursor = 0

    # --- reading -------------------------------------------------------------------------
    @property
    def start(self) -> GameState:
        return self._start

    @property
    def played(self) -> tuple[PlayedAction, ...]:
        return tuple(self._played)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def setup(self) -> SetUp | None:
        first = self._played[0].action if self._played else None
        return first if isinstance(first, SetUp) else None

    @property
    def turns(self) -> tuple[Turn | EndRound | Round, ...]:
        return tuple(p.action for p in self._played if not isinstance(p.action, SetUp))

    @property
    def end_state(self) -> GameState:
        return self._states[-1]

    @property
    def current(self) -> GameState:
        return self._states[self.cursor]

    def state_at(self, index: int) -> GameState:
        """The board after the first `index` events (0: the start position)."""
        return self._states[index]

    @property
    def current_event(self) -> Event | None:
        """The event that led to the board shown (None at the start position)."""
        return self._events[self.cursor - 1] if self.cursor > 0 else None

    @property
    def at_start(self) -> bool:
        return self.cursor == 0

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self._events)

    @property
    def editable(self) -> bool:
        """The start position may change only while nothing has been played."""
        return not self._played

    def numbered(self) -> list[tuple[int, PlayedAction]]:
        """(number, played) with the setup as 0 and turns from 1."""
        numbers, turn = [], 0
        for played in self._played:
            if not isinstance(played.action, SetUp):
                turn += 1
            numbers.append((0 if isinstance(played.action, SetUp) else turn, played))
        return numbers

    def played_at(self, event_index: int) -> tuple[int, PlayedAction] | None:
        """The action (number, played) that made event `event_index` (0-based)."""
        for number, played in self.numbered():
            if played.first <= event_index < played.last:
                return number, played
        return None

    # --- changing the start position ------------------------------------------------------
    def set_start(self, state: GameState) -> None:
        if not self.editable:
            raise PositionError("the start position is fixed once an action is played.",
                            hint="Reset the playtest (or clear the set-up) to change it.")
        self._start = state
        self._states = [state]
        self.cursor = 0

    # --- playing -------------------------------------------------------------------------
    def play(self, action: Action) -> PlayedAction:
        """Apply `action` to the outcome so far. A RuleError (illegal action, or a choice
        left open) leaves the session exactly as it was. The cursor does not move."""
        if isinstance(action, SetUp) and self._played:
            raise IllegalAction("set up by the rules comes first, before any turn.",
                            hint="Clear the playtest to set up again.")
        new_state, events = apply(self.end_state, action)
        return self._record(action, new_state, events)

    def _record(self, action: Action, new_state: GameState, events: Sequence[Event]) -> PlayedAction:
        played = PlayedAction(action, tuple(events), len(self._events))
        state = self.end_state
        states = []
        for event in events:
            state = apply_event(state, event)
            states.append(state)
        self._played.append(played)
        self._events.extend(events)
        self._states.extend(states)
        return played

    def take_back(self) -> PlayedAction | None:
        """Forget the last action played (its events too)."""
        if not self._played:
            return None
        played = self._played.pop()
        del self._events[played.first:]
        del self._states[played.first + 1:]
        self.cursor = min(self.cursor, len(self._events))
        return played

    def reset(self) -> None:
        """Back to the start position, forgetting the turns (a set-up by the rules stays)."""
        while self._played and not isinstance(self._played[-1].action, SetUp):
            self.take_back()
        self.cursor = 0

    def clear(self) -> None:
        """Forget everything played, the set-up by the rules included."""
        while self._played:
            self.take_back()
        self.cursor = 0

    # --- the cursor ------------------------------------------------------------------------
    def step(self) -> Event | None:
        """One event forward; None at the end."""
        if self.at_end:
            return None
        self.cursor += 1
        return self._events[self.cursor - 1]

    def back(self) -> bool:
        if self.at_start:
            return False
        self.cursor -= 1
        return True

    def seek(self, index: int) -> None:
        self.cursor = max(0, min(index, len(self._events)))

    # --- scenarios -------------------------------------------------------------------------
    def to_scenario(self, name: str, layout: Layout, *, layout_ref: str | None = None, notes: str = "") -> Scenario:
        """Everything played, as a scenario whose expectations are the outcome."""
        expect = expect_from_outcome(self.end_state, self._events)
        return Scenario(name=name, layout=layout, initial=self._start, turns=self.turns, expect=freeze(expect),
                        setup=self.setup, layout_ref=layout_ref, notes=notes)

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> tuple["PlaytestSession", ScenarioTurnError | None]:
        """A session that has played the scenario's set-up and turns (answering open
        choices when the scenario says auto_choices). An action that fails stops there:
        the error comes back beside the session holding the actions before it."""
        session = cls(scenario.initial)
        script = Script(scenario)
        for number, action in script.entries:
            try:
                played = script.play(session.end_state, number, action)
            except RuleError as error:
                return session, script.refused(number, action, error)
            session._record(played.action, played.state, played.events)
        return session, None

    def check(self, expect) -> list[Check]:
        """A scenario's expectations against this session's outcome."""
        return check_expectations(expect, self.end_state, self._events)


# --- what happens before an open choice ------------------------------------------------------
def events_before_choice(state: GameState, action: Action, missing: MissingChoice) -> tuple[Event, ...] | None:
    """The events `action` makes before the choice it leaves open, so the board can show
    the moment of the choice (a saucer standing on the Accelerator, a crewmember just
    picked up). Found by playing the action with different answers (later choices take
    their first option): what comes before the choice is the same whatever is chosen.
    None when that cannot be worked out."""
    outcomes: list[tuple[Event, ...]] = []
    for option in missing.options:
        events = _events_with_first_answers(state, action.answered(missing, option))
        if events is not None:
            outcomes.append(events)
        if len(outcomes) == 2:
            return _common_prefix(*outcomes)
    if len(outcomes) == 1 and missing.choice == "accelerator":
        return _before_pending_accelerator(outcomes[0], action, missing)
    return None


def _events_with_first_answers(state: GameState, action: Action) -> tuple[Event, ...] | None:
    for _ in range(PREVIEW_ANSWERS):
        try:
            return apply(state, action)[1]
        except MissingChoice as missing:
            action = action.answered(missing, missing.options[0])
        except RuleError:
            return None
    return None


def _common_prefix(a: Sequence[Event], b: Sequence[Event]) -> tuple[Event, ...]:
    length = 0
    for x, y in zip(a, b):
        if x != y:
            break
        length += 1
    return tuple(a[:length])


def _before_pending_accelerator(events: Sequence[Event], action: Action, missing: MissingChoice):
    """Cut before the owner's Accelerator event the missing direction belongs to: the
    (n+1)-th chosen (not forced) one of the phase, n being the directions already given."""
    if not isinstance(action, Turn):
        return None
    start, answered = 0, len(action.accelerators)
    if missing.phase == "boost":
        start = next((i + 1 for i, e in enumerate(events) if e.kind == "boost"), None)
        if start is None or action.boost is None:
            return None
        answered = len(action.boost.accelerators)
    seen = 0
    for index in range(start, len(events)):
        event = events[index]
        if event.kind == "accelerator" and not event.forced and event.saucer == missing.saucer:
            if seen == answered:
                return tuple(events[:index])
            seen += 1
    return None
