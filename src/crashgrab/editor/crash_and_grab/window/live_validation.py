"""Crash & Grab's live validation: the shell's (editor/live_validation.py) with the fast path.

The findings come from the fast path (`fast_validate_layout`: the same report as
`validate_layout`, messages included, without building a networkx move graph; about
1 ms on the 10x10 board, see docs/performance.md); the overlays still read the networkx
move analysis, built only when one is shown. Validations of at most SYNC_MS run inside the
edit, so its findings are painted in the same frame as the edit; a slower board (a big
free-form one) is validated on the shell's worker thread.
`upgrades` (movement upgrade card names) switches to `validate_layout`, which knows them;
set it, then request the layout again.
"""
from __future__ import annotations

from PySide6.QtCore import QObject

from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.crash_and_grab.validation.fast import fast_validate_layout
from crashgrab.engine.crash_and_grab.validation.report import ValidationReport

from ...live_validation import LiveValidator as ShellValidator


class LiveValidator(ShellValidator):
    SYNC_MS = 4.0  # validations this quick run on the GUI thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(validate_now_report, parent, sync_ms=self.SYNC_MS)


def validate_now_report(layout: Layout, upgrades: tuple[str, ...]) -> ValidationReport:
    """The fast path's report; the networkx reference when upgrades are assumed (the fast path
    knows the standard game only; networkx loads only then)."""
    if upgrades:
        from crashgrab.engine.crash_and_grab.validation import validate_layout

        return validate_layout(layout, upgrades=upgrades)
    return fast_validate_layout(layout)
