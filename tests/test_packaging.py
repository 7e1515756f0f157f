"""Installable anywhere: shipped data through importlib.resources, names under one namespace,
files that keep their permissions, schemas that a standard validator resolves offline, and the
desktop entry."""
from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from crashgrab.engine.cli import main as crashgrab
from crashgrab.engine.desktop import desktop_entry, install_desktop
from crashgrab.engine.formats.atomic import current_umask, write_text_atomic
from crashgrab.engine.formats.layout_io import layout_to_json, load_layout, load_shipped_layout, save_layout
from crashgrab.engine.crash_and_grab.scenario_file import load_scenario, save_scenario
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, save_tileset, standard_tileset
from crashgrab.engine.resources import schema_files, shipped_layouts, shipped_scenarios
from crashgrab.engine.version import program_version
from tests.conftest import LAYOUTS, ROOT

CHECK_JSONSCHEMA = Path(sys.executable).with_name("check-jsonschema")
SCENARIOS = ROOT / "tests" / "scenarios"


@pytest.fixture
def umask():
    def set_mask(mask: int) -> None:
        os.umask(mask)
    previous = os.umask(0o022)
    yield set_mask
    os.umask(previous)


# --- names and data --------------------------------------------------------------------------------
def test_no_source_imports_the_bare_engine_or_editor_package():
    bare = re.compile(r"^\s*(from|import)\s+(engine|editor)(\.|\s|$)", re.MULTILINE)
    offenders = [str(p.relative_to(ROOT)) for folder in ("src", "tests")
                 for p in (ROOT / folder).rglob("*.py") if bare.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_shipped_data_is_found_through_the_package():
    assert [f.name for f in shipped_layouts()] == ["standard-2-4p.json", "standard-5p.json", "standard-6p.json"]
    assert {f.name for f in schema_files()} == {p.name for p in (ROOT / "schemas").glob("*.schema.json")}
    assert "first-moves.json" in {f.name for f in shipped_scenarios()}
    assert load_shipped_layout("standard-6p.json") == load_layout(LAYOUTS / "standard-6p.json")


def test_shipped_data_does_not_depend_on_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert len(standard_tileset().tiles) == 14
    assert load_shipped_layout("standard-2-4p.json").template == "2-4"


def test_version_comes_from_the_installed_metadata(capsys):
    with pytest.raises(SystemExit) as exit_:
        crashgrab(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"crashgrab {program_version()}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", program_version())


def test_examples_are_copied_so_their_relative_references_still_work(tmp_path, capsys):
    assert crashgrab(["examples", "--copy", str(tmp_path)]) == 0
    scenario = load_scenario(tmp_path / "scenarios" / "stealing-crew.json")  # "../standard-2-4p.json"
    assert scenario.layout == load_layout(tmp_path / "standard-2-4p.json")


# --- permissions ---------------------------------------------------------------------------------
def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("old_mode", [0o644, 0o600, 0o664, 0o640])
def test_re_saving_keeps_the_files_mode(tmp_path, umask, old_mode):
    umask(0o077)  # a umask that would give 0600 to a new file: the old mode must win
    target = tmp_path / "board.json"
    shutil.copy(LAYOUTS / "standard-2-4p.json", target)
    target.chmod(old_mode)
    save_layout(load_layout(target), target)
    assert mode(target) == old_mode


@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600), (0o027, 0o640)])
def test_a_new_file_gets_what_the_umask_gives(tmp_path, umask, mask, expected):
    umask(mask)
    assert current_umask() == mask
    target = tmp_path / "new.json"
    write_text_atomic(target, "{}\n")
    assert mode(target) == expected


def test_every_writer_goes_through_the_same_permission_rule(tmp_path, umask):
    umask(0o022)
    tileset, scenario = tmp_path / "tiles.json", tmp_path / "s.json"
    save_tileset(standard_tileset(), tileset)
    save_scenario(load_scenario(SCENARIOS / "rule1-cards.json"), scenario)
    assert crashgrab(["export", str(LAYOUTS / "standard-5p.json"), "-o", str(tmp_path / "e.json")]) == 0
    for path in (tileset, scenario, tmp_path / "e.json"):
        assert mode(path) == 0o644, path
        path.chmod(0o600)
    save_tileset(standard_tileset(), tileset)
    save_scenario(load_scenario(SCENARIOS / "rule1-cards.json"), scenario)
    assert crashgrab(["export", str(LAYOUTS / "standard-5p.json"), "-o", str(tmp_path / "e.json")]) == 0
    assert [mode(p) for p in (tileset, scenario, tmp_path / "e.json")] == [0o600] * 3


