"""The docks every game's window builds alike (a mixin of WindowShell): a panel docked on the
right, Next and Previous Finding for its findings panel, History and Messages, the legend as a
thin strip above the board, and Undo's and Redo's tool tips naming the edit they would undo."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget
from shiboken6 import isValid

from .message_bar import MessageLog
from .shortcuts import shortcut_text


class StandardDocks:
    findings: Any
    undo_stack: Any

    def side_dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        """`widget` in a dock on the right, named `name` (its settings and tests find it so)."""
        dock = QDockWidget(title, self)  # type: ignore[call-overload]
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)  # type: ignore[attr-defined]
        return dock

    def add_finding_navigation(self) -> None:
        """Next and Previous Finding over `self.findings` (the shortcut table gives their keys)."""
        self.next_finding_action = QAction("Next Finding", self, triggered=lambda: self.findings.select_next(1))
        self.next_finding_action.setObjectName("next_finding")
        self.previous_finding_action = QAction("Previous Finding", self,
                                               triggered=lambda: self.findings.select_next(-1))
        self.previous_finding_action.setObjectName("previous_finding")
        self.addActions([self.next_finding_action, self.previous_finding_action])  # type: ignore[attr-defined]

    def add_history_and_messages(self) -> None:
        """History (the undo stack, each step named) and Messages (every status message)."""
        self.history = QUndoView(self.undo_stack)
        self.history.setEmptyLabel("Opened")
        self.history.setWordWrap(True)  # each step's words wrap in a narrow column
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.history_dock = self.side_dock("History", "history", self.history)
        self.message_log = MessageLog()
        self.message_log.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # its messages wrap
        self.statusBar().messageShown.connect(self.message_log.add)  # type: ignore[attr-defined]
        self.messages_dock = self.side_dock("Messages", "messages", self.message_log)

    def add_legend_dock(self, legend: QWidget) -> None:
        """The legend in a thin strip above the board (no title bar: the View menu names it)."""
        self.legend = legend
        self.legend_dock = QDockWidget("Legend", self)  # type: ignore[call-overload]
        self.legend_dock.setObjectName("legend_dock")
        self.legend_dock.setWidget(legend)
        self.legend_dock.setFeatures(QDockWidget.DockWidgetClosable | QDockWidget.DockWidgetMovable)
        self.legend_dock.setTitleBarWidget(QWidget())
        self.addDockWidget(Qt.TopDockWidgetArea, self.legend_dock)  # type: ignore[attr-defined]

    @staticmethod
    def history_tip(action: QAction, verb: str, text: str) -> None:
        """What Undo or Redo would do, in its tool tip ("Undo turn p1's car 3 (Ctrl+Z)")."""
        if not isValid(action):  # the stack, outliving the window, clears itself as it goes
            return
        keys = shortcut_text(action)
        what = f"{verb} {text[0].lower()}{text[1:]}" if text else f"Nothing to {verb.lower()}"
        action.setToolTip(f"{what} ({keys})" if keys else what)
