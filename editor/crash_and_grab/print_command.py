"""`crashgrab print TILESET_OR_LAYOUT -o tiles.pdf`: print-and-play PDF, headless.

Registered through the "crashgrab.commands" entry point (pyproject.toml) like `render`; Qt is
imported only when the command runs.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from crashgrab.engine.errors import InvalidFileError, UsageError
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.layout_io import layout_from_json
from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.crash_and_grab.tileset_file import tileset_from_json

from .print_plan import (DEFAULT_BLEED_MM, DEFAULT_CELL_MM, DUPLEX_MODES, MAX_BLEED_MM, MAX_CELL_MM, MIN_CELL_MM,
                         PAPERS, PrintSettings)


def register(subparsers) -> None:
    command = subparsers.add_parser(
        "print", help="print-and-play PDF: the tiles double-sided at true size, or the board as a poster",
        description="Tile sheets: every tile of the tile set (a layout's tile set, for a layout) at true size "
                    "with bleed and crop marks, side A on the front pages and side B behind it for duplex "
                    "printing. --poster: the assembled board of a layout split across overlapping pages. "
                    "Each page has a 50 mm scale ruler. Needs no display.")
    command.add_argument("file", metavar="TILESET_OR_LAYOUT", help="a tile set file or a layout file")
    command.add_argument("-o", "--output", metavar="OUT", required=True, help="the PDF to write, e.g. tiles.pdf")
    command.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size (default a4)")
    command.add_argument("--cell-mm", type=float, metavar="MM",
                         help=f"printed size of one cell, {MIN_CELL_MM:g}-{MAX_CELL_MM:g} mm (default: the layout's "
                              f"print setting, else {DEFAULT_CELL_MM:g})")
    command.add_argument("--bleed-mm", type=float, metavar="MM", default=DEFAULT_BLEED_MM,
                         help=f"paper colour printed past each cut line, 0-{MAX_BLEED_MM:g} mm "
                              f"(default {DEFAULT_BLEED_MM:g})")
    command.add_argument("--duplex", choices=DUPLEX_MODES, default="long",
                         help="how the printer turns the sheet for the back: long or short edge, or none "
                              "(back pages after the fronts, to glue on) (default long)")
    command.add_argument("--poster", action="store_true",
                         help="print the assembled board of a layout across pages instead of the tiles")
    command.set_defaults(run=run_print)


def load_source(file: str):
    """A layout or a tile set, told apart by the file's "format"."""
    document = read_json(file)
    kind = document.get("format") if isinstance(document, dict) else None
    if kind == "crash-grab-tileset":
        return tileset_from_json(document, file)
    if kind == "crash-grab-layout":
        layout = layout_from_json(document, file)
        if not isinstance(layout, Layout):  # another game's board: no tiles, no tile painter
            from crashgrab.engine.games import system_for_layout

            raise UsageError(f"crashgrab print prints Crash & Grab tile sets and boards; this is a "
                             f"{system_for_layout(layout).title} board.", file=file,
                             hint="Draw it at true size with crashgrab render FILE -o board.svg (or .png --dpi 300).")
        return layout
    raise InvalidFileError(f"this is not a tile set or a layout (its \"format\" is {kind!r}).", file=file,
                           where="$.format", hint="Give a tile set (crash-grab-tileset) or a layout file.")


def run_print(args: argparse.Namespace) -> int:
    from .print_pdf import print_job, write_pdf  # Qt: only when the command runs

    if Path(args.output).suffix.lower() != ".pdf":
        raise UsageError(f"the output {args.output} is not a .pdf file.", hint="Name it, for example, tiles.pdf.")
    if Path(args.output).resolve() == Path(args.file).resolve():
        raise UsageError(f"the PDF would overwrite {args.file}.", hint="Choose another name for -o.")
    source = load_source(args.file)
    cell = args.cell_mm if args.cell_mm is not None else getattr(source, "print_cell_mm", None) or DEFAULT_CELL_MM
    settings = PrintSettings(paper=args.paper, cell_mm=cell, bleed_mm=args.bleed_mm, duplex=args.duplex)
    job = print_job(source, settings, as_poster=args.poster)
    write_pdf(job, args.output)
    width, height = job.page_size
    kind = "poster" if args.poster else "tile sheets"
    print(f"wrote {args.output} ({kind}: {job.page_count} page{'s' if job.page_count != 1 else ''} of "
          f"{width:g} x {height:g} mm, {cell:g} mm a cell)", file=sys.stderr)
    return 0
