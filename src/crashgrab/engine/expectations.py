"""Scenario expectations, for every game: one checked value, and how a text report words them."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable


@dataclass(frozen=True)
class Check:
    """One expectation: `what` names it (e.g. "pieces.p1.at"), with both values as JSON."""

    what: str
    expected: Any
    actual: Any

    @property
    def passed(self) -> bool:
        return self.expected == self.actual

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "expected": self.expected, "actual": self.actual}


class Checked:
    """A run judged by its expectations (a scenario's result, a match's): mixed into a game's
    result dataclass, which holds the `checks`."""

    checks: tuple[Check, ...]

    @property
    def failures(self) -> tuple[Check, ...]:
        return tuple(check for check in self.checks if not check.passed)

    @property
    def passed(self) -> bool:
        return not self.failures


def value_text(value: Any) -> str:
    """A value as a report shows it: text as it is, anything else as compact JSON."""
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def expectation_lines(checks: Iterable[Check], file: str | None) -> list[str]:
    """The report's closing lines: each expectation, PASS or FAIL, then the verdict naming the file."""
    checks = list(checks)
    lines = ["expectations:"] if checks else []
    for check in checks:
        if check.passed:
            lines.append(f"  PASS {check.what} = {value_text(check.actual)}")
        else:
            lines.append(f"  FAIL {check.what}: expected {value_text(check.expected)}, "
                         f"actual {value_text(check.actual)}")
    failed = sum(not check.passed for check in checks)
    verdict = "PASS" if not failed else f"FAIL ({failed} of {len(checks)} expectations failed)"
    return [*lines, f"{verdict}: {file}"]
