"""Movement, collisions, pushes, Accelerators and crashes, table-driven on drawn boards.

Every expected outcome below was worked out by hand from the rules (issue 4, rule 2)
and the push_distance rulings; see docs/rulings.md.
"""
from __future__ import annotations

import pytest

from crashgrab.engine.crash_and_grab.rules import Boost, Collision, IllegalAction, MissingChoice, Turn, apply
from tests.rules_support import game, kinds, saucer_rows

E = "east"

CASES = [
    # id, board before, turn, push_distance, game options, board after, event kinds
    ("card 3 moves 3 after an energy", ["R......."], Turn("red", "3", direction=E), "remaining", {},
     ["...R...."], ["bonus", "move", "move", "move"]),
    ("card 2 moves 2 after a booster", ["R......."], Turn("red", "2", direction=E), "remaining", {},
     ["..R....."], ["bonus", "move", "move"]),
    ("card 0-5 with 0 does nothing", ["R..."], Turn("red", "0-5", 0, direction=E), "remaining", {},
     ["R..."], []),
    ("a marker name is a direction (Asteroids is east here)", ["R......."],
     Turn("red", "0-5", 4, direction="Asteroids"), "remaining", {}, ["....R..."], ["move"] * 4),
    ("Crash Sites are passed through", ["R1.."], Turn("red", "3", direction=E), "remaining", {},
     [".1.R"], ["bonus", "move", "move", "move"]),
    ("off the edge: crash, movement ends", ["..R"], Turn("red", "3", direction=E), "remaining", {},
     ["..."], ["bonus", "crash", "penalty"]),
    ("into a hole: crash", ["R.#..."], Turn("red", "3", direction=E), "remaining", {},
     ["..#..."], ["bonus", "move", "crash", "penalty"]),
    ("push with 1 left: pushed 1 (remaining)", ["R.B....."], Turn("red", "3", direction=E), "remaining", {},
     ["..RB...."], ["bonus", "move", "collision", "move", "move"]),
    ("push with 1 left: pushed 3 (full)", ["R.B....."], Turn("red", "3", direction=E), "full", {},
     ["..R..B.."], ["bonus", "move", "collision", "move", "move", "move", "move"]),
    ("hit on the last space: pushed 1 (remaining)", ["R.B....."], Turn("red", "2", direction=E), "remaining", {},
     ["..RB...."], ["bonus", "move", "collision", "move", "move"]),
    ("hit on the last space: pushed 2 (full)", ["R.B....."], Turn("red", "2", direction=E), "full", {},
     ["..R.B..."], ["bonus", "move", "collision", "move", "move", "move"]),
    ("contact push, 0-5 for 5 (remaining: 4)", ["RB......"], Turn("red", "0-5", 5, direction=E), "remaining", {},
     [".R...B.."], ["collision"] + ["move"] * 5),
    ("contact push, 0-5 for 5 (full: 5)", ["RB......"], Turn("red", "0-5", 5, direction=E), "full", {},
     [".R....B."], ["collision"] + ["move"] * 6),
    ("chain: 4 then 3 (remaining)", ["RBG....."], Turn("red", "0-5", 5, direction=E), "remaining", {},
     [".RB..G.."], ["collision", "collision"] + ["move"] * 5),
    ("chain: 5 then 5 (full)", ["RBG....."], Turn("red", "0-5", 5, direction=E), "full", {},
     [".RB....G"], ["collision", "collision"] + ["move"] * 7),
    ("last-space chain: each pushed 1 (remaining)", [".RB.G..."], Turn("green", "2", direction="west"), "remaining", {},
     ["RBG....."], ["bonus", "move", "collision", "collision", "move", "move", "move"]),
    ("pushed off the board", ["..RB"], Turn("red", "3", direction=E), "remaining", {},
     ["...R"], ["bonus", "collision", "crash", "move", "penalty"]),
    ("pushed onto an Accelerator: again 2, same way (remaining)", ["RB.>...."], Turn("red", "3", direction=E),
     "remaining", {}, [".R.>.B.."], ["bonus", "collision", "move", "move", "accelerator", "move", "move", "move"]),
    ("pushed onto an Accelerator: again 3, same way (full)", ["RB.>...."], Turn("red", "3", direction=E),
     "full", {}, [".R.>..B."], ["bonus", "collision", "move", "move", "accelerator"] + ["move"] * 4),
    ("a pushed saucer keeps the direction, no choice asked", ["RB>...", "......"], Turn("red", "3", direction=E),
     "remaining", {}, [".R>.B.", "......"], ["bonus", "collision", "move", "accelerator", "move", "move", "move"]),
    ("pushed via an Accelerator into a third saucer (remaining)", ["RB>.G..."], Turn("red", "0-5", 3, direction=E),
     "remaining", {}, [".R>.BG.."],
     ["collision", "move", "accelerator", "move", "collision", "move", "move", "move"]),
    ("pushed via an Accelerator into a third saucer (full)", ["RB>.G..."], Turn("red", "0-5", 3, direction=E),
     "full", {}, [".R>.B..G"],
     ["collision", "move", "accelerator", "move", "collision", "move", "move", "move", "move", "move"]),
    ("own Accelerator: the owner turns south", ["R.>..", ".....", "....."],
     Turn("red", "2", direction=E, accelerators=("south",)), "remaining", {},
     ["..>..", ".....", "..R.."], ["bonus", "move", "move", "accelerator", "move", "move"]),
    ("own Accelerator chain, 1 space each", ["R>>.."], Turn("red", "0-5", 1, direction=E, accelerators=("east", "east")),
     "remaining", {}, [".>>R."], ["move", "accelerator", "move", "accelerator", "move"]),
    ("own Accelerator choice off the board: crash", ["R>"], Turn("red", "0-5", 1, direction=E, accelerators=("north",)),
     "remaining", {}, [".>"], ["move", "accelerator", "crash", "penalty"]),
    ("hitting a saucer on an Accelerator ends the move there (ruling)", ["R.>...."],
     Turn("red", "3", direction=E), "remaining", {"places": {"blue": (2, 0)}},
     ["..RB..."], ["bonus", "move", "collision", "move", "move"]),
    ("boost: the same distance, another direction", ["R....", ".....", "....."],
     Turn("red", "0-5", 2, direction=E, boost=Boost("south")), "remaining", {"boosters": {"red": 1}},
     [".....", ".....", "..R.."], ["move", "move", "boost", "move", "move"]),
    ("boost with its own Accelerator choice", ["R.>..", ".....", "....."],
     Turn("red", "2", direction=E, accelerators=("east",), boost=Boost("west", ("south",))), "remaining", {},
     ["..>..", ".....", "..R.."],
     ["bonus", "move", "move", "accelerator", "move", "move", "boost", "move", "move", "accelerator", "move", "move"]),
]


