"""`crashgrab print FILE -o board.pdf`: print-and-play PDF of any game, headless.

Every game prints its board as a poster (drawn by its editor's painter when it has one, else
from its picture); a game's editor may add sheets of its own (`game_editor.PrintSheets`, e.g.
its pieces double-sided), which are then the default, and may print them from files of other
kinds (told apart by their "format"). Registered through the "crashgrab.commands" entry point
(pyproject.toml) like `render`; Qt is imported only when the command runs.
"""
from __future__ import annotations

import argparse
import sys
import textwrap
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from crashgrab.engine.cli.notes import note
from crashgrab.engine.errors import InvalidFileError, UsageError
from crashgrab.engine.formats.atomic import refuse_overwriting_input
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.kinds import kind_of
from crashgrab.engine.formats.layout_io import layout_from_json
from crashgrab.engine.games import all_systems, system_for_layout

from .game_editor import GameEditor, PrintSheets
from .print_pages import (DEFAULT_BLEED_MM, DEFAULT_CELL_MM, DUPLEX_MODES, MAX_BLEED_MM, MAX_CELL_MM, MIN_CELL_MM,
                          PAPERS, PrintSettings, starting_cell_mm)

EDITOR_GROUP = "crashgrab.editors"
HELP_WIDTH = 78


def register(subparsers) -> None:
    command = subparsers.add_parser(
        "print", help="print-and-play PDF: the board as a poster (every game), or a game's own sheets",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill(
            "Print-and-play PDF at true size. Every game's layout prints as a board poster: the assembled board "
            "split across overlapping pages, to cut on the crop marks and glue. A game with sheets of its own "
            "prints those by default (--poster for the board). Every page has a 50 mm scale ruler, and its cut "
            "line and bleed as the PDF's TrimBox and BleedBox. Needs no display.", HELP_WIDTH)
        + "\n\nWhat each installed game prints:\n" + games_help())
    command.add_argument("file", metavar="FILE", help="a layout file (or a file of a game's own sheets, listed above)")
    command.add_argument("-o", "--output", metavar="OUT", required=True, help="the PDF to write, e.g. board.pdf")
    command.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size (default a4)")
    command.add_argument("--cell-mm", type=float, metavar="MM",
                         help=f"printed size of one cell (board unit), {MIN_CELL_MM:g}-{MAX_CELL_MM:g} mm (default: the "
                              f"layout's print setting, else the game's true size, else {DEFAULT_CELL_MM:g})")
    command.add_argument("--bleed-mm", type=float, metavar="MM", default=DEFAULT_BLEED_MM,
                         help=f"printing past each cut line, 0-{MAX_BLEED_MM:g} mm (default {DEFAULT_BLEED_MM:g})")
    command.add_argument("--duplex", choices=DUPLEX_MODES, default="long",
                         help="for double-sided sheets, how the printer turns the sheet for the back: long or short "
                              "edge, or none (back pages after the fronts, to glue on) (default long)")
    command.add_argument("--poster", action="store_true",
                         help="print the assembled board of a layout across pages (the default for a game without "
                              "sheets of its own)")
    command.set_defaults(run=run_print)


def games_help() -> str:
    """One line per installed game: the poster, and its own sheets if any."""
    lines = []
    for system in all_systems():
        sheets = _sheets(quiet_editor(system.id))
        if sheets is None:
            text = f"{system.id} ({system.title}): the board poster."
        else:
            text = (f"{system.id} ({system.title}): {sheets.title} (the default): {sheets.description}; "
                    "or the board poster with --poster.")
        lines.append(textwrap.fill(text, HELP_WIDTH, initial_indent="  ", subsequent_indent="    "))
    return "\n".join(lines) or "  (no game is installed)"


def quiet_editor(game_id: str) -> GameEditor | None:
    """The editor a game ships, without a word when it does not load (for the help text; the
    command itself says so, through `game_views.editor_for`)."""
    for entry in entry_points(group=EDITOR_GROUP):
        if entry.name == game_id:
            try:
                editor = entry.load()
            except Exception:  # a plugin's fault: reported when the command runs
                return None
            return editor if isinstance(editor, GameEditor) else None
    return None


def _sheets(editor: GameEditor | None) -> PrintSheets | None:
    return editor.print_sheets if editor is not None else None


def _sheets_for_format(fmt: Any) -> PrintSheets | None:
    """The sheets of the game whose editor prints files of this "format", if any."""
    if not isinstance(fmt, str):
        return None
    for system in all_systems():
        sheets = _sheets(quiet_editor(system.id))
        if sheets is not None and sheets.load is not None and fmt in sheets.file_formats:
            return sheets
    return None


def run_print(args: argparse.Namespace) -> int:
    # Qt only when the command runs; without it the CLI names the [editor] extra (cli.optional).
    from .game_views import editor_for
    from .print_pdf import poster_job, write_pdf

    if Path(args.output).suffix.lower() != ".pdf":
        raise UsageError(f"the output {args.output} is not a .pdf file.", hint="Name it, for example, board.pdf.")
    refuse_overwriting_input(args.output, args.file)
    document = read_json(args.file)
    fmt = document.get("format") if isinstance(document, dict) else None
    sheets = _sheets_for_format(fmt)
    if sheets is not None:  # a file that is not a layout: only its sheets print
        if args.poster:
            what = (kind_of(document) or ("this file",))[0]
            raise InvalidFileError(f"a poster needs a layout (the board to print), not {what}.", file=args.file,
                                   hint="Give a layout file, or leave out --poster to print the sheets.")
        assert sheets.load is not None
        source, system, editor = sheets.load(document, args.file), None, None
    else:
        source = layout_from_json(document, args.file)  # any installed game's layout, or one clear refusal
        system = system_for_layout(source)
        editor = editor_for(system.id)
        sheets = _sheets(editor)
    cell = args.cell_mm if args.cell_mm is not None else starting_cell_mm(system, source, sheets)
    settings = PrintSettings(paper=args.paper, cell_mm=cell, bleed_mm=args.bleed_mm, duplex=args.duplex)
    if system is not None and (args.poster or sheets is None):
        job = poster_job(system, source, settings, paint_board=_board_painter(editor, source), file=args.file)
        for finding in system.resolve(source).findings:  # printed as they are, as `render` draws them
            print(f"{args.file}: {finding.severity} {finding.code} {finding.message} (printed as it is)",
                  file=sys.stderr)
    else:
        assert sheets is not None
        job = sheets.job(source, settings, "")
    write_pdf(job, args.output)
    width, height = job.page_size
    count = job.page_count
    note(f"wrote {args.output} ({job.kind}: {count} page{'s' if count != 1 else ''} of {width:g} x {height:g} mm, "
         f"{cell:.4g} mm a cell)")
    return 0


def _board_painter(editor: GameEditor | None, layout: Any):
    if editor is None or editor.paint_board is None:
        return None
    paint = editor.paint_board
    return lambda painter, cell: paint(painter, layout, cell)
