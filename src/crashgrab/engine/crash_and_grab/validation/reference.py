"""`validate_layout`: the reference validation, every check reading the networkx move graph
through a shared `BoardFacts` (the fast path, fast.py, is proven equal to it)."""
from __future__ import annotations

from typing import Iterable, Mapping

from ..layout import Layout
from ..resolve import resolve_layout
from .accelerators import accelerator_findings
from .crash_sites import crash_site_findings
from .exposure import exposure_findings
from .facts import BoardFacts
from .metrics import board_metrics
from .reachability import reachability_findings
from .report import ValidationReport, sort_findings
from .severity import apply_overrides, unknown_code_findings
from .structure import structure_findings
from .upgrades import movement_for

CHECKS = (crash_site_findings, accelerator_findings, exposure_findings, reachability_findings)


def validate_layout(layout: Layout, severity_overrides: Mapping[str, str] | None = None,
                    upgrades: Iterable[str] = ()) -> ValidationReport:
    """Every finding and metric for `layout`.

    The layout's own `severity_overrides` apply first, then `severity_overrides` (a run's
    --severity); a level of "off" drops the code. Raises ValueError for an unknown level.
    `upgrades` names movement upgrade cards (MOVEMENT_UPGRADES, any case, spaces or hyphens):
    the movement checks and metrics then assume a saucer holding them; an unknown or
    non-movement card raises UnknownUpgrade (a ValueError) naming the ones that apply.
    """
    movement = movement_for(upgrades)
    resolution = resolve_layout(layout)
    facts = BoardFacts(resolution.board, movement)
    findings = structure_findings(resolution) + unknown_code_findings(layout.severity_overrides)
    for check in CHECKS:
        findings += check(facts)
    findings = apply_overrides(findings, layout.severity_overrides, severity_overrides)
    return ValidationReport(sort_findings(findings), board_metrics(facts), resolution.board, movement.upgrades)
