"""The main window's actions, menus, toolbars and status bar: what each command is called, its keys,
its tip and where it shows. The slots they call are the window's own (files, edits, panels, overlays).
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QToolButton

from ...message_bar import MessageBar
from .image_export_dialog import export_image_dialog
from .icons import GLYPHS, icon

# Keys that belong to a widget rather than to a menu action (Help > Keyboard Shortcuts lists them).
WIDGET_KEYS = (
    ("Board", "Arrow keys", "move the cell cursor; the tile under it is selected"),
    ("Board", "Ctrl+arrow keys", "move the selected tile one cell (free-form) or one slot (template)"),
    ("Board", "Enter", "place the tile side chosen in the Tiles palette at the cursor"),
    ("Board", "Space + drag, middle button", "pan"),
    ("Board, Playtest", "Arrow keys, Enter, Esc", "answer the Accelerator's question: pick a direction, go; Esc cancels the turn"),
    ("Tiles palette", "Arrow keys", "left and right: a tile's two sides; up and down: the tiles"),
    ("Tiles palette", "Enter or Space", "put this tile side in the first free slot"),
    ("Findings", "Right-click, or the Menu key", "ignore the finding's code on this layout, or change its severity"),
    ("Any panel", "F6 / Shift+F6", "go to the next or previous panel: Tiles, Board, Findings"),
)
NEW_CHOICES = (("2-4", "New 2\u20134 Player Board (8\u00d78)", "Ctrl+N"),
               ("5", "New 5 Player Board (9\u00d79)", None),
               ("6", "New 6 Player Board (10\u00d710)", None),
               (None, "New Free-form Board", None))


class MenusMixin:
    """Builds `self.actions` (by key), the menu bar, the Main and Modes toolbars and the status bar
    of `MainWindow`."""

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
        a("print_and_play", "&Print and Play…", self.print_and_play, QKeySequence.Print,
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
        a("shortcuts", "&Keyboard Shortcuts", self.show_shortcuts, "Ctrl+F1",
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
        self.add_recent_menu(file_menu, self.actions["clear_recent"])  # the shell's Open Recent
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
