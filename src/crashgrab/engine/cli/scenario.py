"""`crashgrab scenario run FILE... [--format text|json]`: play test scenarios on their boards.

Each file is played by the rules engine of its game (its "game" field). Exit 0 when every
expectation of every file holds, 1 when one fails, 2 for a bad file, a missing choice or an
illegal action (the message names the turn and the reason).
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import CrashGrabError, printable, shown_path
from ..formats.jsonio import dumps
from ..formats.scenario_envelope import read_scenario


def register(subparsers) -> None:
    scenario = subparsers.add_parser("scenario", help="play test scenarios through the rules engine")
    actions = scenario.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = actions.add_parser("run", help="run scenario files and check their expectations")
    run.add_argument("files", nargs="+", metavar="FILE")
    run.add_argument("--format", choices=["text", "json"], default="text", help="output format (default: text)")
    run.set_defaults(run=run_scenarios)


def _error_json(file: str, error: CrashGrabError) -> dict[str, Any]:
    report: dict[str, Any] = {"message": str(error), "where": error.where}
    report.update(error.details())
    return {"file": file, "error": report}


def run_one(file: str, output_format: str) -> tuple[int, str | None, dict | None]:
    """(exit code, text, JSON) for one file; errors go to stderr here."""
    try:
        try:
            system, document = read_scenario(file)
        except CrashGrabError as error:
            if error.file is None:
                error.file = file
            raise
        run = system.run_scenario_file(document, file)
    except CrashGrabError as error:
        print(f"crashgrab scenario: {error}", file=sys.stderr)
        return 2, f"ERROR: {shown_path(file)}", _error_json(shown_path(file), error)
    code = 0 if run.passed else 1
    if output_format == "json":
        return code, None, run.to_json()
    # The report quotes names and notes from the file: control characters (terminal escapes) are shown, not sent.
    return code, printable(run.text(), lines=True), None


def run_scenarios(args: argparse.Namespace) -> int:
    worst = 0
    documents = []
    for file in args.files:
        code, text, document = run_one(file, args.format)
        worst = max(worst, code)
        if args.format == "json":
            documents.append(document)
        elif code != 2:
            print(text)
    if args.format == "json":
        sys.stdout.write(dumps(documents[0] if len(documents) == 1 else documents))
    elif len(args.files) > 1:
        print(f"{len(args.files)} scenario files: {'all passed' if worst == 0 else 'not all passed'}")
    return worst
