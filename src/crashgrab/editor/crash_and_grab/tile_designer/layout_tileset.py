"""Handing a tile set to the editor's layout as one undoable edit (by shipped id, by path, or
embedded in it), or starting a free-form layout from it. The designer window and the Tiles menu
(`in_editor`) both call these; this module imports neither, so the designer never imports the
module that builds it (in_editor -> window -> layout_tileset, one way).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from crashgrab.engine.formats.safe_read import real_path
from crashgrab.engine.grid.model import TileSet

from ..commands import SetTileSet
from ..document import blank_layout
from .sources import source_words


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
