"""`crashgrab examples`: the layouts and scenarios that ship with the program, to list or copy."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..errors import UsageError, WriteError, shown_path
from ..formats.atomic import write_bytes_atomic
from ..resources import shipped_layouts, shipped_scenarios


def register(subparsers) -> None:
    examples = subparsers.add_parser(
        "examples", help="list the shipped layouts and scenarios, or copy them to a folder",
        description="Without --copy: the file names. With --copy DIR: the layouts into DIR and the "
                    "scenarios into DIR/scenarios (they refer to the layouts as ../NAME). A file that is "
                    "already there is not overwritten (exit 2, naming it) unless --force is given.")
    examples.add_argument("--copy", metavar="DIR", help="copy them into this folder (made if missing)")
    examples.add_argument("--force", action="store_true",
                          help="with --copy: overwrite files of the same name already in DIR")
    examples.set_defaults(run=run_examples)


def shipped_examples() -> list[tuple[str, bytes]]:
    """(relative path, content) of every shipped layout and scenario."""
    files = [(f.name, f.read_bytes()) for f in shipped_layouts()]
    return files + [(f"scenarios/{f.name}", f.read_bytes()) for f in shipped_scenarios()]


def run_examples(args: argparse.Namespace) -> int:
    examples = shipped_examples()
    if args.copy is None:
        for name, _ in examples:
            print(name)
        return 0
    folder = Path(args.copy)
    existing = [folder / name for name, _ in examples if os.path.lexists(folder / name)]
    if existing and not args.force:
        # Checked before anything is written: a second copy must not undo a designer's edits.
        raise UsageError(f"{len(existing)} of the files are already there and would be overwritten: "
                         f"{', '.join(shown_path(path) for path in existing)}.",
                         hint="Copy into another folder, or add --force to overwrite them.")
    for name, data in examples:
        target = folder / name
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise WriteError(f"cannot make the folder ({error.strerror}).", file=target.parent) from None
        write_bytes_atomic(target, data)
        print(shown_path(target))
    return 0
