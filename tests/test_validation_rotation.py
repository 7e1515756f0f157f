"""Turning the whole board a quarter turn turns the findings and metrics with it, nothing else."""
from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crashgrab.engine.crash_and_grab.resolve import resolve_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.crash_and_grab.validation.overlays import accelerator_links
from crashgrab.engine.crash_and_grab.tileset_file import standard_tileset
from tests.test_validation_helpers import free_form_layouts, turn_cell, turn_layout

TILESET = standard_tileset()


def signature(report, turn=lambda cell: cell):
    """Findings as a multiset of (code, severity, cells, details); the loop's witness cycle is
    checked separately, since the cycle starts at the group's first cell, which turning changes."""
    items = Counter()
    for finding in report.findings:
        details = {k: v for k, v in finding.details.items() if k != "cycle"}
        items[(finding.code, finding.severity, frozenset(map(turn, finding.cells)),
               json.dumps(details, sort_keys=True))] += 1
    return items


def turned_metrics(metrics, turn):
    exposure = metrics["exposure"]
    cells = {turn((c["x"], c["y"])): c["off_moves"] for c in exposure["cells"]}
    return {**metrics, "exposure": {**exposure, "cells": cells}}


def plain_metrics(metrics):
    exposure = metrics["exposure"]
    cells = {(c["x"], c["y"]): c["off_moves"] for c in exposure["cells"]}
    return {**metrics, "exposure": {**exposure, "cells": cells}}


def assert_loop_cycles_are_real(report):
    for finding in report.findings:
        if finding.code != "accelerator-loop":
            continue
        distance = finding.details["distance"]
        links, _ = accelerator_links(report.board, distance)
        cycle = [tuple(c) for c in finding.details["cycle"]]
        assert set(cycle) <= set(finding.cells) and len(cycle) >= 2
        assert all((a, b) in links for a, b in zip(cycle, cycle[1:] + cycle[:1]))


def check_turned(layout):
    report = validate_layout(layout)
    height = report.board.height

    def turn(cell):
        return turn_cell(cell, height)

    turned_report = validate_layout(turn_layout(layout, height))
    assert signature(turned_report) == signature(report, turn)
    assert plain_metrics(turned_report.metrics) == turned_metrics(report.metrics, turn)
    assert_loop_cycles_are_real(turned_report)


@settings(max_examples=100, deadline=None)
@given(free_form_layouts())
def test_a_turned_free_form_board_gives_the_same_findings_turned(layout):
    check_turned(layout)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(TEMPLATES)), st.integers(0, 10**6))
def test_a_turned_template_board_gives_the_same_findings_turned(template, seed):
    layout = random_layout(TILESET, TEMPLATES[template], seed)
    assert not resolve_layout(turn_layout(layout, TEMPLATES[template].height)).findings  # still on its slots
    check_turned(layout)
