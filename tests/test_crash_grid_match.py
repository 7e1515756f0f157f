"""Crash Grid match play ("Play best of 3–5 rounds for match play"): rounds in one scenario
file, points added up, the match's winner once no one can catch the leader."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from crashgrab.engine.crash_grid.scenario_match import ScenarioRoundError, match_from_json, run_match, standing
from crashgrab.engine.crash_grid.system import SYSTEM
from crashgrab.engine.errors import InvalidFileError

FOLDER = Path(__file__).parent / "crash_grid_scenarios"


def _document(name):
    return json.loads((FOLDER / name).read_text())


# Worked by hand: each round gives at most 1 point, so the leader has won once it is ahead of every
# other rider by more than the rounds left.
@pytest.mark.parametrize("points, played, best_of, winner", [
    ({"spades": 1, "hearts": 0}, 1, 3, None),             # 2 left: hearts can still reach 2
    ({"spades": 2, "hearts": 0}, 2, 3, "spades"),         # 1 left: hearts reaches 1 at most
    ({"spades": 1, "hearts": 1}, 2, 3, None),
    ({"spades": 1, "hearts": 1}, 3, 3, None),             # all played, level: a tie
    ({"spades": 0, "hearts": 0}, 3, 3, None),             # every round without a point
    ({"spades": 1, "hearts": 0}, 3, 3, "spades"),         # the other rounds scored nothing
    ({"spades": 3, "hearts": 1}, 4, 5, "spades"),
    ({"spades": 2, "hearts": 1}, 3, 5, None),
    ({"spades": 2, "hearts": 0, "diamonds": 0}, 3, 4, "spades"),
    ({"spades": 1, "hearts": 1, "diamonds": 0}, 3, 4, None),
])
def test_standing(points, played, best_of, winner):
    assert standing(points, played, best_of) == winner


def test_best_of_5_is_decided_after_round_4():
    result = run_match(match_from_json(_document("match-best-of-5.json"), str(FOLDER / "match-best-of-5.json")))
    assert (result.points, result.winner, result.decided_after) == ({"spades": 3, "hearts": 1}, "spades", 4)
    assert [r.final.winner for r in result.rounds] == ["hearts", "spades", "spades", "spades"]


def test_a_round_after_the_match_is_decided_exits_2_naming_it():
    file = FOLDER / "bad" / "match-round-after-decided.json"
    with pytest.raises(ScenarioRoundError) as caught:
        run_match(match_from_json(_document("bad/match-round-after-decided.json"), str(file)))
    assert caught.value.exit_code == 2 and caught.value.where == "$.rounds[2]"
    assert "round 3: the match was decided after round 2" in str(caught.value)


def test_an_unfinished_round_cannot_be_followed_by_another():
    document = _document("match-tie.json")
    document["rounds"][0]["riders"][0]["facing"] = "south"    # spades no longer leaves the board
    document["rounds"][0]["riders"][1]["facing"] = "north"
    with pytest.raises(ScenarioRoundError) as caught:
        run_match(match_from_json(document, str(FOLDER / "match-tie.json")))
    assert caught.value.where == "$.rounds[0].tricks"
    assert "round 1 is not over (2 riders are still on the board)" in str(caught.value)


def test_an_illegal_trick_names_the_round_the_trick_and_the_rider():
    document = _document("match-tie.json")
    document["rounds"][2]["tricks"][0]["initiative"]["hearts"] = "AS"
    with pytest.raises(ScenarioRoundError) as caught:
        run_match(match_from_json(document, str(FOLDER / "match-tie.json")))
    assert caught.value.where == "$.rounds[2].tricks[0].initiative.hearts"
    assert "round 3, trick 1 (hearts): hearts and spades both reveal AS" in str(caught.value)
    assert caught.value.details() == {"round": 3, "trick": 1, "player": "hearts"}


@pytest.mark.parametrize("change, where, words", [
    (lambda d: d.update(tricks=[]), "$.tricks", "in match play each round holds its own tricks"),  # the schema
    (lambda d: d.update(best_of=3), "$.rounds", "4 rounds, but a match of best of 3 has at most 3"),
    (lambda d: d.update(expect={"winner": "spades"}), "$.expect.winner", "only \"match\""),
    (lambda d: d.update(deck={"hands": {"spades": ["AS"]}}), "$.deck.hands", "each round deals Deck A afresh"),
    (lambda d: d["rounds"][1]["riders"][0].update(at=[9, 9]), "$.rounds[1].riders[0].at", "outside the 6x6 arena"),
])
def test_bad_match_files_name_the_json_path(change, where, words):
    document = _document("match-best-of-5.json")
    change(document)
    with pytest.raises(InvalidFileError) as caught:
        match_from_json(document, str(FOLDER / "match-best-of-5.json"))
    assert caught.value.where == where and words in str(caught.value)


def test_a_round_without_riders_starts_from_the_layouts_starts_and_the_seed_moves_on_each_round():
    document = _document("match-tie.json")
    del document["rounds"][0]["riders"], document["rounds"][0]["expect"]
    document["deck"] = {"seed": 41}
    for round_ in document["rounds"]:
        round_["tricks"] = round_["tricks"][:0] if round_ is document["rounds"][0] else round_["tricks"]
    match = match_from_json(document, str(FOLDER / "match-tie.json"))
    first = match.rounds[0].initial
    assert {(r.suit, r.at, r.facing) for r in first.riders} == {("spades", (2, 0), "south"), ("hearts", (3, 5), "north")}
    assert [r.deck for r in match.rounds] == [{"seed": 41}, {"seed": 42}, {"seed": 43}]
    assert first.deck.hands != match.rounds[1].initial.deck.hands


def test_text_and_json_reports_add_the_match():
    file = str(FOLDER / "match-tie.json")
    run = SYSTEM.run_scenario_file(_document("match-tie.json"), file)
    text = run.text()
    assert "-- round 3 of at most 3" in text
    assert "match: round 1 nobody, round 2 hearts, round 3 spades; points: spades 1, hearts 1; a tie" in text
    report = run.to_json()
    assert set(report) == {"file", "name", "events", "final", "expect", "match"}
    assert report["match"]["points"] == {"spades": 1, "hearts": 1} and report["match"]["winner"] is None
    assert report["match"]["over"] is True
    assert {e["round"] for e in report["events"]} == {1, 2, 3}
