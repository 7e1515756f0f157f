"""The tile designer inside the main editor: a Tiles menu, and handing a tile set to the
layout as one undoable edit (by shipped id, by path, or embedded in it). `install(window)` is the editor's only hook into this package.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QFileDialog

from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.formats.safe_read import real_path
from crashgrab.engine.crash_and_grab.layout_file import is_tileset_path
from crashgrab.engine.crash_and_grab.tileset_file import load_tileset, standard_tileset
from crashgrab.engine.grid.model import TileSet

from ...designer_words import show_error
from ..commands import SetTileSet
from ..document import blank_layout
from .sources import source_words
from .files import FILE_FILTER
from .window import TileDesignerWindow


def tileset_ref_for(tileset_path: str | Path) -> str:
    """How a layout value names a tile set file: its absolute path (saving writes it
    relative to the layout file)."""
    return real_path(tileset_path).as_posix()


def use_tileset(window, tileset: TileSet, tileset_path: str | Path | None) -> bool:
    """The editor's layout uses `tileset`: from its file, or embedded when the path is None."""
    ref = None if tileset_path is None else tileset_ref_for(tileset_path)
    return set_layout_tileset(window, tileset, ref)


def set_layout_tileset(window, tileset: TileSet, ref: str | None) -> bool:
    playtest = getattr(window, "playtest", None)
    if playtest is not None and playtest.active:  # the layout is locked while playtesting
        window.statusBar().showMessage("Playtest: the layout is locked while you playtest. End the playtest "
                                       "(View \u203a Playtest, F5) to change its tile set.", 10000)
        return False
    layout = window.document.layout
    if layout.tileset == tileset and layout.tileset_ref == ref:
        window.statusBar().showMessage(f"The layout already uses this tile set ({source_words(ref)}).", 6000)
        return False
    window.document.undo_stack.push(SetTileSet(window.document, tileset, ref,
                                               f"Use tile set \u201c{tileset.name}\u201d ({source_words(ref)})"))
    missing = sorted({p.tile for p in layout.placements if tileset.get(p.tile) is None})
    note = (f" Tile{'s' if len(missing) > 1 else ''} {', '.join(missing)} on the board "
            f"{'are' if len(missing) > 1 else 'is'} not in it: see Findings." if missing else "")
    window.statusBar().showMessage(f"The layout now uses \u201c{tileset.name}\u201d ({source_words(ref)}).{note}",
                                   10000)
    return True


def start_free_form(window, tileset: TileSet, tileset_path: str | Path | None) -> bool:
    """A new, empty free-form layout in the editor built from `tileset`."""
    ref = None if tileset_path is None else tileset_ref_for(tileset_path)
    layout = replace(blank_layout(None), tileset=tileset, tileset_ref=ref)
    if not window.new_layout(None, layout):
        return False
    window.statusBar().showMessage(f"New free-form board with \u201c{tileset.name}\u201d: drag tiles from the "
                                   "palette onto the board.", 10000)
    return True


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
