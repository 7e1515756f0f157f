"""schema_check.fits (a valid document told valid without jsonschema) judges as jsonschema does:
on every JSON file of the repository against every schema, on random edits of the shipped
files, and on repeated turns; and validate() reports jsonschema's own message and path."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema.exceptions import best_match

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.schema_check import Unsupported, _value_key, fits
from crashgrab.engine.formats.schemas import describe, validate, validator
from crashgrab.engine.resources import schema_files
from tests.conftest import LAYOUTS, ROOT

NAMES = [f.name[:-len(".schema.json")] for f in schema_files()]
FILES = sorted(p for folder in ("layouts", "tests") for p in (ROOT / folder).rglob("*.json"))


def loaded(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None


def same_verdict(document, name: str) -> None:
    try:
        quick = fits(document, name)
    except Unsupported:
        return  # jsonschema decides: nothing to compare
    assert quick == validator(name).is_valid(document), name


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_every_json_file_of_the_repository_is_judged_as_jsonschema_judges_it(path):
    document = loaded(path)
    if document is None:
        pytest.skip("not JSON")
    for name in NAMES:
        same_verdict(document, name)


SHIPPED = [("crash-grab-layout", read_json(LAYOUTS / "standard-6p.json")),
           ("crash-grab-tileset", read_json(LAYOUTS / "tilesets" / "standard.json")),
           ("crash-grab-scenario", read_json(LAYOUTS / "scenarios" / "stealing-crew.json"))]
VALUES = st.sampled_from([0, 1, -1, 90, 90.0, 1.5, True, False, None, "", "x", "A", "north", "red", [], [0, 0], [1.0, 2],
                          {}, {"x": 1}, 10 ** 20, "1"])


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(SHIPPED))), st.data())
def test_random_edits_of_the_shipped_files_are_judged_as_jsonschema_judges_them(which, data):
    name, original = SHIPPED[which]
    document = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(list(paths(document))))
        if not where:
            continue
        parent = document
        for step in where[:-1]:
            parent = parent[step]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = copy.deepcopy(data.draw(VALUES))  # a fresh value: the sampled ones are shared
    same_verdict(document, name)
    expected = best_match(validator(name).iter_errors(document))
    try:
        validate(document, name)
        reported = None
    except InvalidFileError as error:
        reported = (error.where, error.message)
    assert reported == (None if expected is None else (expected.json_path, describe(expected)[0]))


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


@pytest.mark.parametrize("turn, valid", VARIANTS)
def test_each_turn_alone_and_after_repeats_of_a_valid_one(turn, valid):
    for turns in ([turn], [GOOD, GOOD, turn], [turn, GOOD, turn, turn]):
        document = scenario_with(turns)
        assert fits(document, "crash-grab-scenario") is valid
        assert validator("crash-grab-scenario").is_valid(document) is valid


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(len(VARIANTS))), max_size=12))
def test_a_list_of_repeated_turns_is_judged_as_each_of_its_turns(picks):
    document = scenario_with([copy.deepcopy(VARIANTS[i][0]) for i in picks])
    assert fits(document, "crash-grab-scenario") == all(VARIANTS[i][1] for i in picks)


@pytest.mark.parametrize("first, second", [(1, 1.0), (1, True), (0, False), ("1", 1), ([1], [1.0]),
                                           ({"a": 1}, {"a": 1.0}), ({1: "x"}, {True: "x"}), (None, "null")])
def test_values_of_different_types_have_different_keys(first, second):
    assert _value_key(first) != _value_key(second)


def test_a_value_that_is_not_plain_json_has_no_key_so_it_is_always_checked():
    for value in [(1,), {1, 2}, [object()]]:
        with pytest.raises(TypeError):
            _value_key(value)
