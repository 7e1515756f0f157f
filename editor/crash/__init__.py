"""The editor for Crash! boards, found through the "crashgrab.editors" entry point."""
from ..game_editor import GameEditor
from .window import CrashBoardWindow, open_editor


def _screenshot(out: str, file: str | None) -> int:
    from .screenshots import screenshot

    return screenshot(out, file)


EDITOR = GameEditor(open=open_editor, screenshot=_screenshot)

__all__ = ["CrashBoardWindow", "EDITOR", "open_editor"]
