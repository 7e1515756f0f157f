"""`validate_layout`'s report by the fast path: the same findings, messages included, and metrics.

The fast path (engine/crash_and_grab/survey/fastcheck.py and findings.py) works the move facts
out with bit sets instead of a networkx graph; the messages come from messages.py, as the
networkx checks' do. For the editor's live view after every edit; the networkx graph
stays the reference (tests/test_survey_differential.py holds the two reports equal) and
draws the overlays.
"""
from __future__ import annotations

from typing import Mapping

from ...findings import Finding
from ..layout import Layout
from ..resolve import resolve_layout
from ..survey.fastcheck import BoardFacts
from ..survey.findings import board_facts, board_metrics, rule_findings
from .messages import rule_message
from .report import ValidationReport, sort_findings
from .severity import apply_overrides, unknown_code_findings
from .structure import structure_findings


def fast_validate_layout(layout: Layout, severity_overrides: Mapping[str, str] | None = None) -> ValidationReport:
    """What validate_layout(layout, severity_overrides) reports, without building a move graph."""
    resolution = resolve_layout(layout)
    facts = board_facts(resolution.board)
    findings = structure_findings(resolution) + unknown_code_findings(layout.severity_overrides)
    for item in rule_findings(facts):
        missed = _missed_sites(facts, item.cells[0]) if item.code == "isolated-crash-site" else ()
        findings.append(Finding(item.code, item.severity, rule_message(item.code, item.cells, item.details, missed),
                                item.cells, item.details))
    findings = apply_overrides(findings, layout.severity_overrides, severity_overrides)
    return ValidationReport(sort_findings(findings), board_metrics(facts), resolution.board)


def _missed_sites(facts: BoardFacts, site: tuple[int, int]) -> list[tuple[int, int]]:
    """The Crash Sites the search from `site` does not reach, row by row."""
    x, y = site
    lane = [cell for cell, _ in facts.sites].index(y * facts.width + x)
    visited = facts.lane_visited(lane)
    return [facts.cell(cell) for cell, _ in facts.sites if not visited >> cell & 1]