# --- schemas: a standard validator, offline ------------------------------------------------------
def check_jsonschema(*arguments) -> subprocess.CompletedProcess:
    # No network here: the schemas must resolve their "$ref"s from their own folder.
    env = dict(os.environ, HTTP_PROXY="http://127.0.0.1:9", HTTPS_PROXY="http://127.0.0.1:9", NO_PROXY="")
    return subprocess.run([CHECK_JSONSCHEMA, "--no-cache", *map(str, arguments)], capture_output=True,
                          text=True, env=env, timeout=120)


def test_every_schema_passes_the_metaschema_check():
    schemas = sorted((ROOT / "schemas").glob("*.schema.json"))
    result = check_jsonschema("--check-metaschema", *schemas)
    assert result.returncode == 0, result.stdout + result.stderr


SHIPPED_BY_SCHEMA = [
    ("crash-grab-layout", sorted(LAYOUTS.glob("*.json"))),
    ("crash-grab-tileset", [LAYOUTS / "tilesets" / "standard.json"]),
    ("crash-grab-scenario", sorted((LAYOUTS / "scenarios").glob("*.json"))),  # tests/scenarios keep older versions on purpose
    ("crash-grab-export", [ROOT / "tests" / "golden" / "standard-2-4p.export.json"]),
]
# Crash & Grab's schemas had these names before they carried the game's; each old file stays, a "$ref" to the new.
OLD_NAMES = {"layout": "crash-grab-layout", "scenario": "crash-grab-scenario", "tileset": "crash-grab-tileset",
             "export": "crash-grab-export", "survey": "crash-grab-survey",
             "survey-checkpoint": "crash-grab-survey-checkpoint"}


@pytest.mark.parametrize(("schema", "files"), SHIPPED_BY_SCHEMA)
def test_every_shipped_file_validates_with_an_independent_validator(schema, files):
    result = check_jsonschema("--schemafile", ROOT / "schemas" / f"{schema}.schema.json", *files)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_old_schema_names_still_validate_with_an_independent_validator(tmp_path):
    """A user's check naming layout.schema.json (or a file whose "$schema" does) keeps working."""
    old = {new: old for old, new in OLD_NAMES.items()}
    for schema, files in SHIPPED_BY_SCHEMA:
        result = check_jsonschema("--schemafile", ROOT / "schemas" / f"{old[schema]}.schema.json", *files)
        assert result.returncode == 0, result.stdout + result.stderr
    document = json.loads((LAYOUTS / "standard-5p.json").read_text())
    document["placements"][0]["rotation"] = 45
    (tmp_path / "bad.json").write_text(json.dumps(document))
    result = check_jsonschema("--schemafile", ROOT / "schemas" / "layout.schema.json", tmp_path / "bad.json")
    assert result.returncode == 1 and "rotation" in result.stdout


def test_each_old_schema_name_is_only_an_alias_of_its_new_one():
    """Its "$ref" names the new file and each of the new file's $defs, so "layout.schema.json#/$defs/placement"
    resolves too; the game that renamed it declares the old name (`crashgrab schema` hides it)."""
    from crashgrab.engine.games import all_systems

    declared = {old: new for system in all_systems() for old, new in system.renamed_schemas.items()}
    assert declared == OLD_NAMES
    for old, new in OLD_NAMES.items():
        alias = json.loads((ROOT / "schemas" / f"{old}.schema.json").read_text())
        target = json.loads((ROOT / "schemas" / f"{new}.schema.json").read_text())
        assert alias["$ref"] == f"{new}.schema.json"
        assert alias.get("$defs", {}) == {name: {"$ref": f"{new}.schema.json#/$defs/{name}"}
                                          for name in target.get("$defs", {})}
        assert set(alias) <= {"$schema", "title", "description", "$ref", "$defs"}


