"""What a game's editor package gives the studio, through the "crashgrab.editors" entry point.

Kept free of Qt imports, so declaring an editor (and reading what it prints, for `crashgrab
print --help`) costs nothing until a window or an image is made.
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
# (painter, layout, cell) -> None: the board as the editor paints it, one cell = `cell` painter units,
# cell (0, 0)'s top-left corner at the origin, markings round it within image_size.MARGIN_CELLS cells
PaintBoard = Callable[[Any, Any, float], None]


@dataclass(frozen=True)
class PrintSheets:
    """Sheets a game prints besides the board poster every game gets (`crashgrab print`, File > Print).

    `job(source, settings, title)` returns a `print_pdf.PrintJob` for a layout of the game or for a
    file of one of `file_formats` (by its "format", e.g. a set of pieces) that `load(document, file)`
    reads; a source with nothing to print raises InvalidFileError. `cell_mm(source)` is the
    printed cell size a source keeps, if any (used for the poster too)."""

    title: str  # what the sheets are, for menus and messages: "tile sheets"
    description: str  # one line for `crashgrab print --help`
    job: Callable[[Any, Any, str], Any]
    file_formats: tuple[str, ...] = ()
    load: Callable[[Any, str], Any] | None = None
    cell_mm: Callable[[Any], "float | None"] | None = None


@dataclass(frozen=True)
class GameEditor:
    """What a game's editor package gives the studio."""

    open: OpenEditor
    write_image: WriteImage | None = None  # its own board picture for `crashgrab render`; None: `picture_image`
    screenshot: Screenshot | None = None  # its own `--screenshot`; None: the window as `open` shows it
    paint_board: PaintBoard | None = None  # its own painter for the print poster; None: from the game's picture
    print_sheets: PrintSheets | None = None  # what it prints besides the poster; None: the poster only
