"""The play kernel (engine/play/) on a toy game defined here: a race of two tokens to square 4.

A turn is a roll, then a move. The roll is a chance node whose outcomes are enumerated (a
three-faced die showing 1, 1 or 2: weights 2 and 1), scripted (`Roll(2)`) or drawn from the
seed in the state (`Roll()`); the move goes 0 up to the die's value. Its events carry enough to
fold (a seeded roll says so, and the fold advances the generator), so the session shows the
board between events. Outcomes below are worked out by hand from those rules.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

import pytest
from hypothesis import given, settings, strategies as st

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.expectations import Check
from crashgrab.engine.play import seeded
from crashgrab.engine.play.chance import Chance, Outcome
from crashgrab.engine.play.events import Event, EventRegistry
from crashgrab.engine.play.rules import Decision, MissingChoice, RuleError
from crashgrab.engine.play.runner import (ScenarioFileError, ScenarioReport, ScenarioStepError, json_report,
                                          read_scenario, run_script, step_lines)
from crashgrab.engine.play.session import Played, Session

GOAL = 4
DIE = Chance((Outcome(1, 2), Outcome(2, 1)), "the toy die")


# --- the toy game ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Race:
    tokens: tuple[int, int] = (0, 0)
    player: int = 0            # 0 or 1: whose turn
    die: int | None = None     # rolled, not yet moved
    seed: int = 0
    winner: int | None = None


@dataclass(frozen=True)
class Roll:
    value: int | None = None   # None: from the seed


@dataclass(frozen=True)
class Advance:
    steps: int


@dataclass(frozen=True)
class Rolled(Event):
    kind: ClassVar[str] = "rolled"
    player: int
    value: int
    seeded: bool

    def describe(self) -> str:
        return f"player {self.player} rolls {self.value}"


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    player: int
    origin: int
    to: int

    def describe(self) -> str:
        return f"player {self.player}: {self.origin} -> {self.to}"


@dataclass(frozen=True)
class Won(Event):
    kind: ClassVar[str] = "won"
    player: int

    def describe(self) -> str:
        return f"player {self.player} wins"


EVENTS = EventRegistry((Rolled, Moved, Won))


class Refused(RuleError):
    pass


class StepsMissing(Refused, MissingChoice):
    def __init__(self, options: tuple[int, ...], player: int) -> None:
        self.choice, self.options, self.player = "steps", options, f"p{player}"
        super().__init__(f"how far? one of {options}")


class RaceRules:
    folds_events = True

    def initial_state(self, layout: object = None) -> Race:
        return Race()

    def chance(self, state: Race) -> Chance | None:
        return DIE.map(Roll) if state.winner is None and state.die is None else None

    def legal_actions(self, state: Race) -> list:
        if state.winner is not None or state.die is None:
            return []
        return [Advance(n) for n in range(state.die + 1)]

    def apply(self, state: Race, action) -> tuple[Race, tuple[Event, ...]]:
        if state.winner is not None:
            raise Refused("the race is over.")
        if isinstance(action, Roll):
            if state.die is not None:
                raise Refused("already rolled.")
            if action.value is None:
                value, seed = DIE.draw(state.seed)
                event = Rolled(state.player, value, True)
                return replace(state, die=value, seed=seed), (event,)
            if action.value not in DIE.values:
                raise Refused(f"the die has no {action.value}.")
            return replace(state, die=action.value), (Rolled(state.player, action.value, False),)
        if isinstance(action, Advance):
            if state.die is None:
                raise Refused("roll first.")
            if action.steps is None:
                raise StepsMissing(tuple(range(state.die + 1)), state.player)
            if not 0 <= action.steps <= state.die:
                raise Refused(f"{action.steps} is more than the die's {state.die}.")
            new = state
            events: list[Event] = []
            for event in self._moves(state, action.steps):
                new = self.apply_event(new, event)
                events.append(event)
            return new, tuple(events)
        raise TypeError(action)

    def _moves(self, state: Race, steps: int) -> list[Event]:
        origin = state.tokens[state.player]
        to = min(GOAL, origin + steps)
        events: list[Event] = [Moved(state.player, origin, to)]
        if to == GOAL:
            events.append(Won(state.player))
        return events

    def apply_event(self, state: Race, event: Event) -> Race:
        if isinstance(event, Rolled):
            seed = seeded.advance(state.seed) if event.seeded else state.seed
            return replace(state, die=event.value, seed=seed)
        if isinstance(event, Moved):
            tokens = list(state.tokens)
            tokens[event.player] = event.to
            return replace(state, tokens=(tokens[0], tokens[1]), die=None, player=1 - event.player)
        if isinstance(event, Won):
            return replace(state, winner=event.player)
        raise TypeError(event)


RULES = RaceRules()


def session() -> Session:
    return Session(RULES, RULES.initial_state())


# --- events and their registry -----------------------------------------------------------------
def test_an_event_reads_back_from_its_json():
    event = Moved(1, 2, 4)
    document = json.loads(json.dumps(event.to_json()))
    assert document == {"kind": "moved", "player": 1, "from": 2, "to": 4}
    assert EVENTS.from_json(document) == event
    assert EVENTS.kinds == ("rolled", "moved", "won")
    assert "won" in EVENTS and EVENTS["won"] is Won


def test_the_registry_refuses_a_kind_twice_or_none():
    @dataclass(frozen=True)
    class Other(Event):
        kind: ClassVar[str] = "moved"

    @dataclass(frozen=True)
    class Nameless(Event):
        pass

    with pytest.raises(ValueError, match="already Moved's"):
        EventRegistry((Moved, Other))
    with pytest.raises(ValueError, match="no kind"):
        EventRegistry((Nameless,))
    with pytest.raises(KeyError):
        EVENTS.from_json({"kind": "jumped"})


def test_a_reader_builds_a_games_own_values():
    registry = EventRegistry((Moved,), read=lambda cls, name, value: value * 10 if name == "to" else value)
    assert registry.from_json({"kind": "moved", "player": 0, "from": 1, "to": 2}) == Moved(0, 1, 20)


# --- the seeded generator -------------------------------------------------------------------------
def test_splitmix64_gives_its_published_first_output():
    # SplitMix64 seeded 0: the first output of the reference implementation (Vigna).
    assert seeded.bits(0) == (0xE220A8397B1DCDAF, seeded.GOLDEN)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, seeded.MASK), st.integers(1, 1000), st.integers(0, 20))
def test_below_stays_in_range_and_the_state_counts_the_draws(seed, n, draws):
    state = seed
    for _ in range(draws):
        value, state = seeded.below(state, n)
        assert 0 <= value < n
    assert state == (seed + draws * seeded.GOLDEN) & seeded.MASK


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(), max_size=30), st.integers(0, seeded.MASK))
def test_a_shuffle_is_a_permutation_replayed_by_its_seed(items, seed):
    order, state = seeded.shuffled(items, seed)
    assert sorted(order) == sorted(items)
    assert seeded.shuffled(items, seed) == (order, state)
    assert state == (seed + max(len(items) - 1, 0) * seeded.GOLDEN) & seeded.MASK


# --- chance nodes -----------------------------------------------------------------------------------
def test_a_chance_node_lists_its_outcomes_with_exact_probabilities():
    assert DIE.probabilities() == ((1, Fraction(2, 3)), (2, Fraction(1, 3)))
    assert DIE.probability(2) == Fraction(1, 3) and DIE.probability(3) == 0
    two = Chance.product([DIE, DIE])
    assert two.values == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert [p for _, p in two.probabilities()] == [Fraction(4, 9), Fraction(2, 9), Fraction(2, 9), Fraction(1, 9)]
    assert sum(p for _, p in Chance.product([Chance.uniform(range(1, 7))] * 3).probabilities()) == 1
    assert DIE.map(Roll).values == (Roll(1), Roll(2))


@pytest.mark.parametrize("outcomes", [(), (Outcome("a", 0),), (Outcome("a", -1),), (Outcome("a", 1.5),)])
def test_a_chance_node_needs_positive_whole_weights(outcomes):
    with pytest.raises(ValueError):
        Chance(outcomes)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, seeded.MASK))
def test_a_draw_is_an_outcome_by_weight_and_advances_the_generator_once(seed):
    value, state = DIE.draw(seed)
    pick, expected_state = seeded.below(seed, 3)   # total weight 3: picks 0 and 1 are the 1, pick 2 the 2
    assert value == (1 if pick < 2 else 2)
    assert state == expected_state == seeded.advance(seed)


def test_draws_follow_the_weights():
    state, ones = 12345, 0
    for _ in range(3000):
        value, state = DIE.draw(state)
        ones += value == 1
    assert 1850 < ones < 2150          # 2/3 of 3000 is 2000; the seed makes it the same number every run


# --- the cursor session -----------------------------------------------------------------------------
def test_a_session_plays_steps_back_and_forward():
    s = session().play(Roll(2)).play(Advance(2))
    assert s.at == 2 and s.state.tokens == (2, 0) and s.state.player == 1
    assert [e.kind for e in s.events] == ["moved"]
    back = s.back()
    assert back.at == 1 and back.state.die == 2 and back.events == (Rolled(0, 2, False),)
    assert back.back().at_start and back.back().back().at == 0 and back.back().events == ()
    assert back.forward() == s and s.forward() == s and s.at_end
    assert s.seek(99).at == 2 and s.seek(-3).at == 0


def test_playing_after_stepping_back_drops_what_came_after():
    s = session().play(Roll(2)).play(Advance(2)).back().play(Advance(1))
    assert [p.action for p in s.played] == [Roll(2), Advance(1)]
    assert s.state.tokens == (1, 0)


def test_an_illegal_action_leaves_the_session_as_it_was():
    s = session().play(Roll(1))
    with pytest.raises(Refused, match="more than the die's 1"):
        s.play(Advance(2))
    assert s.at == 1 and len(s.played) == 1 and s.state.die == 1


def test_options_are_the_chance_outcomes_then_the_legal_actions():
    s = session()
    assert s.options() == [Roll(1), Roll(2)] and s.legal_actions() == []
    s = s.step(lambda options: options[-1])
    assert s.state.die == 2 and s.options() == [Advance(0), Advance(1), Advance(2)]


def test_stepping_a_finished_game_changes_nothing():
    s = session()
    for _ in range(8):   # always the last option: Roll(2), Advance(2) each turn; player 0 reaches 4 at step 6
        s = s.step(lambda options: options[-1])
    assert s.state.winner == 0 and s.options() == []
    assert s.step(lambda options: options[0]) is s


@settings(max_examples=40, deadline=None)
@given(st.integers(0, seeded.MASK), st.lists(st.integers(0, 2), max_size=16))
def test_folding_the_events_of_each_action_gives_its_state(seed, picks):
    """A seeded self-play game: the states between an action's events end on the action's state."""
    s = Session(RULES, Race(seed=seed))
    for pick in picks:
        if s.state.winner is not None:
            break
        s = s.play(Roll()) if s.state.die is None else s.play(Advance(min(pick, s.state.die)))
        assert s.between()[-1] == s.state
        assert len(s.between()) == len(s.events)
    assert session().between() == ()


def test_rules_that_do_not_fold_show_the_action_whole():
    class Whole(RaceRules):
        folds_events = False

    s = Session(Whole(), Race()).play(Roll(1)).play(Advance(1))
    assert s.between() == (s.state,)


# --- the scenario runner ----------------------------------------------------------------------------
def _play(state, number, action):
    new, events = RULES.apply(state, action)
    return Played(action, events, new)


def _expect(final, events):
    return [Check("tokens", [1, 0], list(final.tokens)), Check("events", ["rolled", "moved"], [e.kind for e in events])]


class TurnRefused(ScenarioStepError):
    pass


def _refused(number, action, error):
    return TurnRefused(number, f"action {number}: {error.message}", where=f"$.actions[{number - 1}]", error=error,
                       file="race.json")


def test_a_run_steps_through_the_script_and_checks_its_expectations():
    result = run_script(Race(), enumerate([Roll(1), Advance(1)], start=1), _play, _expect, _refused)
    assert [s.number for s in result.steps] == [1, 2]
    assert [s.entry for s in result.steps] == [Roll(1), Advance(1)]
    assert result.final.tokens == (1, 0) and result.passed
    assert [e.kind for e in result.events] == ["rolled", "moved"]
    failing = run_script(Race(), enumerate([Roll(2), Advance(2)], start=1), _play, _expect, _refused)
    assert not failing.passed and [c.what for c in failing.failures] == ["tokens"]


def test_a_refused_entry_stops_the_run_naming_it():
    with pytest.raises(TurnRefused) as caught:
        run_script(Race(), enumerate([Roll(1), Advance(2)], start=1), _play, _expect, _refused)
    error = caught.value
    assert error.number == 2 and error.where == "$.actions[1]" and error.file == "race.json"
    assert error.exit_code == 2 and "action 2: 2 is more than the die's 1." in str(error)
    assert error.details() == {}


def test_a_missing_choice_reports_its_options():
    with pytest.raises(TurnRefused) as caught:
        run_script(Race(), enumerate([Roll(2), Advance(None)], start=1), _play, _expect, _refused)
    assert caught.value.details() == {"choice": "steps", "options": [0, 1, 2]}
    assert caught.value.error.decision == Decision("steps", (0, 1, 2), "p0")


def test_without_a_refusal_handler_the_rules_error_itself_stops_the_run():
    with pytest.raises(Refused, match="roll first"):
        run_script(Race(), enumerate([Advance(1)], start=1), _play, _expect)


def test_a_bad_file_is_a_scenario_file_error():
    def read(document, file):
        raise InvalidFileError("no actions.", file=file, where="$.actions", hint="Add some.")

    with pytest.raises(ScenarioFileError) as caught:
        read_scenario(read, {}, "race.json")
    assert (caught.value.file, caught.value.where, caught.value.hint, caught.value.exit_code) == \
        ("race.json", "$.actions", "Add some.", 2)
    assert read_scenario(lambda document, file: (document, file), {"a": 1}, "f") == ({"a": 1}, "f")


def test_reports_number_events_across_the_run():
    @dataclass(frozen=True)
    class Script:
        name: str = "two turns"
        file: str = "race.json"

    result = run_script(Race(), enumerate([Roll(1), Advance(1), Roll(2)], start=1), _play, _expect)
    assert step_lines(result.steps, lambda step: f"action {step.number}") == [
        "action 1", "    1. player 0 rolls 1", "action 2", "    2. player 0: 0 -> 1", "action 3", "    3. player 1 rolls 2"]
    report = json_report(Script(), result, lambda state: {"tokens": list(state.tokens)})
    assert report["events"][1] == {"turn": 2, "kind": "moved", "player": 0, "from": 0, "to": 1}
    assert report["final"] == {"tokens": [1, 0]} and report["name"] == "two turns"
    assert report["expect"] == {"passed": False, "failures": [{"what": "events", "expected": ["rolled", "moved"],
                                                              "actual": ["rolled", "moved", "rolled"]}], "checked": 2}
    run = ScenarioReport(Script(), result, lambda s, r: f"{s.name}: {len(r.steps)}", lambda s, r: {"n": len(r.steps)})
    assert (run.passed, run.text(), run.to_json()) == (False, "two turns: 3", {"n": 3})
