"""The editor for RoboRally courses and their factory boards, found through the
"crashgrab.editors" entry point.

The window (and Qt) is imported only when a course is opened, so declaring the editor costs
nothing to a command that merely asks what each game's editor offers (`crashgrab print --help`)."""
from __future__ import annotations

from typing import Any

from ..game_editor import GameEditor, PrintSheets


def open_editor(system, layout: Any, path, parent=None):
    from .window import open_editor as open_window

    return open_window(system, layout, path, parent)


def paint_board(painter, layout: Any, cell: float) -> None:
    """The course as this editor shows it, for the print poster."""
    from .painter import paint_course_layout

    paint_course_layout(painter, layout, cell)


def write_image(course: Any, output, dpi: int, file=None):
    """`crashgrab render`: the course as this editor draws it, at true size."""
    from .image_export import write_image as write

    return write(course, output, dpi, file)


def _screenshot(out: str, file: str | None) -> int:
    from .screenshots import screenshot

    return screenshot(out, file)


def __getattr__(name: str) -> Any:
    if name == "CourseWindow":
        from .window import CourseWindow

        return CourseWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def board_sheets(source: Any, settings, title: str = ""):
    """`crashgrab print`'s default for a course or a board set file: each factory board alone."""
    from .print_boards import board_sheets as sheets

    return sheets(source, settings, title)


def load_boardset(document: Any, file: str):
    """A board set file to print: a course of its boards, none placed (print_boards prints each)."""
    from crashgrab.engine.roborally.boardset_io import boardset_from_json
    from crashgrab.engine.roborally.model import Course

    boardset = boardset_from_json(document, file)
    return Course(boardset.name, boardset)


PRINT_SHEETS = PrintSheets(
    title="board sheets",
    description="each factory board of the course's board set at true size (a square 25 mm), to cut out and "
                "lay into any course (a board set file prints its boards)",
    job=board_sheets, file_formats=("crash-grab-boardset",), load=load_boardset)

EDITOR = GameEditor(open=open_editor, write_image=write_image, screenshot=_screenshot, paint_board=paint_board,
                    print_sheets=PRINT_SHEETS)

__all__ = ["CourseWindow", "EDITOR", "open_editor", "paint_board"]
