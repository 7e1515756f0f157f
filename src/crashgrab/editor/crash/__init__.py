"""The editor for Crash! boards, found through the "crashgrab.editors" entry point.

The window (and Qt) is imported only when a board is opened, so declaring the editor costs
nothing to a command that merely asks what each game's editor offers (`crashgrab print --help`)."""
from __future__ import annotations

from typing import Any

from ..game_editor import GameEditor


def open_editor(system, layout: Any, path, parent=None):
    from .window import open_editor as open_window

    return open_window(system, layout, path, parent)


def _screenshot(out: str, file: str | None) -> int:
    from .screenshots import screenshot

    return screenshot(out, file)


def __getattr__(name: str) -> Any:
    if name == "CrashBoardWindow":
        from .window import CrashBoardWindow

        return CrashBoardWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


EDITOR = GameEditor(open=open_editor, screenshot=_screenshot)

__all__ = ["CrashBoardWindow", "EDITOR", "open_editor"]
