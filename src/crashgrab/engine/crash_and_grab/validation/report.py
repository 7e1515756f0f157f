"""The validation report is generic (every game's checks return one): see crashgrab.engine.report."""
from ...report import ValidationReport, finding_order, sort_findings, summarize

__all__ = ["ValidationReport", "finding_order", "sort_findings", "summarize"]
