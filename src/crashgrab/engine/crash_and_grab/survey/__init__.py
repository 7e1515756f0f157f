"""Board survey: every arrangement of a template (or a seeded sample of setups), checked by
a fast path proven equal to the networkx reference, summed up into a report.

    request = SurveyRequest("2-4")                       # or SurveyRequest("6", SAMPLE, sample=20000, seed=1)
    tally = run_survey(request, workers=2, progress=print)
    document = report_json(request, tally)               # schemas/crash-grab-survey.schema.json
    print(report_text(document))

    fast_check(layout)      # validate_layout's findings (no messages) and metrics, fast
    arrangements(template, tileset).layout(index)        # arrangement number -> Layout

Modules: arrangements (numbering, samples), distinct (distinct boards and their classes),
lines and fastcheck (the fast path's move facts), findings (checks and metrics from them),
assemble (template boards from per-slot pieces), kernel, compiled and batch (records of
thousands of boards per call: numpy arrays, a loop compiled by numba), record (one board's
figures and score), tally (exact totals), runner (chunks and workers), cluster (the
chunks on a Dask cluster), tilesets (a designer's tile set: read, fitted to the slots,
named by digest), checkpoint (resuming), report (JSON and text), progress (the
terminal's progress bar).

Names are loaded on first use, so that the fast path (findings, for the editor's live
validation) does not import numpy and the runner; the first batch loads the kernel compiled
ahead of time (ahead_of_time.py), or imports numba when there is none for today's code.
"""
from importlib import import_module

_NAMES = {
    "Arrangements": "arrangements", "arrangement_count": "arrangements", "arrangements": "arrangements",
    "sample_layout": "arrangements", "sample_seed": "arrangements",
    "RULE_CODES": "findings", "FastFinding": "findings", "FastReport": "findings", "board_facts": "findings",
    "board_metrics": "findings", "fast_check": "findings", "rule_findings": "findings",
    "BoardRecord": "record", "board_record": "record",
    "report_json": "report", "report_text": "report",
    "ALL": "runner", "SAMPLE": "runner", "SurveyRequest": "runner", "board_layout": "runner", "run_survey": "runner",
    "Tally": "tally",
    "DistinctBoards": "distinct", "distinct_boards": "distinct",
}

__all__ = sorted(_NAMES)


def __getattr__(name: str):
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_NAMES[name]}", __name__), name)
