"""`python -m crashgrab.editor.crash_grid.screenshots DOCS_FOLDER`: the arena editor's states that
docs/crash-grid.md shows, drawn offscreen into PNGs (`make screenshot` runs it), so the pictures
are the real thing: each state at 1400x900 and again, as STATE-small.png, at 1024x640.

Each state opens the 4-player template, sets the window up as a designer would and writes
STATE.png; nothing the user owns is read or written.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable

PROG = "python -m crashgrab.editor.crash_grid.screenshots"
SIZES = {"": (1400, 900), "-small": (1024, 640)}  # a state's name ends with its size's suffix


def _a_finding(window) -> None:
    """Two walls ahead of the spades start: its start-blocked error listed and selected (outlined),
    the keyboard's cursor on the square next to it, the square named in the status bar."""
    from PySide6.QtCore import Qt

    from .commands import ToggleWall

    for cell in ((5, 1), (6, 3)):
        window.edit(ToggleWall(window.document, cell))
    window.findings.select_next(1)
    window.view.setFocus(Qt.ShortcutFocusReason)
    window.cursor = (6, 1)
    window.redraw()
    window.show_cell()


def _territory(window) -> None:
    """The territory overlay: each free square tinted, and marked by its rider's symbol."""
    window.territory_action.setChecked(True)
    window.findings.table.clearSelection()


def _playtest(window) -> None:
    """Two tricks played: the riders' trails, the second trick's events in the log."""
    window.playtest_action.trigger()
    panel = window.playtest
    for move in ("Q", "K"):
        for box in panel.moves.values():
            box.setCurrentText(move)
        panel.play_button.click()


# name -> (how to set it up, what it shows)
STATES: dict[str, tuple[Callable, str]] = {
    "crash-grid-editor": (_a_finding, "the 4-player arena, a blocked start's error selected and outlined"),
    "crash-grid-territory": (_territory, "the territory overlay: who reaches each square first"),
    "crash-grid-playtest": (_playtest, "a playtest after two tricks"),
}


def state_names() -> list[str]:
    return [f"{name}{suffix}" for name in STATES for suffix in SIZES]


def write_states(folder: Path, names: list[str] | None = None) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from crashgrab.engine.crash_grid.templates import template_layout
    from crashgrab.engine.games import get_system

    from ..app import write_widget_png
    from .window import ArenaWindow

    written = []
    for name in state_names():
        if names and name not in names:
            continue
        prepare, _ = STATES[name.removesuffix("-small")]
        size = SIZES["-small" if name.endswith("-small") else ""]
        window = ArenaWindow(get_system("crash-grid"), template_layout("4"), None)
        try:
            window.resize(*size)
            window.show()
            for _ in range(3):  # the panels arranged for the size first (just after the resize)
                QApplication.processEvents()
            prepare(window)
            for _ in range(3):
                QApplication.processEvents()
            window.fit()
            out = folder / f"{name}.png"
            if write_widget_png(window, str(out), PROG) != 0:
                raise SystemExit(2)
            written.append(out)
        finally:
            window.document.undo_stack.setClean()
            window.close()
            window.deleteLater()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Draw the arena editor states docs/crash-grid.md shows.")
    parser.add_argument("folder", type=Path, help="where to write the PNGs (docs/)")
    parser.add_argument("--only", nargs="*", choices=state_names(), help="just these states")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([PROG])  # noqa: F841 (kept alive while drawing)
    from ..window_settings import throwaway_settings

    with throwaway_settings():   # nothing of the designer's read or written
        write_states(args.folder, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
