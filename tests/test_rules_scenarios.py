"""Scenario files: loading (schema and the checks beyond it), saving, running, expectations."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from crashgrab.engine.crash_and_grab.rules import Crew, MissingChoice, Turn, replay
from crashgrab.engine.crash_and_grab.rules.pieces import HandOver
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.crash_and_grab.scenario_file import (ScenarioTurnError, expect_from_outcome, load_scenario, run_scenario,
                                        save_scenario, scenario_from_json, scenario_to_json)
from tests.conftest import ROOT

SCENARIOS = ROOT / "tests" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
BASE_FILE = SCENARIOS / "base.json"  # not written: relative layout paths resolve from tests/scenarios


def base() -> dict:
    return {
        "format": "crash-grab-scenario", "version": 2, "name": "base",
        "layout": "../../layouts/standard-2-4p.json",
        "rulings": {"replacement_queue": "any"},
        "players": [{"id": "p1", "saucers": ["red"]}, {"id": "p2", "saucers": ["blue"]}],
        "saucers": [{"color": "red", "at": [0, 0], "crew": [{"color": "green", "type": "pilot"}]},
                    {"color": "blue", "at": [7, 7]}],
        "crew": [{"color": "blue", "type": "doctor", "at": [1, 0]}],
        "dice": [4],
        "turns": [{"saucer": "red", "card": "2", "direction": "east", "choices": {"lost_crew": ["yellow"]}}],
        "expect": {"saucers": {"red": {"at": [2, 0]}}},
    }


def test_there_is_a_scenario_for_every_rule():
    names = {f.name.split("-")[0] for f in FILES}
    assert {f"rule{n}" for n in range(1, 10)} <= names


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_every_shipped_scenario_passes_and_replays(path):
    scenario = load_scenario(path)
    result = run_scenario(scenario)
    assert result.passed, [c.to_json() for c in result.failures]
    assert result.checks, "a scenario must expect something"
    assert replay(scenario.initial if not scenario.setup else result.steps[0].state, [
        e for step in result.steps if step.number > 0 for e in step.events]) == result.final


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_scenarios_survive_a_round_trip(path):
    scenario = load_scenario(path)
    document = scenario_to_json(scenario)
    validate(document, "crash-grab-scenario", path)
    again = scenario_from_json(json.loads(json.dumps(document)), path)
    assert again.initial == scenario.initial
    assert again.turns == scenario.turns and again.setup == scenario.setup
    assert again.expect == scenario.expect and again.auto_choices == scenario.auto_choices
    assert scenario_to_json(again) == document
    assert run_scenario(again).events == run_scenario(scenario).events


def test_a_session_saved_with_its_outcome_as_expectations_passes(tmp_path):
    scenario = scenario_from_json(base(), BASE_FILE)
    result = run_scenario(scenario)
    expect = expect_from_outcome(result.final, result.events)
    assert expect["saucers"]["red"] == {"at": [2, 0], "crew": [{"color": "green", "type": "pilot"},
                                                               {"color": "blue", "type": "doctor"}],
                                        "stationed": [{"color": "green", "type": "pilot"},
                                                      {"color": "blue", "type": "doctor"}],
                                        "boosters": 1, "energy": 0}
    saved = replace(scenario, expect=expect, layout_ref=None, file=None)
    path = tmp_path / "session.json"
    save_scenario(saved, path)
    loaded = load_scenario(path)
    assert isinstance(json.loads(path.read_text())["layout"], dict)  # inline: no path to break
    result = run_scenario(loaded)
    assert result.passed and len(result.checks) > 5


def test_failed_expectations_carry_expected_and_actual():
    document = base()
    document["expect"] = {"saucers": {"red": {"at": [3, 0], "boosters": 1}}, "winner": "p2",
                          "crew": [{"color": "yellow", "type": "pilot", "at": [4, 2]}]}
    result = run_scenario(scenario_from_json(document, BASE_FILE))
    assert not result.passed
    assert [c.to_json() for c in result.failures] == [
        {"what": "saucers.red.at", "expected": [3, 0], "actual": [2, 0]},
        {"what": "winner", "expected": "p2", "actual": None}]
    assert [c.what for c in result.checks if c.passed] == ["saucers.red.boosters", "crew"]


def test_a_missing_choice_names_the_turn_and_keeps_the_options():
    document = base()
    del document["turns"][0]["choices"]
    with pytest.raises(ScenarioTurnError) as caught:
        run_scenario(scenario_from_json(document, BASE_FILE))
    error = caught.value
    assert error.exit_code == 2 and error.where == "$.turns[0]" and error.number == 1
    assert isinstance(error.error, MissingChoice) and error.error.choice == "lost_crew"
    assert str(error).startswith(f"{BASE_FILE}: $.turns[0]: turn 1 (red plays 2 east): missing choice 'lost_crew'")


def test_auto_choices_fill_the_open_choices():
    document = base()
    del document["turns"][0]["choices"]
    document["auto_choices"] = True
    result = run_scenario(scenario_from_json(document, BASE_FILE))
    assert result.steps[0].action.choices["lost_crew"] == ("red",)
    assert Crew("red", "pilot") in result.final.crew.values()


def mutate(path: str, value):
    """A base document with the value at a dotted path (list indexes as numbers) replaced."""
    document = base()
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    target = document
    for key in parents:
        target = target[key]
    target[last] = value
    return document


BAD = [
    ("unknown top-level field", "colour", "red", "$", "unknown field 'colour'"),
    ("unknown turn field", "turns.0.speed", 3, "$.turns[0]", "unknown field 'speed'"),
    ("unknown expect field", "expect.score", 3, "$.expect", "unknown field 'score'"),
    ("version 3", "version", 3, "$.version", "version 3"),
    ("not a scenario", "format", "crash-grab-layout", "$.format", "this is a layout, not a scenario"),
    ("bad card", "turns.0.card", "4", "$.turns[0].card", "\"4\" is not allowed here"),
    ("bad direction", "turns.0.direction", "up", "$.turns[0].direction", "\"up\" is not allowed here"),
    ("die of 13", "dice", [13], "$.dice[0]", "13"),
    ("saucer in a hole", "saucers.0.at", [9, 0], "$.saucers[0].at", "[9,0] is not on the board"),
    ("two saucers on a cell", "saucers.1.at", [0, 0], "$.saucers[1].at", "[0,0] already holds the red saucer"),
    ("crew under a saucer", "crew.0.at", [0, 0], "$.crew[0].at", "already holds the red saucer"),
    ("crewmember held and on the board", "crew.0", {"color": "green", "type": "pilot", "at": [1, 0]}, "$.crew[0]",
     "the green pilot is already held by red"),
    ("crewmember twice on the board", "crew", [{"color": "blue", "type": "doctor", "at": [1, 0]},
                                               {"color": "blue", "type": "doctor", "at": [2, 0]}],
     "$.crew[1]", "the blue doctor is already on the board at [1,0]"),
    ("lost queue missing one", "lost", {"blue": ["pilot", "scientist"]}, "$.lost.blue", "the blue engineer is nowhere"),
    ("lost queue with a placed one", "lost", {"blue": ["pilot", "doctor", "scientist", "engineer"]},
     "$.lost.blue[1]", "the blue doctor is lost here but also on the board"),
    ("lost pilot not at the front", "lost", {"blue": ["scientist", "pilot", "engineer"]},
     "$.lost.blue[1]", "Pilots are kept at the front"),
    ("unknown Probe holder", "probe", "p9", "$.probe", "'p9' is not a player"),
    ("one player", "players", [{"id": "p1", "saucers": ["red"]}], "$.players", "1 item here; at least 2 are needed"),
    ("seven players", "players", [{"id": f"p{n}", "saucers": ["red"]} for n in range(7)], "$.players",
     "7 items here; at most 6 are allowed"),
    ("player id twice", "players.1.id", "p1", "$.players[1].id", "used twice"),
    ("saucer with two players", "players.1.saucers", ["red"], "$.players[1].saucers", "already belongs to p1"),
    ("saucer without a player", "saucers.1.color", "green", "$.saucers[1].color", "no player has the green saucer"),
    ("player's saucer not listed", "saucers", [{"color": "red", "at": [0, 0]}], "$.saucers", "blue saucer has no entry"),
    ("setup with positions", "setup", {"seed": 1}, "$.saucers", "cannot be given with \"setup\""),
    ("layout file missing", "layout", "nowhere.json", "$.layout", "cannot be read"),
    ("inline layout wrong", "layout", {"format": "crash-grab-layout", "version": 1, "name": "x", "template": None,
                                       "tileset": "standard", "directions": {"north": "Sun", "east": "Asteroids",
                                                                             "south": "Meteor", "west": "Stars"},
                                       "placements": [{"tile": "1", "side": "A", "x": 0, "y": 0, "rotation": 45}]},
     "$.layout.placements[0].rotation", "45"),
    ("expect for a saucer not in the game", "expect.saucers", {"green": {"at": None}}, "$.expect.saucers.green",
     "no green saucer"),
    ("expect a winner who is not a player", "expect.winner", "p7", "$.expect.winner", "'p7' is not a player"),
]


@pytest.mark.parametrize("name, path, value, where, message", BAD, ids=[b[0] for b in BAD])
def test_bad_scenarios_say_where_and_what(name, path, value, where, message):
    with pytest.raises(InvalidFileError) as caught:
        scenario_from_json(mutate(path, value), BASE_FILE)
    assert caught.value.where == where
    assert message in caught.value.message
    assert str(BASE_FILE) in str(caught.value)


def test_two_saucers_only_in_a_two_player_game():
    document = base()
    document["players"] = [{"id": "p1", "saucers": ["red", "yellow"]}, {"id": "p2", "saucers": ["blue"]},
                           {"id": "p3", "saucers": ["green"]}]
    with pytest.raises(InvalidFileError, match="only in a 2-player game"):
        scenario_from_json(document, BASE_FILE)


def test_a_won_game_cannot_start():
    document = base()
    document["saucers"][0]["crew"] = [{"color": "red", "type": t} for t in ("pilot", "scientist", "doctor", "engineer")]
    with pytest.raises(InvalidFileError, match="already has a stationed pilot"):
        scenario_from_json(document, BASE_FILE)


def _own(color, *types):
    return [{"color": color, "type": t} for t in types]


ALL_FOUR = ("pilot", "scientist", "doctor", "engineer")


# 2 players, p1 flies red and yellow. Worked by hand from End of Game, Winning ("both saucers, in
# 2-player games"): each_saucer needs all four stations on red AND on yellow; combined needs the
# four types across the two saucers.
@pytest.mark.parametrize("ruling, red, yellow, won", [
    ("each_saucer", ALL_FOUR, (), False),                        # one full saucer: plays on
    ("each_saucer", ("pilot", "scientist"), ("doctor", "engineer"), False),
    ("each_saucer", ALL_FOUR, ALL_FOUR, True),
    ("combined", ALL_FOUR, (), True),
    ("combined", ("pilot", "scientist"), ("doctor", "engineer"), True),
    ("combined", ("pilot", "scientist"), ("doctor",), False),
    (None, ALL_FOUR, (), False),                                 # no rulings: the default, each_saucer
])
def test_a_two_player_start_is_judged_by_the_files_win_ruling(ruling, red, yellow, won):
    document = base()
    if ruling is None:
        del document["rulings"]
    else:
        document["rulings"] = {"two_player_win": ruling}
    document["players"] = [{"id": "p1", "saucers": ["red", "yellow"]}, {"id": "p2", "saucers": ["blue", "green"]}]
    document["saucers"] = [{"color": "red", "at": [0, 0], "crew": _own("red", *red)},
                           {"color": "yellow", "at": [3, 3], "crew": _own("yellow", *yellow)},
                           {"color": "blue", "at": [7, 7]}, {"color": "green", "at": [6, 6]}]
    document["crew"], document["dice"], document["turns"] = [], [], []
    document["expect"] = {"winner": None}
    if won:
        with pytest.raises(InvalidFileError, match="p1 already has a stationed pilot, scientist, doctor and engineer"):
            scenario_from_json(document, BASE_FILE)
    else:
        assert scenario_from_json(document, BASE_FILE).initial.winner is None


def test_layout_errors_inside_a_referenced_file_name_it(tmp_path):
    layout = json.loads((ROOT / "layouts" / "standard-2-4p.json").read_text())
    layout["placements"][1]["x"] = 0  # overlaps tile 1
    (tmp_path / "broken.json").write_text(json.dumps(layout))
    document = base()
    document["layout"] = "broken.json"
    with pytest.raises(InvalidFileError) as caught:
        scenario_from_json(document, tmp_path / "scenario.json")
    assert caught.value.where == "$.layout" and "in layout 'broken.json'" in caught.value.message


def test_default_lost_queues_put_pilots_first():
    scenario = scenario_from_json(base(), BASE_FILE)
    assert scenario.initial.lost["green"] == ("scientist", "doctor", "engineer")
    assert scenario.initial.lost["blue"] == ("pilot", "scientist", "engineer")
    assert scenario.initial.lost["orange"] == ("pilot", "scientist", "doctor", "engineer")
    assert scenario.initial.crew_count() == 24


def test_turns_load_as_actions():
    document = base()
    document["turns"] = [
        {"saucer": "red", "card": "0-5", "distance": 4, "direction": "Sun", "accelerators": ["east"],
         "boost": {"direction": "west", "accelerators": ["Stars"]},
         "choices": {"steal": {"blue": {"color": "green", "type": "doctor"}}, "handover": [{"color": "red", "type": "pilot"},
                                                                                       {"color": "red", "type": "doctor", "leg": 2}],
                     "die": [3]}},
        {"end_round": True, "choices": {"die": [5]}},
    ]
    turn, end = scenario_from_json(document, BASE_FILE).turns
    assert isinstance(turn, Turn) and (turn.distance, turn.direction, turn.accelerators) == (4, "Sun", ("east",))
    assert turn.boost.accelerators == ("Stars",)
    assert turn.choices["steal"]["blue"] == Crew("green", "doctor")
    assert turn.choices["handover"] == (HandOver(Crew("red", "pilot")), HandOver(Crew("red", "doctor"), 2))
    assert turn.choices["die"] == (3,)
    assert end.choices["die"] == (5,)


def test_the_bad_scenario_files_are_refused():
    for path in sorted((SCENARIOS / "bad").glob("*.json")):
        with pytest.raises((InvalidFileError, ScenarioTurnError)):
            run_scenario(load_scenario(path))


def test_save_refuses_an_invalid_scenario_and_keeps_the_old_file(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("old")
    scenario = scenario_from_json(base(), BASE_FILE)
    broken = replace(scenario, turns=(Turn("red", "9", direction="east"),), layout_ref=None)
    with pytest.raises(InvalidFileError):
        save_scenario(broken, path)
    assert path.read_text() == "old"


def test_new_game_builds_what_a_file_describes():
    from crashgrab.engine.crash_and_grab.rules import Rulings, SaucerState, new_game
    loaded = scenario_from_json(base(), BASE_FILE).initial
    built = new_game(loaded.board, {"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"},
                     [("p1", ["red"]), ("p2", ["blue"])],
                     {"red": SaucerState("red", (0, 0)).with_crew(Crew("green", "pilot")),
                      "blue": SaucerState("blue", (7, 7))},
                     {(1, 0): Crew("blue", "doctor")}, dice=(4,), rulings=Rulings(replacement_queue="any"),
                     layout=loaded.layout)
    assert built == loaded


def test_a_seeded_setup_scenario_is_reproducible():
    document = base()
    for key in ("saucers", "crew", "expect"):
        del document[key]
    document["setup"] = {"seed": 2024}
    document["turns"] = []
    one, two = (run_scenario(scenario_from_json(document, BASE_FILE)) for _ in range(2))
    # 2 energy, 2 saucers, the Probe player's (red's) Pilot, the other player's booster (its only saucer),
    # then the upgrade deck shuffled (Setup, step 4)
    assert one.events == two.events
    assert [e.kind for e in one.events] == ["bonus"] * 2 + ["place"] * 3 + ["bonus", "shuffle"]
    assert all(s.at is not None for s in one.final.saucers.values())


@pytest.mark.parametrize("scripted", [False, True])
def test_a_seeded_setup_shuffles_the_deck_unless_the_file_scripts_it(scripted):
    document = base()
    for key in ("saucers", "crew", "expect"):
        del document[key]
    document["setup"], document["turns"] = {"seed": 2024}, []
    written = ["Airlock", "Hyperdrive", "Cargo Hold"]
    if scripted:
        document["upgrade_deck"] = written
    scenario = scenario_from_json(document, BASE_FILE)
    final = run_scenario(scenario).final
    if scripted:
        assert final.upgrade_deck == tuple(written)
    else:
        assert sorted(final.upgrade_deck) == sorted(scenario.initial.upgrade_deck)
        assert final.upgrade_deck != scenario.initial.upgrade_deck
    again = scenario_from_json(json.loads(json.dumps(scenario_to_json(scenario))), BASE_FILE)
    assert again.setup == scenario.setup and again.initial == scenario.initial  # scripted stays scripted
