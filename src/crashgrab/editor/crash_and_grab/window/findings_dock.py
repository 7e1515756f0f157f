"""Crash & Grab's findings dock: the studio's findings panel (editor/findings_panel.py) with
this game's Upgrades menu in its words."""
from __future__ import annotations

from ...findings_panel import COLUMNS, SEVERITY_WORDS, FindingsModel, SeverityFilter, cells_text
from ...findings_panel import FindingsPanel as StudioFindingsPanel

UPGRADES_TIP = ("Check accelerator loops, traps, exposure, reachability and Crash Site distances for a saucer "
                "holding {cards}")


class FindingsPanel(StudioFindingsPanel):
    def __init__(self, parent=None, upgrade_names: tuple[str, ...] = ()) -> None:
        super().__init__(parent, upgrade_names, UPGRADES_TIP)


__all__ = ["COLUMNS", "SEVERITY_WORDS", "FindingsModel", "FindingsPanel", "SeverityFilter", "cells_text"]
