"""The survey's defaults that its options name (kept light: the parser imports them, not the runner)."""
from __future__ import annotations

import os

ALL, SAMPLE = "all", "sample"
DEFAULT_BEST = 5


def default_workers() -> int:
    return os.cpu_count() or 1
