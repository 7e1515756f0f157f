"""`crashgrab games`, `new`, `show` and `export`: list games, make, print and export boards.

Each works through the game system of the layout's game (engine/games.py), so every
installed game gets them.
"""
from __future__ import annotations

import argparse
import random
import sys

from ..errors import UsageError, printable, shown_path
from ..formats.jsonio import dumps, write_text_atomic
from ..formats.layout_io import layout_to_json, load_layout
from ..games import all_systems, broken_games, default_game_id, get_system, system_for_layout
from .notes import note


def register(subparsers) -> None:
    games = subparsers.add_parser("games", help="list the installed games, their templates and export formats")
    games.add_argument("--format", choices=["text", "json"], default="text",
                       help="text (default) or json (`crashgrab schema games`)")
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
    show.add_argument("--format", choices=["text", "json"], default="text",
                      help="text: the board drawn in characters (default); json: its cells, features and findings "
                           "(`crashgrab schema show`)")
    show.set_defaults(run=run_show)

    export = subparsers.add_parser(
        "export", help="write the board for another program, in one of its game's export formats",
        description="The formats depend on the layout's game; `crashgrab games` lists them. A format that "
                    "writes text goes to stdout or OUT; one that writes files (a map and its image) needs OUT.")
    export.add_argument("file", metavar="FILE")
    export.add_argument("-o", "--output", metavar="OUT",
                        help="write here instead of stdout (required for formats that write files, such as tiled, "
                             "where OUT's extension picks the form: board.tmx writes TMX, Tiled's XML, board.tmj "
                             "its JSON)")
    export.add_argument("--format", default="json", metavar="FORMAT",
                        help="export format (default: json; `crashgrab games` lists each game's formats)")
    export.set_defaults(run=run_export)


def write_output(text: str, output: str | None) -> None:
    if output:
        write_text_atomic(output, text)
    else:
        sys.stdout.write(text)


def games_json() -> dict:
    """`crashgrab games --format json` (schemas/games.schema.json)."""
    return {"games": [{
        "id": system.id, "title": system.title, "geometry": system.geometry.name,
        "players": list(system.players), "random_setup": system.random_setup,
        "templates": [{"id": t.id, "title": t.title, "players": list(t.players), "width": t.width, "height": t.height}
                      for t in system.templates],
        "exports": [{"id": f.id, "title": f.title, "needs_output": f.needs_output} for f in system.export_formats],
        "finding_codes": dict(system.finding_codes),
    } for system in all_systems()]}


def show_json(file: str, layout, system, findings) -> dict:
    """`crashgrab show --format json` (schemas/show.schema.json): the board as the text shows it."""
    picture = system.picture(layout)
    cells = set(picture.cells)
    feature_json = []
    for feature in picture.features:
        entry = {"type": feature.type, "cell": list(feature.cell)}
        entry.update({key: value for key, value in (("edge", feature.edge), ("number", feature.number),
                                                     ("facing", feature.facing), ("owner", feature.owner))
                      if value is not None})
        if feature.settings:
            entry["settings"] = {name: list(v) if isinstance(v, tuple) else v for name, v in feature.settings.items()}
        feature_json.append(entry)
    return {
        "file": file, "game": system.id, "name": system.layout_name(layout),
        "description": system.describe_layout(layout),
        "width": picture.width, "height": picture.height,
        "holes": [[x, y] for y in range(picture.height) for x in range(picture.width) if (x, y) not in cells],
        "features": feature_json,
        "margins": dict(picture.margins),
        "text": system.board_text(layout).splitlines(),
        "findings": [finding.to_json() for finding in findings],
    }


def run_games(args: argparse.Namespace) -> int:
    if args.format == "json":
        sys.stdout.write(dumps(games_json()))
        for name, error in broken_games().items():
            print(f"crashgrab games: {name} is installed but does not load ({error}).", file=sys.stderr)
        return 0
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
            note(f"seed {seed}")
    layout = system.new_layout(args.players, seed=seed)
    write_output(dumps(layout_to_json(layout)), args.output)
    return 0


def run_show(args: argparse.Namespace) -> int:
    layout = load_layout(args.file)
    system = system_for_layout(layout)
    resolution = system.resolve(layout)
    if args.format == "json":
        sys.stdout.write(dumps(show_json(args.file, layout, system, resolution.findings)))
        return 1 if resolution.findings else 0
    # Names and ids come from the file: their control characters (terminal escapes) are shown, not sent.
    print(printable(system.describe_layout(layout)))
    print(printable(system.board_text(layout), lines=True))
    for finding in resolution.findings:
        print(f"{shown_path(args.file)}: {finding.severity} {finding.code} {printable(finding.message)}",
              file=sys.stderr)
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
        print(f"crashgrab export: warning: {printable(message)}", file=sys.stderr)

    if args.output:
        written = system.export_to_file(layout, kind.id, args.output, args.file, warn=warn)
        if written:
            note(printable(written))
    else:
        write_output(system.export(layout, kind.id, None, args.file, warn=warn) or "", None)
    return 0
