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
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QLabel, QMessageBox

from crashgrab.editor.crash_and_grab.placing import TILE_MIME, tile_at
from crashgrab.engine.crash_and_grab.playtest import (PlaytestSession, PositionError, clear_pieces, empty_start,
                                       events_before_choice, place_crew, place_saucer, players_for_setup,
                                       remove_at, set_supplies, set_upgrades, setup_start, two_saucers_each,
                                       with_die_seed, with_pairing, with_rulings)
from crashgrab.engine.crash_and_grab.rules.actions import EndRound, SetUp, Turn
from crashgrab.engine.crash_and_grab.rules.errors import MissingChoice, MissingDieResult, RuleError
from crashgrab.engine.crash_and_grab.rules.events import Event
from crashgrab.engine.crash_and_grab.rules.fold import replay
from crashgrab.engine.crash_and_grab.rules.pieces import Crew
from crashgrab.engine.crash_and_grab.rules.session import describe_action
from crashgrab.engine.crash_and_grab.rules.state import GameState
from crashgrab.engine.errors import CrashGrabError, InvalidFileError
from crashgrab.engine.crash_and_grab.layout_file import is_tileset_path, raise_structure_errors
from crashgrab.engine.formats.layout_io import layout_to_json
from crashgrab.engine.crash_and_grab.scenario_file import load_scenario, save_scenario
from crashgrab.engine.grid.model import Cell

from ...designer_words import show_error
from ...save_prompt import ask_save_path, failure_message
from .arrows import arrow_at
from .dialogs import ChoiceDialog, DieDialog
from .layer import PiecesLayer
from .palette import piece_of_mime, piece_words
from .panel import PlaytestPanel, cell_words

SCENARIO_FILTER = "Crash & Grab scenarios (*.json);;All files (*)"
LOCKED_ACTIONS = ("undo", "redo", "rotate_cw", "rotate_ccw", "flip", "remove", "deselect", "randomize",
                  "directions", "properties")
LOCK_MESSAGE = ("Playtest: the layout is locked while you playtest. End the playtest (View \u203a Playtest, F5) "
                "to edit tiles.")
PANEL_WIDTH = 526  # pixels: the Playtest column at the least (with its tab rail), the round plan unclipped
FIXED_MESSAGE = "The start position is fixed once a turn is played: Reset (or Take Back) to move pieces."
EDIT_KEYS = (Qt.Key_R, Qt.Key_F, Qt.Key_Delete, Qt.Key_Backspace)
DIRECTION_KEYS = {Qt.Key_Up: "north", Qt.Key_Right: "east", Qt.Key_Down: "south", Qt.Key_Left: "west"}
ANSWER_KEYS = (Qt.Key_Return, Qt.Key_Enter)
PROMPT_KEYS = (*DIRECTION_KEYS, *ANSWER_KEYS, Qt.Key_Escape)
STEP_KEY, BACK_KEY = "F10", "Shift+F10"
SLIDE_SHARE = 0.75  # of the step interval a saucer spends sliding


@dataclass
class Pending:
    """An action waiting for a choice. Its events before the choice are the same whatever
    is chosen (`preview`); the board steps through them (`shown`) and asks the question
    when it reaches the choice (`asked`)."""

    action: Any
    missing: MissingChoice
    then: str                          # "step", "play" or "jump": what to do once played
    preview: tuple[Event, ...]         # the action's events before the choice
    base: GameState                    # the state the action starts from
    shown: int                         # preview events shown so far
    asked: bool = False
    dialog: Any = None

    @property
    def state(self) -> GameState:
        return replay(self.base, self.preview[:self.shown])

    @property
    def at_question(self) -> bool:
        return self.shown >= len(self.preview)


