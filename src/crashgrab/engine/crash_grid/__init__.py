"""Crash Grid: card-driven riders leaving trails in a square arena (the second game system).

Self-contained: it imports only generic engine modules (errors, findings, grid geometry,
formats helpers). model/templates/validation/rules never touch files; layout_io and
scenario_io read and write them.
"""
from .model import ArenaLayout, Start
from .templates import TEMPLATE_SIZES, template_layout

GAME_ID = "crash-grid"
TITLE = "Crash Grid"

__all__ = ["ArenaLayout", "GAME_ID", "Start", "TEMPLATE_SIZES", "TITLE", "template_layout"]
