"""The editor's main window: menus, docks and status bar around the board view.

It wires signals together and asks the designer questions (files, unsaved changes); it
edits the layout only by pushing undo commands, and reads and writes files only through
the engine (via `LayoutDocument`). It stands on the studio's window shell (editor/window_shell.py:
new, open, Open Recent, save, maybe-save, print, settings, help, live validation, closing), as
every game's window does; its own parts, one job each, are mixins beside it: `menus` (actions,
menus, toolbars, status bar), `files` (its words for the shell's files, and its exports),
`panels` (the docks and their arrangement by width) and `board_overlays` (overlays, a finding's
cells, the legend).
"""
from __future__ import annotations

from PySide6.QtCore import QSettings, QSize, Qt, Signal
from PySide6.QtWidgets import QMainWindow, QMessageBox, QTabWidget, QWidget

from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.games import get_system

from ... import style
from ...app import APP_NAME
from ...shortcuts import apply_shortcuts
from ...window_settings import default_settings
from ...window_shell import WindowShell
from ..board.scene import BoardScene
from ..board.view import BoardView
from ..commands import Randomize, SetDirections, SetProperties, SetSeverity
from ..document import LayoutDocument, blank_layout
from ..placing import plan_auto_place, plan_flip, plan_remove, plan_rotation
from ..playtest import install as install_playtest
from ..tile_designer.in_editor import install as install_tile_designer
from .board_overlays import BoardOverlaysMixin
from .dialogs import DirectionsDialog, PropertiesDialog, RandomizeDialog
from .files import FILE_FILTER, MAX_RECENT, TILED_TMJ_FILTER, TILED_TMX_FILTER, FilesMixin
from .live_validation import LiveValidator
from .menus import NEW_CHOICES, WIDGET_KEYS, MenusMixin
from .panels import COMPACT_COLUMN, WIDE_WINDOW, PanelsMixin

# Named here too: tests and other modules import them from the main window.
__all__ = ["COMPACT_COLUMN", "FILE_FILTER", "MAX_RECENT", "NEW_CHOICES", "TILED_TMJ_FILTER", "TILED_TMX_FILTER",
           "WIDE_WINDOW", "MainWindow", "default_settings"]


class MainWindow(MenusMixin, FilesMixin, PanelsMixin, BoardOverlaysMixin, WindowShell, QMainWindow):
    panelsArranged = Signal(bool)  # compact: the panels became one column of tabs (or went back)
    guide_page = "editor.md"
    widget_keys = WIDGET_KEYS
    keeps_panel_state = True
    settings_group = "window"  # the studio's first window: its settings predate the other games'

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system = get_system("crash-and-grab")
        self.settings = self.studio_settings = settings if settings is not None else default_settings()
        self.other_windows: list[QWidget] = []
        self.document = LayoutDocument(blank_layout("2-4"), parent=self)
        self.validator = LiveValidator(self)
        self.scene = BoardScene(self.document, parent=self)
        self.view = BoardView(self.scene)
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

    def _connect(self) -> None:
        self.document.layoutChanged.connect(self._layout_changed)
        self.document.fileChanged.connect(self._update_title)
        self.document.undo_stack.cleanChanged.connect(self._update_title)
        self.watch_history()  # the shell's: Undo and Redo said in the status bar
        self.validator.reportReady.connect(self.show_report)
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

    def show_report(self, report) -> None:
        self.scene.set_report(report)
        summary = report.summary() + (f" (with {', '.join(report.upgrades)})" if report.upgrades else "")
        self.findings.set_findings(report.findings, summary)
        counts = report.counts()
        worst = next((s for s in ("error", "warning") if counts.get(s)), None)
        colour = style.SEVERITY_COLOURS[worst].name() if worst else "#1a7f37"
        self.summary_label.setText(f"<b style='color:{colour}'>{summary}</b>")
        self.summary_label.setToolTip(f"Validated in {self.validator.took_ms:.1f} ms")

    def _update_title(self) -> None:
        layout = self.document.layout
        where = f"template {layout.template}" if layout.template else "free-form"
        self.setWindowTitle(f"{self.document.display_name()}[*] ({where}) \u2014 {APP_NAME}")
        self.setWindowModified(self.document.is_modified())

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

    def _cell_hovered(self, cell) -> None:
        if cell is None:
            self.cell_label.setText("")
            return
        crashing = self.scene.crashing_moves_at(cell)
        self.cell_label.setText(f"[{cell[0]},{cell[1]}] {self.scene.cell_words(cell)}"
                                + (f" \u00b7 {crashing} of 20 moves crash" if crashing is not None else ""))

    def _place_chosen_tile(self) -> None:
        if self.palette.current is None:
            self.statusBar().showMessage("Choose a tile side in the Tiles palette first (F6 goes there).", 6000)
            return
        self.scene.place_at_cursor(*self.palette.current)

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><p>Arrange, rotate and flip the tiles of Crash &amp; Grab into "
                          "player-count boards, with live validation by the rules.</p>")

    # --- settings ------------------------------------------------------------------------------
    def shortcut_actions(self):
        return list(self.actions.values())

    def _restore_settings(self) -> None:
        self.restore_window(QSize(1320, 860))  # the shell's: the size and place it was closed with
        state = self.window_settings.saved_state()
        if state is not None:
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

    def save_settings(self) -> None:
        """On closing (the shell's hook): the window's size, panels and overlays."""
        self.arrange_for_width()  # a resize just before closing: its arrangement is the one saved
        self._save_overlay_settings()
        super().save_settings()
