"""Crash Site numbering: the placement die must find every number 1-12 exactly once.

When the rolled site is occupied, the die's result goes up by one (12 wrapping to 1)
until a free site is found; consecutive sites lying close together then drop pieces
right beside each other, which `crash-site-sequence` points out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...findings import Finding
from ..terms import CRASH_SITE_NUMBERS
from .codes import finding
if TYPE_CHECKING:  # the networkx facts: the fast path imports this module's constants without them
    from .facts import BoardFacts
from . import messages

SEQUENCE_STEPS = 2  # consecutive sites this close (orthogonal steps) or closer are flagged


def crash_site_findings(facts: BoardFacts) -> list[Finding]:
    return [*_missing(facts), *_duplicates(facts), *_out_of_range(facts), *_sequence(facts)]


def _missing(facts: BoardFacts) -> list[Finding]:
    missing = [n for n in CRASH_SITE_NUMBERS if n not in facts.sites_by_number]
    if not missing:
        return []
    return [finding("crash-site-missing", messages.missing(missing), (), {"numbers": missing})]


def _duplicates(facts: BoardFacts) -> list[Finding]:
    findings = []
    for number in CRASH_SITE_NUMBERS:
        cells = facts.sites_by_number.get(number, [])
        if len(cells) > 1:
            findings.append(finding("crash-site-duplicate", messages.duplicate(number, cells), cells,
                                    {"number": number}))
    return findings


def _out_of_range(facts: BoardFacts) -> list[Finding]:
    findings = []
    for cell, number in facts.crash_sites:
        if number in CRASH_SITE_NUMBERS:
            continue
        findings.append(finding("crash-site-range", messages.out_of_range(cell, number), (cell,),
                                {"number": number}))
    return findings


def _sequence(facts: BoardFacts) -> list[Finding]:
    findings = []
    for number in CRASH_SITE_NUMBERS:
        following = number % 12 + 1
        for first in facts.sites_by_number.get(number, []):
            for second in facts.sites_by_number.get(following, []):
                steps = abs(first[0] - second[0]) + abs(first[1] - second[1])
                if steps <= SEQUENCE_STEPS:
                    findings.append(finding(
                        "crash-site-sequence", messages.sequence(number, first, following, second, steps),
                        (first, second), {"numbers": [number, following], "steps": steps}))
    return findings
