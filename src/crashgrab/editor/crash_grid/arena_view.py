"""The Crash Grid arena's view: always fitted (no scroll bars, nothing to zoom), its keys handed
to the window first."""
from __future__ import annotations

from PySide6.QtCore import Qt

from ..fitted_view import FittedView


class ArenaView(FittedView):
    """The arena (editor/fitted_view.py), and the square cursor shown while the view has the keyboard."""

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Reached by the keyboard (Tab, a click): the window shows the square cursor."""
        super().focusInEvent(event)
        if event.reason() in (Qt.TabFocusReason, Qt.BacktabFocusReason, Qt.ShortcutFocusReason):
            self.on_key(None)

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self.on_key(None, shown=False)
