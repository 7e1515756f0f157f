"""The `crashgrab` command line: one module per group of subcommands.

Each module has `register(subparsers)`, adding parsers whose `run(args) -> int` does the work.
Packages outside the engine (the editor's `render`) add subcommands through the
"crashgrab.commands" entry point group, so the engine never imports them.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from ..entry_points import entry_points
from ..errors import CrashGrabError, printable, shorten_long_words
from ..formats.references import CONFINE_ENV, confinement
from ..version import PRODUCT_NAME, program_version
from .notes import set_quiet
from .optional import missing_extra_message

COMMAND_MODULES = [
    "crashgrab.engine.cli.board_commands",
    "crashgrab.engine.cli.scenario",
    "crashgrab.engine.cli.validate",
    "crashgrab.engine.cli.examples",
    "crashgrab.engine.cli.reference",
    "crashgrab.engine.cli.survey",
]
# The module of each built-in command: a command line naming one builds (and imports) only that
# module's parsers, so a command starts with what it uses (docs/performance.md, "Start-up").
COMMAND_MODULE = {
    "games": COMMAND_MODULES[0], "new": COMMAND_MODULES[0], "show": COMMAND_MODULES[0], "export": COMMAND_MODULES[0],
    "scenario": COMMAND_MODULES[1], "validate": COMMAND_MODULES[2], "examples": COMMAND_MODULES[3],
    "explain": COMMAND_MODULES[4], "schema": COMMAND_MODULES[4], "docs": COMMAND_MODULES[4], "survey": COMMAND_MODULES[5],
}
COMMAND_GROUP = "crashgrab.commands"
# The top-level options spelt out, and the one of them that takes a value.
TOP_FLAGS = ("-q", "--quiet", "--version")
TOP_VALUE = "--confine"
ALL = "*"  # build every command's parser


class Parser(argparse.ArgumentParser):
    """argparse, with the value it quotes in a usage error cut and escaped like every message
    (`--format` given a 100 KB value is not echoed whole). Subcommands' parsers are of this class too."""

    def error(self, message: str):
        super().error(printable(shorten_long_words(message)))


def command_named(argv: list[str]) -> str | None:
    """The command a command line names (None: none, only top-level options such as --version),
    or ALL when it cannot be told without argparse (--help, an abbreviated option, "--")."""
    words = iter(argv)
    for word in words:
        if word == TOP_VALUE:
            next(words, None)
        elif word.startswith(TOP_VALUE + "=") or word in TOP_FLAGS:
            continue
        elif word.startswith("-"):
            return ALL
        else:
            return word
    return None


def build_parser(command: str | None = ALL) -> argparse.ArgumentParser:
    """The whole command line's parser; with `command` (a command's name, or None for none), only
    that command's parsers are built and their modules imported (an unknown name builds them all,
    for argparse's list of choices)."""
    parser = Parser(
        prog="crashgrab",
        description=f"{PRODUCT_NAME}: board layouts for the crash family of games: create, show, validate, export "
                    "and play test moves. `crashgrab explain CODE`, `crashgrab schema` and `crashgrab docs` hold the "
                    "reference; render, print and the editor need the [editor] extra (pip install "
                    "'crash-grab-editor[editor]').")
    parser.add_argument("--version", action="version", version=f"%(prog)s {program_version()}")
    parser.add_argument("--confine", metavar="DIR",
                        help="every path written inside a file (a scenario's layout, a file a layout draws on) must "
                             f"lead inside DIR, links followed: for files from strangers (also {CONFINE_ENV}=DIR; "
                             "crashgrab docs security)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    if command in COMMAND_MODULE:
        importlib.import_module(COMMAND_MODULE[command]).register(subparsers)
    elif command is not None:
        entries = [entry for entry in entry_points(group=COMMAND_GROUP) if command in (ALL, entry.name)]
        if command != ALL and not entries:  # unknown: argparse lists every command
            return build_parser(ALL)
        for name in COMMAND_MODULES if command == ALL else ():
            importlib.import_module(name).register(subparsers)
        for entry in entries:
            try:
                entry.load()(subparsers)
            except ImportError:  # e.g. the editor's commands without Qt installed
                continue
        if command != ALL and not subparsers.choices:  # it did not load: argparse lists what did
            return build_parser(ALL)
    add_quiet_option(parser, top=True)
    return parser


QUIET_HELP = "quiet: leave out the notes on standard error (the seed drawn, what was written); warnings and errors stay"


def add_quiet_option(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """-q before or after the command (`crashgrab -q new ...`, `crashgrab new -q ...`)."""
    parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP,
                        default=False if top else argparse.SUPPRESS)  # a command's default must not undo the top's
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in dict.fromkeys(action.choices.values()):
                add_quiet_option(command)


def printable_streams() -> None:
    """Whatever a message or report holds, printing it never fails: a character the terminal's
    encoding cannot write (half a surrogate pair, from a file name that was not UTF-8) is written
    as its escape (\\udcff). Names are made printable where they are printed (errors.printable);
    this is the net under that."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # not a text file (a test's capture): leave it
            pass


def main(argv: list[str] | None = None) -> int:
    printable_streams()
    parser = build_parser(command_named(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    set_quiet(args.quiet)
    previous = os.environ.get(CONFINE_ENV)
    try:
        if args.confine is not None:  # through the environment, so processes the command starts obey it too
            os.environ[CONFINE_ENV] = args.confine or "."
        confinement()  # a confinement that is not a folder is said before any work
        return args.run(args)
    except CrashGrabError as error:
        print(f"crashgrab {args.command}: {error}", file=sys.stderr)
        return error.exit_code
    except ImportError as error:  # e.g. `crashgrab render` installed without the [editor] extra
        message = missing_extra_message(error)
        if message is None:
            raise
        print(f"crashgrab {args.command}: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `crashgrab show ... | head`
        return 0
    except KeyboardInterrupt:  # Ctrl-C: a line, not a traceback
        print(f"crashgrab {args.command}: interrupted.", file=sys.stderr)
        return 130
    finally:
        if args.confine is not None:  # as it was, for a caller in the same process
            if previous is None:
                os.environ.pop(CONFINE_ENV, None)
            else:
                os.environ[CONFINE_ENV] = previous


if __name__ == "__main__":
    sys.exit(main())
