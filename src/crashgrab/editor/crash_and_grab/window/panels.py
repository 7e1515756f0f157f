"""The main window's panels (Tiles, Findings, History, Messages, Legend): wide, they sit around the
board; in a window narrower than WIDE_WINDOW they become tabs of one column, so the board keeps
most of a small window. F6 walks the keyboard through them.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QTabWidget, QUndoView, QWidget

from crashgrab.engine.crash_and_grab.validation import MOVEMENT_UPGRADES

from ...message_bar import MessageLog
from ..board.legend import LegendStrip
from ..board.palette import TilePalette
from .findings_dock import FindingsPanel

WIDE_WINDOW = 1280  # pixels: from this width the right column takes the bottom-right corner,
# and below it the panels are tabs of one column (MainWindow.arrange_panels)
COMPACT_COLUMN = 262  # pixels: that column's width, the Tiles palette's cards at their narrowest


class PanelsMixin:
    """The docks of `MainWindow` and their arrangement by the window's width."""

    def _build_docks(self) -> None:
        self.palette = TilePalette()
        self.palette_dock = self._dock("Tiles", "paletteDock", self.palette, Qt.LeftDockWidgetArea)
        self.findings = FindingsPanel(upgrade_names=MOVEMENT_UPGRADES)
        self.findings_dock = self._dock("Findings", "findingsDock", self.findings, Qt.BottomDockWidgetArea)
        self.history = QUndoView(self.document.undo_stack)
        self.history.setEmptyLabel("Opened")
        self.history_dock = self._dock("History", "historyDock", self.history, Qt.BottomDockWidgetArea)
        self.legend = LegendStrip()
        self.legend_dock = self._dock("Legend", "legendDock", self.legend, Qt.TopDockWidgetArea)
        self.legend_dock.setFeatures(QDockWidget.DockWidgetClosable | QDockWidget.DockWidgetMovable)
        self.legend_dock.setTitleBarWidget(QWidget())  # a thin strip: the View menu names it
        self.message_log = MessageLog()
        self.messages_dock = self._dock("Messages", "messagesDock", self.message_log, Qt.BottomDockWidgetArea)
        self._compact = False  # the panels' arrangement: see arrange_panels
        self.arrange_panels(compact=False)

    def arrange_panels(self, compact: bool) -> None:
        """Wide: Tiles on the left, Findings and History across the bottom. Compact (a window
        narrower than WIDE_WINDOW): every panel a tab of one narrow column on the right, so the
        board keeps most of a small window (at 1024x640 the bottom panels took 40% of its height)."""
        self._compact = compact
        self.findings.set_compact(compact)
        panels = (self.palette_dock, self.findings_dock, self.history_dock, self.messages_dock)
        if compact:
            for dock in panels:
                self.addDockWidget(Qt.RightDockWidgetArea, dock)
            for dock in panels[1:]:
                self.tabifyDockWidget(panels[0], dock)
            self.palette_dock.raise_()  # building a board starts with the tiles
            # The tabs a rail down the window's edge: four names read in full, none elided.
            self.setTabPosition(Qt.RightDockWidgetArea, QTabWidget.East)
            self.resizeDocks([self.palette_dock], [COMPACT_COLUMN], Qt.Horizontal)
            return
        self.setTabPosition(Qt.RightDockWidgetArea, QTabWidget.South)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.palette_dock)
        for dock in panels[1:]:
            self.addDockWidget(Qt.BottomDockWidgetArea, dock)
        # History beside the findings, so the board keeps the window's full width.
        self.splitDockWidget(self.findings_dock, self.history_dock, Qt.Horizontal)
        self.tabifyDockWidget(self.history_dock, self.messages_dock)  # Messages: a tab behind History
        self.history_dock.raise_()
        self.resizeDocks([self.palette_dock], [270], Qt.Horizontal)
        self.resizeDocks([self.findings_dock, self.history_dock], [1000, 260], Qt.Horizontal)
        self.resizeDocks([self.findings_dock], [210], Qt.Vertical)

    @property
    def compact(self) -> bool:
        return self._compact

    def hide_stale_tab_bars(self) -> None:
        """Qt may leave the tab bar of a dock group that moving docks broke up on screen (a strip
        "Tiles | Findings" beside the board); a tab bar whose tabs are no group's now is hidden."""
        groups = set()
        for dock in self.findChildren(QDockWidget):
            if dock.isVisible():
                groups.add(frozenset([dock.windowTitle()] + [d.windowTitle() for d in self.tabifiedDockWidgets(dock)]))
        for bar in self.findChildren(QTabBar, options=Qt.FindDirectChildrenOnly):
            if bar.isVisible() and frozenset(bar.tabText(i) for i in range(bar.count())) not in groups:
                bar.hide()

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def resizeEvent(self, event) -> None:
        """On a wide window the right column (Playtest) runs the full height, so its saucer table
        and event log get room; on a narrow one the bottom panels keep the full width, so the
        Findings header is not squeezed."""
        QMainWindow.resizeEvent(self, event)  # not the shell's: this window arranges its panels itself
        wide = event.size().width() >= WIDE_WINDOW
        self.setCorner(Qt.BottomRightCorner, Qt.RightDockWidgetArea if wide else Qt.BottomDockWidgetArea)
        if wide == self._compact:  # after the resize: moving docks inside it widened the window
            QTimer.singleShot(0, self, self.arrange_for_width)

    def arrange_for_width(self) -> None:
        """Only on crossing WIDE_WINDOW: a designer's own arrangement stays until then."""
        wide = self.width() >= WIDE_WINDOW
        if wide != self._compact:
            return
        size = self.size()
        self.arrange_panels(compact=not wide)
        self.panelsArranged.emit(not wide)
        self.layout().activate()  # moving the docks can widen it a few pixels meanwhile: back
        if self.size() != size:
            self.resize(size)
        self.hide_stale_tab_bars()

    def cycle_focus(self, step: int) -> None:
        """F6: Tiles palette, board, Findings list, and round again."""
        stops = [self.palette.focus_current, lambda: self.view.setFocus(Qt.ShortcutFocusReason) or True,
                 lambda: self.findings.table.setFocus(Qt.ShortcutFocusReason) or True]
        focus = self.focusWidget()
        here = 0 if focus is not None and self.palette.isAncestorOf(focus) else \
            1 if focus is self.view or (focus is not None and self.view.isAncestorOf(focus)) else \
            2 if focus is not None and self.findings.isAncestorOf(focus) else -step
        stops[(here + step) % len(stops)]()
