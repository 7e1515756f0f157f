"""The `crashgrab` command line: one module per group of subcommands.

Each module has `register(subparsers)`, adding parsers whose `run(args) -> int` does the work.
Packages outside the engine (the editor's `render`) add subcommands through the
"crashgrab.commands" entry point group, so the engine never imports them.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from importlib.metadata import entry_points

from ..errors import CrashGrabError
from ..version import program_version

COMMAND_MODULES = [
    "crashgrab.engine.cli.board_commands",
    "crashgrab.engine.cli.scenario",
    "crashgrab.engine.cli.validate",
    "crashgrab.engine.cli.examples",
    "crashgrab.engine.cli.survey",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crashgrab",
        description="Board layouts for the crash family of games: create, show, validate, export and play test moves.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {program_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    for entry in entry_points(group="crashgrab.commands"):
        try:
            entry.load()(subparsers)
        except ImportError:  # e.g. the editor's commands without Qt installed
            continue
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except CrashGrabError as error:
        print(f"crashgrab {args.command}: {error}", file=sys.stderr)
        return error.exit_code
    except BrokenPipeError:  # e.g. `crashgrab show ... | head`
        return 0
    except KeyboardInterrupt:  # Ctrl-C: a line, not a traceback
        print(f"crashgrab {args.command}: interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
