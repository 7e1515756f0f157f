"""The tile designer inside the main editor: a Tiles menu, and handing a tile set to the
layout as one undoable edit (by shipped id, by path, or embedded in it: `layout_tileset`).
`install(window)` is the editor's only hook into this package.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QFileDialog

from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.crash_and_grab.layout_file import is_tileset_path
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, standard_tileset

from ...designer_words import show_error
from .files import FILE_FILTER
from .layout_tileset import set_layout_tileset, start_free_form, tileset_ref_for, use_tileset
from .window import TileDesignerWindow

# The layout-side hand-off lives in layout_tileset (the designer window calls it too); named here as well.
__all__ = ["install", "open_designer", "set_layout_tileset", "start_free_form", "tileset_ref_for", "use_tileset",
           "use_tileset_file", "use_tileset_file_dialog", "layout_tileset_file"]


def layout_tileset_file(window) -> Path | None:
    """The file the layout's tile set comes from, when it is referred to by path."""
    ref = window.document.layout.tileset_ref
    return Path(ref) if ref and is_tileset_path(ref) else None


def open_designer(window) -> TileDesignerWindow:
    """Show the designer (one per editor window); the first time it opens the layout's tile
    set: its file when it has one, else a copy to save under a new name."""
    designer = getattr(window, "tile_designer", None)
    if designer is None:
        designer = TileDesignerWindow(editor=window, parent=window)
        window.tile_designer = designer
        layout = window.document.layout
        path = layout_tileset_file(window)
        if path is None or not designer.open_path(path):
            tileset = layout.tileset
            if layout.tileset_ref:  # shipped: never edited in place
                tileset = replace(tileset, id=f"{tileset.id}-copy", name=f"Copy of {tileset.name}")
            designer.start(tileset)
    designer.show()
    designer.raise_()
    designer.activateWindow()
    return designer


def use_tileset_file_dialog(window) -> bool:
    folder = str(window.document.path.parent) if window.document.path else str(Path.cwd())
    path, _ = QFileDialog.getOpenFileName(window, "Use tile set", folder, FILE_FILTER)
    return use_tileset_file(window, path) if path else False


def use_tileset_file(window, path: str | Path) -> bool:
    try:
        tileset = load_tileset(path)
    except (CrashGrabError, OSError) as error:
        show_error(window, "Cannot use tile set", error)
        return False
    return use_tileset(window, tileset, path)


class _DesignerCloseGuard(QObject):
    """Closing the editor asks about the designer's unsaved tile set first."""

    def eventFilter(self, watched, event) -> bool:
        designer = getattr(watched, "tile_designer", None)
        if event.type() == QEvent.Close and designer is not None and not designer.maybe_save("closing the editor"):
            event.ignore()
            return True
        return False


def install(window) -> None:
    """Add the Tiles menu to the editor's main window."""
    window.tile_designer = None
    a = window._action
    a("tile_designer", "Tile &Designer\u2026", lambda: open_designer(window), "Ctrl+Shift+T",
      "paint custom tiles and save them as a tile set")
    a("use_tileset", "&Use Tile Set\u2026", lambda: use_tileset_file_dialog(window), None,
      "the layout uses a tile set file (kept as a path relative to the layout)")
    a("use_standard", "Use the &Standard Tiles", lambda: set_layout_tileset(window, standard_tileset(), "standard"),
      None, "the layout uses the 14 tiles of the game")
    a("embed_tileset", "&Embed the Tile Set in the Layout",
      lambda: set_layout_tileset(window, window.document.layout.tileset, None), None,
      "keep a copy of the tile set inside the layout file, so it travels alone")
    bar = window.menuBar()
    menu = bar.addMenu("&Tiles")
    for key in ("tile_designer", None, "use_tileset", "use_standard", "embed_tileset"):
        menu.addSeparator() if key is None else menu.addAction(window.actions[key])
    help_menu = next((action for action in bar.actions() if action.text().replace("&", "") == "Help"), None)
    if help_menu is not None:  # keep Help last
        bar.removeAction(menu.menuAction())
        bar.insertMenu(help_menu, menu)
    window.tiles_menu = menu
    window._tile_designer_guard = _DesignerCloseGuard(window)
    window.installEventFilter(window._tile_designer_guard)
