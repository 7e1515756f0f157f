"""Crash & Grab's editor: the main window with its tile palette, board painter, overlays,
findings, tile designer and playtest, found through the "crashgrab.editors" entry point.

`board_painter.paint_board` draws a board on any QPainter (the scene, image exports).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..game_editor import GameEditor, PrintSheets


def open_editor(system, layout: Any, path: Path | None, parent=None):
    """The main window showing `layout`, or opening `path` itself, or a new board."""
    from .window.main_window import MainWindow

    window = MainWindow(parent=parent)
    if path is not None:
        window.open_path(path)
    elif layout is not None:
        window.new_layout(layout.template, layout)
    return window


def write_image(layout: Any, out: str | Path, dpi: int, file: str | Path | None = None) -> Path:
    """The board as the editor paints it, tiles, markers and all."""
    from .output.image_export import require_board, write_board_image

    return write_board_image(require_board(layout, file), out, dpi, title=layout.name or None)


def screenshot(out: str, file: str | None) -> int:
    from .window.offscreen import screenshot as window_screenshot

    return window_screenshot(out, file)


def paint_board(painter, layout: Any, cell: float) -> None:
    from .output.print_pdf import paint_poster_board

    paint_poster_board(painter, layout, cell)


def tile_sheets(source: Any, settings, title: str):
    from .output.print_pdf import tile_sheets_job

    return tile_sheets_job(source, settings, title)


def load_tileset(document: Any, file: str):
    from crashgrab.engine.crash_and_grab.tileset_file import tileset_from_json

    return tileset_from_json(document, file)


def print_cell_mm(source: Any) -> float | None:
    """The printed cell size a layout keeps ("print": {"cell_mm": ...}); a tile set keeps none."""
    return getattr(source, "print_cell_mm", None)


PRINT_SHEETS = PrintSheets(
    title="tile sheets",
    description="every tile of its tile set at true size with bleed and crop marks, side A on the front pages "
                "and side B behind it for duplex printing (a tile set file prints its tiles)",
    job=tile_sheets, file_formats=("crash-grab-tileset",), load=load_tileset, cell_mm=print_cell_mm)

EDITOR = GameEditor(open=open_editor, write_image=write_image, screenshot=screenshot, paint_board=paint_board,
                    print_sheets=PRINT_SHEETS)
