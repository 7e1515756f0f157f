"""What a game's editor window shares with every other (issue 20's editor shell): its File
menu and files (shell_files.py: New, Open, Open Recent, Save, Save As, Print, maybe-save), the
actions the studio's shortcut table keys (shortcuts.py), its settings (window_settings.py: its
size and place come back in the next window), Help (help_window.py: the game's guide page and
every key) and live validation over `system.validate` (live_validation.py: on a worker thread
when slow).

A window mixes `WindowShell` into its QMainWindow, names its layout (`noun`: "board", "arena"),
and has `system`, `document` (a layout_document.LayoutDocument), `other_windows` (a list), and the
actions `save_action`, `save_as_action`, `undo_action`, `redo_action`, `playtest_action`,
`next_finding_action` and `previous_finding_action`. It gets New, Open (a failed open leaves its
board as it was; another game's board opens in that game's window), Save, Save As (a failed save
is a dialog, the edits stay), Open Recent and Print and Play; `layout_replaced` is its hook for
what must forget the old board. `restore_window(size)` once its panels are built, `add_help_menu()`
and `start_live_validation()` (its `show_report(report)` shows what arrives) give it the rest;
closing asks about unsaved work, keeps the settings and stops the validation (`window_closing`
is its hook for what else must stop).

Its panels follow the window's width as the studio's first window's do: from WIDE_WINDOW pixels
the window's own arrangement (`wide_panels`), below it every panel of `rail_docks()` a tab of one
column RAIL_COLUMN pixels wide with the tabs down the window's edge, so the board keeps 60% of a
1024x640 window. It also gets Undo and Redo said in the status bar (`watch_history`), F6's panel
brought to the front (`raise_panel_of`), and an engine error said with the place in the file in
words (`designer_message`), the engine's own line kept in the Messages panel (`log`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QTabWidget
from shiboken6 import isValid

from crashgrab.engine.resources import docs_file

from .findings_panel import COLUMNS
from .game_views import add_export_menu
from .help_window import HelpWindow, WidgetKey
from .live_validation import LiveValidator, system_check
from .shell_files import FILE_FILTER, ShellFiles, designer_message
from .window_docks import StandardDocks
from .window_settings import WindowSettings

__all__ = ["FILE_FILTER", "QWIDGETSIZE_MAX", "RAIL_COLUMN", "WIDE_WINDOW", "WindowShell", "designer_message"]
WIDE_WINDOW = 1280  # pixels, as in every game's window: narrower, the panels are tabs of one column
RAIL_COLUMN = 230  # pixels: that column's width (with its tabs, the board keeps 60% of 1024x640)
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no maximum"


class WindowShell(StandardDocks, ShellFiles):
    guide_page = "game-systems.md"  # the page of the user guide Help > Editor Guide shows
    widget_keys: tuple[WidgetKey, ...] = ()  # keys the panels' widgets take, for Help > Keyboard Shortcuts
    keeps_panel_state = False  # whether the panels' arrangement is kept too, not only the window's size
    validator: LiveValidator | None = None
    window_settings: WindowSettings | None = None
    _help: HelpWindow | None = None

    def add_file_menu(self, free_form: str) -> QMenu:
        """File: New (a board per template of the game, and `free_form`), Open, Save, Save As,
        Export, Print and Play, Close; sets `open_action`, `export_menu` and `print_action`."""
        window: Any = self
        noun, new = self.noun, self.new_board
        file_menu = window.menuBar().addMenu("&File")
        new_menu = file_menu.addMenu("New")
        new_menu.setObjectName(f"new_{noun}")
        for template in self.system.templates:
            action = new_menu.addAction(f"New {template.title} {noun}")
            action.setObjectName(f"new_{template.id}")
            action.triggered.connect(lambda _=False, t=template.id: new(t))
        free = new_menu.addAction(free_form)
        free.setObjectName("new_free")
        free.triggered.connect(lambda: new(None))
        self.open_action = file_menu.addAction("Open\u2026", self.open_dialog)
        self.open_action.setObjectName("open")
        self.add_recent_menu(file_menu)
        file_menu.addActions([window.save_action, window.save_as_action])
        self.export_menu = add_export_menu(window, self.system, lambda: self.document.layout, lambda: self.document.path)
        file_menu.addMenu(self.export_menu)
        self.print_action = file_menu.addAction("Print and Play\u2026", self.print_and_play)
        self.print_action.setObjectName("print_and_play")
        file_menu.addSeparator()
        file_menu.addAction("Close", QKeySequence.Close, window.close)
        return file_menu

    def shared_actions(self) -> dict[str, QAction]:
        """The actions shortcuts.py gives their keys, by role."""
        window: Any = self
        exports = [a for a in self.export_menu.actions()
                   if a.objectName().startswith("export_") and a.objectName() != "export_image"]
        if not exports:  # a game with no export format: its key stays the table's, doing nothing here
            self.no_export_action = QAction("Export (this game has no export format)", window, enabled=False)
            window.addAction(self.no_export_action)
            exports = [self.no_export_action]
        return {"open": self.open_action, "save": window.save_action, "save_as": window.save_as_action,
                "export": exports[0],
                "export_image": next(a for a in self.export_menu.actions() if a.objectName() == "export_image"),
                "print_and_play": self.print_action, "undo": window.undo_action, "redo": window.redo_action,
                "playtest": window.playtest_action, "next_finding": window.next_finding_action,
                "previous_finding": window.previous_finding_action}

    # --- panels ------------------------------------------------------------------------------
    compact: bool | None = None  # the panels' arrangement: None until first arranged

    def rail_docks(self) -> list[QDockWidget]:
        """The panels a narrow window stacks as tabs, the first the one shown to begin with."""
        raise NotImplementedError

    def wide_panels(self) -> None:
        """The window's own arrangement of its panels from WIDE_WINDOW pixels."""
        raise NotImplementedError

    def arrange_panels(self, compact: bool) -> None:
        """Compact: every panel a tab of the rail; wide: the window's own arrangement."""
        window: Any = self
        self.compact = compact
        docks = self.rail_docks()
        shown = {dock: not dock.isHidden() for dock in docks}
        for dock in docks:  # out of their tab groups first: a split inside a group would not take
            window.removeDockWidget(dock)
            window.addDockWidget(Qt.RightDockWidgetArea, dock)
            dock.setVisible(shown[dock])
        if compact:
            for dock in docks[1:]:
                window.tabifyDockWidget(docks[0], dock)
            window.setTabPosition(Qt.RightDockWidgetArea, QTabWidget.East)  # names read in full, none elided
            for dock in docks:  # a fixed column: resizeDocks leaves a rail's tab group as its panels' hints
                dock.setFixedWidth(RAIL_COLUMN)  # have it, and those would take the board's room
        else:
            window.setTabPosition(Qt.RightDockWidgetArea, QTabWidget.South)
            self._free_column()
            self.wide_panels()
        self.panels_arranged()

    def panels_arranged(self) -> None:
        """After the panels moved: the window raises the tab that matters now."""

    def raise_panel_of(self, widget) -> None:
        """The panel holding `widget` brought to the front of its tabs (F6 to a panel behind another)."""
        parent = widget.parentWidget()
        while parent is not None and not isinstance(parent, QDockWidget):
            parent = parent.parentWidget()
        if parent is not None:
            parent.raise_()

    def fit_findings_columns(self, findings) -> None:
        """A compact findings panel's Code column as wide as the game's longest finding code, the
        message the rest: in a side rail's column nothing scrolls sideways."""
        header = findings.table.header()
        findings.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        if findings.compact:
            longest = max(self.system.finding_codes, key=len, default="code")
            header.resizeSection(1, findings.table.fontMetrics().horizontalAdvance(longest) + 34)
            findings.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
            # The message narrows with the column (it elides; the detail below is in full): a
            # stretched last section never gets narrower than it was when the stretch began.
            header.setMinimumSectionSize(40)
            header.setStretchLastSection(False)
            header.resizeSection(len(COLUMNS) - 1, 40)
            header.setStretchLastSection(True)

    def _free_column(self) -> None:
        """Wide, the panels' column is the designer's to drag again."""
        for dock in self.rail_docks():
            dock.setMinimumWidth(0)
            dock.setMaximumWidth(QWIDGETSIZE_MAX)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)  # type: ignore[misc]
        wide = event.size().width() >= WIDE_WINDOW
        if self.compact is None or wide == self.compact:
            # After the resize, not inside it: moving docks there can widen the window.
            QTimer.singleShot(0, self, self.arrange_for_width)  # type: ignore[call-overload]

    def arrange_for_width(self) -> None:
        """Only on crossing WIDE_WINDOW (or the first time): a designer's own arrangement stays until then."""
        window: Any = self
        compact = window.width() < WIDE_WINDOW
        if compact == self.compact:
            return
        size = window.size()
        self.arrange_panels(compact)
        window.layout().activate()
        if window.size() != size:
            window.resize(size)

    # --- history -----------------------------------------------------------------------------
    def watch_history(self) -> None:
        """Undo and redo say what they did in the status bar, so a message about an edit (a
        refusal, a hint) does not stay up after the edit was undone; as in every game's window."""
        stack = self.document.undo_stack
        self._history_seen = (stack.index(), [stack.command(i) for i in range(stack.count())])
        stack.indexChanged.connect(self._history_moved)

    def _history_moved(self, index: int) -> None:
        window: Any = self
        stack = self.document.undo_stack
        if not isValid(stack) or not isValid(window):  # the stack clears itself as it goes
            return
        before, seen = self._history_seen
        commands = [stack.command(i) for i in range(stack.count())]
        self._history_seen = (index, commands)
        if index < before and index < len(commands):
            window.statusBar().showMessage(f"Undone: {commands[index].text()}.", 6000)
        elif before < index <= len(seen) and commands[index - 1] is seen[index - 1]:
            window.statusBar().showMessage(f"Redone: {commands[index - 1].text()}.", 6000)

    def log(self, text: str) -> None:
        """Into the Messages panel only (not the status bar): the command line's or the file format's terms."""
        log = getattr(self, "message_log", None)
        if log is not None:
            log.add(text)

    # --- settings, help, live validation, closing ---------------------------------------------------
    @property
    def settings_group(self) -> str:
        """Where this window's size and panels are kept: one group per game's window."""
        return f"{self.system.id}/window"

    def restore_window(self, default: QSize) -> bool:
        """The size and place the last window of this game was closed with, else `default`."""
        self.window_settings = WindowSettings(self.studio_settings, self.settings_group)
        return self.window_settings.restore_geometry(self, default)

    def save_settings(self) -> None:
        """On closing: what the next window comes back with."""
        if self.window_settings is not None:
            self.window_settings.save(self, state=self.keeps_panel_state)

    def add_help_menu(self) -> QMenu:
        """Help: the game's page of the user guide (F1) and every key (Ctrl+F1)."""
        window: Any = self
        menu = window.menuBar().addMenu("&Help")
        guide = menu.addAction("Editor &Guide", self.show_guide)
        guide.setObjectName("guide")
        guide.setShortcut(QKeySequence.HelpContents)
        guide.setStatusTip("the user guide's page about this editor")
        keys = menu.addAction("&Keyboard Shortcuts", self.show_shortcuts)
        keys.setObjectName("shortcuts")
        keys.setShortcut(QKeySequence("Ctrl+F1"))
        keys.setStatusTip("every action and its keys")
        return menu

    def help_window(self) -> HelpWindow:
        if self._help is None:
            self._help = HelpWindow(self)  # type: ignore[arg-type]
        return self._help

    def show_guide(self) -> None:
        self.help_window().show_page(Path(str(docs_file(self.guide_page))))

    def shortcut_actions(self) -> list[QAction]:
        """The window's actions, each once (Help > Keyboard Shortcuts lists those with keys)."""
        window: Any = self
        seen: dict[int, QAction] = {}
        for action in window.findChildren(QAction):
            seen.setdefault(id(action), action)
        return list(seen.values())

    def show_shortcuts(self) -> None:
        self.help_window().show_shortcuts(self.shortcut_actions(), self.widget_keys)

    def start_live_validation(self, check=None) -> LiveValidator:
        """Validation after every edit (`validator.request(layout)`), by `check` or the game's
        `validate`; what arrives goes to `show_report`, a check that raised to the status bar."""
        window: Any = self
        self.validator = LiveValidator(check or system_check(self.system), window)
        self.validator.reportReady.connect(self.show_report)
        self.validator.failed.connect(lambda text: window.statusBar().showMessage(text, 10000))
        return self.validator

    def show_report(self, report) -> None:
        """A validation's report, of the layout the window shows now."""
        raise NotImplementedError

    def window_closing(self) -> None:
        """The window is going (after the unsaved-work question): what runs for it stops."""

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.maybe_save("closing"):
            event.ignore()
            return
        self.save_settings()
        if self.validator is not None:
            self.validator.shutdown()
        self.window_closing()
        event.accept()
