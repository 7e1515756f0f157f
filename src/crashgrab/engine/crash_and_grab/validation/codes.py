"""Every finding code validation can report, with its default severity.

docs/findings.md explains each one in game terms; a test keeps the two in step.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...findings import FILE_CODES, LEVELS, Finding

# code -> default severity. Structural codes come from engine.crash_and_grab.resolve.
DEFAULT_SEVERITY: dict[str, str] = {
    # structure (resolving the layout)
    "unknown-tile": "error",
    "duplicate-tile": "error",
    "overlap": "error",
    "outside-board": "error",
    "slot-mismatch": "error",
    "template-incomplete": "error",
    "directions": "error",
    # crash-site numbering
    "crash-site-missing": "error",
    "crash-site-duplicate": "error",
    "crash-site-range": "error",
    "crash-site-sequence": "warning",
    # accelerators
    "accelerator-loop": "warning",
    "accelerator-trap": "info",
    # edge exposure
    "crash-site-edge": "info",
    "crash-site-corner": "warning",
    "accelerator-edge": "info",
    # reachability
    "unreachable": "error",
    "isolated-crash-site": "error",
    # the layout's own validation settings
    "unknown-code": "warning",
}

CODES: tuple[str, ...] = tuple(DEFAULT_SEVERITY)

__all__ = ["CODES", "DEFAULT_SEVERITY", "FILE_CODES", "LEVELS", "finding"]


def finding(code: str, message: str, cells=(), details: Mapping[str, Any] | None = None) -> Finding:
    """A finding with its code's default severity."""
    return Finding(code, DEFAULT_SEVERITY[code], message, tuple(cells), dict(details or {}))
