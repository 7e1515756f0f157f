"""The editor for Crash Grid arenas, found through the "crashgrab.editors" entry point.

The window (and Qt) is imported only when an arena is opened, so declaring the editor costs
nothing to a command that merely asks what each game's editor offers (`crashgrab print --help`)."""
from __future__ import annotations

from typing import Any

from ..game_editor import GameEditor


def open_editor(system, layout: Any, path, parent=None):
    from .window import open_editor as open_window

    return open_window(system, layout, path, parent)


def paint_board(painter, layout: Any, cell: float) -> None:
    """The arena as this editor shows it, for the print poster."""
    from .board_painter import paint_arena

    paint_arena(painter, layout, cell)


def __getattr__(name: str) -> Any:
    if name == "ArenaWindow":
        from .window import ArenaWindow

        return ArenaWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


EDITOR = GameEditor(open=open_editor, paint_board=paint_board)

__all__ = ["ArenaWindow", "EDITOR", "open_editor", "paint_board"]
