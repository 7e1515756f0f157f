"""`python -m crashgrab.editor.crash_and_grab.screenshots DOCS_FOLDER`: the editor's states that docs/editor.md
shows, drawn offscreen into PNGs (`make screenshot` runs it), so the pictures are the real thing.

Each state opens a shipped layout or a test scenario, sets the window up as a designer would and
writes STATE.png; nothing the user owns is read or written (throw-away settings).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable

PROG = "python -m crashgrab.editor.crash_and_grab.screenshots"


def _settle(window) -> None:
    """Until the live validation has painted the findings of the current layout."""
    from PySide6.QtCore import QElapsedTimer
    from PySide6.QtWidgets import QApplication

    timer = QElapsedTimer()
    timer.start()
    while timer.elapsed() < 5000:
        QApplication.processEvents()
        if window.validator.is_current and window.validator.layout is window.document.layout:
            break
    QApplication.processEvents()


def _board(window, layout: Path) -> None:
    window.open_path(layout)
    _settle(window)


def _loop(window, layout: Path) -> None:
    _board(window, layout)
    window.actions["overlay_accelerators"].setChecked(True)
    window._overlays_changed()
    # The three-Accelerator loop: its route passes all three, back through the middle one.
    loop = next(f for f in window.findings.findings() if f.code == "accelerator-loop" and len(f.cells) == 3)
    window.findings.select_finding(loop)


def _overlays(window, layout: Path) -> None:
    _board(window, layout)
    for key in ("overlay_exposure", "overlay_accelerators", "overlay_reach"):
        window.actions[key].setChecked(True)
    window._overlays_changed()
    window.scene.set_reach_origin((1, 2))
    window.findings.table.clearSelection()


def _keyboard(window, layout: Path) -> None:
    from PySide6.QtCore import Qt

    _board(window, layout)
    window.findings.table.clearSelection()
    window.view.setFocus(Qt.ShortcutFocusReason)
    window.scene.set_cursor((5, 1))


def _playtest(window, scenario: Path) -> None:
    mode = window.playtest
    if not mode.open_scenario(str(scenario)):
        raise SystemExit(f"{PROG}: cannot open {scenario}")
    mode.show_step(len(mode.session.events))
    _settle(window)


# name -> (window size, file (a layout under layouts/, or a scenario), how to set it up, what it shows)
STATES: dict[str, tuple[tuple[int, int], str, Callable, str]] = {
    "screenshot": ((1400, 900), "standard-6p.json", _board, "the 10x10 board for 6 saucers, first finding selected"),
    "editor-loop": ((1400, 900), "standard-6p.json", _loop,
                    "the three-Accelerator loop selected: its numbered route, the graph at its distance, the board dimmed"),
    "editor-overlays": ((1400, 900), "standard-6p.json", _overlays,
                        "all three overlays at once, each with its key above the board"),
    "screenshot-small": ((1024, 640), "standard-6p.json", _board, "the same in a 1024x640 window"),
    "editor-loop-small": ((1024, 640), "standard-6p.json", _loop, "the loop selected, in a 1024x640 window"),
    "editor-overlays-small": ((1024, 640), "standard-6p.json", _overlays,
                              "all three overlays in a 1024x640 window"),
    "editor-keyboard": ((1400, 900), "standard-2-4p.json", _keyboard,
                        "the keyboard's cell cursor on tile 2"),
    "editor-small-keyboard": ((1024, 640), "standard-2-4p.json", _keyboard,
                              "a 1024x640 window with the keyboard's cell cursor on tile 2"),
    "playtest-round": ((1400, 900), "scenarios/first-moves.json", _playtest,
                       "Playtest after the shipped first-moves scenario's last step"),
    "playtest-small": ((1024, 640), "scenarios/first-moves.json", _playtest,
                       "the same in a 1024x640 window: the panels one column of tabs, the window keeps its size"),
}


def write_states(folder: Path, layouts: Path, names: list[str] | None = None) -> list[Path]:
    from .window.offscreen import offscreen_window, write_window_png

    written = []
    for name, (size, layout, prepare, _) in STATES.items():
        if names and name not in names:
            continue
        with offscreen_window(size) as window:
            prepare(window, layouts / layout)
            out = folder / f"{name}.png"
            if write_window_png(window, str(out), PROG) != 0:
                raise SystemExit(2)
            written.append(out)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Draw the editor states docs/editor.md shows.")
    parser.add_argument("folder", type=Path, help="where to write the PNGs (docs/)")
    parser.add_argument("--layouts", type=Path, default=Path("layouts"), help="the shipped layouts' folder")
    parser.add_argument("--only", nargs="*", choices=list(STATES), help="just these states")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([PROG])  # noqa: F841 (kept alive while drawing)
    write_states(args.folder, args.layouts, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
