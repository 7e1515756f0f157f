"""`crashgrab new`, `show` and `export`: make, print and export boards."""
from __future__ import annotations

import argparse
import random
import sys

from ..crash_and_grab.exports.bga import bga_export, bga_sql
from ..crash_and_grab.setup import random_layout_for_players
from ..crash_and_grab.text import LEGEND, board_text
from ..crash_and_grab.resolve import resolve_layout
from ..errors import InvalidFileError, UsageError
from ..formats.atomic import refuse_overwriting_input
from ..formats.export import export_document
from ..formats.jsonio import dumps, write_text_atomic
from ..formats.layout_io import layout_to_json, load_layout
from ..formats.schemas import validate
from ..formats.tiled import tileset_image_path, write_tiled_map
from ..formats.tileset_io import standard_tileset


def register(subparsers) -> None:
    new = subparsers.add_parser("new", help="a random board set up by the rules for a player count")
    new.add_argument("--players", type=int, required=True, choices=range(2, 7), metavar="N",
                     help="number of players, 2-6 (2-4 share the 8x8 board)")
    new.add_argument("--seed", type=int, help="seed for the random setup (printed when not given)")
    new.add_argument("-o", "--output", metavar="FILE", help="write the layout here instead of stdout")
    new.set_defaults(run=run_new)

    show = subparsers.add_parser("show", help="print a layout's board as text")
    show.add_argument("file", metavar="FILE")
    show.set_defaults(run=run_show)

    export = subparsers.add_parser(
        "export", help="write the resolved export (JSON for other clients), a Tiled map or Board Game Arena SQL",
        description="json: the resolved export, to stdout or OUT. tiled: a Tiled JSON map written to "
                    "OUT (e.g. board.tmj) with its tileset image beside it (board-tiles.png). bga: SQL "
                    "rows for the Board Game Arena edition's tile and board tables (standard boards only).")
    export.add_argument("file", metavar="FILE")
    export.add_argument("-o", "--output", metavar="OUT",
                        help="write here instead of stdout (required for --format tiled)")
    export.add_argument("--format", choices=["json", "tiled", "bga"], default="json",
                        help="export format (default: json)")
    export.set_defaults(run=run_export)


def write_output(text: str, output: str | None) -> None:
    if output:
        write_text_atomic(output, text)
    else:
        sys.stdout.write(text)


def run_new(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    layout = random_layout_for_players(standard_tileset(), args.players, seed, tileset_ref="standard")
    if args.seed is None:
        print(f"seed {seed}", file=sys.stderr)
    write_output(dumps(layout_to_json(layout)), args.output)
    return 0


def run_show(args: argparse.Namespace) -> int:
    layout = load_layout(args.file)
    resolution = resolve_layout(layout)
    board = resolution.board
    title = f"{layout.name} ({f'template {layout.template}' if layout.template else 'free-form'}, " \
            f"{board.width}x{board.height})"
    print(title)
    print(board_text(board, layout.directions))
    print(LEGEND)
    for finding in resolution.findings:
        print(f"{args.file}: {finding.severity} {finding.code} {finding.message}", file=sys.stderr)
    return 1 if resolution.findings else 0


def exportable_layout(file: str):
    """A layout with no structural error and at least one tile: a board another program can use."""
    layout = load_layout(file, strict=True)
    if not layout.placements:
        raise InvalidFileError("the layout has no tiles, so there is no board to export.", file=file,
                               where="$.placements", hint="Place at least one tile.")
    return layout


def run_export(args: argparse.Namespace) -> int:
    if args.format == "tiled":
        return run_export_tiled(args)
    if args.output and args.output != "-":
        refuse_overwriting_input(args.output, args.file)
    else:
        args.output = None
    if args.format == "bga":
        return run_export_bga(args)
    layout = exportable_layout(args.file)
    document = export_document(layout)
    validate(document, "export", args.output)
    write_output(dumps(document), args.output)
    return 0


def run_export_tiled(args: argparse.Namespace) -> int:
    if not args.output or args.output == "-":
        raise UsageError("--format tiled writes two files (the map and its tileset image), so it needs "
                         "an output file.", hint="Add -o board.tmj (board-tiles.png is written beside it).")
    refuse_overwriting_input(args.output, args.file)
    refuse_overwriting_input(tileset_image_path(args.output), args.file)
    layout = exportable_layout(args.file)
    image = write_tiled_map(layout, args.output)
    print(f"wrote {args.output} (Tiled map) and {image} (its tileset image)", file=sys.stderr)
    return 0


def run_export_bga(args: argparse.Namespace) -> int:
    layout = exportable_layout(args.file)
    export = bga_export(layout, file=args.file)
    for warning in export.warnings:
        print(f"crashgrab export: warning: {warning}", file=sys.stderr)
    write_output(bga_sql(export, layout.name), args.output)
    return 0
