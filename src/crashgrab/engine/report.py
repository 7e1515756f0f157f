"""The result of validating one layout, for every game: findings in a stable order, metrics, the board."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from .findings import SEVERITIES, Finding

_RANK = {severity: rank for rank, severity in enumerate(SEVERITIES)}
_SUMMARY_WORDS = {"error": ("error", "errors"), "warning": ("warning", "warnings"), "info": ("note", "notes")}


def finding_order(item: Finding) -> tuple:
    """Severity (error, warning, info), then code, then cells row by row, then message."""
    return (_RANK.get(item.severity, len(_RANK)), item.code,
            tuple((y, x) for x, y in item.cells), item.message)


def summarize(counts: dict[str, int]) -> str:
    """"1 error, 3 warnings, 2 notes"; severities with none are left out; "no findings" if all are."""
    parts = [f"{n} {_SUMMARY_WORDS[s][n != 1]}" for s, n in counts.items() if n]
    return ", ".join(parts) if parts else "no findings"


def sort_findings(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    return tuple(sorted(findings, key=finding_order))


@dataclass(frozen=True, eq=False)
class ValidationReport:
    findings: tuple[Finding, ...]
    metrics: dict[str, Any]
    board: Any  # the game's own board value
    upgrades: tuple[str, ...] = ()  # the upgrades the checks assumed a piece holds (validate --upgrades)

    def counts(self) -> dict[str, int]:
        counts = {severity: 0 for severity in SEVERITIES}
        for item in self.findings:
            counts[item.severity] += 1
        return counts

    @property
    def valid(self) -> bool:
        """True when no finding is an error (the board can be played by the rules)."""
        return not any(item.severity == "error" for item in self.findings)

    def summary(self) -> str:
        """"1 error, 3 warnings, 2 notes"; severities with none are left out."""
        return summarize(self.counts())

    def filtered(self, keep: Callable[[Finding], bool]) -> "ValidationReport":
        """The same report with only the findings `keep` accepts (for --select/--ignore)."""
        return replace(self, findings=tuple(f for f in self.findings if keep(f)))

    def to_json(self, file: str) -> dict[str, Any]:
        """One entry of `crashgrab validate --format json`'s "files" list ("upgrades" only when some)."""
        entry: dict[str, Any] = {
            "file": file,
            "valid": self.valid,
            "findings": [item.to_json() for item in self.findings],
            "metrics": self.metrics,
        }
        if self.upgrades:
            entry["upgrades"] = list(self.upgrades)
        return entry
