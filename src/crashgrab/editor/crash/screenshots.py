"""`python -m crashgrab.editor.crash.screenshots DOCS_FOLDER`: the Crash! editor's states that
docs/crash-editor.md shows, drawn offscreen into PNGs (`make screenshot` runs it), so the
pictures are the real thing: each state at 1400x900 and again, as STATE-small.png, at 1024x640.

Each state opens the standard board (layouts/crash/standard.json, or the template when that
file is not at hand), sets the window up as a designer would and writes STATE.png.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable

PROG = "python -m crashgrab.editor.crash.screenshots"


def _a_finding(window) -> None:
    """p1's car 3 turned two sixths away: its warnings listed, the first one's hex lit."""
    from .commands import TurnStart

    window.edit(TurnStart(window.document, "p1", 3, 2))
    window.findings.select_next(1)


def _playtest(window) -> None:
    """An opening turn by p1 (car 4 moved and turned), then p2's automatic part three cars in."""
    window.playtest_action.trigger()
    panel = window.playtest
    for box, value in zip(panel.dice, (4, 4, 2)):
        box.setValue(value)
    panel.roll_button.click()
    panel.select(4)
    panel.move()
    panel.turn("northeast")
    panel.end_button.click()
    for box, value in zip(panel.dice, (6, 6, 6)):
        box.setValue(value)
    panel.roll_button.click()
    panel.end_button.click()
    panel.forward_button.click()
    panel.forward_button.click()


def _keyboard(window) -> None:
    """The board reached by the keyboard: the hex cursor beside p1's junkyard, named in the status bar."""
    from PySide6.QtCore import Qt

    window.view.setFocus(Qt.ShortcutFocusReason)
    window.cursor = (0, 0)
    window.redraw()
    window.show_cell()


SIZES = {"": (1400, 900), "-small": (1024, 640)}  # a state's name ends with its size's suffix
# name -> (how to set it up, what it shows); each drawn at both sizes
STATES: dict[str, tuple[Callable, str]] = {
    "crash-editor": (_a_finding, "the standard board, a facing-away warning selected"),
    "crash-keyboard": (_keyboard, "the keyboard's hex cursor, the hex named in the status bar"),
    "crash-playtest": (_playtest, "a playtest: p2's automatic part shown car by car"),
}


def state_names() -> list[str]:
    return [f"{name}{suffix}" for name in STATES for suffix in SIZES]


def write_states(folder: Path, layout: Path | None = None, names: list[str] | None = None) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from crashgrab.engine.crash.layout_io import load_layout
    from crashgrab.engine.crash.templates import template_layout
    from crashgrab.engine.games import get_system

    from ..app import write_widget_png
    from .window import CrashBoardWindow

    board = load_layout(layout) if layout is not None and layout.exists() else template_layout()
    written = []
    for name in state_names():
        if names and name not in names:
            continue
        prepare, _ = STATES[name.removesuffix("-small")]
        size = SIZES["-small" if name.endswith("-small") else ""]
        window = CrashBoardWindow(get_system("crash"), board, layout)
        try:
            window.resize(*size)
            window.show()
            for _ in range(3):  # the panels arranged for the size first (just after the resize)
                QApplication.processEvents()
            prepare(window)
            for _ in range(3):
                QApplication.processEvents()
            window.view.fit()
            out = folder / f"{name}.png"
            if write_widget_png(window, str(out), PROG) != 0:
                raise SystemExit(2)
            written.append(out)
        finally:
            window.document.undo_stack.setClean()
            window.close()
            window.deleteLater()
    return written


def screenshot(out: str, file: str | None) -> int:
    """`crashgrab-editor --screenshot OUT [FILE]`: the window at the studio's screenshot size, the
    first finding with hexes selected (lit on the board); a file that does not open exits 2."""
    from PySide6.QtWidgets import QApplication

    from crashgrab.engine.crash.layout_io import load_layout
    from crashgrab.engine.crash.templates import template_layout
    from crashgrab.engine.errors import CrashGrabError
    from crashgrab.engine.games import get_system

    from ..app import PROG as EDITOR_PROG
    from ..app import SCREENSHOT_SIZE, write_widget_png
    from .window import CrashBoardWindow

    try:
        board = load_layout(file) if file else template_layout()
    except CrashGrabError as error:
        print(f"{EDITOR_PROG}: {error}", file=sys.stderr)
        return error.exit_code
    window = CrashBoardWindow(get_system("crash"), board, Path(file) if file else None)
    try:
        window.resize(*SCREENSHOT_SIZE)
        window.show()
        with_hexes = [finding for finding in window.findings.findings() if finding.cells]
        if with_hexes:
            window.findings.select_finding(with_hexes[0])
        for _ in range(3):
            QApplication.processEvents()
        window.view.fit()
        return write_widget_png(window, out, EDITOR_PROG)
    finally:
        window.close()
        window.deleteLater()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Draw the Crash! editor states docs/crash-editor.md shows.")
    parser.add_argument("folder", type=Path, help="where to write the PNGs (docs/)")
    parser.add_argument("--layout", type=Path, default=Path("layouts/crash/standard.json"), help="the board to show")
    parser.add_argument("--only", nargs="*", choices=state_names(), help="just these states")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([PROG])  # noqa: F841 (kept alive while drawing)
    from ..window_settings import throwaway_settings

    with throwaway_settings():   # nothing of the designer's read or written
        write_states(args.folder, args.layout, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
