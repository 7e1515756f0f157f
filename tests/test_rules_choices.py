"""Choices the rules leave to players: asked for by name with the legal options, answered
through `answered`, refused when wrong or unused, auto-answered in the documented order."""
from __future__ import annotations

import pytest

from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.crash_and_grab.rules import Crew, EndRound, IllegalAction, MissingChoice, RuleError, Turn, apply
from crashgrab.engine.crash_and_grab.rules.session import play_action
from tests.rules_support import game


def test_rule_errors_are_crash_grab_errors_with_exit_2():
    assert issubclass(IllegalAction, RuleError) and issubclass(MissingChoice, RuleError)
    assert issubclass(RuleError, CrashGrabError) and RuleError.exit_code == 2


@pytest.mark.parametrize("turn, message", [
    (Turn("pink", "2", direction="east"), "no 'pink' saucer in this game; the saucers are red, blue"),
    (Turn("red", "4", direction="east"), "'4' is not a movement card"),
    (Turn("red", "2", 3, direction="east"), "card 2 always moves 2, not 3"),
    (Turn("red", "0-5", direction="east"), "card 0-5 needs a distance from 0 to 5"),
    (Turn("red", "0-5", 6, direction="east"), "card 0-5 needs a distance from 0 to 5"),
    (Turn("red", "2", direction="up"), "'up' is not a direction; use one of north, east, south, west, Sun"),
    (Turn("red", "2"), "None is not a direction"),
    (Turn("red", "2", direction="east", choices={"bribe": 1}), "unknown choice 'bribe'"),
    (Turn("red", "0-5", 1, direction="east", choices={"steal": {"blue": Crew("blue", "pilot")}}),
     "'steal' for blue, which did not need it"),
    (Turn("red", "0-5", 1, direction="east", choices={"lost_crew": ["red"]}), "1 'lost_crew' answer(s) more than needed"),
    (Turn("red", "0-5", 1, direction="east", choices={"die": [4]}), "1 'die' answer(s) more than needed"),
])
def test_illegal_turns_say_why(turn, message):
    state = game(["R..B"])
    with pytest.raises(IllegalAction) as caught:
        apply(state, turn)
    assert message in str(caught.value)


def test_a_wrong_answer_lists_the_legal_options():
    state = game(["RB"], held={"red": [Crew("red", "pilot")], "blue": [Crew("green", "doctor")]})
    with pytest.raises(IllegalAction) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east", choices={
            "steal_or_energy": {"blue": "steal"}, "steal": {"blue": Crew("blue", "scientist")}}))
    assert str(caught.value) == ("choice 'steal' for blue is the blue scientist, which is not allowed here; "
                                 "choose one of green doctor.")


def test_a_crewmember_answer_may_be_written_as_json():
    state = game(["RB"], held={"red": [Crew("red", "pilot"), Crew("red", "doctor")],
                               "blue": [Crew("green", "doctor"), Crew("green", "pilot")]})
    turn = Turn("red", "0-5", 1, direction="east", choices={
        "steal_or_energy": {"blue": "steal"}, "steal": {"blue": {"color": "green", "type": "doctor"}}})
    assert Crew("green", "doctor") in apply(state, turn)[0].saucers["red"].held


def test_missing_choices_one_at_a_time_then_answered():
    state = game(["..R", "B.G"], held={"red": [Crew("blue", "doctor"), Crew("yellow", "pilot")]})
    turn = Turn("red", "0-5", 1, direction="east")
    asked = []
    while True:
        try:
            new_state, _ = apply(state, turn)
            break
        except MissingChoice as missing:
            asked.append((missing.choice, missing.saucer, [str(o) for o in missing.options]))
            turn = turn.answered(missing, missing.options[-1])
    # seats: p1 red, p2 green, p3 blue; the receivers are listed clockwise from red's player
    assert asked == [("give", "red", ["yellow pilot", "blue doctor"]), ("receiver", "red", ["green", "blue"])]
    assert dict(turn.choices) == {"give": {"red": Crew("blue", "doctor")}, "receiver": {"red": "blue"}}
    assert new_state.saucers["blue"].held == (Crew("blue", "doctor"),)


def test_auto_choices_take_the_first_option():
    state = game([">R", "BG"], held={"red": [Crew("blue", "doctor"), Crew("yellow", "pilot")]})
    played, new_state, events = play_action(state, Turn("red", "0-5", 1, direction="west"), auto_choices=True)
    # the Accelerator: keep going west (off the board); give: pilot before doctor; receiver: clockwise
    # from red's player (p1 red, p2 green, p3 blue)
    assert played.accelerators == ("west",)
    assert dict(played.choices) == {"give": {"red": Crew("yellow", "pilot")}, "receiver": {"red": "green"}}
    assert new_state.saucers["green"].held == (Crew("yellow", "pilot"),)
    with pytest.raises(MissingChoice):
        play_action(state, Turn("red", "0-5", 1, direction="west"), auto_choices=False)


def test_end_round_takes_only_die_and_gateway_choices():
    with pytest.raises(IllegalAction, match="only \"die\" and \"gateway\" choices"):
        apply(game(["R"]), EndRound({"lost_crew": ["red"]}))


def test_actions_are_frozen_values():
    turn = Turn("red", "2", direction="east", choices={"lost_crew": ["red"], "give": {"red": Crew("blue", "pilot")}})
    assert turn.choices["lost_crew"] == ("red",)
    with pytest.raises(TypeError):
        turn.choices["die"] = (1,)
    assert hash(turn) == hash(Turn("red", "2", direction="east",
                                   choices={"lost_crew": ("red",), "give": {"red": Crew("blue", "pilot")}}))
