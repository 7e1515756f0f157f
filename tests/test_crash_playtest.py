"""The playtest session an editor drives: actions, stepping back and forward, saving as a scenario."""
from __future__ import annotations

import pytest

from crashgrab.engine.crash.playtest import PlaytestSession
from crashgrab.engine.crash.rules import EndTurn, IllegalAction, Reroll, Roll, Steer
from crashgrab.engine.crash.scenario import run_scenario
from crashgrab.engine.crash.scenario_io import scenario_from_json, scenario_to_json
from crashgrab.engine.crash.templates import template_layout


def test_play_step_back_and_forward():
    session = PlaytestSession.on(template_layout())
    assert session.legal_actions() == [Roll()]
    session = session.play(Roll((5, 5, 2))).play(Steer(5, turn="northwest")).play(Steer(5, move=True))
    assert session.state.car("p1", 2).at is None          # pushed off the north-east edge (push-line-off-the-edge.json)
    back = session.back().back()
    assert back.state.car("p1", 5).facing == "west" and back.forward().state.car("p1", 5).facing == "northwest"
    with pytest.raises(IllegalAction):
        session.play(Steer(5, move=True))                # both dice showing 5 are used
    branched = back.play(Steer(2, move=True))            # playing after stepping back drops the later steps
    assert len(branched.played) == 2 and branched.state.car("p1", 2).at == (2, -2)


def test_saved_as_a_scenario_it_replays_and_passes():
    session = PlaytestSession.on(template_layout(), seed=9)
    session = session.play(Roll((4, 4, 1))).play(Steer(4, turn="southwest")).play(EndTurn())
    session = session.play(Roll()).play(EndTurn())       # p2: dice from the seed, then its automatic part
    session = session.play(Roll((6, 6, 6)))              # a turn in progress is not saved
    scenario = session.to_scenario("from the playtest")
    assert [t.player for t in scenario.turns] == ["p1", "p2"]
    assert scenario.turns[1].dice == session.played[3].state.dice
    document = scenario_to_json(scenario)
    again = scenario_from_json(document, None)
    result = run_scenario(again)
    assert result.passed and result.checks
    assert result.final.cars == session.played[4].state.cars


def test_a_re_roll_is_saved_with_its_result():
    layout = template_layout()
    session = PlaytestSession.on(layout)
    session = session.play(Roll((5, 5, 2))).play(Steer(5, turn="northwest")).play(Steer(5, move=True)).play(EndTurn())
    session = session.play(Roll((1, 1, 1))).play(EndTurn())
    session = session.play(Roll((2, 3, 2))).play(Reroll(((0, 6),)))  # p1's car 2 is out: die 0 re-rolled to 6
    session = session.play(EndTurn())
    turn = session.to_scenario("re-roll").turns[2]
    assert turn.reroll == ((0, 6),) and turn.dice == (2, 3, 2)
    assert run_scenario(scenario_from_json(scenario_to_json(session.to_scenario("re-roll")))).passed
