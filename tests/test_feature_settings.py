"""Typed feature settings (engine/feature_settings.py) and a picture in words (engine/picture_words.py):
the validator's messages, the legend's and tool tips' text, worked out by hand."""
from __future__ import annotations

import jsonschema
import pytest
from hypothesis import given, settings as hypothesis_settings, strategies as st

from crashgrab.engine.feature_settings import Setting, describe_settings, settings_schema, settings_with_defaults
from crashgrab.engine.grid.hex import HEX
from crashgrab.engine.grid.square import SQUARE
from crashgrab.engine.picture_words import cell_words, facing_words, legend_entries, piece_words
from crashgrab.engine.system import BoardPicture, FeatureKind, PlacedFeature, PlayingPiece

from .picture_game import FLAMETHROWER, SYSTEM as SPARKS, SQUARE_SYSTEM

STEPS = Setting("steps", "steps")
BEAMS = Setting("beams", "int", maximum=3, default=1)
SPEED = Setting("speed", "choice", choices=("slow", "fast"), default="slow")
TINT = Setting("tint", "colour", default="#dc2626")
EXPRESS = Setting("express", "bool")
PUSHER = FeatureKind("pusher", "Pusher", settings=(STEPS, BEAMS, SPEED, TINT, EXPRESS))


@pytest.mark.parametrize("values, problems", [
    ({"steps": [2, 4]}, []),
    ({"steps": [5, 1, 3], "beams": 3, "speed": "fast", "tint": "#00ff00", "express": True}, []),
    ({}, ['Pusher at [3,4] needs its setting "steps": give a list of steps from 1 to 5, each at most once, e.g. [2, 4].']),
    ({"steps": []}, ['Pusher at [3,4]: setting "steps" lists no step ([]); give a list of steps from 1 to 5, '
                     'each at most once, e.g. [2, 4].']),
    ({"steps": [2, 7]}, ['Pusher at [3,4]: setting "steps" has 7, which is not a step from 1 to 5 ([2, 7]); '
                         'give a list of steps from 1 to 5, each at most once, e.g. [2, 4].']),
    ({"steps": [3, 1, 3]}, ['Pusher at [3,4]: setting "steps" lists step 3 twice ([3, 1, 3]); give a list of steps '
                            'from 1 to 5, each at most once, e.g. [2, 4].']),
    ({"steps": "2, 4"}, ['Pusher at [3,4]: setting "steps" is not a list of steps ("2, 4"); give a list of steps '
                         'from 1 to 5, each at most once, e.g. [2, 4].']),
    ({"steps": [1], "beams": 4}, ['Pusher at [3,4]: setting "beams" is out of range (4); give a whole number from 1 to 3.']),
    ({"steps": [1], "beams": True}, ['Pusher at [3,4]: setting "beams" is not a whole number (true); '
                                     'give a whole number from 1 to 3.']),
    ({"steps": [1], "speed": "warp"}, ['Pusher at [3,4]: setting "speed" is not one of its choices ("warp"); '
                                       'give one of "slow", "fast".']),
    ({"steps": [1], "tint": "red"}, ['Pusher at [3,4]: setting "tint" is not a colour ("red"); '
                                     'give a colour written "#rrggbb", e.g. "#dc2626".']),
    ({"steps": [1], "express": 1}, ['Pusher at [3,4]: setting "express" is not true or false (1); give true or false.']),
    ({"steps": [1], "colour": "#000000"}, ['Pusher at [3,4] has no setting "colour"; its settings are "steps", '
                                           '"beams", "speed", "tint", "express".']),
])
def test_the_validator_names_the_feature_the_setting_and_the_fix(values, problems):
    assert PUSHER.settings_problems(values, "at [3,4]") == problems


def test_a_kind_without_settings_refuses_any():
    wall = FeatureKind("wall", "Wall", on_edge=True)
    assert wall.settings_problems({}) == []
    assert wall.settings_problems({"steps": [1]}) == ['Wall has no setting "steps"; a Wall has no settings.']


def test_a_systems_check_of_a_placed_feature_says_where_it_is():
    flame = PlacedFeature("flamethrower", (1, -1), edge="east", settings={"steps": [0]})
    assert SPARKS.feature_settings_problems(flame) == [
        'Flamethrower at [1,-1] east: setting "steps" has 0, which is not a step from 1 to 5 ([0]); '
        'give a list of steps from 1 to 5, each at most once, e.g. [2, 4].']
    assert SPARKS.feature_settings_problems(PlacedFeature("geyser", (0, 0))) == [
        '[0,0]: Sparks (picture test) has no feature "geyser".']


