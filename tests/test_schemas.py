"""Every schema accepts what the engine writes and rejects what it must."""
import copy
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.crash_and_grab.export import export_document
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.formats.schemas import schema, validate
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset, tileset_to_json
from tests.conftest import LAYOUTS

SCHEMAS = sorted(p.name.removesuffix(".schema.json") for p in (Path(__file__).parents[1] / "schemas").glob("*.schema.json"))


@pytest.mark.parametrize("name", SCHEMAS)
def test_each_schema_is_a_valid_2020_12_schema_that_resolves_from_its_folder(name):
    document = schema(name)
    Draft202012Validator.check_schema(document)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    # no "$id" on an unreachable host: relative "$ref"s resolve against the schema's own file
    assert "$id" not in document
    # an old name kept as an alias is a "$ref" to the schema that now holds it
    described = schema(document["$ref"].removesuffix(".schema.json")) if "$ref" in document else document
    assert "$schema" in described["properties"], "every file may name its schema for text editors"


def tileset_doc():
    return tileset_to_json(standard_tileset())


def layout_doc():
    return read_json(LAYOUTS / "standard-6p.json")


def export_doc():
    return export_document(load_layout(LAYOUTS / "standard-6p.json"))


def inline_layout_doc():
    document = layout_doc()
    document["tileset"] = tileset_doc()
    return document


VALID = [
    ("crash-grab-tileset", tileset_doc), ("crash-grab-layout", layout_doc), ("crash-grab-layout", inline_layout_doc),
    ("crash-grab-export", export_doc),
]


@pytest.mark.parametrize("name, make", VALID)
def test_valid_samples(name, make):
    validate(make(), name)


def broken(make, edit):
    def build():
        document = copy.deepcopy(make())
        edit(document)
        return document
    return build


INVALID = [
    ("crash-grab-tileset", broken(tileset_doc, lambda d: d.update(format="crash-grab-layout")), "$.format"),
    ("crash-grab-tileset", broken(tileset_doc, lambda d: d["tiles"][0].update(role="giant")), "$.tiles[0].role"),
    ("crash-grab-tileset", broken(tileset_doc, lambda d: d["tiles"][0].update(width=9)), "$.tiles[0].width"),
    ("crash-grab-tileset", broken(tileset_doc, lambda d: d["tiles"][0]["sides"]["A"][0].pop("number")),
     "$.tiles[0].sides.A[0]"),
    ("crash-grab-tileset", broken(tileset_doc, lambda d: d["tiles"][0]["sides"]["A"][1].update(number=4)),
     "$.tiles[0].sides.A[1].number"),
    ("crash-grab-tileset", broken(tileset_doc, lambda d: d["tiles"][0]["sides"]["A"][0].update(type="portal")),
     "$.tiles[0].sides.A[0].type"),
    ("crash-grab-tileset", broken(tileset_doc, lambda d: d["tiles"][0]["sides"].pop("B")), "$.tiles[0].sides"),
    ("crash-grab-layout", broken(layout_doc, lambda d: d["placements"][0].update(rotation=45)), "$.placements[0].rotation"),
    ("crash-grab-layout", broken(layout_doc, lambda d: d["placements"][0].update(x=-1)), "$.placements[0].x"),
    ("crash-grab-layout", broken(layout_doc, lambda d: d["placements"][0].update(flip=True)), "$.placements[0]"),
    ("crash-grab-layout", broken(layout_doc, lambda d: d.update(validation={"severity": {"overlap": "fatal"}})),
     "$.validation.severity.overlap"),
    ("crash-grab-layout", broken(inline_layout_doc, lambda d: d["tileset"]["tiles"][1].update(height=0)),
     "$.tileset.tiles[1].height"),
    ("crash-grab-export", broken(export_doc, lambda d: d.pop("cells")), "$"),
    ("crash-grab-export", broken(export_doc, lambda d: d["cells"][0].pop("tile")), "$.cells[0]"),
    ("crash-grab-export", broken(export_doc, lambda d: d["holes"].append([1])), "$.holes[0]"),
]


@pytest.mark.parametrize("name, make, where", INVALID)
def test_invalid_samples_are_refused_at_their_path(name, make, where):
    with pytest.raises(InvalidFileError) as caught:
        validate(make(), name, "sample.json")
    assert caught.value.where == where
