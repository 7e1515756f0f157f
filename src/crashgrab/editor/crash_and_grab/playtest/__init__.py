"""Playtest mode: put saucers and crewmembers on the board and step through test moves.

`install(window)` is the main window's only hook into this package: it adds the Playtest
dock, View > Playtest (F5) and a toolbar button, and returns the PlaytestMode. The model
(start position, session, cursor) lives in `crashgrab.engine.crash_and_grab.playtest`; the rules in
`crashgrab.engine.crash_and_grab.rules`. docs/playtest.md describes the mode for designers.
"""
from __future__ import annotations

from .controller import PlaytestMode


def install(window) -> PlaytestMode:
    mode = PlaytestMode(window)
    view_menu = next((a.menu() for a in window.menuBar().actions() if a.menu() and a.text() == "&View"), None)
    if view_menu is None:
        view_menu = window.menuBar().addMenu("&Playtest")
    view_menu.addSeparator()
    view_menu.addAction(mode.action)
    toolbar = getattr(window, "toolbar", None)
    if toolbar is not None:
        toolbar.addSeparator()
        mode.action.setIconText("Playtest")
        toolbar.addAction(mode.action)
    return mode


__all__ = ["PlaytestMode", "install"]
