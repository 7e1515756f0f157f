"""The playtest and the route overlay wired into the course window (`attach`, called once from
CourseWindow.__init__): the Playtest dock behind the window's Playtest action, "Shortest Route"
in the View menu, the route checks on a worker (live_checks.py), and `decorate`, which the
window's redraw calls to add the robots, the shown phase's beams and the route over the course.

A playtest plays a copy of the course resolved when it (re)starts; nothing here edits the
document, so the undo stack and "modified" never see a playtest.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMessageBox

from crashgrab.engine.formats.jsonio import write_json_atomic
from crashgrab.engine.roborally.resolved import resolved_course_json
from crashgrab.engine.roborally.rules.events import Beam

from ..view import CELL
from . import overlay
from .live_checks import LiveChecks
from .panel import PlaytestPanel
from .session import PlaytestError, PlaytestSession

SCENARIO_FILTER = "Scenario (*.json)"


class PlaytestController(QObject):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.live_checks = LiveChecks(self)
        self.live_checks.routes_done.connect(self._routes_done)
        self.live_checks.route_found.connect(self._route_found)
        self.route: tuple[int, int, dict, list] | None = None   # generation, start, result, steps
        self._asked: tuple[int, int] | None = None
        self._course_played: Any = None
        self.panel = PlaytestPanel(self._new_session, self._shown, self.save_dialog,
                                   lambda text: window.statusBar().showMessage(text, 8000))
        self.dock = QDockWidget("Playtest", window)
        self.dock.setObjectName("playtest_dock")
        self.dock.setWidget(self.panel)
        self.dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable
                              | QDockWidget.DockWidgetClosable)
        window.addDockWidget(Qt.LeftDockWidgetArea, self.dock)
        self.dock.hide()
        action = window.playtest_action
        action.setEnabled(True)
        action.setToolTip("Deal hands, program the robots and step through a turn phase by phase")
        action.toggled.connect(self.set_playing)
        self.dock.visibilityChanged.connect(lambda shown: self.dock.isHidden() and action.setChecked(False))
        self.route_action = QAction("Shortest Route", window, checkable=True)
        self.route_action.setObjectName("shortest_route")
        self.route_action.setToolTip("The fewest-register route of the selected start (else start 1)")
        self.route_action.toggled.connect(lambda _on: window.redraw())
        window.addAction(self.route_action)
        view_menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&View"), None)
        if view_menu is not None:
            view_menu.addActions([self.route_action, action])

    # --- the playtest --------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.window.playtest_action.isChecked()

    def set_playing(self, on: bool) -> None:
        """On: the panel beside the course; in a small window a tab of the one side column, where the
        Settings panel (for placing things, not for playing) makes way for it, so the course keeps its
        room and the window its size; on the left of a wide one. Off: Settings back."""
        window = self.window
        if on and window.compact:
            window.settings_dock.hide()
            window.addDockWidget(Qt.RightDockWidgetArea, self.dock)
            window.tabifyDockWidget(window.findings_dock, self.dock)
        elif on:
            window.addDockWidget(Qt.LeftDockWidgetArea, self.dock)
        else:
            window.settings_dock.show()
        self.dock.setVisible(on)
        if on:
            self.dock.raise_()
        if on and self.panel.session is None:
            self.panel.restart()
        self.window.redraw()

    def _new_session(self, seed: int) -> PlaytestSession:
        window = self.window
        if window.mode:
            window.set_mode("")   # a playtest runs on the course, not on one board
        if not window.course.starts:
            raise PlaytestError("The course has no start: put starts on it to playtest.")
        session = PlaytestSession(resolved_course_json(window.course), seed=seed)
        self._course_played = window.course   # the model is immutable: an edit makes a new one
        return session

    def _shown(self) -> None:
        self.window.redraw()

    def save_dialog(self) -> bool:
        from ...save_prompt import ask_save_path

        document_path = self.window.document.path
        suggested = str(document_path.with_name(document_path.stem + "-playtest.json")) if document_path else ""
        path = ask_save_path(self.window, "Save the playtest as a scenario", suggested, SCENARIO_FILTER)
        return self.save_scenario(Path(path)) if path else False

    def save_scenario(self, path: Path) -> bool:
        """The turns played, as a scenario beside `path`'s folder: the course by its (relative)
        path when it is saved and unchanged, else inline as it stands."""
        session = self.panel.session
        if session is None or not session.played:
            return False
        window = self.window
        document = window.document
        if document.path is not None and not document.dirty:
            layout: Any = Path(os.path.relpath(document.path.resolve(), path.resolve().parent)).as_posix()
        else:
            layout = window.system.layout_to_json(window.course, path.parent)
        name = f"Playtest of {window.course.name or 'the course'}, {len(session.played)} turn(s)"
        try:
            write_json_atomic(path, session.scenario(layout, name))
        except OSError as error:
            QMessageBox.warning(window, "Not saved", f"{path} could not be written: {error.strerror or error}.")
            return False
        window.statusBar().showMessage(f"Saved the playtest as {path}; `crashgrab scenario run` plays it.", 6000)
        return True

    # --- the findings --------------------------------------------------------------------------
    def _routes_done(self, report) -> None:
        self.window.findings.set_findings(report.findings, report.summary())

    # --- drawing -------------------------------------------------------------------------------
    def selected_start(self) -> int | None:
        window = self.window
        if window.selected is not None and window.selected[0] == "start":
            return window.selected[1]
        numbers = sorted(s.number for s in window.course.starts)
        return numbers[0] if numbers else None

    def decorate(self) -> None:
        """Called after the window drew the course: what the playtest and the route add."""
        window = self.window
        if window.mode:
            return
        scene = window.view.course_scene
        self.panel.stale_label.setVisible(self.panel.session is not None and window.course is not self._course_played)
        if self.route_action.isChecked():
            self._draw_route(scene)
        session = self.panel.session
        if self.playing and session is not None:
            overlay.add_robots(scene, session.shown_robots(), CELL)
            frame = session.shown_frame()
            if frame is not None and frame[1] == "lasers":
                overlay.add_beams(scene, (e for e, current in session.shown_events()
                                          if current and isinstance(e, Beam)), CELL)

    def _draw_route(self, scene) -> None:
        number = self.selected_start()
        if number is None:
            return
        generation = self.live_checks.generation
        if self.route is not None and self.route[:2] == (generation, number):
            overlay.add_route(scene, self.route[3], CELL)
        elif self._asked != (generation, number):
            self._asked = (generation, number)
            if self.live_checks.want_route(number):
                self.window.statusBar().showMessage(f"Searching the shortest route of start {number}\u2026", 4000)
            else:
                self.window.statusBar().showMessage("No shortest route while the course has an error: see Findings.", 6000)

    def _route_found(self, number: int, result: dict, steps: list) -> None:
        self.route = (self.live_checks.generation, number, result, steps)
        if "registers" in result:
            said = (f"Start {number}: {result['registers']} registers (legs {', '.join(map(str, result['legs']))}), "
                    f"{result['damage']} damage on the way.")
        elif "unreachable" in result:
            said = f"Start {number}: checkpoint {result['unreachable']} can never be touched in order."
        else:
            said = f"Start {number}: no route."
        self.window.statusBar().showMessage(said, 8000)
        self.window.redraw()

    def stop(self) -> None:
        self.live_checks.stop()


def attach(window: Any) -> PlaytestController:
    return PlaytestController(window)
