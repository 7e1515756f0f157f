"""The editor's main window: menus, docks and status bar around the board view.

It wires signals together and asks the designer questions (files, unsaved changes); it
edits the layout only by pushing undo commands, and reads and writes files only through
the engine (via `LayoutDocument`).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (QComboBox, QDockWidget, QFileDialog, QLabel, QMainWindow, QMessageBox, QTabBar, QTabWidget, QToolButton,
                               QUndoView,
                               QWidget)

from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.validation import MOVEMENT_UPGRADES
from crashgrab.engine.crash_and_grab.validation.overlays import accelerator_links, loop_route
from crashgrab.engine.errors import CrashGrabError, InvalidFileError, UnreadableFileError
from crashgrab.engine.findings import Finding
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.formats.safe_read import real_path
from crashgrab.engine.games import all_systems, system_for_layout
from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.system import GameSystem
from crashgrab.engine.resources import docs_file

from .. import style
from ..commands import Randomize, SetDirections, SetProperties, SetSeverity
from ...app import APP_NAME, APPLICATION, ORGANISATION
from ...designer_words import show_error
from ...save_prompt import ask_save_path, ask_to_save, failure_message
from .dialogs import DirectionsDialog, PropertiesDialog, RandomizeDialog
from ..document import LayoutDocument, blank_layout
from ...shortcuts import apply_shortcuts
from .findings_dock import FindingsPanel
from .help_window import HelpWindow
from .icons import GLYPHS, icon
from ..board.legend import LegendStrip
from ...message_bar import MessageBar, MessageLog
from ...game_views import open_board_window
from ..output.image_export_dialog import export_image_dialog
from ..output.print_dialog import print_and_play_dialog
from .live_validation import LiveValidator
from ..board.palette import TilePalette
from ..placing import plan_auto_place, plan_flip, plan_remove, plan_rotation
from ..playtest import install as install_playtest
from ..board.scene import BoardScene
from ..tile_designer.in_editor import install as install_tile_designer
from ..board.view import BoardView

MAX_RECENT = 8
FILE_FILTER = "Crash & Grab layouts (*.json);;All files (*)"
NEW_CHOICES = (("2-4", "New 2\u20134 Player Board (8\u00d78)", "Ctrl+N"),
               ("5", "New 5 Player Board (9\u00d79)", None),
               ("6", "New 6 Player Board (10\u00d710)", None),
               (None, "New Free-form Board", None))


WIDE_WINDOW = 1280  # pixels: from this width the right column takes the bottom-right corner,
# and below it the panels are tabs of one column (MainWindow.arrange_panels)
COMPACT_COLUMN = 262  # pixels: that column's width, the Tiles palette's cards at their narrowest


def default_settings() -> QSettings:
    return QSettings(ORGANISATION, APPLICATION)


TILED_TMX_FILTER = "Tiled map, XML (*.tmx)"
TILED_TMJ_FILTER = "Tiled map, JSON (*.tmj)"


class MainWindow(QMainWindow):
    panelsArranged = Signal(bool)  # compact: the panels became one column of tabs (or went back)

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else default_settings()
        self.document = LayoutDocument(blank_layout("2-4"), parent=self)
        self.validator = LiveValidator(self)
        self.scene = BoardScene(self.document, parent=self)
        self.view = BoardView(self.scene)
        self._help: HelpWindow | None = None
        self._finding_distance: int | None = None  # a selected finding's distance, shown while it is selected
        self.setCentralWidget(self.view)
        self.setAcceptDrops(True)
        self.setDockNestingEnabled(True)

        self._build_docks()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        install_tile_designer(self)  # Tiles menu: the tile designer and choosing the layout's tile set
        self._build_status_bar()
        self._connect()
        self._restore_settings()
        self.playtest = install_playtest(self)  # Playtest dock and View > Playtest (F5): editor/playtest
        apply_shortcuts(self.actions)  # the keys every game's editor shares (editor/shortcuts.py)
        self._build_mode_bar()
        self._decorate_actions()
        self._document_replaced()

    # --- construction ----------------------------------------------------------------------
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

    def _action(self, key: str, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
        action = QAction(text, self)
        action.setObjectName(key)
        if shortcut is not None:
            shortcuts = shortcut if isinstance(shortcut, list) else [shortcut]
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(f"{text.replace('&', '').rstrip('.')}: {tip}")
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        self.actions[key] = action
        return action

    def _build_actions(self) -> None:
        self.actions: dict[str, QAction] = {}
        a = self._action
        for template, text, shortcut in NEW_CHOICES:
            a(f"new_{template or 'free'}", text, lambda _=False, t=template: self.new_layout(t), shortcut,
              "start an empty board" + (f" on the {template} template" if template else " without a template"))
        a("open", "&Open\u2026", self.open_dialog, QKeySequence.Open, "open a layout file")
        a("save", "&Save", self.save, QKeySequence.Save, "save the layout")
        a("save_as", "Save &As\u2026", self.save_as, "Ctrl+Shift+S", "save the layout under a new name")
        a("export", "&Export Resolved JSON\u2026", self.export_dialog, "Ctrl+E",
          "write the board worked out cell by cell, for other programs")
        a("export_image", "Export &Image\u2026", lambda: export_image_dialog(self), "Ctrl+Shift+E",
          "draw the board as a PNG (at a chosen DPI) or SVG, for print and sharing")
        a("export_tiled", "Export &Tiled Map…", self.export_tiled_dialog, None,
          "write a map for the Tiled editor (.tmx or .tmj) with its tileset image beside it")
        a("print_and_play", "&Print and Play…", lambda: print_and_play_dialog(self), QKeySequence.Print,
          "a PDF of the tiles, double-sided at true size with crop marks, or the board as a poster")
        a("clear_recent", "Clear Recent Files", self.clear_recent)
        a("quit", "&Quit", self.close, [QKeySequence.Quit, "Ctrl+Q"], "close the editor")
        undo = self.document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcuts([QKeySequence("Ctrl+Z")])
        redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.actions["undo"], self.actions["redo"] = undo, redo
        a("rotate_cw", "Rotate &Clockwise", lambda: self.rotate_selected(True), "R", "turn the selected tile")
        a("rotate_ccw", "Rotate C&ounter-clockwise", lambda: self.rotate_selected(False), "Shift+R",
          "turn the selected tile the other way")
        a("flip", "&Flip to Other Side", self.flip_selected, "F", "turn the selected tile over")
        a("remove", "&Remove Tile", self.remove_selected, [QKeySequence.Delete, "Backspace"],
          "put the selected tile back in the palette")
        a("deselect", "Select &None", self.scene.escape, "Esc", "cancel a move, or select no tile")
        # Keys that act on the board's selection work only while the board has the focus:
        # Delete in the Findings list or R typed into a field never touches a tile.
        for key in ("rotate_cw", "rotate_ccw", "flip", "remove", "deselect"):
            self.actions[key].setShortcutContext(Qt.WidgetWithChildrenShortcut)
            self.view.addAction(self.actions[key])
        a("randomize", "&Randomize\u2026", self.randomize_dialog, "Ctrl+Shift+N",
          "set the whole board up by the rules from a seed")
        a("directions", "&Direction Markers\u2026", self.directions_dialog, "Ctrl+M",
          "choose which marker sits on which side")
        a("properties", "&Name and Notes\u2026", self.properties_dialog, None, "name the layout and keep notes")
        a("zoom_in", "Zoom &In", self.view.zoom_in, [QKeySequence.ZoomIn, "Ctrl+="])
        a("zoom_out", "Zoom &Out", self.view.zoom_out, QKeySequence.ZoomOut)
        a("fit", "&Fit Board", self.view.fit, "Ctrl+0", "zoom to show the whole board")
        a("next_finding", "&Next Finding", lambda: self.findings.select_next(1), "F8",
          "select the next finding and show its cells")
        a("previous_finding", "&Previous Finding", lambda: self.findings.select_next(-1), "Shift+F8",
          "select the previous finding and show its cells")
        a("legend", "Show &Legend", self._legend_toggled, None, "a key to the board's symbols", checkable=True)
        a("overlay_exposure", "Edge &Exposure Heat Map", self._overlays_changed, "Ctrl+1",
          "how many of each cell's 20 moves crash off the board", checkable=True)
        a("overlay_accelerators", "&Accelerator Graph", self._overlays_changed, "Ctrl+2",
          "arrows between Accelerators for one move distance; loops in red", checkable=True)
        a("overlay_reach", "&Reachability from Clicked Cell", self._overlays_changed, "Ctrl+3",
          "cells one move reaches from the cell you click, shaded by distance", checkable=True)
        self.distance_group = QActionGroup(self)
        for d in range(1, 6):
            action = a(f"distance_{d}", f"Distance {d}", self._distance_chosen, f"Alt+{d}",
                       f"accelerator graph for moves of {d}", checkable=True)
            self.distance_group.addAction(action)
        self.actions["distance_3"].setChecked(True)
        a("guide", "Editor &Guide", self.show_guide, QKeySequence.HelpContents, "the user guide")
        a("shortcuts", "&Keyboard Shortcuts", lambda: self.help_window().show_shortcuts(self.actions), "Ctrl+F1",
          "every action and its keys")
        a("next_panel", "Next &Panel", lambda: self.cycle_focus(1), "F6", "move the keyboard to the next panel")
        a("previous_panel", "Previous Panel", lambda: self.cycle_focus(-1), "Shift+F6",
          "move the keyboard to the previous panel")
        a("about", "&About", self.show_about)
        short = {"undo": "Undo", "redo": "Redo", "rotate_cw": "Rotate \u21bb", "rotate_ccw": "Rotate \u21ba",
                 "flip": "Flip", "remove": "Remove", "randomize": "Randomize\u2026", "directions": "Markers\u2026",
                 "fit": "Fit", "open": "Open\u2026", "save": "Save"}
        for key, text in short.items():
            action = self.actions[key]
            action.setIconText(text)
            keys = action.shortcut().toString(QKeySequence.NativeText)
            name = action.text().replace("&", "").replace("\u2026", "")
            action.setToolTip(f"{name} ({keys})" if keys else name)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.new_menu = file_menu.addMenu("&New")
        for template, _, _ in NEW_CHOICES:
            self.new_menu.addAction(self.actions[f"new_{template or 'free'}"])
        self._add_other_games(self.new_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.actions["open"])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addAction(self.actions["save"])
        file_menu.addAction(self.actions["save_as"])
        self.export_menu = file_menu.addMenu("&Export")
        for key in ("export", "export_image", "export_tiled"):
            self.export_menu.addAction(self.actions[key])
        file_menu.addAction(self.actions["print_and_play"])
        file_menu.addSeparator()
        file_menu.addAction(self.actions["quit"])
        edit = bar.addMenu("&Edit")
        for key in ("undo", "redo", None, "rotate_cw", "rotate_ccw", "flip", "remove", None, "deselect"):
            edit.addSeparator() if key is None else edit.addAction(self.actions[key])
        layout_menu = bar.addMenu("&Layout")
        for key in ("randomize", "directions", "properties", None, "next_finding", "previous_finding"):
            layout_menu.addSeparator() if key is None else layout_menu.addAction(self.actions[key])
        view = bar.addMenu("&View")
        for key in ("zoom_in", "zoom_out", "fit", "legend", None, "next_panel", "previous_panel"):
            view.addSeparator() if key is None else view.addAction(self.actions[key])
        view.addSeparator()
        view.addSection("Overlays")
        view.addAction(self.actions["overlay_exposure"])
        view.addAction(self.actions["overlay_accelerators"])
        distance_menu = view.addMenu("Accelerator &Distance")
        for d in range(1, 6):
            distance_menu.addAction(self.actions[f"distance_{d}"])
        view.addAction(self.actions["overlay_reach"])
        view.addSeparator()
        panels = view.addMenu("&Panels")
        for dock in (self.palette_dock, self.findings_dock, self.history_dock, self.messages_dock):
            panels.addAction(dock.toggleViewAction())
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.actions["guide"])
        help_menu.addAction(self.actions["shortcuts"])
        help_menu.addAction(self.actions["about"])

    def _build_toolbar(self) -> None:
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("mainToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonIconOnly)  # names in tool tips, as in the menus
        toolbar.setMovable(False)
        new_button = QToolButton()
        new_button.setText("New")
        new_button.setIcon(icon("new"))
        new_button.setToolTip("Start a new board on a template, or free-form")
        new_button.setPopupMode(QToolButton.InstantPopup)
        new_button.setMenu(self.new_menu)
        toolbar.addWidget(new_button)
        for key in ("open", "save", None, "undo", "redo", None, "rotate_cw", "rotate_ccw", "flip",
                    "remove", None, "randomize", "directions", None, "fit", None, "previous_finding",
                    "next_finding", None, "overlay_exposure", "overlay_accelerators"):
            toolbar.addSeparator() if key is None else toolbar.addAction(self.actions[key])
        self.distance_box = QComboBox()  # the Accelerator graph's move distance, beside its toggle
        self.distance_box.addItems([f"Distance {d}" for d in range(1, 6)])  # says what it is, as the menu does
        self.distance_box.setToolTip("Move distance for the Accelerator graph (Alt+1 to Alt+5); "
                                     "turn the graph on to use it")
        self.distance_box.setAccessibleName("Accelerator graph distance")
        self.distance_box.setCurrentIndex(2)
        self.distance_box.activated.connect(lambda index: self.actions[f"distance_{index + 1}"].trigger())
        self.distance_group.triggered.connect(
            lambda action: self.distance_box.setCurrentIndex(int(action.objectName().split("_")[1]) - 1))
        toolbar.addWidget(self.distance_box)
        toolbar.addAction(self.actions["overlay_reach"])
        self.toolbar = toolbar

    def _build_mode_bar(self) -> None:
        """Edit, Playtest and the Tile Designer as visible switches, with their names."""
        modes = self.addToolBar("Modes")
        modes.setObjectName("modesToolbar")
        modes.setMovable(False)
        modes.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        edit_mode = self._action("edit_mode", "&Edit", lambda: self.actions["playtest"].setChecked(False), None,
                                 "arrange the tiles (ends a playtest)", checkable=True)
        self.toolbar.removeAction(self.actions["playtest"])  # it lives here, beside Edit
        for key in ("edit_mode", "playtest", "tile_designer"):
            modes.addAction(self.actions[key])
        self.playtest.action.toggled.connect(self._mode_changed)
        self.playtest.dock.visibilityChanged.connect(self._mode_changed)
        edit_mode.setChecked(True)
        self.modes_toolbar = modes

    def _mode_changed(self, *args) -> None:
        self.actions["edit_mode"].setChecked(not self.playtest.active)

    def _decorate_actions(self) -> None:
        for name in GLYPHS:
            if name in self.actions:
                self.actions[name].setIcon(icon(name))

    def _build_status_bar(self) -> None:
        status = MessageBar()
        self.setStatusBar(status)
        status.messageShown.connect(self.message_log.add)
        self.cell_label = QLabel()
        self.cell_label.setMinimumWidth(260)
        self.zoom_label = QLabel()
        self.summary_label = QLabel("Validating\u2026")
        self.summary_label.setObjectName("summaryLabel")
        status.addPermanentWidget(self.cell_label)
        status.addPermanentWidget(self.zoom_label)
        status.addPermanentWidget(self.summary_label)

    def _connect(self) -> None:
        self.document.layoutChanged.connect(self._layout_changed)
        self.document.fileChanged.connect(self._update_title)
        self.document.undo_stack.cleanChanged.connect(self._update_title)
        self._history_seen: tuple[int, list] = (0, [])  # the undo index and commands last seen
        self.document.undo_stack.indexChanged.connect(self._history_moved)
        self.validator.reportReady.connect(self._report_ready)
        self.validator.failed.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.scene.statusMessage.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.scene.tileSelected.connect(self._selection_changed)
        self.scene.cellHovered.connect(self._cell_hovered)
        self.scene.markersActivated.connect(self.directions_dialog)
        self.view.filesDropped.connect(self._files_dropped)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.palette.tileActivated.connect(self._palette_activated)
        self.findings.findingSelected.connect(self._finding_selected)
        self.findings.upgradesChanged.connect(self._upgrades_changed)
        self.view.placeRequested.connect(self._place_chosen_tile)
        self.palette.tileChosen.connect(lambda tile, side: self.statusBar().showMessage(
            f"Tile {tile}{side}: Enter puts it in the first free slot; on the board (F6), Enter places it "
            "at the cursor.", 6000))
        self.findings.severityRequested.connect(
            lambda code, level: self.document.undo_stack.push(SetSeverity(self.document, code, level)))

    # --- document lifecycle ------------------------------------------------------------------
    def _document_replaced(self) -> None:
        layout, path = self.document.layout, self.document.path
        board = f"{layout.template} board" if layout.template else "free-form board"
        self.history.setEmptyLabel(f"Opened {path.name}" if path else f"New {board}")
        self.scene.select_tile(None)
        self.scene.clear_highlight()
        self.scene.reset_canvas()
        self._finding_distance = None
        self._show_overlays()
        self.scene.set_reach_origin(None)
        self.cell_label.setText("")  # the hovered cell belonged to the board that was replaced
        self._layout_changed()
        self._update_title()
        self.view.fit()

    def _layout_changed(self) -> None:
        self.palette.set_layout(self.document.layout)
        self.findings.set_overrides(self.document.layout.severity_overrides)
        self.validator.request(self.document.layout)
        self._selection_changed(self.scene.selected_tile())

    def _upgrades_changed(self, upgrades: tuple[str, ...]) -> None:
        self.validator.upgrades = upgrades
        self.validator.request(self.document.layout)

    def _report_ready(self, report) -> None:
        self.scene.set_report(report)
        summary = report.summary() + (f" (with {', '.join(report.upgrades)})" if report.upgrades else "")
        self.findings.set_findings(report.findings, summary)
        counts = report.counts()
        worst = next((s for s in ("error", "warning") if counts.get(s)), None)
        colour = style.SEVERITY_COLOURS[worst].name() if worst else "#1a7f37"
        self.summary_label.setText(f"<b style='color:{colour}'>{summary}</b>")
        self.summary_label.setToolTip(f"Validated in {self.validator.last_ms:.1f} ms")

    def _update_title(self) -> None:
        layout = self.document.layout
        where = f"template {layout.template}" if layout.template else "free-form"
        self.setWindowTitle(f"{self.document.display_name()}[*] ({where}) \u2014 {APP_NAME}")
        self.setWindowModified(self.document.is_modified())

    def maybe_save(self, doing: str = "continuing") -> bool:
        """Unsaved changes: ask to save, discard or cancel. True means go ahead."""
        if not self.document.is_modified():
            return True
        return ask_to_save(self, "Unsaved changes", f"\u201c{self.document.display_name()}\u201d has unsaved "
                           f"changes. Save them before {doing}?", self.save)

    def new_layout(self, template: str | None, layout: Layout | None = None) -> bool:
        """An empty board on `template`; `layout` starts from a given one (another tile set)."""
        if not self.maybe_save("starting a new board"):
            return False
        self.document.reset(layout if layout is not None else blank_layout(template))
        self._document_replaced()
        title = TEMPLATES[template].title if template else "free-form board"
        self.statusBar().showMessage(f"New {title}: drag tiles from the palette onto the board.", 8000)
        return True

    def _add_other_games(self, menu) -> None:
        """A submenu per other installed game: its templates, then free-form."""
        for system in all_systems():
            if system.layout_type is Layout:  # the game this window edits: the entries above
                continue
            submenu = menu.addMenu(system.title)
            submenu.setObjectName(f"new_game_{system.id}")
            for template in system.templates:
                action = submenu.addAction(f"New {template.title} ({template.width}\u00d7{template.height})")
                action.setObjectName(f"new_{system.id}_{template.id}")
                action.triggered.connect(lambda _=False, s=system, t=template.id: self.new_game_layout(s, t))
            action = submenu.addAction(f"New Free-form {system.title} Board")
            action.setObjectName(f"new_{system.id}_free")
            action.triggered.connect(lambda _=False, s=system: self.new_game_layout(s, None))

    def new_game_layout(self, system: GameSystem, template: str | None) -> QWidget:
        """A new board of another game, in that game's editor (or read-only when it has none)."""
        return self.show_other_game(system, system.new_layout(template=template), None)

    def show_other_game(self, system: GameSystem, layout, path) -> QWidget:
        """Another game's board opens in its own window; this window's layout is left as it is."""
        window = open_board_window(system, layout, path, self)
        self.other_windows = [w for w in getattr(self, "other_windows", []) if w.isVisible()] + [window]
        self.statusBar().showMessage(f"Opened a {system.title} board in its own window.", 8000)
        return window

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self, "Open layout", self._last_directory(), FILE_FILTER)
        return self.open_path(path) if path else False

    def open_path(self, path: str | Path) -> bool:
        """Load through the engine first: a file that fails leaves the current layout as it was."""
        try:
            layout = load_layout(path)
        except CrashGrabError as error:
            show_error(self, "Cannot open layout", error)
            if isinstance(error, UnreadableFileError):  # gone for good; a file with a fault stays to be fixed
                self._forget_recent(path)
            return False
        except Exception as error:  # anything else the engine did not foresee, still one message
            QMessageBox.critical(self, "Cannot open layout", f"{path}: {error}")
            return False
        system = system_for_layout(layout)
        if system.layout_type is not Layout:
            self.show_other_game(system, layout, path)
            self._remember_recent(path)
            return True
        if not self.maybe_save("opening another layout"):
            return False
        self.document.reset(layout, path)
        self._document_replaced()
        self._remember_recent(path)
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        suggested = str(self.document.path or Path(self._last_directory()) / f"{_file_stem(self.document.layout)}.json")
        path = ask_save_path(self, "Save layout as", suggested, FILE_FILTER)
        return self._save_to(path) if path else False

    def _save_to(self, path: str | Path) -> bool:
        try:
            self.document.save(path)
        except Exception as error:  # whatever it is, a dialog: the edits are not saved
            QMessageBox.critical(self, "Cannot save layout", failure_message(error, path))
            return False
        self._remember_recent(path)
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def export_dialog(self) -> bool:
        base = self.document.path.with_suffix("") if self.document.path else Path(self._last_directory()) / _file_stem(self.document.layout)
        path, _ = QFileDialog.getSaveFileName(self, "Export resolved JSON", f"{base}.export.json",
                                              "Resolved export (*.json)")
        if not path:
            return False
        try:
            self.document.export(path)
        except InvalidFileError as error:
            show_error(self, "Cannot export", error, "Other programs need a playable board: fix the errors listed "
                       "in the Findings panel, then export again.")
            return False
        except Exception as error:
            QMessageBox.critical(self, "Cannot export", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Exported the resolved board to {path}", 5000)
        return True

    def export_tiled_dialog(self) -> bool:
        base = self.document.path.with_suffix("") if self.document.path else Path(self._last_directory()) / _file_stem(self.document.layout)
        path, chosen = QFileDialog.getSaveFileName(self, "Export Tiled map", f"{base}.tmx",
                                                   f"{TILED_TMX_FILTER};;{TILED_TMJ_FILTER}")
        if not path:
            return False
        if not path.lower().endswith((".tmx", ".tmj")):  # the extension picks the form
            path += ".tmj" if chosen == TILED_TMJ_FILTER else ".tmx"
        try:
            image = self.document.export_tiled(path)
        except InvalidFileError as error:
            show_error(self, "Cannot export", error, "Tiled needs a playable board: fix the errors listed in the "
                       "Findings panel, then export again.")
            return False
        except Exception as error:
            QMessageBox.critical(self, "Cannot export", failure_message(error, path))
            return False
        self.statusBar().showMessage(f"Exported the Tiled map to {path} and its tileset image to {image.name}", 5000)
        return True

    def resizeEvent(self, event) -> None:
        """On a wide window the right column (Playtest) runs the full height, so its saucer table
        and event log get room; on a narrow one the bottom panels keep the full width, so the
        Findings header is not squeezed."""
        super().resizeEvent(event)
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

    def closeEvent(self, event) -> None:
        if not self.maybe_save("closing"):
            event.ignore()
            return
        self._save_settings()
        self.validator.shutdown()
        event.accept()

    # --- edits -----------------------------------------------------------------------------
    def rotate_selected(self, clockwise: bool = True) -> bool:
        tile = self.scene.selected_tile()
        return bool(tile) and self.scene.apply(plan_rotation(self.document.layout, tile, clockwise))

    def flip_selected(self) -> bool:
        tile = self.scene.selected_tile()
        return bool(tile) and self.scene.apply(plan_flip(self.document.layout, tile))

    def remove_selected(self) -> bool:
        tile = self.scene.selected_tile()
        return bool(tile) and self.scene.apply(plan_remove(self.document.layout, tile))

    def _palette_activated(self, tile_id: str, side: str) -> None:
        if self.document.layout.placement_of(tile_id) is not None:
            self.scene.select_tile(tile_id)
            self.statusBar().showMessage(f"Tile {tile_id} is on the board (selected); drag it to move it.", 6000)
            return
        self.scene.apply(plan_auto_place(self.document.layout, tile_id, side))

    def randomize_dialog(self) -> bool:
        seed = self.settings.value("randomize/seed", None)
        dialog = RandomizeDialog(self.document.layout, int(seed) if seed not in (None, "") else None, self)
        try:
            if dialog.exec() != RandomizeDialog.Accepted:
                return False
            return self.randomize(dialog.result_layout(), dialog.seed.value())
        finally:
            dialog.deleteLater()

    def randomize(self, layout: Layout | None, seed: int) -> bool:
        if layout is None:
            return False
        self.settings.setValue("randomize/seed", seed)
        self.document.undo_stack.push(Randomize(self.document, layout, seed))
        self.statusBar().showMessage(f"Randomized the {layout.template} board with seed {seed}; "
                                     "the same seed gives the same board.", 10000)
        if self.view.auto_fit:
            self.view.fit()
        return True

    def directions_dialog(self) -> bool:
        dialog = DirectionsDialog(self.document.layout.directions, self)
        try:
            if dialog.exec() != DirectionsDialog.Accepted:
                return False
            return self.set_directions(dialog.directions())
        finally:
            dialog.deleteLater()

    def set_directions(self, directions) -> bool:
        if dict(directions) == dict(self.document.layout.directions):
            return False
        self.document.undo_stack.push(SetDirections(self.document, directions))
        return True

    def properties_dialog(self) -> bool:
        dialog = PropertiesDialog(self.document.layout, self)
        try:
            if dialog.exec() != PropertiesDialog.Accepted:
                return False
            name, notes = dialog.values()
            if (name, notes) == (self.document.layout.name, self.document.layout.notes):
                return False
            self.document.undo_stack.push(SetProperties(self.document, name, notes))
            return True
        finally:
            dialog.deleteLater()

    # --- reactions ---------------------------------------------------------------------------
    def _selection_changed(self, tile_id) -> None:
        for key in ("rotate_cw", "rotate_ccw", "flip", "remove"):
            self.actions[key].setEnabled(tile_id is not None)

    def _finding_selected(self, finding: Finding | None) -> None:
        """Show a finding's cells; a loop's whole route, numbered. The graph turns to the finding's
        distance while it is selected, a view only: the distance chosen in the menu, and saved in
        the settings, comes back with the next selection."""
        shown, self._finding_distance = self._finding_distance, None
        if finding is None or not finding.cells:
            self.scene.clear_highlight()
            if shown is not None:
                self._show_overlays()
            return
        details = finding.details or {}
        distance, route, caption = details.get("distance"), details.get("cycle", ()), ""
        if isinstance(distance, int) and f"distance_{distance}" in self.actions:
            self._finding_distance = distance
        report = self.scene.report
        if finding.code == "accelerator-loop" and self._finding_distance and report is not None:
            try:
                route = loop_route(accelerator_links(report.board, distance)[0], finding.cells)
            except ValueError:  # a report of another board (replaced meanwhile): its own example
                pass
            caption = (f"Loop at distance {distance}: steps 1 to {len(route)} go round its "
                       f"{len(finding.cells)} Accelerators")
        rect = self.scene.highlight_cells(finding.cells, finding.severity, route, caption)
        if self._finding_distance != shown:  # walking the findings redraws the overlays only when needed
            self._show_overlays()
        self.view.show_rect(rect)

    def _history_moved(self, index: int) -> None:
        """Undo and redo say what they did, so the edit's own message ("Swap tiles 1 and 4.")
        does not stay up after it was undone. A new edit says its own words, from its sender."""
        stack = self.document.undo_stack
        before, seen = self._history_seen
        commands = [stack.command(i) for i in range(stack.count())]
        self._history_seen = (index, commands)
        if index < before and index < len(commands):
            self.statusBar().showMessage(f"Undone: {commands[index].text()}.", 6000)
        elif before < index <= len(seen) and commands[index - 1] is seen[index - 1]:
            self.statusBar().showMessage(f"Redone: {commands[index - 1].text()}.", 6000)

    def _cell_hovered(self, cell) -> None:
        if cell is None:
            self.cell_label.setText("")
            return
        crashing = self.scene.crashing_moves_at(cell)
        self.cell_label.setText(f"[{cell[0]},{cell[1]}] {self.scene.cell_words(cell)}"
                                + (f" \u00b7 {crashing} of 20 moves crash" if crashing is not None else ""))

    def _overlays_changed(self) -> None:
        self._show_overlays()
        self._save_overlay_settings()
        if self.actions["overlay_reach"].isChecked() and self.scene.reach_origin is None:
            self.statusBar().showMessage("Click a cell to see where one move from it can go.", 8000)

    def _chosen_distance(self) -> int:
        """The Accelerator graph's distance as the designer chose it (View › Accelerator Distance)."""
        return next((d for d in range(1, 6) if self.actions[f"distance_{d}"].isChecked()), 3)

    def _distance_chosen(self) -> None:
        self._finding_distance = None  # the designer's choice wins over a selected finding's
        self._overlays_changed()

    def _show_overlays(self) -> None:
        distance = self._finding_distance or self._chosen_distance()
        self.distance_box.setCurrentIndex(distance - 1)
        self.distance_box.setEnabled(self.actions["overlay_accelerators"].isChecked())  # it sets the graph only
        self.scene.set_overlays(
            exposure=self.actions["overlay_exposure"].isChecked(),
            accelerator_distance=distance if self.actions["overlay_accelerators"].isChecked() else None,
            reachability=self.actions["overlay_reach"].isChecked())

    def _legend_toggled(self) -> None:
        shown = self.actions["legend"].isChecked()
        self.legend_dock.setVisible(shown)
        self.settings.setValue("view/legend", shown)

    def _files_dropped(self, paths: list[str]) -> None:
        if paths:
            self.open_path(paths[0])

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self._files_dropped(paths)

    def help_window(self) -> HelpWindow:
        if self._help is None:
            self._help = HelpWindow(self)
        return self._help

    def show_guide(self) -> None:
        self.help_window().show_page(Path(str(docs_file("editor.md"))))

    def cycle_focus(self, step: int) -> None:
        """F6: Tiles palette, board, Findings list, and round again."""
        stops = [self.palette.focus_current, lambda: self.view.setFocus(Qt.ShortcutFocusReason) or True,
                 lambda: self.findings.table.setFocus(Qt.ShortcutFocusReason) or True]
        focus = self.focusWidget()
        here = 0 if focus is not None and self.palette.isAncestorOf(focus) else \
            1 if focus is self.view or (focus is not None and self.view.isAncestorOf(focus)) else \
            2 if focus is not None and self.findings.isAncestorOf(focus) else -step
        stops[(here + step) % len(stops)]()

    def _place_chosen_tile(self) -> None:
        if self.palette.current is None:
            self.statusBar().showMessage("Choose a tile side in the Tiles palette first (F6 goes there).", 6000)
            return
        self.scene.place_at_cursor(*self.palette.current)

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><p>Arrange, rotate and flip the tiles of Crash &amp; Grab into "
                          "player-count boards, with live validation by the rules.</p>")

    # --- recent files and settings -------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):  # one entry comes back as a plain string from an ini file
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember_recent(self, path: str | Path) -> None:
        path = str(real_path(path))  # never raises, even for a loop of links
        files = [path] + [f for f in self.recent_files() if f != path]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.setValue("files/lastDirectory", str(Path(path).parent))
        self._rebuild_recent_menu()

    def _forget_recent(self, path: str | Path) -> None:
        path = str(real_path(path))
        if path in self.recent_files():
            self.settings.setValue("recentFiles", [f for f in self.recent_files() if f != path])
            self._rebuild_recent_menu()

    def clear_recent(self) -> None:
        self.settings.setValue("recentFiles", [])
        self._rebuild_recent_menu()

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for index, path in enumerate(files, 1):
            action = self.recent_menu.addAction(f"&{index} {Path(path).name}")
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if files:
            self.recent_menu.addSeparator()
        self.recent_menu.addAction(self.actions["clear_recent"])
        self.actions["clear_recent"].setEnabled(bool(files))

    def _last_directory(self) -> str:
        return str(self.settings.value("files/lastDirectory", str(Path.cwd())))

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(QSize(1320, 860))
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            # Saved at that width: kept as it was, first with what the saved state does not hold
            # (the findings' compact form sets the column's narrowest width).
            self._compact = self.width() < WIDE_WINDOW
            self.findings.set_compact(self._compact)
            self.setTabPosition(Qt.RightDockWidgetArea, QTabWidget.East if self._compact else QTabWidget.South)
            self.restoreState(state)
        value = self.settings.value
        self.actions["legend"].setChecked(value("view/legend", True, type=bool))
        self._legend_toggled()
        self.actions["overlay_exposure"].setChecked(value("overlays/exposure", False, type=bool))
        self.actions["overlay_reach"].setChecked(value("overlays/reachability", False, type=bool))
        distance = value("overlays/acceleratorDistance", 0, type=int)
        self.actions["overlay_accelerators"].setChecked(distance in range(1, 6))
        self.actions[f"distance_{distance if distance in range(1, 6) else 3}"].setChecked(True)
        self._overlays_changed()
        self._rebuild_recent_menu()

    def _save_settings(self) -> None:
        self.arrange_for_width()  # a resize just before closing: its arrangement is the one saved
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self._save_overlay_settings()
        self.settings.sync()

    def _save_overlay_settings(self) -> None:
        self.settings.setValue("overlays/exposure", self.actions["overlay_exposure"].isChecked())
        self.settings.setValue("overlays/reachability", self.actions["overlay_reach"].isChecked())
        graph_on = self.actions["overlay_accelerators"].isChecked()
        self.settings.setValue("overlays/acceleratorDistance", self._chosen_distance() if graph_on else 0)


def _file_stem(layout: Layout) -> str:
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in layout.name.lower()).strip("-")
    return stem or "layout"
