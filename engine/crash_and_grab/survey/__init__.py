"""Board survey: every arrangement of a template (or a seeded sample of setups), checked by
a fast path proven equal to the networkx reference, summed up into a report.

    request = SurveyRequest("2-4")                       # or SurveyRequest("6", SAMPLE, sample=20000, seed=1)
    tally = run_survey(request, workers=2, progress=print)
    document = report_json(request, tally)               # schemas/survey.schema.json
    print(report_text(document))

    fast_check(layout)      # validate_layout's findings (no messages) and metrics, fast
    arrangements(template, tileset).layout(index)        # arrangement number -> Layout

Modules: arrangements (numbering, samples), lines and fastcheck (the fast path's move
facts), findings (checks and metrics from them), assemble (template boards from per-slot
pieces), record (one board's figures and score), tally (exact totals), runner (chunks and
workers), report (JSON and text), progress (the terminal's progress bar).
"""
from .arrangements import Arrangements, arrangement_count, arrangements, sample_layout, sample_seed
from .findings import RULE_CODES, FastFinding, FastReport, board_facts, board_metrics, fast_check, rule_findings
from .record import BoardRecord, board_record
from .report import report_json, report_text
from .runner import ALL, SAMPLE, SurveyRequest, board_layout, run_survey
from .tally import Tally

__all__ = [
    "ALL", "SAMPLE", "Arrangements", "BoardRecord", "FastFinding", "FastReport", "RULE_CODES", "SurveyRequest",
    "Tally", "arrangement_count", "arrangements", "board_facts", "board_layout", "board_metrics", "board_record",
    "fast_check", "report_json", "report_text", "rule_findings", "run_survey", "sample_layout", "sample_seed",
]
