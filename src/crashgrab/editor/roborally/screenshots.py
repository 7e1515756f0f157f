"""`python -m crashgrab.editor.roborally.screenshots DOCS_FOLDER`: the RoboRally editor's states
that docs/roborally-editor.md shows, drawn offscreen into PNGs, so the pictures are the real thing;
and `crashgrab-editor --screenshot OUT [FILE]` for a RoboRally course.

Each state opens the 4-robot template (or the course given), sets the window up as a designer
would and writes STATE.png.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable

PROG = "python -m crashgrab.editor.roborally.screenshots"


def _a_finding(window) -> None:
    """The first finding with squares selected, if the course has one (the templates have none)."""
    _first_finding(window)


def _first_finding(window) -> None:
    with_cells = [finding for finding in window.findings.findings() if finding.cells]
    if with_cells:
        window.findings.select_finding(with_cells[0])


def _board_editor(window) -> None:
    """The Foundry board in the board editor, a laser selected."""
    window.set_mode("foundry")
    window.set_tool("wall")
    board = window.course.boardset.board("foundry")
    laser = next((e for e in board.all_edge_elements() if e.type == "laser"), None)
    if laser is not None:
        window.select(("edge", laser))


def _a_broken_course(window) -> None:
    """A second board dropped over the first: board-overlap, with the shared squares outlined."""
    from . import commands

    window.edit(commands.place_board(window.document, "smelter", "Smelter", 6, 6))
    window.findings.select_next(1)


def _playtest(window) -> None:
    """The playtest open, red holding Brakes, Shield, Conditional Command and Recompile, its
    Move 1 in register 1 braked and its shield on the back in step 2."""
    window.playtest_action.setChecked(True)
    panel = window.playtest.panel
    session = panel.session
    session.set_options("red", ("Brakes", "Shield", "Conditional Command", "Recompile"))
    session.script("red", "move1 move2 turn_left move1 u_turn")
    session.set_option_answer("red", "Brakes", 1, True)
    session.set_option_answer("red", "Shield", 2, "back")
    panel.robot_box.setCurrentText("red")
    panel.show_session()


def _playtest_question(window) -> None:
    """The rules' question at the end of a turn: red backed off the course returns, facing which way?"""
    window.playtest_action.setChecked(True)
    panel = window.playtest.panel
    session = panel.session
    for name in session.names:
        # red starts two squares from the course's south edge, facing north: two Back Ups take it off
        session.script(name, "back_up back_up turn_left turn_left turn_left" if name == "red" else
                       "turn_left turn_right turn_left turn_right u_turn")
    panel.robot_box.setCurrentText("red")
    panel.play()


# name -> (window size, how to set it up, what it shows)
STATES: dict[str, tuple[tuple[int, int], Callable, str]] = {
    "roborally-editor": ((1400, 900), _a_finding, "the 4-robot template course, its (empty) findings and life points"),
    "roborally-editor-small": ((1024, 640), _a_finding, "the same in a 1024x640 window"),
    "roborally-board-editor": ((1400, 900), _board_editor, "the Foundry board in the board editor"),
    "roborally-board-editor-small": ((1024, 640), _board_editor, "the board editor in a 1024x640 window"),
    "roborally-overlap": ((1400, 900), _a_broken_course, "two boards overlapping: the finding outlines them"),
    "roborally-playtest": ((1400, 900), _playtest, "the playtest: a hand, registers and option card choices"),
    "roborally-playtest-small": ((1024, 640), _playtest, "the playtest in a 1024x640 window"),
    "roborally-playtest-question-small": ((1024, 640), _playtest_question,
                                          "the rules ask a question at the end of a turn, at 1024x640"),
}


def _window(course, path):
    from crashgrab.engine.games import get_system

    from .window import CourseWindow

    return CourseWindow(get_system("roborally"), course, path)


def _draw(window, size, prepare) -> None:
    from PySide6.QtWidgets import QApplication

    window.resize(*size)
    window.show()
    for _ in range(3):
        QApplication.processEvents()
    window.view.fit()
    prepare(window)
    for _ in range(3):
        QApplication.processEvents()


def write_states(folder: Path, layout: Path | None = None, names: list[str] | None = None) -> list[Path]:
    from crashgrab.engine.roborally.layout_io import load_layout
    from crashgrab.engine.roborally.templates import template_layout

    from ..app import write_widget_png

    written = []
    for name, (size, prepare, _) in STATES.items():
        if names and name not in names:
            continue
        course = load_layout(layout) if layout is not None and layout.exists() else template_layout(4)
        window = _window(course, layout if layout is not None and layout.exists() else None)
        try:
            _draw(window, size, prepare)
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
    first finding with squares selected; a file that does not open exits 2."""
    from crashgrab.engine.errors import CrashGrabError
    from crashgrab.engine.roborally.layout_io import load_layout
    from crashgrab.engine.roborally.templates import template_layout

    from ..app import PROG as EDITOR_PROG
    from ..app import SCREENSHOT_SIZE, write_widget_png

    try:
        course = load_layout(file) if file else template_layout(4)
    except CrashGrabError as error:
        print(f"{EDITOR_PROG}: {error}", file=sys.stderr)
        return error.exit_code
    window = _window(course, Path(file) if file else None)
    try:
        _draw(window, SCREENSHOT_SIZE, _first_finding)
        return write_widget_png(window, out, EDITOR_PROG)
    finally:
        window.close()
        window.deleteLater()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="Draw the RoboRally editor states "
                                                            "docs/roborally-editor.md shows.")
    parser.add_argument("folder", type=Path, help="where to write the PNGs (docs/)")
    parser.add_argument("--layout", type=Path, default=None, help="the course to show (default: the 4-robot template)")
    parser.add_argument("--only", nargs="*", choices=list(STATES), help="just these states")
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
