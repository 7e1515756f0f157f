"""Crash & Grab's editor: the main window with its tile palette, board painter, overlays,
findings, tile designer and playtest, found through the "crashgrab.editors" entry point.

`board_painter.paint_board` draws a board on any QPainter (the scene, image exports).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..game_editor import GameEditor


def open_editor(system, layout: Any, path: Path | None, parent=None):
    """The main window showing `layout`, or opening `path` itself, or a new board."""
    from .main_window import MainWindow

    window = MainWindow(parent=parent)
    if path is not None:
        window.open_path(path)
    elif layout is not None:
        window.new_layout(layout.template, layout)
    return window


def write_image(layout: Any, out: str | Path, dpi: int, file: str | Path | None = None) -> Path:
    """The board as the editor paints it, tiles, markers and all."""
    from .image_export import require_board, write_board_image

    return write_board_image(require_board(layout, file), out, dpi, title=layout.name or None)


def screenshot(out: str, file: str | None) -> int:
    from .offscreen import screenshot as window_screenshot

    return window_screenshot(out, file)


EDITOR = GameEditor(open=open_editor, write_image=write_image, screenshot=screenshot)
