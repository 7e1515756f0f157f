"""The editor for Crash Grid arenas, found through the "crashgrab.editors" entry point."""
from .window import ArenaWindow, open_editor

__all__ = ["ArenaWindow", "open_editor"]
