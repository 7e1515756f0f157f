"""The report: severity overrides, order, counts, summary, JSON, and the wording of messages."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.validation import CODES, DEFAULT_SEVERITY, ValidationReport, validate_layout
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.findings import Finding
from crashgrab.engine.formats.schemas import validate as validate_schema
from tests.conftest import ROOT
from tests.test_validation_helpers import board_layout, free_form_layouts

# Accelerators [0,0] and [5,0] five apart (Crash Site 1 between them does not stop a move): one
# accelerator-loop warning at d = 5; crash-site-missing (2-12) is the only error.
LOOP = ">1...>"


def loop_severity(layout_overrides=None, run_overrides=None):
    layout = replace(board_layout(LOOP), severity_overrides=layout_overrides or {})
    report = validate_layout(layout, run_overrides)
    return [f.severity for f in report.findings if f.code == "accelerator-loop"]


@pytest.mark.parametrize("layout_overrides, run_overrides, expected", [
    (None, None, ["warning"]),
    ({"accelerator-loop": "info"}, None, ["info"]),
    (None, {"accelerator-loop": "error"}, ["error"]),
    ({"accelerator-loop": "info"}, {"accelerator-loop": "error"}, ["error"]),   # the run wins
    ({"accelerator-loop": "off"}, None, []),
    ({"accelerator-loop": "off"}, {"accelerator-loop": "warning"}, ["warning"]),
    ({"accelerator-loop": "error"}, {"accelerator-loop": "off"}, []),
    ({"crash-site-edge": "off"}, None, ["warning"]),                           # other codes untouched
])
def test_layout_overrides_apply_first_then_the_run(layout_overrides, run_overrides, expected):
    assert loop_severity(layout_overrides, run_overrides) == expected


def test_raising_a_warning_to_an_error_makes_the_board_invalid_and_off_can_make_it_valid():
    layout = board_layout(LOOP)
    assert not validate_layout(layout).valid                    # crash-site-missing
    assert validate_layout(layout, {"crash-site-missing": "off"}).valid
    assert not validate_layout(layout, {"crash-site-missing": "off", "accelerator-loop": "error"}).valid


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="fatal"):
        validate_layout(board_layout(LOOP), {"accelerator-loop": "fatal"})


def test_a_misspelt_code_in_the_layout_is_itself_a_finding():
    layout = replace(board_layout(LOOP), severity_overrides={"acclerator-loop": "info"})
    report = validate_layout(layout)
    unknown = [f for f in report.findings if f.code == "unknown-code"]
    assert [(f.severity, f.cells, dict(f.details)) for f in unknown] == [("warning", (), {"code": "acclerator-loop"})]
    assert "'acclerator-loop'" in unknown[0].message
    assert loop_severity({"acclerator-loop": "info"}) == ["warning"]


def test_findings_are_sorted_by_severity_then_code_then_cells():
    report = validate_layout(board_layout("""
        1.2...>
        .......
        >.#....
    """))
    keys = [(["error", "warning", "info"].index(f.severity), f.code, [(y, x) for x, y in f.cells])
            for f in report.findings]
    assert keys == sorted(keys)
    # Worked out by hand: sites 3-12 missing; 1 [0,0] in the corner, 2 steps from 2 [2,0]; both
    # Accelerators on the edge; [0,2] bounced with 3-5 can only go north off the board or east into
    # the hole at [2,2].
    assert [(f.code, f.cells) for f in report.findings] == [
        ("crash-site-missing", ()),
        ("crash-site-corner", ((0, 0),)), ("crash-site-sequence", ((0, 0), (2, 0))),
        ("accelerator-edge", ((6, 0),)), ("accelerator-edge", ((0, 2),)), ("accelerator-trap", ((0, 2),)),
        ("crash-site-edge", ((0, 0),)), ("crash-site-edge", ((2, 0),))]


def report_of(*severities):
    findings = tuple(Finding("crash-site-edge", s, "m.") for s in severities)
    return ValidationReport(findings, {}, None)


@pytest.mark.parametrize("severities, counts, summary", [
    ((), {"error": 0, "warning": 0, "info": 0}, "no findings"),
    (("error",), {"error": 1, "warning": 0, "info": 0}, "1 error"),
    (("error", "warning", "warning", "warning", "info", "info"), {"error": 1, "warning": 3, "info": 2},
     "1 error, 3 warnings, 2 notes"),
    (("warning", "info"), {"error": 0, "warning": 1, "info": 1}, "1 warning, 1 note"),
    (("error", "error"), {"error": 2, "warning": 0, "info": 0}, "2 errors"),
])
def test_counts_and_summary(severities, counts, summary):
    report = report_of(*severities)
    assert report.counts() == counts
    assert report.summary() == summary
    assert report.valid == (counts["error"] == 0)


def test_to_json_is_one_schema_valid_entry_of_the_files_list():
    report = validate_layout(board_layout(LOOP))
    entry = report.to_json("loop.json")
    assert list(entry) == ["file", "valid", "findings", "metrics"]
    assert entry["file"] == "loop.json" and entry["valid"] is False
    loop = next(f for f in entry["findings"] if f["code"] == "accelerator-loop")
    assert loop == {"code": "accelerator-loop", "severity": "warning", "message": loop["message"],
                    "cells": [[0, 0], [5, 0]], "details": {"distance": 5, "cycle": [[0, 0], [5, 0]]}}
    validate_schema({"files": [entry]}, "validation-report")


def test_the_report_checks_crash_and_grabs_metrics_by_their_own_schema():
    entry = validate_layout(board_layout(LOOP)).to_json("loop.json")
    validate_schema(entry["metrics"], "crash-grab-metrics")
    del entry["metrics"]["accelerators"]["links"]["5"]  # each distance 1-5 is always there
    for document, name, where in ((entry["metrics"], "crash-grab-metrics", "$.accelerators.links"),
                                  ({"files": [entry]}, "validation-report", "$.files[0].metrics.accelerators.links")):
        with pytest.raises(InvalidFileError) as error:
            validate_schema(document, name)
        assert error.value.where == where


def test_the_board_is_the_resolved_board():
    layout = board_layout(LOOP)
    assert validate_layout(layout).board == resolve_layout(layout).board


CELL = re.compile(r"\[(\d+),(\d+)\]")


@settings(max_examples=100, deadline=None)
@given(free_form_layouts())
def test_every_message_is_one_sentence_naming_its_first_cell(layout):
    report = validate_layout(layout)
    validate_schema({"files": [report.to_json("random.json")]}, "validation-report")
    for finding in report.findings:
        assert finding.code in CODES and finding.severity == DEFAULT_SEVERITY[finding.code]
        text = finding.message
        assert text[0].isupper() and text.endswith(".") and ". " not in text[:-1], text
        if finding.cells and finding.code not in ("overlap", "outside-board", "template-incomplete"):
            assert "[%d,%d]" % finding.cells[0] in text, text


def test_every_code_is_documented_with_its_severity():
    docs = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    for code, severity in DEFAULT_SEVERITY.items():
        assert re.search(rf"^### `{re.escape(code)}` \({severity}\)$", docs, re.MULTILINE), code
    for code in ("invalid-file", "unreadable-file"):
        assert f"### `{code}`" in docs
