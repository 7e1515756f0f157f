"""The editor for Crash! boards, found through the "crashgrab.editors" entry point."""
from ..game_editor import GameEditor
from .window import CrashBoardWindow, open_editor

EDITOR = GameEditor(open=open_editor)

__all__ = ["CrashBoardWindow", "EDITOR", "open_editor"]
