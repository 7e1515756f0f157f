"""`crashgrab validate --upgrades`: the flag, its report, and no change at all without it.

tests/golden/validate-before-upgrades.{json,txt} are the output of `crashgrab validate` over the
shipped layouts and the validation fixtures, made by commit 85d2a59 (before --upgrades existed).
"""
from __future__ import annotations

import json

import pytest

from crashgrab.engine.formats.layout_io import save_layout
from crashgrab.engine.formats.schemas import validate as validate_schema
from tests.conftest import ROOT
from tests.test_cli_validate import SHIPPED, at_repository_root, run  # noqa: F401  (the fixture)
from tests.test_validation_upgrades import eight_apart_layout

FIXTURES = [f"tests/fixtures/validation/{name}.json"
            for name in ("bad-rotation", "malformed", "overlap", "quiet", "walled")]
GOLDEN = ROOT / "tests" / "golden"


# The goldens are the output of the commit before --upgrades existed; the JSON one has since gained
# each file's "game" (the game-system seam), its only change.
@pytest.mark.parametrize("extra, golden", [([], "validate-before-upgrades.txt"),
                                           (["--format", "json"], "validate-before-upgrades.json")])
def test_without_the_flag_the_output_is_byte_for_byte_what_it_was(capsys, extra, golden):
    code, out, _ = run(capsys, *SHIPPED, *FIXTURES, *extra)
    assert code == 2  # a fixture cannot be checked at all: 2 outranks the findings' 1
    assert out == (GOLDEN / golden).read_text(encoding="utf-8")


def test_the_json_report_names_the_upgrades_and_validates(capsys):
    code, out, _ = run(capsys, "--upgrades", "hyperdrive,Waste-Accelerator", "--format", "json", *SHIPPED)
    document = json.loads(out)
    validate_schema(document, "validation-report")
    assert code == 0
    assert [entry["upgrades"] for entry in document["files"]] == [["Hyperdrive", "Waste Accelerator"]] * 3
    links = document["files"][0]["metrics"]["accelerators"]["links"]
    assert list(links) == ["1", "2", "3", "4", "5", "6", "8", "10"]


def test_without_the_flag_the_json_report_has_no_upgrades_field(capsys):
    _, out, _ = run(capsys, "--format", "json", SHIPPED[0])
    assert "upgrades" not in json.loads(out)["files"][0]


def test_text_output_says_which_upgrades_the_findings_assume(capsys):
    code, out, _ = run(capsys, "--upgrades", "Hyperdrive", "--upgrades", "boost amplifier",
                       "--select", "accelerator-loop", SHIPPED[0])
    lines = out.splitlines()
    assert code == 0
    assert lines[-1] == "layouts/standard-2-4p.json: 4 warnings (with Hyperdrive, Boost Amplifier)"
    assert any("can bounce a saucer moving 6 round and round" in line for line in lines)


def test_upgrades_can_make_a_strict_run_fail(capsys, tmp_path):
    # Two Accelerators 8 apart in a row of 9 (Crash Site 1 between them): no loop without
    # upgrades, a loop at 8 (a warning) with Hyperdrive.
    board = tmp_path / "eight-apart.json"
    save_layout(eight_apart_layout(), board)
    argv = ["--strict", "--select", "accelerator-loop", str(board)]
    assert run(capsys, *argv) == (0, f"{board}: no findings\n", "")
    code, out, _ = run(capsys, *argv, "--upgrades", "Hyperdrive")
    assert code == 1
    assert out.splitlines() == [
        f"{board}: warning accelerator-loop [0,0] The Accelerators at [0,0] and [8,0] can bounce a saucer moving 8 "
        "round and round without end (for example [0,0] to [8,0] to [0,0]); move or turn a tile so that they no "
        "longer line up 8 or fewer spaces apart with nothing between them.",
        f"{board}: 1 warning (with Hyperdrive)"]


@pytest.mark.parametrize("value, message", [
    ("Quake Maker", "--upgrades: Quake Maker does not change how a saucer moves; the upgrades that do are "
                    "Hyperdrive, Boost Amplifier, Acceleration Regulator, Waste Accelerator."),
    ("hyperdrive,warp", "--upgrades: 'warp' is not an upgrade card; the upgrades that change movement are "
                        "Hyperdrive, Boost Amplifier, Acceleration Regulator, Waste Accelerator."),
])
def test_an_unknown_or_non_movement_card_exits_2_with_one_message(capsys, value, message):
    code, out, err = run(capsys, "--upgrades", value, SHIPPED[0])
    assert code == 2 and out == ""
    assert err == f"crashgrab validate: {message}\n"


def test_the_schema_names_the_same_four_cards():
    from crashgrab.engine.crash_and_grab.validation import MOVEMENT_UPGRADES
    schema = json.loads((ROOT / "schemas" / "validation-report.schema.json").read_text(encoding="utf-8"))
    assert tuple(schema["$defs"]["file"]["properties"]["upgrades"]["items"]["enum"]) == MOVEMENT_UPGRADES
