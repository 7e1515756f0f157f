"""Crash!'s balance survey: the fast player plays the rules engine's game, reports are the same
bytes for any worker count, intervals are Wilson's, and the command line refuses what it cannot use."""
from __future__ import annotations

import json
import random

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash.layout_io import save_layout
from crashgrab.engine.crash.rules import Steer, Turn, apply, initial_state
from crashgrab.engine.crash.survey.fast import POLICIES, Board, Game, greedy_control, greedy_reference, play_game
from crashgrab.engine.crash.survey.report import report_json, wilson
from crashgrab.engine.crash.survey.runner import SurveyRequest, run_survey
from crashgrab.engine.crash.templates import template_layout
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.hex import DIRECTIONS

STANDARD = template_layout()


def replay_with_the_rules(record, variant, turning, first):
    state = initial_state(STANDARD, variant=variant, turning=turning, first=first)
    for dice, rerolls, steps in record:
        control = tuple(Steer(car % 6 + 1, move=True) if kind == 0 else Steer(car % 6 + 1, turn=DIRECTIONS[facing])
                        for car, kind, facing in steps)
        state, _ = apply(state, Turn(dice=tuple(dice), reroll=tuple(rerolls), control=control))
    return state


@pytest.mark.parametrize("policy, variant, turning, seed", [
    ("random", "standard", "any", 1), ("random", "german", "one_side", 2), ("random", "german", "any", 3),
    ("random", "standard", "one_side", 4), ("greedy", "standard", "any", 5), ("greedy", "german", "any", 6),
])
def test_the_fast_player_plays_the_rules_engines_game(policy, variant, turning, seed):
    board = Board.of(STANDARD)
    for first in (0, 1):
        record: list = []
        game = play_game(Game(board, first, seed * 7 + first, variant == "german", turning == "one_side"),
                         POLICIES[policy], random.Random(seed), record)
        state = replay_with_the_rules(record, variant, turning, ("p1", "p2")[first])
        assert tuple(state.score) == tuple(game.score)
        assert state.over == game.over and state.turns == game.turns
        for car in range(12):
            rules_car = state.cars[car]
            place = game.place[car]
            expected = board.cells[place] if place >= 0 else None
            assert rules_car.at == expected and (rules_car.in_slot == (place == -2))
            if rules_car.at is not None:
                assert rules_car.facing == DIRECTIONS[game.face[car]]


@pytest.mark.parametrize("variant, turning, seed", [("standard", "any", 1), ("german", "any", 2),
                                                    ("standard", "one_side", 3), ("german", "one_side", 4)])
def test_the_compiled_plan_search_picks_what_the_python_one_picks(variant, turning, seed):
    board = Board.of(STANDARD)
    records = []
    for policy in (greedy_reference, greedy_control):
        record: list = []
        play_game(Game(board, seed % 2, seed, variant == "german", turning == "one_side"), policy,
                  random.Random(seed), record)
        records.append(record)
    assert records[0] == records[1] and len(records[0]) > 3


def test_the_report_is_the_same_bytes_for_any_worker_count():
    request = SurveyRequest(STANDARD, 60, 11, "random", "german")
    one = json.dumps(report_json(request, run_survey(request, 1), "b.json"))
    two = json.dumps(report_json(request, run_survey(request, 2), "b.json"))
    assert one == two


def test_counts_add_up_and_the_report_fits_its_schema():
    request = SurveyRequest(STANDARD, 30, 5, "random")
    tally = run_survey(request)
    document = report_json(request, tally, None)
    validate(document, "crash-survey")
    assert document["games"] == 60
    first = document["first_player"]
    assert first["wins"]["count"] + first["losses"]["count"] + first["ties"]["count"] == 60
    sides = document["sides"]
    assert sides["p1"]["count"] + sides["p2"]["count"] + sides["ties"]["count"] == 30
    for cars in document["cars"].values():
        for fates in cars.values():
            assert sum(f["count"] for f in fates.values()) <= 60
    scored = sum(f["own_junkyard"]["count"] + f["other_junkyard"]["count"]
                 for cars in document["cars"].values() for f in cars.values())
    assert scored == round((document["mean_score"]["p1"] + document["mean_score"]["p2"]) * 60)


@pytest.mark.parametrize("count, total, low, high", [
    (0, 10, 0.0, 0.277533),          # Wilson: z^2 / (n + z^2) = 3.8415 / 13.8415
    (5, 10, 0.236593, 0.763407),
    (50, 100, 0.403832, 0.596168),
])
def test_wilson_intervals(count, total, low, high):
    assert wilson(count, total) == pytest.approx((low, high), abs=1e-6)


def test_the_command_line(tmp_path, capsys):
    board = tmp_path / "board.json"
    save_layout(STANDARD, board)
    report = tmp_path / "report.json"
    assert main(["survey", "--game", "crash", str(board), "--games", "4", "--seed", "2", "--policy", "random",
                 "--workers", "1", "-o", str(report)]) == 0
    out = capsys.readouterr().out
    assert "4 matches (8 games), policy random" in out and "first player wins" in out
    validate(json.loads(report.read_text()), "crash-survey")
    with pytest.raises(SystemExit):
        main(["survey", "--game", "crash", str(board)])          # no --games
    with pytest.raises(SystemExit):
        main(["survey", "--game", "crash", str(board), "--games", "2", "--players", "5"])
    assert "not an option of the Crash! survey" in capsys.readouterr().err
    broken = STANDARD.__class__(STANDARD.name, STANDARD.hexes, STANDARD.starts[1:], STANDARD.junkyards)
    save_layout(broken, board)
    assert main(["survey", "--game", "crash", str(board), "--games", "2", "--seed", "1"]) == 2
    assert "start-count" in capsys.readouterr().err


def test_the_survey_options_name_every_policy():
    # `crashgrab survey` declares --policy without importing the survey (survey/arguments.py).
    from crashgrab.engine.crash.survey.arguments import POLICY_NAMES

    assert sorted(POLICY_NAMES) == sorted(POLICIES)
