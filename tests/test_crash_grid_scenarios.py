"""Crash Grid scenarios: every hand-worked file passes, bad files stop with a clear message
naming the trick and the player, a wrong expectation fails, and files round-trip."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from crashgrab.engine.crash_grid.scenario import ScenarioTrickError, run_scenario
from crashgrab.engine.crash_grid.scenario_io import load_scenario, save_scenario, scenario_from_json
from crashgrab.engine.crash_grid.system import SYSTEM
from crashgrab.engine.play.runner import ScenarioFileError
from crashgrab.engine.errors import InvalidFileError

FOLDER = Path(__file__).parent / "crash_grid_scenarios"
GOOD = sorted(FOLDER.glob("*.json"))


def test_at_least_twelve_hand_worked_scenarios():
    assert len(GOOD) >= 12
    names = {p.stem for p in GOOD}
    assert {"initiative-tie-two", "initiative-tie-three", "head-on", "refresh-after-third-trick", "extended-mode",
            "own-trail-crash", "all-crash-no-point"} <= names


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_scenario_passes(path):
    result = SYSTEM.run_scenario_file(json.loads(path.read_text()), str(path)).result  # one round or a match
    assert result.checks, "every shipped scenario checks something"
    assert result.passed, [c.to_json() for c in result.failures]


@pytest.mark.parametrize("name, trick, suit, where, words", [
    ("move-used", 2, "spades", "$.tricks[1].moves.spades", "spades has already used K since the last refresh"),
    ("missing-move", 1, "hearts", "$.tricks[0].moves", "hearts plays no move card (unused since the refresh: J, Q, K)"),
    ("missing-initiative", 1, "spades", "$.tricks[0].initiative", "spades reveals no initiative card"),
    # Deck A is one 52-card deck (Components): a card is revealed once, from the rider's own hand
    ("wall-card-revealed-again", 2, "hearts", "$.tricks[1].initiative.hearts",
     "hearts reveals 9H, which is lying face down as a wall at [2,2]"),
    ("card-revealed-twice", 2, "hearts", "$.tricks[1].initiative.hearts",
     "hearts reveals 7C, which is lying face up on the table, revealed in an earlier trick"),
    ("card-in-another-hand", 1, "hearts", "$.tricks[0].initiative.hearts", "hearts reveals AS, which is in spades's hand"),
])
def test_bad_tricks_name_the_trick_and_the_player(name, trick, suit, where, words):
    scenario = load_scenario(FOLDER / "bad" / f"{name}.json")
    with pytest.raises(ScenarioTrickError) as caught:
        run_scenario(scenario)
    error = caught.value
    assert (error.number, error.error.suit, error.where, error.exit_code) == (trick, suit, where, 2)
    assert f"trick {trick} ({suit}): {words}" in str(error)


def test_a_rider_on_a_wall_is_a_file_error_with_its_path():
    with pytest.raises(InvalidFileError) as caught:
        load_scenario(FOLDER / "bad" / "rider-on-wall.json")
    assert caught.value.where == "$.riders[0].at"
    assert "[2,2] already holds a wall" in str(caught.value)


def _document(name):
    return json.loads((FOLDER / name).read_text())


def test_through_the_system_a_bad_file_exits_2():
    document = _document("bad/rider-on-wall.json")
    with pytest.raises(ScenarioFileError) as caught:
        SYSTEM.run_scenario_file(document, str(FOLDER / "bad" / "rider-on-wall.json"))
    assert caught.value.exit_code == 2


def test_a_wrong_expectation_fails_with_both_values():
    document = _document("head-on.json")
    document["expect"]["riders"]["hearts"]["at"] = [3, 2]
    result = run_scenario(scenario_from_json(document, str(FOLDER / "head-on.json")))
    assert not result.passed
    assert [c.to_json() for c in result.failures] == [{"what": "riders.hearts.at", "expected": [3, 2], "actual": None}]


@pytest.mark.parametrize("field, value, where", [
    ("riders", [{"suit": "spades", "at": [1, 1], "facing": "north", "used": ["J"]},
                {"suit": "hearts", "at": [3, 3], "facing": "north"}], "$.riders"),
    ("riders", [{"suit": "spades", "at": [9, 1], "facing": "north"}], "$.riders[0].at"),
    ("trails", [{"suit": "spades", "at": [2, 3]}], "$.trails[0].at"),
    ("tricks", [{"initiative": {"spades": "1S"}, "moves": {}}], "$.tricks[0].initiative.spades"),
])
def test_scenario_file_errors_name_the_json_path(field, value, where):
    document = _document("turn-example.json")
    document[field] = value
    with pytest.raises(InvalidFileError) as caught:
        scenario_from_json(document, str(FOLDER / "turn-example.json"))
    assert caught.value.where == where


@pytest.mark.parametrize("path", [FOLDER / "extended-mode.json", FOLDER / "template-4-opening.json",
                                  FOLDER / "deck-seeded-deal.json", FOLDER / "deck-hands-refill.json"],
                         ids=lambda p: p.stem)
def test_save_and_load_give_the_same_scenario(path, tmp_path):
    scenario = load_scenario(path)
    copy = tmp_path / path.name
    (tmp_path / "layouts").symlink_to(FOLDER / "layouts")
    save_scenario(scenario, copy)
    again = load_scenario(copy)
    assert (again.initial, again.tricks, again.expect, again.layout) == (
        scenario.initial, scenario.tricks, scenario.expect, scenario.layout)
    assert run_scenario(again).passed


def test_json_report_shape():
    file = str(FOLDER / "all-crash-no-point.json")
    run = SYSTEM.run_scenario_file(_document("all-crash-no-point.json"), file)
    report = run.to_json()
    assert set(report) == {"file", "name", "events", "final", "expect"}
    assert report["expect"] == {"passed": True, "failures": [], "checked": 7}
    assert [(e["turn"], e["kind"]) for e in report["events"]] == [(1, "order"), (1, "crash"), (1, "crash"),
                                                                    (1, "no-point")]
    assert report["final"]["winner"] is None and report["final"]["over"] is True
    assert run.text().endswith(f"PASS: {file}")


# --- Deck A ---------------------------------------------------------------------------------
def test_a_seeded_deal_reveals_only_from_the_hand():
    document = _document("deck-seeded-deal.json")
    document["tricks"][0]["initiative"]["spades"] = "10S"     # the pile's top, not yet drawn
    with pytest.raises(ScenarioTrickError) as caught:
        run_scenario(scenario_from_json(document, str(FOLDER / "deck-seeded-deal.json")))
    assert "trick 1 (spades): spades reveals 10S, which is not in its hand (its hand: 6D, JC, 4H, 2S, 2D)" in str(
        caught.value)


def test_the_same_seed_deals_the_same_and_another_seed_differently():
    def hands(seed):
        document = _document("deck-seeded-deal.json")
        document["deck"]["seed"] = seed
        return scenario_from_json(document, str(FOLDER / "deck-seeded-deal.json")).initial.deck.hands
    assert hands(7) == hands(7) and hands(7) != hands(8)


@pytest.mark.parametrize("deck, walls, where, words", [
    ({"hands": {"spades": ["AS"], "hearts": ["AS"]}}, [], "$.deck.hands.hearts[0]", "AS is in hearts's hand but already in spades's hand"),
    ({"table": ["9H"]}, [{"at": [0, 0], "card": "9H"}], "$.deck.table[0]", "9H is on the table but already face down"),
    ({"hands": {"clubs": ["2C"]}}, [], "$.deck.hands.clubs", "there is no clubs rider"),
])
def test_a_card_in_two_places_is_refused_at_its_path(deck, walls, where, words):
    document = _document("deck-hands-refill.json")
    document["deck"], document["walls"] = deck, walls
    with pytest.raises(InvalidFileError) as caught:
        scenario_from_json(document, str(FOLDER / "deck-hands-refill.json"))
    assert caught.value.where == where and words in str(caught.value)


def test_existing_scenarios_open_deck_names_no_card_and_keeps_its_report():
    scenario = load_scenario(FOLDER / "extended-mode.json")
    deck = scenario.initial.deck
    assert not deck.seeded and deck.hands == () and dict(deck.hidden) == {"spades": 5, "hearts": 5}
    final = run_scenario(scenario).final.deck
    assert dict(final.walls) == {(2, 2): "9H", (3, 2): "6D"}     # extended mode's face-down cards
    assert final.table == ("4C", "8C")
