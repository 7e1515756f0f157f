"""The named rulings under both settings, and the rulebook readings that are not settings
(docs/rulings.md): passing crewmembers leg by leg, a boost of 0, Pilots at the front."""
from __future__ import annotations

from dataclasses import replace

import pytest

from crashgrab.engine.crash_and_grab.rules import Boost, Crew, IllegalAction, MissingChoice, Rulings, Turn, apply
from crashgrab.engine.crash_and_grab.rules.pieces import HandOver
from crashgrab.engine.crash_and_grab.scenario_file import scenario_from_json
from tests.rules_support import game, kinds
from tests.test_rules_scenarios import BASE_FILE, base

TWO_PLAYERS = [("p1", ("red", "yellow")), ("p2", ("blue", "green"))]


def crew(text: str) -> Crew:
    return Crew(*text.split())


def test_the_defaults_are_the_rulebook_readings():
    assert Rulings().to_json() == {"push_distance": "remaining", "own_saucer_crash": "mover",
                                   "two_player_win": "each_saucer", "replacement_queue": "same_colour"}
    with pytest.raises(ValueError, match="own_saucer_crash must be one of"):
        Rulings(own_saucer_crash="nobody")


# --- own_saucer_crash --------------------------------------------------------------------------
# Red at [0,0] plays 0-5 for 1 east and hits its own yellow at [1,0] with 0 spaces left: yellow is
# pushed 1, off the east edge. That counts as a crash on its own turn; p2 (blue, green) has 0
# stationed on both saucers, so p1 chooses the receiver (keyed by the crashed saucer, yellow).
@pytest.mark.parametrize("setting, giver, given, kept", [
    ("mover", "red", "green doctor", "blue pilot"),       # "whichever saucer's turn it currently is"
    ("crashed", "yellow", "blue pilot", "green doctor"),
])
def test_own_saucer_crash(setting, giver, given, kept):
    state = game(["RY", "BG"], players=TWO_PLAYERS, held={"red": [crew("green doctor")], "yellow": [crew("blue pilot")]},
                 own_saucer_crash=setting)
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east"))
    assert (caught.value.choice, caught.value.saucer, caught.value.options) == ("receiver", "yellow", ["blue", "green"])
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east", choices={"receiver": {"yellow": "blue"}}))
    assert kinds(events) == ["collision", "crash", "move", "penalty"]
    penalty = events[-1]
    assert (penalty.saucer, penalty.outcome, penalty.giver, penalty.receiver, penalty.crew) == (
        "yellow", "give", giver, "blue", crew(given))
    assert new_state.saucers["blue"].held == (crew(given),)
    assert crew(kept) in new_state.saucers["red"].held + new_state.saucers["yellow"].held


def test_own_saucer_crash_mover_with_nothing_to_give():
    state = game(["RY", "BG"], players=TWO_PLAYERS, held={"yellow": [crew("blue pilot")]})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east"))
    assert (events[-1].outcome, events[-1].giver) == ("nothing", "red")
    assert "red has no off-coloured crewmember" in events[-1].describe()
    assert new_state.saucers["yellow"].held == (crew("blue pilot"),)


# --- two_player_win ------------------------------------------------------------------------------
# Red at [0,0] plays 0-5 for 1 east and picks up the blue engineer at [1,0] (its replacement, the
# blue pilot, goes to Crash Site 2 when the game goes on).
@pytest.mark.parametrize("red, yellow, setting, wins", [
    # between them red and yellow have all four, neither alone: only "combined" wins
    (["green pilot", "red scientist"], ["yellow doctor"], "combined", True),
    (["green pilot", "red scientist"], ["yellow doctor"], "each_saucer", False),
    # yellow has all four and red completes its own: both settings win
    (["green pilot", "red scientist", "red doctor"], ["yellow pilot", "yellow scientist", "yellow doctor",
                                                      "yellow engineer"], "each_saucer", True),
    (["green pilot", "red scientist", "red doctor"], ["yellow pilot", "yellow scientist", "yellow doctor",
                                                      "yellow engineer"], "combined", True),
    # red completes its own but yellow lacks the engineer: "a crewmember at every station ... (both saucers)"
    (["green pilot", "red scientist", "red doctor"], ["yellow pilot"], "each_saucer", False),
])
def test_two_player_win(red, yellow, setting, wins):
    state = game(["R1.Y", "B2.G"], players=TWO_PLAYERS, crew={(1, 0): crew("blue engineer")}, dice=(1,),
                 held={"red": [crew(c) for c in red], "yellow": [crew(c) for c in yellow]}, two_player_win=setting)
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east"))
    assert ("win" in kinds(events)) is wins
    assert new_state.winner == ("p1" if wins else None)


def test_one_saucer_each_wins_the_same_under_both_settings():
    for setting in ("each_saucer", "combined"):
        state = game(["R1B"], crew={(1, 0): crew("blue engineer")},
                     held={"red": [crew("red pilot"), crew("red scientist"), crew("red doctor")]}, two_player_win=setting)
        assert apply(state, Turn("red", "0-5", 1, direction="east"))[0].winner == "p1"


# --- replacement_queue ---------------------------------------------------------------------------
# Red at [0,0] plays 0-5 for 1 east and picks up the blue pilot on Crash Site 1 at [1,0]; die 1:
# red now stands on site 1, so the replacement goes to site 2 at [0,1].
def test_replacement_queue_same_colour_takes_the_picked_up_colour_without_asking():
    state = game(["R1", "2."], crew={(1, 0): crew("blue pilot")}, dice=(1,))
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east"))
    assert kinds(events) == ["move", "pickup", "place"]
    assert dict(new_state.crew) == {(0, 1): crew("blue scientist")}  # "the front of that color's queue"
    with pytest.raises(IllegalAction, match="'lost_crew' answer"):
        apply(state, Turn("red", "0-5", 1, direction="east", choices={"lost_crew": ["green"]}))