class PlaytestMode(QObject):
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

    # --- the start position --------------------------------------------------------------------------
    def place_piece(self, piece: str | Crew, cell: Cell) -> bool:
        """Put a piece from the palette (or moved on the board) on a cell."""
        if not self._start_editable():
            return False
        try:
            if isinstance(piece, Crew):
                state = place_crew(self.session.start, piece, cell)
            else:
                state = place_saucer(self.session.start, piece, cell)
        except PositionError as error:
            return self._refuse(str(error))
        self.session.set_start(state)
        holder = self.session.start.saucer_at(cell) if isinstance(piece, Crew) else None
        self._status(f"{piece_words(piece).capitalize()} " +
                     (f"is held by the {holder} saucer." if holder else f"stands on {cell_words(cell)}."), 5000)
        self.message = ""
        self.refresh()
        return True

    def remove_piece(self, cell: Cell) -> bool:
        if not self._start_editable():
            return False
        state = remove_at(self.session.start, cell)
        if state is self.session.start:
            return False
        self.session.set_start(state)
        self.refresh()
        return True

    def set_supplies(self, color: str, boosters: int, energy: int) -> bool:
        if not self._start_editable():
            return False
        try:
            self.session.set_start(set_supplies(self.session.start, color, boosters=boosters, energy=energy))
        except PositionError as error:
            return self._refuse(str(error))
        self.refresh()
        return True

    def set_upgrades(self, color: str, cards: list) -> bool:
        if not self._start_editable():
            return False
        try:
            self.session.set_start(set_upgrades(self.session.start, color, cards))
        except PositionError as error:
            self.refresh()
            return self._refuse(str(error))
        self.refresh()
        return True

    def _start_options_changed(self) -> None:
        if not self.active or not self.session.editable:
            return
        state = self.session.start
        try:
            state = with_pairing(state, self.panel.pairs_choice())
        except PositionError as error:
            self._refuse(str(error))
            self.panel.set_start_options(False, self.panel.rulings_choice(), self.panel.die_seed_choice())
            state = with_pairing(state, False)
        state = with_rulings(state, self.panel.rulings_choice())
        state = with_die_seed(state, self.panel.die_seed_choice())
        self.session.set_start(state)
        self.refresh()

    def set_up_by_rules(self, players: int, seed: int) -> bool:
        """A fresh start set up by the rules (SetUp(seed)); a 2-player setup asks its two choices."""
        if not self._start_editable(allow_setup=True):
            return False
        self.session.clear()
        start = setup_start(self.document.layout, players_for_setup(players),
                            rulings=self.panel.rulings_choice(), die_seed=self.panel.die_seed_choice())
        self.session.set_start(start)
        if not self._play(SetUp(seed=seed), "jump"):
            return False
        self._status(f"Set up by the rules for {players} players with seed {seed}: the same seed gives the same "
                     "set-up.", 8000)
        return True

    def clear(self) -> None:
        if not self.active:
            return
        self.set_playing(False)
        self._close_pending()
        self.session.clear()
        self.session.set_start(clear_pieces(empty_start(self.document.layout,
                                                        rulings=self.panel.rulings_choice(),
                                                        die_seed=self.panel.die_seed_choice())))
        self.panel.set_start_options(False, self.panel.rulings_choice(), self.panel.die_seed_choice())
        self.message = ""
        self.refresh()

    def _start_editable(self, allow_setup: bool = False) -> bool:
        if not self.active:
            return False
        if self.pending is not None:
            return self._refuse("Answer the open choice first (or cancel the turn).")
        if self.session.editable or (allow_setup and self._only_set_up()):
            return True
        if allow_setup:
            turns = len(self.session.turns)
            return self._refuse(f"Set Up starts the game again, so it waits until the {turns} turn"
                                f"{'s' if turns != 1 else ''} played are gone: Reset (or Take Back), then Set Up.")
        return self._refuse(FIXED_MESSAGE)

    def _only_set_up(self) -> bool:
        """Set up by the rules and no turn played yet: Set Up may set up again (another seed)."""
        return self.session.setup is not None and len(self.session.played) == 1

    def _start_note(self) -> str:
        """Why the start position's controls are off, at the top of its tab."""
        if self.session.editable:
            return ""
        if self._only_set_up():
            return ("Set up by the rules: the pieces stand where the set-up put them. Set Up again (another "
                    "seed or player count) or Clear the Board to place pieces by hand.")
        return FIXED_MESSAGE

    # --- stepping ------------------------------------------------------------------------------------
    def step(self) -> bool:
        """One event forward; at the end of what has been played, play the next turn."""
        if not self.active:
            return False
        if self.pending is not None:
            return self._advance_pending()
        if not self.session.at_end:
            self.session.step()
            self.refresh(slide=True)
            return True
        try:
            turn = self.panel.turn()
        except ValueError as error:
            return self._refuse(str(error))
        if turn is None:
            return self._refuse("Put a saucer on the board first (drag one from the Start position tab).")
        return self._play(turn, "step")

    def back(self) -> bool:
        if not self.active:
            return False
        self.set_playing(False)
        pending = self.pending
        if pending is not None:
            if pending.then != "jump" and pending.shown > 0:
                self._unpose()
                pending.shown -= 1
            else:
                self._close_pending()
            self.refresh()
            return True
        moved = self.session.back()
        self.refresh()
        return moved

    def show_step(self, cursor: int) -> None:
        """The board as it was after `cursor` events (the event log's selection)."""
        if not self.active:
            return
        self.set_playing(False)
        self._close_pending()
        self.session.seek(cursor)
        self.refresh()

    def reset(self) -> None:
        """Pieces back to the start position; the turns played are forgotten."""
        if not self.active:
            return
        self.set_playing(False)
        self._close_pending()
        self.session.reset()
        self.message = ""
        self.refresh()

    def take_back(self) -> bool:
        if not self.active or not self.session.played:
            return False
        self.set_playing(False)
        self._close_pending()
        played = self.session.take_back()
        self.session.seek(len(self.session.events))
        self._status(f"Took back: {played.title(len(self.session.turns) + 1)}.", 5000)
        self.refresh()
        return True

    def end_round(self) -> bool:
        if not self.active or self.pending is not None:
            return False
        if not self.session.end_state.players:
            return self._refuse("Put saucers on the board first.")
        return self._play(EndRound(), "jump")

    def play_round(self) -> bool:
        """A whole round with the Round tab's plan; its open choices are asked as for a turn."""
        if not self.active or self.pending is not None:
            return False
        try:
            action = self.panel.round_tab.round()
        except ValueError as error:
            return self._refuse(str(error))
        if action is None or not self.session.end_state.players:
            return self._refuse("Put saucers on the board first.")
        return self._play(action, "jump")

    def set_playing(self, on: bool) -> None:
        """Play: one step per tick at the panel's speed, through what has been played or,
        from the end, through the next turn."""
        if on == self.playing or (on and not self.active):
            self._refresh_transport()
            return
        self.playing = on
        if not on:
            self.timer.stop()
            self._refresh_transport()
            return
        self.timer.setInterval(self.panel.interval_ms())
        if self.session.at_end and self.pending is None:
            try:
                turn, problem = self.panel.turn(), "Put a saucer on the board first."
            except ValueError as error:
                turn, problem = None, str(error)
            if turn is None or not self._play(turn, "play"):
                self.playing = False
                if turn is None:
                    self._refuse(problem)
                self._refresh_transport()
                return
        self.timer.start()
        self._refresh_transport()

    def _tick(self) -> None:
        if self.session is None:
            self.set_playing(False)
        elif self.pending is not None:
            if not self.pending.asked:
                self._advance_pending()
        elif self.session.at_end:
            self.set_playing(False)
        else:
            self.session.step()
            self.refresh(slide=True)
            if self.session.at_end:
                self.set_playing(False)

    # --- playing actions and their open choices --------------------------------------------------------
    def _play(self, action, then: str, shown: int | None = None) -> bool:
        """Play `action` after the outcome so far. `shown`: the steps of it already shown
        while a choice was open (after answering, the next step shows the answer)."""
        base = self.session.end_state
        try:
            played = self.session.play(action)
        except MissingChoice as missing:
            preview = tuple(events_before_choice(base, action, missing) or ())
            if then == "jump":
                seen = len(preview)
            elif shown is None:
                seen = min(1 if then == "step" else 0, len(preview))
            else:
                seen = min(shown + 1, len(preview))
            self.pending = Pending(action, missing, then, preview, base, seen)
            if self.pending.at_question:
                self._pose()
            self.refresh(slide=then != "jump")
            return True
        except RuleError as error:
            self.set_playing(False)
            return self._refuse(f"That turn cannot be played: {error}")
        self.message = ""
        self._next_saucer_after(action)
        if then == "jump":
            self.session.seek(played.last)
        elif shown is not None:
            self.session.seek(played.first + min(shown + 1, len(played.events)))
        else:
            self.session.seek(played.first)
            if then == "step":
                self.session.step()
        self.refresh(slide=then != "jump")
        return True

    def _next_saucer_after(self, action) -> None:
        """After a saucer's turn, the next turn's controls offer the next saucer in seat order."""
        colors = self.session.end_state.saucer_colors()
        if isinstance(action, Turn) and action.saucer in colors:
            self.panel.set_saucers(colors)
            self.panel.select_saucer(colors[(colors.index(action.saucer) + 1) % len(colors)])

    def _advance_pending(self) -> bool:
        pending = self.pending
        if pending.asked:
            self._status(_sentence(self._pending_note()) + ".", 6000)
            return False
        pending.shown += 1
        if pending.at_question:
            self._pose()
        self.refresh(slide=True)
        return True

    def _pose(self) -> None:
        """Ask the open choice: arrows on the board for an owner's Accelerator, a dialog
        listing the legal options for anything else, the die typed in."""
        pending = self.pending
        pending.asked = True
        missing = pending.missing
        if missing.choice == "accelerator" and missing.at is not None:
            markers = pending.base.directions
            labels = {d: f"{d} \u00b7 {markers[d]}" if markers.get(d) else d for d in missing.options}
            self.layer.show_arrows(missing.at, missing.options, labels, f"{missing.saucer}: which way?")
            self.view.setFocus(Qt.OtherFocusReason)  # so the arrow keys and Enter answer it
        elif isinstance(missing, MissingDieResult):
            self._open_dialog(DieDialog(missing.what, self.window))
        else:
            labels = [self._option_label(missing, option) for option in missing.options]
            self._open_dialog(ChoiceDialog(missing, labels, self.window))

    def _unpose(self) -> None:
        pending = self.pending
        if pending is None:
            return
        pending.asked = False
        self.layer.clear_arrows()
        if pending.dialog is not None:
            dialog, pending.dialog = pending.dialog, None
            dialog.blockSignals(True)
            dialog.close()
            dialog.deleteLater()

    def _open_dialog(self, dialog) -> None:
        self.pending.dialog = dialog
        dialog.accepted.connect(lambda: self.answer(dialog.chosen()))
        dialog.rejected.connect(self.cancel_pending)
        dialog.open()

    def answer(self, option) -> bool:
        """Answer the open choice and play the action again from the same state."""
        pending = self.pending
        if pending is None or not pending.asked:
            return False
        if option not in pending.missing.options:
            return self._refuse(f"{option!r} is not one of the choices: "
                                f"{', '.join(map(str, pending.missing.options))}.")
        self._close_pending()
        self._answered(pending.missing, option)
        return self._play(pending.action.answered(pending.missing, option), pending.then, shown=pending.shown)

    def _answered(self, missing: MissingChoice, option) -> None:
        """The question's status line ("Go north? Enter answers…") goes once it is answered."""
        if missing.choice == "accelerator":
            self._status(f"{missing.saucer} goes {option} from the Accelerator at {cell_words(missing.at)}.", 5000)
        else:
            self.window.statusBar().clearMessage()

    def cancel_pending(self) -> None:
        if self.pending is None:
            return
        self._close_pending()
        self.set_playing(False)
        self._status("Turn cancelled: nothing was played.", 5000)
        self.refresh()

    def _close_pending(self) -> None:
        self._unpose()
        self.pending = None

    def _option_label(self, missing: MissingChoice, option) -> str:
        state = self.pending.state if self.pending else self.session.end_state
        if missing.choice == "lost_crew" and state.lost.get(option):
            return f"{option}: the {option} {state.lost[option][0]} is placed"
        if missing.choice == "steal_or_energy":
            return {"steal": "steal a crewmember", "energy": "take an energy"}.get(option, str(option))
        if missing.choice == "receiver" and option in state.saucers:
            return f"{option} ({state.player_of(option).id})"
        return str(option)

    # --- the picture ---------------------------------------------------------------------------------------
    def refresh(self, slide: bool = False) -> None:
        if not self.active:
            return
        session, pending = self.session, self.pending
        state = pending.state if pending else session.current
        marks = self._marks()
        self.layer.show(state, marks, round(self.panel.interval_ms() * SLIDE_SHARE) if slide else 0)
        key = (len(session.played), len(session.events), id(pending), pending and (pending.shown, pending.asked))
        if key != self._log_key:
            self._log_key = key
            if pending is None:
                self.panel.set_log(session)
            else:
                self.panel.set_log(session, pending.preview[:pending.shown],
                                   self._pending_note() if pending.asked else "", self._pending_title())
        if pending is None:
            self.panel.select_cursor(session.cursor)
        if session.editable != self._was_editable:
            if not session.editable:
                self.panel.tabs.setCurrentIndex(1)  # the start position is fixed: the next turn is what matters
            self.panel.share_height(session.editable)
        self._was_editable = session.editable
        editable = session.editable and pending is None
        self.panel.set_table(state, editable)
        self.panel.set_saucers(session.end_state.saucer_colors() if session.end_state.players else ())
        held = {color: saucer.upgrades for color, saucer in session.end_state.saucers.items()}
        self.panel.set_held_upgrades(held)
        self.panel.round_tab.set_game(session.end_state.saucer_colors() if session.end_state.players else (),
                                      len(session.end_state.players), session.end_state.directions)
        self.panel.round_tab.set_held(held)
        start = session.start
        held = {c for s in start.saucers.values() for c in s.held}
        self.panel.palette.set_in_use({c for c, s in start.saucers.items() if s.at is not None},
                                      set(start.crew.values()) | held)
        self.panel.set_start_editable(session.editable and pending is None, self._start_note(),
                                      can_set_up=pending is None)
        self.panel.set_start_options(two_saucers_each(start), start.rulings,
                                     self.panel.die_seed_choice() if start.rng is not None else None)
        self._refresh_transport()
        self.panel.set_caption(self._caption(state))
        self.changed.emit()

    def _refresh_transport(self) -> None:
        if not self.active:
            return
        session = self.session
        has_saucers = bool(session.end_state.players)
        self.panel.set_transport(
            can_back=not session.at_start or self.pending is not None,
            can_step=(not self.pending.asked) if self.pending else (not session.at_end or has_saucers),
            playing=self.playing, can_reset=bool(session.turns) or not session.at_start,
            can_take_back=bool(session.played), can_play_turn=has_saucers and self.pending is None)
        self.step_action.setEnabled(self.panel.step_button.isEnabled())
        self.back_action.setEnabled(self.panel.back_button.isEnabled())

    def _marks(self) -> tuple[Event, ...]:
        """The current action's events up to the step shown (a pending action: its preview)."""
        if self.pending is not None:
            return self.pending.preview[:self.pending.shown]
        session = self.session
        if session.cursor == 0:
            return ()
        found = session.played_at(session.cursor - 1)
        if found is None:
            return ()
        _, played = found
        return session.events[played.first:session.cursor]

    def _pending_title(self) -> str:
        action = self.pending.action
        if isinstance(action, SetUp):
            return "Set up by the rules"
        return f"Turn {len(self.session.turns) + 1}: {describe_action(action)} (being played)"

    def _pending_note(self) -> str:
        missing = self.pending.missing
        if missing.choice == "accelerator":
            return (f"{missing.saucer} is on the Accelerator at {cell_words(missing.at)}: click an arrow on the "
                    "board, or pick one with the arrow keys and press Enter")
        if isinstance(missing, MissingDieResult):
            return "waiting for the placement die result"
        return f"waiting for the choice: {missing.choice.replace('_', ' ')}"

    def _caption(self, state: GameState) -> str:
        session, pending = self.session, self.pending
        if self.message:
            return f"<span style='color:#ffb4b4'><b>Cannot do that:</b> {_html(self.message)}</span>"
        if pending is not None and not pending.asked:
            step = len(session.events) + pending.shown
            event = pending.preview[pending.shown - 1] if pending.shown else None
            return (f"<b>Step {step}</b> \u00b7 {_html(self._pending_title())}<br>"
                    f"{_html(event.describe()) if event else 'Step to play it.'}")
        if pending is not None:
            missing = pending.missing
            if missing.choice == "accelerator":
                return (f"<b>{missing.saucer} stopped on the Accelerator at {cell_words(missing.at)}.</b><br>"
                        "It moves again the same distance: click an arrow on the board, or pick one with the "
                        "arrow keys and press Enter (Esc cancels the turn).")
            return f"<b>A choice is open:</b> {_html(self._pending_note())}. Answer it in the dialog."
        winner = f"<br><b>\U0001F3C6 {state.winner} wins.</b>" if state.winner else ""
        event = session.current_event
        if event is None:
            saucers = sum(1 for s in state.saucers.values() if s.at is not None)
            if not saucers:
                return ("<b>Start position</b><br>Drag saucers and crewmembers onto the board, or set up by the "
                        "rules. Then choose the next turn and press Step or Play.")
            turns = f" {len(session.events)} steps played." if session.events else ""
            return (f"<b>Start position</b> \u00b7 {saucers} saucer{'s' if saucers != 1 else ''}, "
                    f"{len(state.crew)} crewmember{'s' if len(state.crew) != 1 else ''} on the board.{turns}")
        number, played = session.played_at(session.cursor - 1)
        return (f"<b>Step {session.cursor} of {len(session.events)}</b> \u00b7 {_html(played.title(number))}<br>"
                f"{_html(event.describe())}{winner}")

    # --- messages ----------------------------------------------------------------------------------------
    def _status(self, text: str, ms: int = 6000) -> None:
        self.window.statusBar().showMessage(text, ms)

    def _refuse(self, text: str) -> bool:
        self.message = text
        self._status(text, 10000)
        if self.active:
            self.panel.set_caption(self._caption(self.session.current))
        return False

    def blocked(self) -> None:
        self._status(LOCK_MESSAGE, 8000)

    # --- scenario files ------------------------------------------------------------------------------------
    def save_dialog(self) -> bool:
        if not self.active or not self.session.played:
            return self._refuse("Play a turn first: a scenario is the turns played and their outcome.")
        base = self.document.path.with_suffix("") if self.document.path else Path.cwd() / "playtest"
        path = ask_save_path(self.window, "Save playtest as scenario", f"{base}.scenario.json", SCENARIO_FILTER)
        if not path:
            return False
        try:
            self.save_scenario(path)
        except Exception as error:  # whatever it is, a dialog: the scenario is not saved
            QMessageBox.critical(self.window, "Cannot save scenario", failure_message(error, path))
            return False
        return True

    def save_scenario(self, path: str | Path) -> Path:
        """Write everything played as a scenario file (engine, atomic) with the outcome as
        its expectations. The layout is referred to by path when the editor's file holds
        exactly this layout, else written inline."""
        path = Path(path)
        layout, layout_ref = self.document.layout, None
        if self.document.path is not None and not self.document.is_modified():
            layout_ref = Path(os.path.relpath(self.document.path.resolve(), path.resolve().parent)).as_posix()
        elif layout.tileset_ref and is_tileset_path(layout.tileset_ref):
            layout = replace(layout, tileset_ref=None)  # the path would be read from the scenario's folder
        name = f"Playtest on {layout.name}" if layout.name else "Playtest"
        notes = ("Saved from the editor's playtest; the expectations are the outcome it showed "
                 f"after {len(self.session.turns)} turn(s).")
        save_scenario(self.session.to_scenario(name, layout, layout_ref=layout_ref, notes=notes), path)
        self._status(f"Saved the playtest as {path.name}: open it again with Open Scenario\u2026 to step through it, "
                     "or check it with every other scenario.", 10000)
        log = getattr(self.window, "message_log", None)
        if log is not None:  # the command-line form, for whoever runs the scenarios from a terminal
            log.add(f"Saved {path}: crashgrab scenario run {path.name}")
        return path

    def open_dialog(self) -> bool:
        directory = str(self.document.path.parent) if self.document.path else str(Path.cwd())
        path, _ = QFileDialog.getOpenFileName(self.window, "Open scenario", directory, SCENARIO_FILTER)
        return self.open_scenario(path) if path else False

    def open_scenario(self, path: str | Path) -> bool:
        """Load a scenario file, put its board in the editor and its turns in the session,
        ready to step through from the start."""
        try:
            scenario = load_scenario(path)
        except CrashGrabError as error:
            show_error(self.window, "Cannot open scenario", error)
            return False
        if not self._show_layout_of(scenario, Path(path)):
            return False
        session, failure = PlaytestSession.from_scenario(scenario)
        self.set_playing(False)
        self._close_pending()
        self.session = session
        self._log_key = None
        start = session.start
        self.panel.set_start_options(two_saucers_each(start), start.rulings,
                                     start.rng if start.rng is not None and start.rng < 2**31 else None)
        self.panel.set_directions(self.document.layout.directions)
        if failure is not None:
            self.message = f"{failure.message}"
        checks = session.check(scenario.expect)
        failed = [c for c in checks if not c.passed]
        summary = (f"{len(checks) - len(failed)} of {len(checks)} expectations hold" if checks else "no expectations")
        self._status(f"Opened scenario \u201c{scenario.name}\u201d: {len(session.turns)} turn(s), {summary}. "
                     "Step or Play through it.", 12000)
        self.refresh()
        return True

    def _show_layout_of(self, scenario, path: Path) -> bool:
        """The scenario's board in the editor (its layout file opened, or the inline layout),
        then playtest mode on it."""
        wanted = layout_to_json(scenario.layout)
        same = layout_to_json(self.document.layout) == wanted
        if scenario.layout_ref:
            layout_file = (path.parent / scenario.layout_ref).resolve()
            same = same and self.document.path is not None and self.document.path.resolve() == layout_file
        if not same:
            self.stop("Playtest ended: opening the scenario's board.")
            if scenario.layout_ref:
                if not self.window.open_path(path.parent / scenario.layout_ref):
                    return False
            else:
                if not self.window.maybe_save("opening the scenario's board"):
                    return False
                self.document.reset(scenario.layout)
                self.view.fit()
        return self.start()

    # --- mouse, keys and drops on the board while playtesting ----------------------------------------------
    def eventFilter(self, watched, event) -> bool:
        if not self.active:
            return False
        kind = event.type()
        if watched is self.view:
            if self.layer.arrows and event.type() in (QEvent.ShortcutOverride, QEvent.KeyPress) \
                    and event.key() in PROMPT_KEYS and not event.modifiers() & ~Qt.KeypadModifier:
                if kind == QEvent.ShortcutOverride:  # the keys go to the prompt, not to a shortcut
                    event.accept()
                    return True
                self._prompt_key(event.key())
                return True
            if kind == QEvent.KeyPress and event.key() in EDIT_KEYS:
                self.blocked()
                return True
            return False
        if kind == QEvent.MouseButtonPress:
            return self._mouse_press(event)
        if kind == QEvent.MouseMove:
            return self._mouse_move(event)
        if kind == QEvent.MouseButtonRelease:
            return self._mouse_release(event)
        if kind == QEvent.MouseButtonDblClick:
            return event.button() == Qt.LeftButton
        if kind in (QEvent.DragEnter, QEvent.DragMove):
            return self._drag_over(event)
        if kind == QEvent.DragLeave:
            self.layer.clear_ghost()
            return False
        if kind == QEvent.Drop:
            return self._drop(event)
        return False

    def _prompt_key(self, key) -> None:
        """The Accelerator question from the keyboard: an arrow key picks one of the offered
        directions, Enter answers it, Esc cancels the turn (as Cancel does in a choice dialog)."""
        if key == Qt.Key_Escape:
            self.cancel_pending()
            return
        offered = [arrow.direction for arrow in self.layer.arrows]
        if key in DIRECTION_KEYS:
            direction = DIRECTION_KEYS[key]
            if direction not in offered:
                self._status(f"{direction.capitalize()} is not offered here: choose {', '.join(offered)}.", 6000)
                return
            self.layer.choose_arrow(direction)
            label = next(a.label for a in self.layer.arrows if a.direction == direction)
            self._status(f"Go {label}? Enter answers, another arrow key changes it, Esc cancels the turn.", 8000)
            return
        chosen = self.layer.chosen_arrow
        if chosen is None:
            self._status("Pick a direction with the arrow keys first, then press Enter.", 6000)
            return
        self.answer(chosen)

    def _scene_point(self, event):
        return self.view.mapToScene(event.position().toPoint())

    def _mouse_press(self, event) -> bool:
        panning = event.button() == Qt.MiddleButton or getattr(self.view, "_space_held", False)
        if panning:
            return False
        pos = self._scene_point(event)
        cell = self.scene.cell_at(pos)
        if event.button() == Qt.RightButton:
            if self.layer.piece_at(cell) is not None:
                self.remove_piece(cell)
            return True
        if event.button() != Qt.LeftButton:
            return True
        arrow = arrow_at(self.scene, pos)
        if arrow is not None and self.pending is not None:
            self.answer(arrow.direction)
            return True
        if self.pending is not None:
            self._status(_sentence(self._pending_note()) + " (or step Back).", 6000)
            return True
        piece = self.layer.piece_at(cell)
        if piece is not None:
            if self.session.editable:
                self._moving = (piece, cell)
            else:
                self._refuse(FIXED_MESSAGE)
            return True
        if tile_at(self.document.layout, cell) is not None:
            self.blocked()
        return True

    def _mouse_move(self, event) -> bool:
        if self._moving is None:
            return False
        piece, origin = self._moving
        cell = self.scene.cell_at(self._scene_point(event))
        if cell == origin:
            self.layer.clear_ghost()
        else:
            self.layer.show_ghost(piece, cell, self._fits(piece, cell))
        return True

    def _mouse_release(self, event) -> bool:
        if self._moving is None:
            return event.button() == Qt.LeftButton
        piece, origin = self._moving
        self._moving = None
        self.layer.clear_ghost()
        cell = self.scene.cell_at(self._scene_point(event))
        if cell == origin:
            return True
        if self.scene.board.on_board(cell):
            self.place_piece(piece, cell)
        else:  # dragged off the board: taken away
            self.remove_piece(origin)
            self._status(f"Took {piece_words(piece)} off the board.", 5000)
        return True

    def _drag_over(self, event) -> bool:
        mime = event.mimeData()
        piece = piece_of_mime(mime)
        if piece is None:
            if mime is not None and mime.hasFormat(TILE_MIME):
                event.ignore()
                self.blocked()
                return True
            return False  # files: the view opens them (which ends the playtest)
        cell = self.scene.cell_at(self.view.mapToScene(event.position().toPoint()))
        self.layer.show_ghost(piece, cell, self._fits(piece, cell))
        event.acceptProposedAction()
        return True

    def _drop(self, event) -> bool:
        piece = piece_of_mime(event.mimeData())
        if piece is None:
            if event.mimeData() is not None and event.mimeData().hasFormat(TILE_MIME):
                event.ignore()
                self.blocked()
                return True
            return False
        self.layer.clear_ghost()
        event.acceptProposedAction()
        self.place_piece(piece, self.scene.cell_at(self.view.mapToScene(event.position().toPoint())))
        return True

    def _fits(self, piece, cell: Cell) -> bool:
        if not self.active or not self.session.editable:
            return False
        try:
            (place_crew if isinstance(piece, Crew) else place_saucer)(self.session.start, piece, cell)
        except PositionError:
            return False
        return True


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
