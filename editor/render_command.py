"""`crashgrab render FILE -o board.png|board.svg [--dpi N]`: the board image, headless.

Registered through the "crashgrab.commands" entry point (pyproject.toml), so the engine's
CLI gains it without importing Qt. Qt is imported only when the command runs, so the other
commands start as fast as before.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from crashgrab.engine.errors import UsageError
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.games import system_for_layout
from crashgrab.engine.crash_and_grab.layout import Layout

from .image_size import (CELL_MM, DEFAULT_DPI, MARGIN_CELLS, MAX_DPI, MIN_DPI, PRINT_DPI, ImageGeometry,
                         check_dpi, image_format)


def register(subparsers) -> None:
    render = subparsers.add_parser(
        "render", help="draw the board as a PNG or SVG image, as the editor shows it",
        description=f"Draw the board, direction markers included, as the editor's painter does. One cell is "
                    f"{CELL_MM:g} mm and the markers take {MARGIN_CELLS:g} cells on each side: PNG width in pixels = "
                    f"round((cells + {2 * MARGIN_CELLS:g}) x {CELL_MM:g} mm / 25.4 x dpi). "
                    "SVG sizes are in millimetres. Needs no display.")
    render.add_argument("file", metavar="FILE", help="a layout file")
    render.add_argument("-o", "--output", metavar="OUT", required=True,
                        help="the image to write: board.png or board.svg (the extension picks the format)")
    render.add_argument("--dpi", type=int, metavar="N",
                        help=f"PNG resolution in dots per inch, {MIN_DPI}-{MAX_DPI} (default {DEFAULT_DPI}; "
                             f"{PRINT_DPI} for print)")
    render.add_argument("--strict", action="store_true",
                        help="refuse a layout with structural errors (overlaps, empty template slots) "
                             "instead of drawing it as the editor would")
    render.set_defaults(run=run_render)


def run_render(args: argparse.Namespace) -> int:
    from .image_export import require_board, write_board_image  # Qt: only when the command runs

    kind = image_format(args.output)
    if args.dpi is not None:
        check_dpi(args.dpi)
    if Path(args.output).resolve() == Path(args.file).resolve():
        raise UsageError(f"the image would overwrite the layout {args.file}.", hint="Choose another name for -o.")
    layout = load_layout(args.file, strict=args.strict)
    system = system_for_layout(layout)
    dpi = args.dpi if args.dpi is not None else DEFAULT_DPI
    if isinstance(layout, Layout):  # Crash & Grab's tiles, by the editor's painter
        picture = require_board(layout, args.file)
        width, height = picture.board.width, picture.board.height
    else:  # another game, drawn from its picture
        from .game_views import picture_image

        drawn = system.picture(layout)
        width, height = drawn.width, drawn.height
    for finding in system.resolve(layout).findings:  # drawn as they are, as the editor shows them
        print(f"{args.file}: {finding.severity} {finding.code} {finding.message} (drawn as it is)", file=sys.stderr)
    if isinstance(layout, Layout):
        path = write_board_image(picture, args.output, dpi, title=layout.name or None)
    else:
        path = picture_image(system, layout, args.output, dpi, system.layout_name(layout) or system.title)
    geometry = ImageGeometry(width, height)
    if kind == "png":
        width, height = geometry.pixel_size(dpi)
        size = f"{width}x{height} pixels at {dpi} dpi"
    else:
        size = f"{geometry.width_mm:g}x{geometry.height_mm:g} mm"
        if args.dpi is not None:
            print("crashgrab render: note: --dpi has no effect on SVG (its size is in millimetres).",
                  file=sys.stderr)
    print(f"wrote {path} ({size})", file=sys.stderr)
    return 0
