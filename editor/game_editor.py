"""What a game's editor package gives the studio, through the "crashgrab.editors" entry point.

Kept free of Qt imports, so declaring an editor (and a command of its package, such as
`crashgrab print`) costs nothing until a window or an image is made.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

# (system, layout or None, path or None, parent widget or None) -> a top-level window (game_views)
OpenEditor = Callable[[Any, Any, "Path | None", Any], Any]
# (layout, output .png or .svg, dpi, the layout's file for messages) -> the path written
WriteImage = Callable[[Any, "str | Path", int, "str | Path | None"], Path]
# (output .png, a layout file or None) -> exit code: the editor's window as a picture, offscreen
Screenshot = Callable[[str, "str | None"], int]


@dataclass(frozen=True)
class GameEditor:
    """What a game's editor package gives the studio."""

    open: OpenEditor
    write_image: WriteImage | None = None  # its own board picture for `crashgrab render`; None: `picture_image`
    screenshot: Screenshot | None = None  # its own `--screenshot`; None: the window as `open` shows it
