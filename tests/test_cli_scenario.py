"""`crashgrab scenario run FILE... [--format text|json]`: output, exit codes and messages."""
from __future__ import annotations

import json

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.formats.schemas import validate
from tests.conftest import ROOT

SCENARIOS = ROOT / "tests" / "scenarios"
PUSH = str(SCENARIOS / "rule2-push-remaining.json")


def run(capsys, *args):
    code = main(["scenario", "run", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_shipped_scenario_passes(capsys):
    files = sorted(SCENARIOS.glob("*.json"))
    code, out, err = run(capsys, *files)
    assert code == 0, err + out
    assert out.count("\nPASS: ") == len(files) and "FAIL" not in out
    assert out.rstrip().endswith(f"{len(files)} scenario files: all passed")


def test_text_output_numbers_events_draws_the_board_and_checks(capsys):
    code, out, err = run(capsys, PUSH)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"== {PUSH}: Rule 2: collisions with push_distance remaining (the rulebook)"
    assert lines[1:7] == [
        "turn 1: red plays 3 east",
        "    1. red takes an energy",
        "    2. red moves east from [0,0] to [1,0]",
        "    3. red pushed blue 1 space east from [2,0]",
        "    4. blue is pushed east from [2,0] to [3,0]",
        "    5. red moves east from [1,0] to [2,0]",
    ]
    assert "turn 2: green plays 2 west" in lines
    assert "    8. green pushed blue 1 space west from [3,0]" in lines
    # the final board with saucers marked by their initials: red [1,0], blue [2,0], green [3,0]
    assert any(line.endswith("|.RBG....| Asteroids") for line in lines)
    assert "R Y G B P O saucers (red yellow green blue purple orange)   " \
           "p s d e crewmembers (pilot scientist doctor engineer)" in lines
    assert "  PASS saucers.red.at = [1,0]" in lines
    assert lines[-1] == f"PASS: {PUSH}"


def test_crew_on_the_board_is_marked_by_type(capsys):
    code, out, _ = run(capsys, SCENARIOS / "rule9-setup.json")
    assert code == 0
    assert "Stars |.p....b.| Asteroids" in out.splitlines()  # the green pilot on Crash Site 7 at [1,4]
    assert "  crew on the board: green pilot [1,4], red pilot [3,6]" in out


def test_json_output(capsys):
    code, out, _ = run(capsys, PUSH, "--format", "json")
    assert code == 0
    report = json.loads(out)
    assert set(report) == {"file", "name", "events", "final", "expect"}
    assert report["expect"] == {"passed": True, "failures": [], "checked": 6}
    assert report["events"][2] == {"turn": 1, "kind": "collision", "saucer": "red", "other": "blue", "at": [2, 0],
                                   "from": [1, 0], "direction": "east", "push_distance": 1, "ruling": "remaining"}
    assert report["final"]["saucers"]["blue"]["at"] == [2, 0]
    assert sum(len(q) for q in report["final"]["lost"].values()) == 24


def test_json_output_for_several_files_is_a_list(capsys):
    code, out, _ = run(capsys, PUSH, SCENARIOS / "rule8-win.json", "--format", "json")
    reports = json.loads(out)
    assert code == 0 and [r["expect"]["passed"] for r in reports] == [True, True]
    assert reports[1]["final"]["winner"] == "p1"


def failing_copy(tmp_path):
    document = json.loads((SCENARIOS / "rule2-push-remaining.json").read_text())
    document["layout"] = str(SCENARIOS / "layouts" / "corridor.json")
    document["expect"]["saucers"]["blue"]["at"] = [4, 0]
    path = tmp_path / "failing.json"
    path.write_text(json.dumps(document))
    return path


def test_a_failed_expectation_exits_1_with_expected_and_actual(capsys, tmp_path):
    path = failing_copy(tmp_path)
    code, out, _ = run(capsys, path)
    assert code == 1
    assert "  FAIL saucers.blue.at: expected [4,0], actual [2,0]" in out.splitlines()
    assert out.splitlines()[-1] == f"FAIL (1 of 6 expectations failed): {path}"
    code, out, _ = run(capsys, path, "--format", "json")
    assert code == 1
    assert json.loads(out)["expect"]["failures"] == [{"what": "saucers.blue.at", "expected": [4, 0], "actual": [2, 0]}]


BAD = [
    ("missing-choice.json", "$.turns[0]: turn 1 (red plays 2 north): missing choice 'accelerator' for red at [3,0] "
                            "(Accelerator 1 of the move): choose one of north, east, south, west."),
    ("illegal-card.json", "$.turns[0].card: \"4\" is not allowed here. Use one of \"2\", \"3\", \"0-5\"."),
    ("illegal-direction.json", "$.turns[0].direction: \"up\" is not allowed here."),
    ("unknown-saucer.json", "$.turns[0]: turn 1 (green plays 3 east): there is no 'green' saucer in this game; "
                            "the saucers are red, blue."),
    ("no-die-result.json", "$.turns[0]: turn 1 (red plays 3 east): placing red needs a placement die result (1-12), "
                           "but no scripted result is left and no seed is set. Add results to \"dice\""),
    ("boost-without-booster.json", "$.turns[0]: turn 1 (red plays 3 east, boost south): red has no booster"),
    ("steal-own-colour.json", "choice 'steal' for blue is the blue pilot, which is not allowed here; "
                              "choose one of green doctor."),
]


@pytest.mark.parametrize("name, message", BAD, ids=[b[0] for b in BAD])
def test_bad_scenarios_exit_2_with_one_clear_message(capsys, name, message):
    path = SCENARIOS / "bad" / name
    code, out, err = run(capsys, path)
    assert code == 2
    assert err.startswith(f"crashgrab scenario: {path}: ")
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert out == ""


def test_a_bad_file_does_not_stop_the_others(capsys, tmp_path):
    (tmp_path / "broken.json").write_text("{not json")
    code, out, err = run(capsys, tmp_path / "broken.json", PUSH, tmp_path / "missing.json")
    assert code == 2
    assert f"PASS: {PUSH}" in out
    assert "malformed JSON at line 1" in err and "no such file" in err


def test_json_output_reports_errors_too(capsys):
    code, out, _ = run(capsys, SCENARIOS / "bad" / "missing-choice.json", "--format", "json")
    assert code == 2
    report = json.loads(out)
    assert report["error"]["choice"] == "accelerator"
    assert report["error"]["options"] == ["north", "east", "south", "west"]
    assert report["error"]["where"] == "$.turns[0]"


def test_the_reports_final_state_is_the_documented_shape(capsys):
    _, out, _ = run(capsys, SCENARIOS / "rule6-extras-and-stealing.json", "--format", "json")
    red = json.loads(out)["final"]["saucers"]["red"]
    assert red["stationed"] == [{"color": "green", "type": "pilot"}, {"color": "red", "type": "scientist"}]
    assert red["extras"] == [{"color": "purple", "type": "pilot"}, {"color": "red", "type": "pilot"}]


def test_the_scenario_schema_is_a_valid_draft_2020_12_schema():
    from jsonschema import Draft202012Validator
    from crashgrab.engine.formats.migrations import upgrade
    from crashgrab.engine.formats.schemas import schema
    Draft202012Validator.check_schema(schema("crash-grab-scenario"))
    # The test scenarios are version 1 files: the schema describes them as this program reads them.
    lifted = upgrade(json.loads((SCENARIOS / "rule1-cards.json").read_text()), "crash-grab-scenario")
    validate(lifted, "crash-grab-scenario")


@pytest.mark.parametrize("page", ["docs/scenarios.md", "README.md"])
def test_the_documented_example_is_the_real_output(capsys, monkeypatch, page):
    """The docs and README show a scenario file and its output: both must be the real thing."""
    monkeypatch.chdir(ROOT)
    text = (ROOT / page).read_text()
    text = text[text.index("`tests/scenarios/rule2-push-onto-accelerator-remaining.json`:"):]
    example = SCENARIOS / "rule2-push-onto-accelerator-remaining.json"
    shown_file = text.split("```json\n", 1)[1].split("```", 1)[0]
    document = json.loads(example.read_text())
    del document["notes"]
    assert json.loads(shown_file) == document
    shown_output = text.split("prints:\n\n```\n", 1)[1].split("```", 1)[0]
    code = main(["scenario", "run", "tests/scenarios/rule2-push-onto-accelerator-remaining.json"])
    out, _ = capsys.readouterr()
    assert code == 0 and out == shown_output
