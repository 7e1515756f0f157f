"""`crashgrab games`, `new`, `show` and `export`: list games, make, print and export boards.

Each works through the game system of the layout's game (engine/games.py), so every
installed game gets them.
"""
from __future__ import annotations

import argparse
import random
import sys

from ..errors import UsageError
from ..formats.jsonio import dumps, write_text_atomic
from ..formats.layout_io import layout_to_json, load_layout
from ..games import all_systems, broken_games, default_game_id, get_system, system_for_layout


def register(subparsers) -> None:
    games = subparsers.add_parser("games", help="list the installed games, their templates and export formats")
    games.set_defaults(run=run_games)

    new = subparsers.add_parser("new", help="a board for a player count, set up by the game's rules")
    new.add_argument("--game", metavar="ID",
                     help=f"the game (default {default_game_id() or 'none installed'}; `crashgrab games` lists them)")
    new.add_argument("--players", type=int, metavar="N",
                     help="number of players (`crashgrab games` lists what each game allows; may be left out "
                          "for a game played by one number of players)")
    new.add_argument("--seed", type=int,
                     help="seed for a game's random setup (printed when not given; games without one ignore it)")
    new.add_argument("-o", "--output", metavar="FILE", help="write the layout here instead of stdout")
    new.set_defaults(run=run_new, usage_error=new.error)

    show = subparsers.add_parser("show", help="print a layout's board as text")
    show.add_argument("file", metavar="FILE")
    show.set_defaults(run=run_show)

    export = subparsers.add_parser(
        "export", help="write the board for another program, in one of its game's export formats",
        description="The formats depend on the layout's game; `crashgrab games` lists them. A format that "
                    "writes text goes to stdout or OUT; one that writes files (a map and its image) needs OUT.")
    export.add_argument("file", metavar="FILE")
    export.add_argument("-o", "--output", metavar="OUT",
                        help="write here instead of stdout (required for formats that write files, such as tiled)")
    export.add_argument("--format", default="json", metavar="FORMAT",
                        help="export format (default: json; `crashgrab games` lists each game's formats)")
    export.set_defaults(run=run_export)


def write_output(text: str, output: str | None) -> None:
    if output:
        write_text_atomic(output, text)
    else:
        sys.stdout.write(text)


def run_games(args: argparse.Namespace) -> int:
    for system in all_systems():
        print(f"{system.id}: {system.title} ({system.geometry.name} grid; "
              f"players {', '.join(str(p) for p in system.players)})")
        for template in system.templates:
            print(f"  template {template.id}: {template.title}, {template.width}x{template.height}")
        if system.export_formats:
            print(f"  exports: {', '.join(f.id for f in system.export_formats)}")
    for name, error in broken_games().items():
        print(f"crashgrab games: {name} is installed but does not load ({error}).", file=sys.stderr)
    return 0


def run_new(args: argparse.Namespace) -> int:
    system = get_system(args.game)
    if args.players is None:
        if len(system.players) != 1:
            args.usage_error(f"the following arguments are required: --players ({system.title} is played by "
                             f"{', '.join(str(p) for p in system.players)} players)")
        args.players = system.players[0]
    if args.players not in system.players:
        args.usage_error(f"argument --players: {system.title} is played by "
                         f"{', '.join(str(p) for p in system.players)} players, not {args.players}")
    seed = None
    if system.random_setup:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
        if args.seed is None:
            print(f"seed {seed}", file=sys.stderr)
    layout = system.new_layout(args.players, seed=seed)
    write_output(dumps(layout_to_json(layout)), args.output)
    return 0


def run_show(args: argparse.Namespace) -> int:
    layout = load_layout(args.file)
    system = system_for_layout(layout)
    resolution = system.resolve(layout)
    print(system.describe_layout(layout))
    print(system.board_text(layout))
    for finding in resolution.findings:
        print(f"{args.file}: {finding.severity} {finding.code} {finding.message}", file=sys.stderr)
    return 1 if resolution.findings else 0


def exportable_layout(file: str):
    """A layout with no structural error and a board: something another program can use."""
    layout = load_layout(file, strict=True)
    system_for_layout(layout).check_exportable(layout, file)
    return layout


def run_export(args: argparse.Namespace) -> int:
    layout = exportable_layout(args.file)
    system = system_for_layout(layout)
    kind = next((f for f in system.export_formats if f.id == args.format), None)
    if kind is None:
        raise UsageError(f"{system.title} has no export format {args.format!r}.",
                         hint=f"Use one of: {', '.join(f.id for f in system.export_formats) or 'none'}.")
    args.output = None if args.output == "-" else args.output  # "-": standard output
    if kind.needs_output and not args.output:
        raise UsageError(f"--format {kind.id} writes files, so it needs an output file.",
                         hint=f"Add {kind.output_example or '-o FILE'}.")
    def warn(message: str) -> None:
        print(f"crashgrab export: warning: {message}", file=sys.stderr)

    if args.output:
        note = system.export_to_file(layout, kind.id, args.output, args.file, warn=warn)
        if note:
            print(note, file=sys.stderr)
    else:
        write_output(system.export(layout, kind.id, None, args.file, warn=warn) or "", None)
    return 0