def test_replacement_queue_same_colour_with_that_queue_empty_asks_for_another():
    state = game(["R1", "2."], crew={(1, 0): crew("blue pilot")}, dice=(1,))
    state = replace(state, lost=state.lost.with_item("blue", ()))
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east"))
    assert caught.value.choice == "lost_crew" and "blue" not in caught.value.options
    new_state, _ = apply(state, Turn("red", "0-5", 1, direction="east", choices={"lost_crew": ["green"]}))
    assert dict(new_state.crew) == {(0, 1): crew("green pilot")}


def test_replacement_queue_any_lets_the_player_choose():
    state = game(["R1", "2."], crew={(1, 0): crew("blue pilot")}, dice=(1,), replacement_queue="any")
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction="east"))
    assert caught.value.options == ["red", "yellow", "green", "blue", "purple", "orange"]
    new_state, _ = apply(state, Turn("red", "0-5", 1, direction="east", choices={"lost_crew": ["green"]}))
    assert dict(new_state.crew) == {(0, 1): crew("green pilot")}


# --- passing crewmembers, leg by leg --------------------------------------------------------------
# Red at [0,0] plays 2 east: [1,0], then the Accelerator at [2,0], next to yellow at [2,1] (leg 1
# ends there); red turns east for 2 more: [3,0], [4,0], not next to yellow (leg 2).
LEGS = ["R.>..", "..Y..", "B...G"]


def legs_game(**options):
    return game(LEGS, players=TWO_PLAYERS, held={"red": [crew("red doctor")], "yellow": [crew("yellow engineer")]},
                **options)


def test_a_hand_over_at_the_end_of_the_leg_that_ends_side_by_side():
    turn = Turn("red", "2", direction="east", accelerators=("east",),
                choices={"handover": [HandOver(crew("red doctor"), 1), HandOver(crew("yellow engineer"), 1)]})
    new_state, events = apply(legs_game(), turn)
    assert kinds(events) == ["bonus", "move", "move", "transfer", "transfer", "accelerator", "move", "move"]
    assert new_state.saucers["yellow"].held == (crew("red doctor"),)
    assert new_state.saucers["red"].held == (crew("yellow engineer"),) and new_state.saucers["red"].at == (4, 0)


@pytest.mark.parametrize("item, message", [
    (HandOver(crew("red doctor")), "not side by side after leg 2"),          # no leg: after the last leg
    (HandOver(crew("red doctor"), 2), "not side by side after leg 2"),
    (HandOver(crew("red doctor"), 3), "had only 2 leg"),
])
def test_no_hand_over_after_a_leg_that_ends_apart(item, message):
    turn = Turn("red", "2", direction="east", accelerators=("east",), choices={"handover": [item]})
    with pytest.raises(IllegalAction, match=message):
        apply(legs_game(), turn)


def test_a_boost_is_a_leg_too():
    # after the move red is at [4,0]; it boosts west 2: [3,0], then the Accelerator at [2,0]
    # (leg 3 ends next to yellow), turns west for 2 more: [1,0], [0,0] (leg 4)
    turn = Turn("red", "2", direction="east", accelerators=("east",), boost=Boost("west", ("west",)),
                choices={"handover": [HandOver(crew("yellow engineer"), 3)]})
    new_state, events = apply(legs_game(), turn)
    assert kinds(events)[:8] == ["bonus", "move", "move", "accelerator", "move", "move", "boost", "move"]
    assert kinds(events)[8:] == ["move", "transfer", "accelerator", "move", "move"]
    assert new_state.saucers["red"].at == (0, 0) and crew("yellow engineer") in new_state.saucers["red"].held


def test_a_hand_over_can_complete_a_set():
    # red has all four stations; its own red doctor, an extra, completes yellow: p1 wins at once
    red = ["green pilot", "blue scientist", "purple doctor", "orange engineer", "red doctor"]
    state = game(["R.Y", "B.."], players=[("p1", ("red", "yellow")), ("p2", ("blue",))],
                 held={"red": [crew(c) for c in red],
                       "yellow": [crew("yellow pilot"), crew("yellow scientist"), crew("yellow engineer")]})
    new_state, events = apply(state, Turn("red", "0-5", 1, direction="east",
                                          choices={"handover": [HandOver(crew("red doctor"))]}))
    assert kinds(events) == ["move", "transfer", "win"] and new_state.winner == "p1"


# --- a boost of 0 -------------------------------------------------------------------------------
def test_a_boost_of_0_is_not_a_boost():
    state = game(["R.."], boosters={"red": 1})
    with pytest.raises(IllegalAction, match="a boost of 0 is not a boost"):
        apply(state, Turn("red", "0-5", 0, direction="east", boost=Boost("east")))
    assert state.saucers["red"].boosters == 1
    assert apply(state, Turn("red", "0-5", 0, direction="east"))[1] == ()


# --- version 1 scenario files keep the earlier readings -----------------------------------------------
@pytest.mark.parametrize("version, rulings, expected", [
    (1, None, Rulings(own_saucer_crash="crashed", two_player_win="combined", replacement_queue="any")),
    (1, {"replacement_queue": "same_colour"}, Rulings(own_saucer_crash="crashed", two_player_win="combined")),
    (2, None, Rulings()),
    (2, {"own_saucer_crash": "crashed"}, Rulings(own_saucer_crash="crashed")),
])
def test_scenario_versions_and_rulings(version, rulings, expected):
    document = base()
    document["version"] = version
    document.pop("rulings")
    document["turns"] = []
    if rulings is not None:
        document["rulings"] = rulings
    assert scenario_from_json(document, BASE_FILE).initial.rulings == expected