def test_a_schema_naming_an_old_name_and_one_of_its_defs_still_resolves():
    """A game from another package brings its schema as a dict; one written against the old names still works."""
    from crashgrab.engine.errors import InvalidFileError
    from crashgrab.engine.formats.schemas import validate

    theirs = {"type": "object", "properties": {"placement": {"$ref": "layout.schema.json#/$defs/placement"},
                                               "facing": {"$ref": "tileset.schema.json#/$defs/direction"}}}
    placement = layout_to_json(load_shipped_layout("standard-2-4p.json"))["placements"][0]
    validate({"placement": placement, "facing": "north"}, theirs)
    with pytest.raises(InvalidFileError) as error:
        validate({"placement": {**placement, "rotation": 45}}, theirs)
    assert error.value.where == "$.placement.rotation"


def test_the_independent_validator_reports_a_fault_in_a_referenced_schema(tmp_path):
    """The cross-file "$ref" (layout -> tileset) is really followed, not skipped."""
    document = layout_to_json(load_shipped_layout("standard-2-4p.json"))
    document["tileset"] = {"format": "crash-grab-tileset", "version": 1, "id": "x", "name": "x", "tiles": "none"}
    (tmp_path / "bad.json").write_text(json.dumps(document))
    result = check_jsonschema("--schemafile", ROOT / "schemas" / "crash-grab-layout.schema.json", tmp_path / "bad.json")
    assert result.returncode == 1 and "tiles" in result.stdout


# --- "$schema" in a file -----------------------------------------------------------------------------
def with_schema(path: Path, target: Path, ref: str) -> Path:
    document = json.loads(path.read_text())
    target.write_text(json.dumps({"$schema": ref, **document}))
    return target


@pytest.mark.parametrize("ref", ["../schemas/crash-grab-layout.schema.json", "../schemas/layout.schema.json"])
def test_a_layout_naming_its_schema_loads_and_keeps_it_on_save(tmp_path, ref):
    path = with_schema(LAYOUTS / "standard-5p.json", tmp_path / "b.json", ref)  # an old name is kept as it is
    save_layout(load_layout(path), tmp_path / "again.json")
    saved = json.loads((tmp_path / "again.json").read_text())
    assert next(iter(saved)) == "$schema" and saved["$schema"] == ref
    assert load_layout(tmp_path / "again.json") == load_layout(path)


def test_a_tileset_and_a_scenario_naming_their_schema_round_trip(tmp_path):
    tiles = with_schema(LAYOUTS / "tilesets" / "standard.json", tmp_path / "t.json", "crash-grab-tileset.schema.json")
    save_tileset(load_tileset(tiles), tmp_path / "t2.json")
    assert json.loads((tmp_path / "t2.json").read_text())["$schema"] == "crash-grab-tileset.schema.json"
    scenario = with_schema(SCENARIOS / "rule1-cards.json", tmp_path / "s.json", "crash-grab-scenario.schema.json")
    save_scenario(load_scenario(scenario), tmp_path / "s2.json")
    assert json.loads((tmp_path / "s2.json").read_text())["$schema"] == "crash-grab-scenario.schema.json"


def test_a_schema_reference_must_be_text(tmp_path):
    document = json.loads((LAYOUTS / "standard-5p.json").read_text())
    (tmp_path / "b.json").write_text(json.dumps({"$schema": 5, **document}))
    assert crashgrab(["validate", str(tmp_path / "b.json")]) == 2  # a file that cannot be checked


# --- desktop -----------------------------------------------------------------------------------------
def test_install_desktop_writes_the_entry_icon_and_mime_type(tmp_path, umask):
    written = install_desktop(tmp_path, python="/opt/my venv/bin/python")
    names = sorted(p.relative_to(tmp_path).as_posix() for p in written)
    assert names == ["applications/crashgrab-editor.desktop", "icons/hicolor/scalable/apps/crashgrab-editor.svg",
                     "mime/packages/crashgrab-layout.xml"]
    entry = (tmp_path / "applications" / "crashgrab-editor.desktop").read_text()
    assert "Exec='/opt/my venv/bin/python' -m crashgrab.editor %f\n" in entry
    assert "MimeType=application/x-crashgrab-layout;" in entry
    assert "application/x-crashgrab-layout" in (tmp_path / "mime" / "packages" / "crashgrab-layout.xml").read_text()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_the_desktop_entry_is_valid(tmp_path):
    (tmp_path / "crashgrab-editor.desktop").write_text(desktop_entry())
    result = subprocess.run(["desktop-file-validate", str(tmp_path / "crashgrab-editor.desktop")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
