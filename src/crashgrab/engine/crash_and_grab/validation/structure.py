"""Structural findings: what resolving the layout found (tiles, template slots, markers).

`crashgrab.engine.crash_and_grab.resolve` works them out; validation reports them like any other
finding, so a file with overlapping tiles still opens and shows where to fix it.
"""
from __future__ import annotations

from ...findings import Finding
from ..resolve import Resolution
from .codes import DEFAULT_SEVERITY


def structure_findings(resolution: Resolution) -> list[Finding]:
    # resolve_layout reports every structural problem as an error; the defaults agree,
    # and taking them from the table keeps one place to read severities from.
    return [f.with_severity(DEFAULT_SEVERITY.get(f.code, f.severity)) for f in resolution.findings]
