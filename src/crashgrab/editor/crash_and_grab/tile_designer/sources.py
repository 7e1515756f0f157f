"""Where a layout's tile set comes from, in words a designer reads (palette, status bar)."""
from __future__ import annotations

from crashgrab.engine.crash_and_grab.layout_file import is_tileset_path


def source_words(tileset_ref: str | None) -> str:
    """"shipped “standard”", "file tiles/mine.json" or "embedded in the layout"."""
    if tileset_ref is None:
        return "embedded in the layout"
    if is_tileset_path(tileset_ref):
        return f"file {tileset_ref}"
    return f"shipped \u201c{tileset_ref}\u201d"
