"""The placement die: scripted results, the seeded generator kept in the state, and where
each roll comes from."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, strategies as st

from crashgrab.engine.crash_and_grab.rules import EndRound, IllegalAction, MissingChoice, MissingDieResult, Turn, apply, apply_event
from crashgrab.engine.crash_and_grab.rules.dice import GOLDEN, MASK, next_free_site, roll, seed_state
from tests.rules_support import game


def rolls(seed: int, count: int) -> list[int]:
    state, results = seed_state(seed), []
    for _ in range(count):
        result, state = roll(state)
        results.append(result)
    return results


def test_same_seed_same_rolls_and_seeds_differ():
    assert rolls(42, 50) == rolls(42, 50)
    assert rolls(42, 50) != rolls(43, 50)


def test_every_face_comes_up_about_equally():
    counts = Counter(rolls(1, 12_000))
    assert set(counts) == set(range(1, 13))
    assert all(850 < n < 1150 for n in counts.values())  # 1000 each expected; deterministic, not flaky


@given(st.integers(0, MASK), st.integers(0, 200))
def test_the_state_after_n_rolls_is_the_seed_advanced_n_times(seed, n):
    state = seed_state(seed)
    for _ in range(n):
        state = roll(state)[1]
    assert state == (seed + n * GOLDEN) & MASK
    # so any state is a seed: continuing from it gives the same next roll
    assert roll(state) == roll(seed_state(state))


@pytest.mark.parametrize("result, taken, tried", [
    (5, set(), [5]),
    (12, {12}, [12, 1]),
    (11, {11, 12, 1, 2}, [11, 12, 1, 2, 3]),
    (1, set(range(1, 13)) - {12}, list(range(1, 13))),
    (4, set(range(1, 13)), []),
])
def test_taken_sites_add_one_and_12_wraps_to_1(result, taken, tried):
    assert next_free_site(result, taken.__contains__) == tried


def crashed_red(**options):
    return game(["1.", ".2", "3B"], off_board=("red",), **options)


@pytest.mark.parametrize("options, turn_dice, site, source, dice_left, rng_changes", [
    ({"dice": (2, 3)}, (), 2, "script", (3,), False),
    ({"dice": (2,), "seed": 5}, (), 2, "script", (), False),
    ({"dice": (2,), "seed": 5}, (1,), 1, "action", (2,), False),
    ({"seed": 5}, (), None, "seed", (), True),
])
def test_where_a_roll_comes_from(options, turn_dice, site, source, dice_left, rng_changes):
    state = crashed_red(**options)
    choices = {"die": list(turn_dice)} if turn_dice else {}
    new_state, events = apply(state, Turn("red", "0-5", 0, direction="east", choices=choices))
    place = events[0]
    assert place.kind == "place" and place.source == source
    if site is not None:
        assert place.site == site
    else:
        assert place.roll == roll(seed_state(5))[0]
    assert new_state.dice == dice_left
    assert (new_state.rng != state.rng) == rng_changes
    assert apply_event(state, place) == new_state


def test_no_die_result_and_no_seed_is_a_missing_die_result():
    state = crashed_red()
    with pytest.raises(MissingDieResult) as caught:
        apply(state, Turn("red", "3", direction="east"))
    assert isinstance(caught.value, MissingChoice) and caught.value.choice == "die"
    assert caught.value.options == list(range(1, 13))
    assert caught.value.what == "red"
    assert "needs a placement die result" in str(caught.value) and '"seed"' in str(caught.value)
    with pytest.raises(MissingDieResult):
        apply(state, EndRound())
    assert apply(state, EndRound({"die": [3]}))[0].saucers["red"].at == (0, 2)


def test_a_turns_die_result_must_be_1_to_12():
    with pytest.raises(IllegalAction, match="not a number from 1 to 12"):
        apply(crashed_red(), Turn("red", "3", direction="east", choices={"die": [13]}))


def test_a_missing_crash_site_number_counts_as_taken():
    # Only sites 1, 2, 3 exist; a roll of 7 tries 7..12, then wraps to 1.
    state = crashed_red(dice=(7,))
    events = apply(state, Turn("red", "0-5", 0, direction="east"))[1]
    assert events[0].tried == (7, 8, 9, 10, 11, 12, 1) and events[0].at == (0, 0)
