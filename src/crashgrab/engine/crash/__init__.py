"""Crash!: two players, twelve cars on a hex board, two junkyards (the third game system).

Self-contained: it imports only generic engine modules (errors, findings, report, the hex
geometry, formats helpers). model, facing, editing, templates, rules and validation never
touch files; layout_io and scenario_io read and write them. docs/crash.md describes the game
in the studio.
"""
from .model import CrashLayout, Junkyard, Start

GAME_ID = "crash"
TITLE = "Crash!"

__all__ = ["CrashLayout", "GAME_ID", "Junkyard", "Start", "TITLE"]
