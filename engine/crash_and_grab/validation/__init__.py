"""Layout validation: does a board work under Crash & Grab's rules?

    report = validate_layout(layout, severity_overrides={"accelerator-loop": "info"})
    report.findings, report.metrics, report.board, report.valid, report.summary()

Checks are grouped one module each (structure, crash_sites, accelerators, exposure,
reachability) and all read the networkx move graph through a shared `BoardFacts`.
docs/findings.md documents every code.
"""
from __future__ import annotations

from typing import Mapping

from ..layout import Layout
from ..resolve import resolve_layout
from .accelerators import accelerator_findings
from .codes import CODES, DEFAULT_SEVERITY, FILE_CODES, LEVELS
from .crash_sites import crash_site_findings
from .exposure import exposure_findings
from .facts import BoardFacts
from .metrics import board_metrics
from .reachability import reachability_findings
from .report import ValidationReport, sort_findings
from .severity import apply_overrides, unknown_code_findings
from .structure import structure_findings

__all__ = ["validate_layout", "ValidationReport", "CODES", "DEFAULT_SEVERITY", "FILE_CODES", "LEVELS"]

CHECKS = (crash_site_findings, accelerator_findings, exposure_findings, reachability_findings)


def validate_layout(layout: Layout, severity_overrides: Mapping[str, str] | None = None) -> ValidationReport:
    """Every finding and metric for `layout`.

    The layout's own `severity_overrides` apply first, then `severity_overrides` (a run's
    --severity); a level of "off" drops the code. Raises ValueError for an unknown level.
    """
    resolution = resolve_layout(layout)
    facts = BoardFacts(resolution.board)
    findings = structure_findings(resolution) + unknown_code_findings(layout.severity_overrides)
    for check in CHECKS:
        findings += check(facts)
    findings = apply_overrides(findings, layout.severity_overrides, severity_overrides)
    return ValidationReport(sort_findings(findings), board_metrics(facts), resolution.board)
