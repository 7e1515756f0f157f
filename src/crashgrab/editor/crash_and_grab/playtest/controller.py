"""Playtest mode: the Playtest dock, the pieces layer and the engine's session, wired to
the main window.

While playtesting the layout is locked (docs/playtest.md): the tile-editing actions, the
tile palette and the undo history are disabled, and a press on a tile, a tile dropped on
the board or an editing key says so in the status bar. Opening another file or starting a
new board replaces the layout being tested, so that ends the playtest. Either way the
editor is never in both states at once.

Every rule runs in the engine: the controller plays actions through
`PlaytestSession.play` (the engine's `apply`), and when a MissingChoice names a choice
left open it asks for it (arrows on the board for an owner's Accelerator, a dialog
listing the legal options for the rest, the die typed in), adds the answer to the
action (`action.answered`) and plays the action again from the same state.

`PlaytestMode` here turns the mode on and off and locks the layout; its other jobs are mixins
beside it: `start_position` (pieces, supplies, set-up), `stepping` (step, back, play),
`choices` (actions and their open choices), `showing` (the board, caption and messages),
`scenario_files` (save and open) and `board_input` (mouse, keys and drops on the board).
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel

from crashgrab.engine.crash_and_grab.layout_file import raise_structure_errors
from crashgrab.engine.crash_and_grab.playtest import PlaytestSession, empty_start
from crashgrab.engine.crash_and_grab.rules.pieces import Crew
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.grid.model import Cell

from .board_input import BoardInputMixin
from .choices import ChoicesMixin
from .layer import PiecesLayer
from .mode_common import BACK_KEY, LOCK_MESSAGE, LOCKED_ACTIONS, PANEL_WIDTH, STEP_KEY, Pending
from .panel import PlaytestPanel
from .scenario_files import ScenarioFilesMixin
from .showing import ShowingMixin
from .start_position import StartPositionMixin
from .stepping import SteppingMixin


class PlaytestMode(StartPositionMixin, SteppingMixin, ChoicesMixin, ShowingMixin, ScenarioFilesMixin, BoardInputMixin,
                   QObject):
    changed = Signal()  # the session, the cursor or a pending choice changed

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.scene, self.view, self.document = window.scene, window.view, window.document
        self.session: PlaytestSession | None = None
        self.pending: Pending | None = None
        self.playing = False
        self.message = ""  # the last refusal or error, shown in the caption
        self._locked: dict[str, bool] = {}
        self._moving: tuple[str | Crew, Cell] | None = None
        self._log_key: tuple | None = None
        self._was_editable = True
        self.panel = PlaytestPanel()
        self.dock = QDockWidget("Playtest", window)
        self.dock.setObjectName("playtestDock")
        # No scroll area round the panel: its tabs scroll by themselves and its log and table
        # shrink, so opening Playtest never grows a small window (it grew 1024x640 to 772 pixels).
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self.layer = PiecesLayer(self.scene, self)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.badge = QLabel("<b style='color:white'>&nbsp;PLAYTEST&nbsp;</b>")
        self.badge.setStyleSheet("background:#1f6feb; border-radius:3px;")
        self.badge.setToolTip(LOCK_MESSAGE)
        window.statusBar().addPermanentWidget(self.badge)
        self.badge.hide()
        self.action = QAction("&Playtest", window)
        self.action.setObjectName("playtest")
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence("F5"))
        self.action.setStatusTip("put saucers and crewmembers on the board and step through test moves")
        self.action.setToolTip("Playtest (F5): put pieces on the board and step through test moves; the layout "
                               "is locked meanwhile")
        self.action.toggled.connect(self._action_toggled)
        window.actions["playtest"] = self.action
        # Step and Back from the keyboard, wherever the focus is in the window; enabled as the
        # panel's buttons are (so only while playtesting).
        self.step_action = self._key_action("playtest_step", "Playtest &Step", STEP_KEY, self.step,
                                            "show the next step of the playtest; at the end, play the next turn")
        self.back_action = self._key_action("playtest_back", "Playtest &Back", BACK_KEY, self.back,
                                            "show the playtest's previous step")
        self._connect_panel()
        self.dock.visibilityChanged.connect(self._dock_visibility)
        self.view.zoomChanged.connect(lambda _zoom: self.layer.relabel() if self.active else None)
        self.document.layoutChanged.connect(self._layout_changed)
        if hasattr(window, "panelsArranged"):
            window.panelsArranged.connect(self._place_dock)

    def _key_action(self, key: str, text: str, shortcut: str, slot, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(key)
        action.setShortcut(QKeySequence(shortcut))
        action.setStatusTip(tip)
        action.setToolTip(f"{text.replace('&', '')} ({shortcut}): {tip}")
        action.setEnabled(False)
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)
        self.window.actions[key] = action
        return action

    def _connect_panel(self) -> None:
        p = self.panel
        p.stepRequested.connect(self.step)
        p.backRequested.connect(self.back)
        p.playToggled.connect(self.set_playing)
        p.resetRequested.connect(self.reset)
        p.takeBackRequested.connect(self.take_back)
        p.endRoundRequested.connect(self.end_round)
        p.roundRequested.connect(self.play_round)
        p.setupByRulesRequested.connect(self.set_up_by_rules)
        p.clearRequested.connect(self.clear)
        p.startOptionsChanged.connect(self._start_options_changed)
        p.supplyChanged.connect(self.set_supplies)
        p.upgradesChanged.connect(self.set_upgrades)
        p.cursorRequested.connect(self.show_step)
        p.saveRequested.connect(self.save_dialog)
        p.openRequested.connect(self.open_dialog)
        p.speedChanged.connect(lambda _v: self.timer.setInterval(self.panel.interval_ms()))

    # --- on and off ------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.session is not None

    def start(self) -> bool:
        """Enter playtest mode on the current layout (refused when it has structural errors)."""
        if self.active:
            return True
        layout = self.document.layout
        try:
            raise_structure_errors(layout)
        except InvalidFileError as error:
            self._status(f"Playtest needs a complete board: {error.message} Fix it first (see Findings).", 12000)
            self._set_action(False)
            return False
        self.session = PlaytestSession(empty_start(layout, rulings=self.panel.rulings_choice(),
                                                   die_seed=self.panel.die_seed_choice()))
        self.message = ""
        self._log_key = None
        self._lock()
        self.view.viewport().installEventFilter(self)
        self.view.installEventFilter(self)
        self.panel.set_directions(layout.directions)
        self._set_action(True)
        self._place_dock()  # a tab first: shown below the column's panels it grew a small window
        self.dock.show()
        self.dock.raise_()
        self.refresh()
        self._status("Playtest: drag saucers and crewmembers from the Playtest panel onto the board, or set up "
                     "by the rules; then choose a turn and Step or Play.", 10000)
        return True

    def _place_dock(self, *args) -> None:
        """Beside the board, with the height: a tab of the window's one column of panels when it
        has one (a small window), widened to the panel's controls."""
        if not self.active:
            return
        window = self.window
        if hasattr(window, "arrange_for_width"):
            window.arrange_for_width()  # a resize just before: the panels as that width has them
        history = getattr(window, "history_dock", None)
        if history is not None and window.dockWidgetArea(history) == window.dockWidgetArea(self.dock):
            window.tabifyDockWidget(history, self.dock)  # the playtest needs the height
        self.dock.raise_()
        QTimer.singleShot(0, self, self._widen)  # once shown: a hidden dock's width is not its own yet

    def _widen(self) -> None:
        if self.active and self.dock.isVisible() and self.dock.width() < PANEL_WIDTH:
            self.window.resizeDocks([self.dock], [PANEL_WIDTH], Qt.Horizontal)
        if hasattr(self.window, "hide_stale_tab_bars"):
            self.window.hide_stale_tab_bars()

    def stop(self, reason: str = "Playtest ended; the layout can be edited again.") -> None:
        if not self.active:
            return
        self.set_playing(False)
        self._close_pending()
        self.view.viewport().removeEventFilter(self)
        self.view.removeEventFilter(self)
        self.layer.clear()
        self.session = None
        self._moving = None
        self._unlock()
        self._set_action(False)
        self.step_action.setEnabled(False)
        self.back_action.setEnabled(False)
        self.dock.hide()
        self._status(reason, 8000)
        self.changed.emit()

    def _set_action(self, on: bool) -> None:
        self.action.blockSignals(True)
        self.action.setChecked(on)
        self.action.blockSignals(False)

    def _action_toggled(self, on: bool) -> None:
        self.start() if on else self.stop()

    def _dock_visibility(self, visible: bool) -> None:
        if not visible and self.dock.isHidden() and self.active:
            self.stop()  # the dock's close button

    def _layout_changed(self) -> None:
        if self.active:
            self.stop("Playtest ended: the board changed (another file or a new board).")

    def _lock(self) -> None:
        window = self.window
        self.scene.select_tile(None)
        self.scene.clear_preview()
        self._locked = {key: window.actions[key].isEnabled() for key in LOCKED_ACTIONS if key in window.actions}
        for key in self._locked:
            window.actions[key].setEnabled(False)
        for widget in (getattr(window, "palette", None), getattr(window, "history", None)):
            if hasattr(widget, "setEnabled"):
                widget.setEnabled(False)
        self.badge.show()

    def _unlock(self) -> None:
        window = self.window
        for key, enabled in self._locked.items():
            window.actions[key].setEnabled(enabled)
        stack = self.document.undo_stack
        if "undo" in self._locked:
            window.actions["undo"].setEnabled(stack.canUndo())
        if "redo" in self._locked:
            window.actions["redo"].setEnabled(stack.canRedo())
        self._locked = {}
        for widget in (getattr(window, "palette", None), getattr(window, "history", None)):
            if hasattr(widget, "setEnabled"):
                widget.setEnabled(True)
        self.badge.hide()