@pytest.mark.parametrize("declaration", [
    dict(name="x", kind="float"), dict(name="x", kind="choice"), dict(name="x", kind="int", minimum=3, maximum=2),
    dict(name="x", kind="int", maximum=3, default=9),
])
def test_a_wrong_declaration_is_a_programming_error(declaration):
    with pytest.raises(ValueError):
        Setting(**declaration)


@pytest.mark.parametrize("values, words", [
    ({"steps": [4, 2]}, "Pusher, steps 2, 4, beams 1, speed slow, tint #dc2626"),
    ({"steps": [3], "beams": 2, "speed": "fast", "express": True}, "Pusher, step 3, beams 2, speed fast, tint #dc2626, express"),
])
def test_describe_gives_every_setting_defaults_included(values, words):
    assert PUSHER.describe(settings=values) == words


def test_describe_without_settings_reads_as_before():
    assert FeatureKind("arrow", "Arrow", facing=True).describe(None, "east") == "Arrow facing east"
    assert FeatureKind("post", "Post", numbered=True).describe(7) == "Post 7"
    assert FLAMETHROWER.describe(None, "north", {"steps": (2, 4)}) == "Flamethrower facing north, steps 2, 4"


def test_defaults_fill_what_a_feature_leaves_out():
    assert settings_with_defaults(PUSHER.settings, {"steps": [1]}) == {
        "steps": [1], "beams": 1, "speed": "slow", "tint": "#dc2626", "express": False}


@hypothesis_settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["steps", "beams", "speed", "tint", "express", "other"]),
                       st.one_of(st.integers(-1, 7), st.booleans(), st.lists(st.integers(0, 6), max_size=4),
                                 st.sampled_from(["slow", "fast", "#a0b0c0", "red"]))))
def test_the_schema_fragment_accepts_exactly_what_the_validator_accepts(values):
    valid_by_schema = jsonschema.Draft202012Validator(settings_schema(PUSHER.settings)).is_valid(values)
    assert valid_by_schema == (PUSHER.settings_problems(values) == [])


def test_facing_words_name_a_direction_or_give_degrees():
    assert facing_words(HEX, 300.0) == "northeast" and facing_words(HEX, -60.0) == "northeast"
    assert facing_words(SQUARE, 270.0) == "north" and facing_words(SQUARE, 45.0) == "45\u00b0"


def test_the_legend_lists_each_kind_once_per_distinct_settings_then_pieces_by_owner():
    picture = BoardPicture(0, 0, ((0, 0), (1, 0)), (
        PlacedFeature("flamethrower", (0, 0), edge="east", settings={"steps": [4, 2]}),
        PlacedFeature("wall", (0, 0), edge="west"),
        PlacedFeature("flamethrower", (1, 0), edge="west", settings={"steps": [2, 4]}),  # the same: one entry
        PlacedFeature("flamethrower", (1, 0), edge="east", settings={"steps": [1, 3, 5]}),
        PlacedFeature("geyser", (1, 0)),
    ), pieces=(PlayingPiece("robot", (0, 0), 0.0, owner="red"), PlayingPiece("robot", (1, 0), 60.0, owner="red"),
               PlayingPiece("robot", (1, 0), owner="blue")), owner_colours={"red": "#dc2626"})
    entries = legend_entries(SPARKS, picture)
    assert [e.text for e in entries] == ["Wall", "Flamethrower, steps 2, 4", "Flamethrower, steps 1, 3, 5", "geyser",
                                         "Robot of red", "Robot of blue"]
    assert [e.colour for e in entries[-2:]] == ["#dc2626", "#6b7280"]  # an owner's colour, else the kind's
    assert [e.piece for e in entries] == [False] * 4 + [True] * 2


def test_a_cell_names_its_sides_features_once_whichever_cell_the_picture_names_them_from():
    picture = BoardPicture(4, 1, ((0, 0), (1, 0)), (
        PlacedFeature("wall", (0, 0), edge="east"), PlacedFeature("wall", (1, 0), edge="west"),  # one wall, twice
        PlacedFeature("flamethrower", (1, 0), edge="north", facing="south", settings={"steps": [3]}),
    ), pieces=(PlayingPiece("robot", (1, 0), 180.0, owner="red", label="2"),))
    assert cell_words(SQUARE_SYSTEM, picture, (1, 0)) == [
        "Wall on the west edge", "Flamethrower facing south, step 3 on the north edge", "Robot 2 of red facing west"]
    assert cell_words(SQUARE_SYSTEM, picture, (0, 0)) == ["Wall on the east edge"]
    assert piece_words(SQUARE_SYSTEM, PlayingPiece("meeple", (0, 0))) == "meeple"


