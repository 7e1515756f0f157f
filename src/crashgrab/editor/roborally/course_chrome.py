"""The RoboRally window's chrome: its actions, toolbar, docks (Settings, Findings, Legend, History
beside the course; the legend a tab of the side column below WIDE_WINDOW pixels) and menus.
A mixin of CourseWindow (window.py), which it builds for."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QDockWidget, QMenu, QWidget

from ..findings_panel import FindingsPanel
from ..toolbar import file_commands, keys_in_tips, main_toolbar
from .legend_flow import LegendFlow
from .tools import BOARD_TOOLS, COURSE_TOOLS, legend_entries, tool_icon
from .modes import PANEL_WIDTH, WIDE_WINDOW



class CourseChrome:
    # --- building ------------------------------------------------------------------------------
    def _actions(self) -> None:
        self.undo_action = self.undo_stack.createUndoAction(self, "Undo")
        self.redo_action = self.undo_stack.createRedoAction(self, "Redo")
        self.undo_action.setObjectName("undo")
        self.redo_action.setObjectName("redo")
        self.save_action = QAction("Save", self, triggered=self.save)
        self.save_action.setObjectName("save")
        self.save_as_action = QAction("Save As\u2026", self, triggered=self.save_as)
        self.save_as_action.setObjectName("save_as")
        # RoboRally's rules engine is its own piece of work; the table's key stays this action's.
        self.playtest_action = QAction("Playtest", self, enabled=False, checkable=True)
        self.playtest_action.setObjectName("playtest")
        self.playtest_action.setToolTip("A RoboRally playtest is not in the editor yet")
        self.zoom_in_action = QAction("Zoom In", self, triggered=lambda: self.view.zoom_by(1.25))
        self.zoom_in_action.setShortcuts([QKeySequence.ZoomIn, QKeySequence("+"), QKeySequence("=")])
        self.zoom_out_action = QAction("Zoom Out", self, triggered=lambda: self.view.zoom_by(0.8))
        self.zoom_out_action.setShortcuts([QKeySequence.ZoomOut, QKeySequence("-")])
        self.fit_action = QAction("Fit to Window", self, shortcut="Ctrl+0", triggered=self.view.fit)
        self.beams_action = QAction("Laser Beams", self, checkable=True, checked=True, shortcut="Ctrl+L")
        self.flow_action = QAction("Conveyor Flow", self, checkable=True, checked=True, shortcut="Ctrl+Shift+F")
        for action in (self.beams_action, self.flow_action):
            action.toggled.connect(self._overlays_toggled)
        self.next_panel_action = QAction("Next Panel", self, shortcut="F6", triggered=lambda: self.cycle_focus(1))
        self.previous_panel_action = QAction("Previous Panel", self, shortcut="Shift+F6",
                                             triggered=lambda: self.cycle_focus(-1))
        self.addActions([self.undo_action, self.redo_action, self.save_action, self.save_as_action,
                         self.playtest_action, self.zoom_in_action, self.zoom_out_action, self.fit_action,
                         self.beams_action, self.flow_action, self.next_panel_action, self.previous_panel_action])

    def _toolbar(self) -> None:
        """The studio's toolbar (editor/toolbar.py), as every game's window has it: New (added with the
        File menu), Open, Save, Undo and Redo as icons; then the mode box (the course, or a board to
        edit) and the tools as icons (the legend names them)."""
        bar = self.toolbar = main_toolbar(self, "Tools", "roborally_tools")
        bar.setIconSize(QSize(22, 22))
        self.mode_box = QComboBox()
        self.mode_box.setObjectName("mode")
        self.mode_box.setToolTip("Edit the course, or one board of its board set")
        self.mode_box.activated.connect(lambda index: self.set_mode(self.mode_box.itemData(index)))
        bar.addWidget(self.mode_box)
        bar.addSeparator()
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[tuple[str, str], QAction] = {}
        for scope, tools in (("course", COURSE_TOOLS), ("board", BOARD_TOOLS)):
            for tool in tools:
                action = QAction(tool_icon(tool.id), tool.title, self, checkable=True)
                action.setObjectName(f"tool_{scope}_{tool.id}")
                action.setToolTip(f"{tool.title}: {tool.tip}")
                action.triggered.connect(lambda _checked=False, t=tool.id: self.set_tool(t))
                self.tool_group.addAction(action)
                bar.addAction(action)
                self.tool_actions[(scope, tool.id)] = action

    def _file_buttons(self) -> None:
        """New (its menu of templates, from the File menu), Open, Save, Undo and Redo, first on the
        toolbar, as every game's window has them (editor/toolbar.py)."""
        file_commands(self, self.toolbar, self.findChild(QMenu, "new_course"),
                      "Start a new course on a template, or an empty one", before=self.toolbar.actions()[0])

    def _key_tips(self) -> None:
        keys_in_tips([self.open_action, self.save_action, self.undo_action, self.redo_action])

    def _docks(self) -> None:
        self.settings_panel = self._settings_panel()
        self.settings_dock = self._dock("Settings", "settings", self.settings_panel)
        self.findings = FindingsPanel(overridable=False, compact=True)
        self.findings.sizeHint = lambda: QSize(PANEL_WIDTH, 300)
        self.findings_dock = self._dock("Findings", "findings", self.findings)
        self.add_finding_navigation()
        self.add_legend_dock(LegendFlow(legend_entries(False)))
        self.resizeDocks([self.settings_dock], [PANEL_WIDTH], Qt.Horizontal)
        self.compact = False

    def arrange_panels(self, compact: bool) -> None:
        """Wide: the legend a strip above the board, Settings over Findings on the right. Compact (a
        window narrower than WIDE_WINDOW): the legend a tab behind the findings in the one column,
        so the board keeps most of a small window."""
        self.compact = compact
        if compact:
            self.addDockWidget(Qt.RightDockWidgetArea, self.legend_dock)
            self.tabifyDockWidget(self.findings_dock, self.legend_dock)
            self.legend_dock.setTitleBarWidget(None)
            self.findings_dock.raise_()
        else:
            self.legend_dock.setTitleBarWidget(QWidget())
            self.addDockWidget(Qt.TopDockWidgetArea, self.legend_dock)
        self.resizeDocks([self.settings_dock], [PANEL_WIDTH], Qt.Horizontal)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if (event.size().width() < WIDE_WINDOW) != self.compact:  # after the resize: moving docks inside it
            QTimer.singleShot(0, self, self.arrange_for_width)   # can widen the window

    def arrange_for_width(self) -> None:
        compact = self.width() < WIDE_WINDOW
        if compact != self.compact:
            size = self.size()
            self.arrange_panels(compact)
            self.layout().activate()
            if self.size() != size:
                self.resize(size)

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        return dock

    def _menus(self) -> None:
        self.add_file_menu("New empty course")
        self._file_buttons()
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        self._board_menu()
        view_menu = self.menuBar().addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addSeparator()
        view_menu.addActions([self.beams_action, self.flow_action, self.legend_dock.toggleViewAction()])
        view_menu.addSeparator()
        view_menu.addActions([self.next_finding_action, self.previous_finding_action, self.next_panel_action,
                              self.previous_panel_action])

