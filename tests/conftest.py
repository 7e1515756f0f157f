"""Shared test setup: Qt runs headless, and a few paths and helpers every test uses."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = ROOT / "layouts"