def test_a_findings_json_names_its_edges_only_when_it_has_some():
    from crashgrab.engine.findings import Finding
    from crashgrab.engine.formats.schemas import schema

    wall = Finding("wall-loop", "warning", "Walls shut [3,4] in.", ((3, 4),), edges=(((3, 4), "east"),))
    assert wall.to_json()["edges"] == [[[3, 4], "east"]]
    assert "edges" not in Finding("post-number", "error", "Posts are numbered 1, 3.").to_json()
    report = schema("validation-report")
    finding_schema = {"$defs": report["$defs"], **report["$defs"]["finding"]}
    jsonschema.Draft202012Validator(finding_schema).validate(wall.to_json())


def test_show_json_gives_a_features_settings_and_keeps_to_its_schema():
    from crashgrab.engine.cli.board_commands import show_json
    from crashgrab.engine.formats.schemas import validate

    board = BoardPicture(0, 0, ((0, 0),), (PlacedFeature("flamethrower", (0, 0), edge="east", facing="west",
                                                         settings={"steps": (2, 4)}), PlacedFeature("wall", (0, 0), edge="west")))
    document = show_json("board.json", board, SPARKS, ())
    assert document["features"] == [
        {"type": "flamethrower", "cell": [0, 0], "edge": "east", "facing": "west", "settings": {"steps": [2, 4]}},
        {"type": "wall", "cell": [0, 0], "edge": "west"}]
    validate(document, "show")


def test_a_declaration_with_a_list_default_stays_hashable():
    pulse = Setting("steps", "steps", default=[1, 3])
    assert pulse.default == (1, 3) and hash(FeatureKind("laser", "Laser", settings=(pulse,)))
    assert describe_settings((pulse,), {}) == ["steps 1, 3"]


def test_edge_features_keep_each_side_and_type_once_and_leave_out_sides_the_geometry_lacks():
    wall_east, wall_west = PlacedFeature("wall", (0, 0), edge="east"), PlacedFeature("wall", (1, 0), edge="west")
    flame = PlacedFeature("flamethrower", (1, 0), edge="west", settings={"steps": [1]})
    north = PlacedFeature("wall", (0, 0), edge="north")  # a hex has no north side
    picture = BoardPicture(0, 0, ((0, 0), (1, 0)), (wall_east, wall_west, flame, north, PlacedFeature("disc", (0, 0))))
    assert picture.edge_features(HEX) == (wall_east, flame)
    assert picture.edge_features(SQUARE) == (wall_east, flame, north)
    assert cell_words(SPARKS, picture, (0, 0)) == ["Disc", "Wall on the east edge", "Flamethrower, step 1 on the east edge"]


AIM = Setting("aim", "facing", choices=HEX.directions)
TURRET = FeatureKind("turret", "Turret", settings=(AIM, Setting("colour", "choice", choices=("east", "west"))))


@pytest.mark.parametrize("values, problems", [
    ({"aim": "southwest", "colour": "east"}, []),
    ({"colour": "east"}, ['Turret at [0,1] needs its setting "aim": give a direction: one of "east", "southeast", '
                          '"southwest", "west", "northwest", "northeast".']),
    ({"aim": "north", "colour": "west"}, ['Turret at [0,1]: setting "aim" is not one of its directions ("north"); '
                                          'give a direction: one of "east", "southeast", "southwest", "west", '
                                          '"northwest", "northeast".']),
])
def test_a_facing_setting_is_one_of_its_geometrys_directions(values, problems):
    assert TURRET.settings_problems(values, "at [0,1]") == problems
    valid_by_schema = jsonschema.Draft202012Validator(settings_schema(TURRET.settings)).is_valid(values)
    assert valid_by_schema == (problems == [])


def test_a_facing_is_described_by_its_title_and_needs_its_directions():
    assert TURRET.describe(settings={"aim": "west", "colour": "east"}) == "Turret, aim west, colour east"
    with pytest.raises(ValueError, match="directions"):
        Setting("aim", "facing")


def test_facing_settings_name_each_kinds_facings_by_type():
    from crashgrab.engine.feature_settings import facing_settings

    assert facing_settings([TURRET, PUSHER, FeatureKind("wall", "Wall")]) == {"turret": ("aim",)}
