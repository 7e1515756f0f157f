"""`crashgrab render FILE -o board.png|board.svg [--dpi N]`: the board image, headless.

Registered through the "crashgrab.commands" entry point (pyproject.toml), so the engine's
CLI gains it without importing Qt. Qt is imported only when the command runs, so the other
commands start as fast as before.
"""
from __future__ import annotations

import argparse
import sys

from crashgrab.engine.cli.notes import note
from crashgrab.engine.errors import printable, shown_path
from crashgrab.engine.formats.atomic import refuse_overwriting_input
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.games import system_for_layout

from .image_size import (CELL_MM, DEFAULT_DPI, MARGIN_CELLS, MAX_DPI, MAX_PIXELS, MIN_DPI, PRINT_DPI,
                         ImageGeometry, check_dpi, image_format)


def register(subparsers) -> None:
    render = subparsers.add_parser(
        "render", help="draw the board as a PNG or SVG image, as the editor shows it",
        description=f"Draw the board as its game's editor paints it (or from its cells and features). One cell is "
                    f"{CELL_MM:g} mm with a margin of {MARGIN_CELLS:g} cells on each side: PNG width in pixels = "
                    f"round((cells + {2 * MARGIN_CELLS:g}) x {CELL_MM:g} mm / 25.4 x dpi). "
                    "SVG sizes are in millimetres. Needs no display.")
    render.add_argument("file", metavar="FILE", help="a layout file")
    render.add_argument("-o", "--output", metavar="OUT", required=True,
                        help="the image to write: board.png or board.svg (the extension picks the format)")
    render.add_argument("--dpi", type=int, metavar="N",
                        help=f"PNG resolution in dots per inch (default {DEFAULT_DPI}; {PRINT_DPI} for print): "
                             f"{MIN_DPI} up to the most that keeps the PNG within {MAX_PIXELS // 1_000_000} million "
                             f"pixels, which depends on the board: {dpi_limits()}")
    render.add_argument("--strict", action="store_true",
                        help="refuse a layout with structural errors (overlaps, empty template slots) "
                             "instead of drawing it as the editor would")
    render.set_defaults(run=run_render)


def dpi_limits() -> str:
    """The highest --dpi for each installed game's template boards (a free-form board's depends on its size)."""
    from crashgrab.engine.games import all_systems

    boards: dict[tuple[int, int], list[str]] = {}
    for system in all_systems():
        for template in system.templates:
            boards.setdefault((template.width, template.height), []).append(f"{system.title} template {template.id}")
    limits = ", ".join(f"{ImageGeometry(w, h).max_dpi()} for the {w}x{h} board ({'; '.join(names)})"
                       for (w, h), names in sorted(boards.items()))
    return f"{limits}; at most {MAX_DPI}."


def run_render(args: argparse.Namespace) -> int:
    from .game_views import editor_for, picture_image  # Qt: only when the command runs

    kind = image_format(args.output)
    if args.dpi is not None:
        check_dpi(args.dpi)
    refuse_overwriting_input(args.output, args.file)
    layout = load_layout(args.file, strict=args.strict)
    system = system_for_layout(layout)
    dpi = args.dpi if args.dpi is not None else DEFAULT_DPI
    editor = editor_for(system.id)
    if editor is not None and editor.write_image is not None:  # as the game's editor paints it
        path = editor.write_image(layout, args.output, dpi, args.file)
    else:  # drawn from the game's picture
        path = picture_image(system, layout, args.output, dpi, system.layout_name(layout) or system.title)
    for finding in system.resolve(layout).findings:  # drawn as they are, as the editor shows them
        print(f"{shown_path(args.file)}: {finding.severity} {finding.code} {printable(finding.message)} (drawn as it is)",
              file=sys.stderr)
    geometry = ImageGeometry.for_picture(system.picture(layout), system.geometry)
    if kind == "png":
        width, height = geometry.pixel_size(dpi)
        size = f"{width}x{height} pixels at {dpi} dpi"
    else:
        size = f"{geometry.width_mm:g}x{geometry.height_mm:g} mm"
        if args.dpi is not None:
            note("crashgrab render: note: --dpi has no effect on SVG (its size is in millimetres).")
    note(f"wrote {shown_path(path)} ({size})")
    return 0
