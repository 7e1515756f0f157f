"""Every JSON file the project ships or tests with passes an independent validator (check-jsonschema,
offline) against the published schema of its kind: layouts, tile sets, scenarios of every game and
both versions, exports and reports. The files are discovered, so a new one is covered; the few
that are broken on purpose (folders named `bad`, the fixtures below) must fail it instead.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


from tests.conftest import ROOT

CHECK_JSONSCHEMA = Path(sys.executable).with_name("check-jsonschema")
FOLDERS = ("layouts", "tests")
BROKEN_ON_PURPOSE = {"tests/fixtures/validation/malformed.json", "tests/fixtures/validation/bad-rotation.json"}


def broken_on_purpose(relative: str) -> bool:
    return relative in BROKEN_ON_PURPOSE or "bad" in Path(relative).parts


def json_files() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for folder in FOLDERS for p in (ROOT / folder).rglob("*.json"))


def schema_for(relative: str) -> str:
    """The schema a file's kind (its "format", "game" and shape) is published in."""
    document = json.loads((ROOT / relative).read_text(encoding="utf-8"))
    kind, game = document.get("format"), document.get("game")
    # Each game publishes its schemas under its name: Crash & Grab's (a file without "game" is one) as crash-grab-.
    prefix = f"{game}-" if game in ("crash-grid", "crash", "roborally") else "crash-grab-"
    if kind in ("crash-grab-layout", "crash-grab-scenario", "crash-grab-export"):
        return prefix + {"crash-grab-layout": "layout", "crash-grab-scenario": "scenario",
                         "crash-grab-export": "export"}[kind]
    if kind == "crash-grab-tileset":
        return "crash-grab-tileset"
    if kind == "crash-grab-boardset":
        return f"{game}-boardset"
    if kind is None and "files" in document:
        return "validation-report"
    if kind is None and game == "roborally" and "cells" in document:
        return "roborally-resolved"  # the resolved course, whose shape the rules engine reads (no "format")
    raise AssertionError(f"{relative}: no schema for a file of format {kind!r}; name it here")


def check(schema: str, files: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ, HTTP_PROXY="http://127.0.0.1:9", HTTPS_PROXY="http://127.0.0.1:9", NO_PROXY="")
    return subprocess.run([CHECK_JSONSCHEMA, "--no-cache", "--schemafile", f"schemas/{schema}.schema.json", *files],
                          cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)


def test_every_shipped_and_test_json_file_passes_check_jsonschema():
    by_schema: dict[str, list[str]] = {}
    for relative in json_files():
        if not broken_on_purpose(relative):
            by_schema.setdefault(schema_for(relative), []).append(relative)
    assert {"crash-grab-layout", "crash-grab-scenario", "crash-grab-tileset", "crash-grid-layout",
            "crash-grid-scenario"} <= set(by_schema)
    versions = {json.loads((ROOT / f).read_text())["version"] for f in by_schema["crash-grab-scenario"]}
    assert versions == {1, 2}, "version 1 scenarios are checked too"
    failures = [result.stdout + result.stderr for schema, files in sorted(by_schema.items())
                if (result := check(schema, files)).returncode != 0]
    assert failures == []


def test_the_files_broken_on_purpose_fail_it():
    broken = [f for f in json_files() if broken_on_purpose(f)]
    assert set(BROKEN_ON_PURPOSE) <= set(broken)
    result = check("layout", sorted(BROKEN_ON_PURPOSE))
    assert result.returncode != 0
    assert all(relative in result.stdout + result.stderr for relative in BROKEN_ON_PURPOSE), result.stdout


def test_a_version_1_file_may_not_name_its_game(tmp_path):
    document = json.loads((ROOT / "tests" / "scenarios" / "layouts" / "corridor.json").read_text())
    assert document["version"] == 1 and "game" not in document
    (tmp_path / "v1-named.json").write_text(json.dumps({**document, "game": "crash-and-grab"}))
    (tmp_path / "v3.json").write_text(json.dumps({**document, "version": 3}))
    (tmp_path / "v1.json").write_text(json.dumps(document))
    result = check("layout", [str(tmp_path / name) for name in ("v1-named.json", "v3.json", "v1.json")])
    assert result.returncode == 1
    assert "v1-named.json" in result.stdout and "v3.json" in result.stdout and "v1.json:" not in result.stdout
