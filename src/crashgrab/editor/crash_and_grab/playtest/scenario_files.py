"""Playtest scenario files: saving the start position and the turns played, and opening one (its
layout too, when it is not the one in the editor).
"""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from crashgrab.engine.crash_and_grab.layout_file import is_tileset_path
from crashgrab.engine.crash_and_grab.playtest import PlaytestSession, two_saucers_each
from crashgrab.engine.crash_and_grab.scenario_file import load_scenario, save_scenario
from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.formats.layout_io import layout_to_json

from ...designer_words import show_error
from ...save_prompt import ask_save_path, failure_message
from .mode_common import SCENARIO_FILTER


class ScenarioFilesMixin:
    """Saving and opening scenarios for `PlaytestMode`."""

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