@pytest.mark.parametrize("name, before, turn, ruling, options, after, expected_kinds", CASES, ids=[c[0] for c in CASES])
def test_movement(name, before, turn, ruling, options, after, expected_kinds):
    state = game(before, push_distance=ruling, **options)
    new_state, events = apply(state, turn)
    assert saucer_rows(new_state) == after
    assert kinds(events) == expected_kinds


def test_push_distance_is_recorded_on_the_collision():
    state = game(["RBG....."], push_distance="remaining")
    _, events = apply(state, Turn("red", "0-5", 5, direction=E))
    collisions = [e for e in events if isinstance(e, Collision)]
    assert [(c.saucer, c.other, c.at, c.push_distance) for c in collisions] == [
        ("red", "blue", (1, 0), 4), ("blue", "green", (2, 0), 3)]
    assert collisions[0].describe() == "red pushed blue 4 spaces east from [1,0]"


def test_own_accelerator_without_a_direction_asks_for_one():
    state = game(["..", "R>", ".."])
    with pytest.raises(MissingChoice) as caught:
        apply(state, Turn("red", "0-5", 1, direction=E))
    missing = caught.value
    assert (missing.choice, missing.saucer, missing.at, missing.phase) == ("accelerator", "red", (1, 1), "move")
    assert missing.options == ["east", "south", "west", "north"]  # the way it was going, then clockwise
    assert "accelerator" in str(missing) and "east, south, west, north" in str(missing)


def test_answering_the_accelerator_choice_continues_the_move():
    state = game(["..", "R>", ".."])
    turn = Turn("red", "0-5", 1, direction=E)
    with pytest.raises(MissingChoice) as caught:
        apply(state, turn)
    new_state, _ = apply(state, turn.answered(caught.value, "south"))
    assert new_state.saucers["red"].at == (1, 2)


def test_a_boost_accelerator_choice_says_it_is_for_the_boost():
    state = game(["R.>", "...", "..."], boosters={"red": 1})
    turn = Turn("red", "0-5", 1, direction=E, boost=Boost("east"))
    with pytest.raises(MissingChoice) as caught:
        apply(state, turn)
    assert caught.value.phase == "boost" and caught.value.at == (2, 0)
    answered = turn.answered(caught.value, "south")
    assert answered.boost.accelerators == ("south",) and answered.accelerators == ()
    assert apply(state, answered)[0].saucers["red"].at == (2, 1)


@pytest.mark.parametrize("turn, boosters, message", [
    (Turn("red", "0-5", 1, direction=E, boost=Boost("south")), 0, "no booster"),
    (Turn("red", "0-5", 3, direction=E, boost=Boost("south")), 1, "crashed during its move"),
    (Turn("red", "0-5", 1, direction=E, accelerators=("south",)), 0, "no Accelerator used"),
    (Turn("red", "0-5", 1, direction=E, boost=Boost("sideways")), 1, "not a direction"),
])
def test_illegal_turns_change_nothing(turn, boosters, message):
    state = game(["R..", "..."], boosters={"red": boosters})
    before = game(["R..", "..."], boosters={"red": boosters})
    with pytest.raises(IllegalAction, match=message):
        apply(state, turn)
    assert state == before
