"""The editor for Crash Grid arenas, found through the "crashgrab.editors" entry point."""
from ..game_editor import GameEditor
from .window import ArenaWindow, open_editor

EDITOR = GameEditor(open=open_editor)

__all__ = ["ArenaWindow", "EDITOR", "open_editor"]
