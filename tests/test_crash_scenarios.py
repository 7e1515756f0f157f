"""Crash! scenarios: every hand-worked file passes, bad files stop with exit 2 naming the turn,
the player and the JSON path, a wrong expectation fails, and files round-trip."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash.scenario import ScenarioTurnError, run_scenario
from crashgrab.engine.crash.scenario_io import load_scenario, save_scenario, scenario_from_json
from crashgrab.engine.errors import InvalidFileError

FOLDER = Path(__file__).parent / "crash_scenarios"
GOOD = sorted(FOLDER.glob("*.json"))


def test_at_least_fifteen_hand_worked_scenarios():
    assert len(GOOD) >= 15
    names = {p.stem for p in GOOD}
    assert {"opening-no-automatic", "german-automatic-first", "end-of-turn-tie", "own-car-into-own-junkyard",
            "own-car-into-opponents-junkyard", "reroll-a-car-out", "line-off-the-edge"} <= names


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_scenario_passes(path):
    result = run_scenario(load_scenario(path))
    assert result.checks, "every shipped scenario checks something"
    assert result.passed, [c.to_json() for c in result.failures]


@pytest.mark.parametrize("name, where, words", [
    ("out-of-order", "$.turns[0].player", "turn 1 (p2): it is p1's turn"),
    ("die-used-twice", "$.turns[0].control[1]", "turn 1 (p1): car 5 was rolled 1 time"),
    ("reroll-car-on-board", "$.turns[0].reroll", "turn 1 (p1): die 0 shows 1, and car 1 is on the board"),
    ("car-out-of-game", "$.turns[0].control[0]", "turn 1 (p1): car 4 is out of the game"),
])
def test_bad_turns_name_the_turn_the_player_and_the_entry(name, where, words):
    scenario = load_scenario(FOLDER / "bad" / f"{name}.json")
    with pytest.raises(ScenarioTurnError) as caught:
        run_scenario(scenario)
    assert caught.value.where == where and words in caught.value.message
    assert caught.value.exit_code == 2


@pytest.mark.parametrize("name, where", [("slot-in-standard", "$.cars[0].at"), ("two-cars-one-hex", "$.cars[1].at")])
def test_bad_cars_are_refused_on_loading(name, where):
    with pytest.raises(InvalidFileError) as caught:
        load_scenario(FOLDER / "bad" / f"{name}.json")
    assert caught.value.where == where


def test_the_command_line_exit_codes_and_json(tmp_path, capsys):
    assert main(["scenario", "run", *map(str, GOOD)]) == 0
    capsys.readouterr()
    assert main(["scenario", "run", str(FOLDER / "bad" / "die-used-twice.json"), "--format", "json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["error"]["turn"] == 1 and report["error"]["player"] == "p1"
    wrong = json.loads((FOLDER / "line-off-the-edge.json").read_text())
    wrong["layout"] = str((FOLDER / "layouts" / "standard.json").resolve())
    wrong["expect"]["score"]["p2"] = 5
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(wrong))
    assert main(["scenario", "run", str(path), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["expect"]["failures"] == [{"what": "score.p2", "expected": 5, "actual": 0}]


@pytest.mark.parametrize("path", GOOD[:6], ids=lambda p: p.stem)
def test_a_saved_scenario_loads_and_plays_the_same(path, tmp_path):
    scenario = load_scenario(path)
    target = tmp_path / path.name
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "standard.json").write_text((FOLDER / "layouts" / "standard.json").read_text())
    save_scenario(scenario, target)
    again = load_scenario(target)
    assert again.initial == scenario.initial and again.turns == scenario.turns
    assert run_scenario(again).final == run_scenario(scenario).final


def test_an_inline_layout_fault_is_reported_under_layout():
    document = json.loads((FOLDER / "opening-no-automatic.json").read_text())
    document["layout"] = json.loads((FOLDER / "layouts" / "standard.json").read_text())
    document["layout"]["hexes"].append([0, 0])
    with pytest.raises(InvalidFileError) as caught:
        scenario_from_json(document, "s.json")
    assert caught.value.where == "$.layout.hexes[37]"
