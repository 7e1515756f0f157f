"""Schema validation checks each distinct item of an array once (formats/schemas.py): the verdict,
and for an invalid file the message and JSON path, are exactly the plain validator's."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema.exceptions import best_match

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.schemas import _value_key, describe, quick_validator, validate, validator
from tests.conftest import LAYOUTS

SCENARIO = read_json(LAYOUTS / "scenarios" / "first-moves.json")
GOOD = {"saucer": "red", "card": "0-5", "distance": 1, "direction": "Sun"}
# Turns that differ from GOOD by one value: each valid or not by a rule worked out by hand.
VARIANTS = [
    (GOOD, True),
    ({**GOOD, "distance": 0}, True),
    ({**GOOD, "distance": 1.0}, False),    # a decimal where a whole number is needed
    ({**GOOD, "distance": True}, False),   # true/false is not a number in our formats
    ({**GOOD, "distance": 6}, False),      # above the maximum
    ({**GOOD, "card": "4"}, False),
    ({**GOOD, "direction": 1}, False),
    ({"saucer": "red", "card": "2", "direction": "Sun"}, True),
    ({"saucer": "red", "card": "2"}, False),  # no direction
    ({**GOOD, "extra": 1}, False),
    ({"end_round": True}, True),
]


def scenario_with(turns: list) -> dict:
    document = copy.deepcopy(SCENARIO)
    document["turns"] = turns
    return document


def plain_error(document: dict) -> tuple[str, str] | None:
    error = best_match(validator("scenario").iter_errors(document))
    return None if error is None else (error.json_path, describe(error)[0])


def reported_error(document: dict) -> tuple[str, str] | None:
    try:
        validate(document, "scenario")
    except InvalidFileError as error:
        return error.where, error.message
    return None


@pytest.mark.parametrize("first, second", [(1, 1.0), (1, True), (0, False), ("1", 1), ([1], [1.0]),
                                           ({"a": 1}, {"a": 1.0}), ({1: "x"}, {True: "x"}), (None, "null")])
def test_values_of_different_types_have_different_keys(first, second):
    assert _value_key(first) != _value_key(second)


def test_a_value_that_is_not_plain_json_has_no_key_so_it_is_always_checked():
    for value in [(1,), {1, 2}, [object()]]:
        with pytest.raises(TypeError):
            _value_key(value)


@pytest.mark.parametrize("turn, valid", VARIANTS)
def test_each_turn_alone_and_after_repeats_of_a_valid_one(turn, valid):
    for turns in ([turn], [GOOD, GOOD, turn], [turn, GOOD, turn, turn]):
        document = scenario_with(turns)
        assert quick_validator("scenario").is_valid(document) is valid
        assert validator("scenario").is_valid(document) is valid
        assert reported_error(document) == plain_error(document)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(len(VARIANTS))), max_size=12))
def test_a_list_of_repeated_turns_is_judged_and_reported_as_the_plain_validator_does(picks):
    document = scenario_with([copy.deepcopy(VARIANTS[i][0]) for i in picks])
    assert quick_validator("scenario").is_valid(document) == all(VARIANTS[i][1] for i in picks)
    assert reported_error(document) == plain_error(document)
