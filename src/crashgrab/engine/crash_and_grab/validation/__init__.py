"""Layout validation: does a board work under Crash & Grab's rules?

    report = validate_layout(layout, severity_overrides={"accelerator-loop": "info"})
    report.findings, report.metrics, report.board, report.valid, report.summary()
    validate_layout(layout, upgrades=["Hyperdrive"])   # the movement checks under upgrade cards

Checks are grouped one module each (structure, crash_sites, accelerators, exposure,
reachability) and all read the networkx move graph through a shared `BoardFacts`.
docs/findings.md documents every code.

Names are loaded on first use, so that the fast path (fast.py) and the command line's start-up
import neither networkx nor the rules engine.
"""
from importlib import import_module

_NAMES = {
    "validate_layout": "reference", "CHECKS": "reference",
    "ValidationReport": "report",
    "CODES": "codes", "DEFAULT_SEVERITY": "codes", "FILE_CODES": "codes", "LEVELS": "codes",
    "MOVEMENT_UPGRADES": "upgrades", "UnknownUpgrade": "upgrades",
}

__all__ = ["validate_layout", "ValidationReport", "CODES", "DEFAULT_SEVERITY", "FILE_CODES", "LEVELS",
           "MOVEMENT_UPGRADES", "UnknownUpgrade"]


def __getattr__(name: str):
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_NAMES[name]}", __name__), name)
