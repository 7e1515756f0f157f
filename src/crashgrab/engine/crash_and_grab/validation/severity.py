"""Severity overrides: a layout's `validation.severity` first, then a run's `--severity`.

"off" drops a code's findings. A code the layout names that no check reports is itself a
finding (`unknown-code`), since a misspelt override silently does nothing otherwise.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from ...findings import Finding
from .codes import DEFAULT_SEVERITY, LEVELS, finding

OFF = "off"


def check_levels(overrides: Mapping[str, str]) -> None:
    for code, level in overrides.items():
        if level not in LEVELS:
            raise ValueError(f"severity for {code!r} must be one of {', '.join(LEVELS)}, not {level!r}")


def unknown_code_findings(layout_overrides: Mapping[str, str]) -> list[Finding]:
    return [finding(
        "unknown-code",
        f"The layout's validation settings give a severity to {code!r}, which is not a finding code; "
        "correct the spelling or remove it.",
        (), {"code": code}) for code in sorted(layout_overrides) if code not in DEFAULT_SEVERITY]


def apply_overrides(findings: Iterable[Finding], *overrides: Mapping[str, str] | None) -> list[Finding]:
    """Findings with each override mapping applied in turn (later ones win); "off" removes."""
    merged: dict[str, str] = {}
    for mapping in overrides:
        if mapping:
            check_levels(mapping)
            merged.update(mapping)
    result = []
    for item in findings:
        level = merged.get(item.code, item.severity)
        if level == OFF:
            continue
        result.append(item if level == item.severity else item.with_severity(level))
    return result
