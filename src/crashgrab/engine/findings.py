"""A finding: one thing a check noticed about a board, in a shape every check shares."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from .errors import shorten_long_words

SEVERITIES: tuple[str, ...] = ("error", "warning", "info")
# What a designer may set a code to (in a layout's validation settings or --severity); "off" drops it.
LEVELS: tuple[str, ...] = (*SEVERITIES, "off")
# Reported by `crashgrab validate` for a file it cannot turn into a layout, for every game; never filtered.
FILE_CODES: dict[str, str] = {"invalid-file": "error", "unreadable-file": "error"}

Edge = tuple[tuple[int, int], str]  # one side of a cell: (cell, direction)


@dataclass(frozen=True)
class Finding:
    code: str
    severity: str
    message: str
    cells: tuple[tuple[int, int], ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    edges: tuple[Edge, ...] = ()  # sides of cells it is about (a wall), as (cell, direction)

    def __post_init__(self) -> None:
        # A message quotes values from the file (tile ids, names): never a megabyte of one.
        object.__setattr__(self, "message", shorten_long_words(self.message))

    def with_severity(self, severity: str) -> "Finding":
        return replace(self, severity=severity)

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "cells": [list(c) for c in self.cells],
            "details": dict(self.details),
        }
        if self.edges:  # only when it names some, so the reports of findings about cells stay as they were
            document["edges"] = [[list(cell), direction] for cell, direction in self.edges]
        return document

    def __hash__(self) -> int:
        return hash((self.code, self.severity, self.message, self.cells))
