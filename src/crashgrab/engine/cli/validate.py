"""`crashgrab validate FILE...`: check layouts against the rules, as text or JSON, linter style.

Exit 0 when no file has an error (with --strict: no warning either), 1 otherwise,
2 when a file cannot be read or is not a valid layout, or the command line is wrong.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import CrashGrabError, InvalidFileError, UnreadableFileError, UsageError, printable, shown_path
from ..findings import FILE_CODES, LEVELS, Finding
from ..formats.jsonio import dumps
from ..formats.layout_io import load_layout
from ..formats.schemas import validate as validate_schema
from ..games import all_finding_codes, all_systems, all_upgrade_names, system_for_layout
from ..report import ValidationReport, summarize

OK, FAILED, UNREADABLE = 0, 1, 2


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "validate", help="check layouts against the rules and report findings",
        description="Check layout files against their game's rules. Each finding has a code "
                    "(`crashgrab explain CODE` says what it means and how to fix it), a severity and the cells involved.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="layout files to check")
    parser.add_argument("--format", choices=["text", "json"], default="text",
                        help="text: one line per finding (default); json: a report (`crashgrab schema validation-report`)")
    parser.add_argument("--select", metavar="CODES",
                        help="report only these codes (comma-separated; a prefix ending before a '-' selects a group)")
    parser.add_argument("--ignore", metavar="CODES", help="leave out these codes (comma-separated, prefixes allowed)")
    parser.add_argument("--severity", action="append", default=[], metavar="CODE=LEVEL",
                        help=f"override a code's severity for this run ({'/'.join(LEVELS)}); repeatable")
    parser.add_argument("--strict", action="store_true", help="fail on warnings as well as errors")
    parser.add_argument("--upgrades", action="append", default=[], metavar="NAME[,NAME...]",
                        help="run the movement checks as for a piece holding these upgrades "
                             f"({', '.join(all_upgrade_names()) or 'none installed'}; case, spaces and hyphens "
                             "do not matter)")
    parser.add_argument("--reference", action="store_true",
                        help="check with the game's reference checks instead of the faster path tested to give "
                             "the same report (slower; a game with one way of checking checks as always)")
    parser.set_defaults(run=run_validate)


def known_codes() -> tuple[str, ...]:
    """Every finding code of every installed game."""
    return tuple(all_finding_codes())


def codes_matching(option: str, text: str | None) -> set[str] | None:
    """The codes a comma-separated list names, each entry a code or a prefix ending before a '-'."""
    if text is None:
        return None
    chosen: set[str] = set()
    codes = known_codes()
    for entry in (e.strip() for e in text.split(",")):
        if not entry:
            continue
        matched = {c for c in codes if c == entry or c.startswith(entry + "-")}
        if not matched:
            raise UsageError(f"{option}: {entry!r} is not a finding code.",
                             hint=f"Known codes: {', '.join(codes)}.")
        chosen |= matched
    if not chosen and option == "--select":  # an empty variable in CI must not select nothing and pass
        raise UsageError(f"--select {text!r} names no finding code.",
                         hint="Name at least one code or prefix, or leave --select out to report every code.")
    return chosen


def parse_severities(values: list[str]) -> dict[str, str]:
    overrides: dict[str, str] = {}
    codes = known_codes()
    for value in values:
        for entry in (e.strip() for e in value.split(",")):
            code, equals, level = entry.partition("=")
            if not equals or code not in codes or level not in LEVELS:
                problem = ("is not CODE=LEVEL" if not equals else
                           f"names no finding code {code!r}" if code not in codes else
                           f"has level {level!r}")
                raise UsageError(f"--severity {entry!r} {problem}.",
                                 hint=f"Use CODE=LEVEL with LEVEL one of {', '.join(LEVELS)}; codes: {', '.join(codes)}.")
            overrides[code] = level
    return overrides


def parse_upgrades(values: list[str]) -> tuple[str, ...]:
    """What --upgrades gives (each value comma-separated), as written; each game spells them out."""
    names: list[str] = []
    for value in values:
        names += [entry for entry in (e.strip() for e in value.split(",")) if entry and entry not in names]
    if names:  # refuse a name no game knows before any file is read
        for name in names:
            if not any(system.upgrade_name(name) for system in all_systems()):
                reason = next((m for s in all_systems() if (m := s.unknown_upgrade_message(name))), None)
                raise UsageError(f"--upgrades: {reason}" if reason else
                                 f"--upgrades: {name!r} is not an upgrade that changes what validation checks.",
                                 hint=None if reason else
                                 f"Use one of: {', '.join(all_upgrade_names()) or 'none installed'}.")
    return tuple(names)


def upgrades_for(system, names: tuple[str, ...], file: str) -> tuple[str, ...]:
    """The upgrades in the game's own spelling; one the file's game does not know is a usage error."""
    spelt = []
    for name in names:
        known = system.upgrade_name(name)
        if known is None:
            raise UsageError(f"--upgrades: {system.title} ({file}) has no upgrade {name!r}.",
                             hint=f"Its upgrades: {', '.join(system.upgrade_names) or 'none'}.")
        if known not in spelt:
            spelt.append(known)
    return tuple(spelt)


def _file_failure(file: str, error: CrashGrabError) -> dict[str, Any]:
    code = "unreadable-file" if isinstance(error, UnreadableFileError) else "invalid-file"
    details = {"where": error.where} if error.where else {}
    item = Finding(code, FILE_CODES[code], f"{error.shown_message}{' ' + error.hint if error.hint else ''}", (), details)
    return {"file": shown_path(file), "valid": False, "findings": [item.to_json()], "metrics": None}


def _text_lines(file: str, report: ValidationReport) -> list[str]:
    """The report as text; the file name and the messages (quoting ids from the file) printable."""
    file = shown_path(file)
    lines = []
    for item in report.findings:
        where = f" [{item.cells[0][0]},{item.cells[0][1]}]" if item.cells else ""
        lines.append(f"{file}: {item.severity} {item.code}{where} {printable(item.message)}")
    upgrades = f" (with {', '.join(report.upgrades)})" if report.upgrades else ""
    lines.append(f"{file}: {report.summary()}{upgrades}")
    return lines


def run_validate(args: argparse.Namespace) -> int:
    selected = codes_matching("--select", args.select)
    ignored = codes_matching("--ignore", args.ignore) or set()
    overrides = parse_severities(args.severity)
    upgrades = parse_upgrades(args.upgrades)

    def keep(item: Finding) -> bool:
        return (selected is None or item.code in selected) and item.code not in ignored

    status = OK
    entries: list[dict[str, Any]] = []
    totals = {"error": 0, "warning": 0, "info": 0}
    for file in args.files:
        try:
            layout = load_layout(file)
        except (InvalidFileError, UnreadableFileError) as error:
            print(f"crashgrab validate: {error}", file=sys.stderr)
            status = max(status, UNREADABLE)  # the file could not be checked at all
            entries.append(_file_failure(file, error))
            totals["error"] += 1
            continue
        system = system_for_layout(layout)
        own = {code: level for code, level in overrides.items() if code in system.finding_codes}
        check = system.validate_reference if args.reference else system.validate
        report = check(layout, own, upgrades_for(system, upgrades, file)).filtered(keep)
        counts = report.counts()
        for severity, count in counts.items():
            totals[severity] += count
        if counts["error"] or (args.strict and counts["warning"]):
            status = max(status, FAILED)
        entries.append({"file": shown_path(file), "game": system.id, **report.to_json(shown_path(file))})
        if args.format == "text":
            print("\n".join(_text_lines(file, report)))
    if args.format == "json":
        document = {"files": entries}
        validate_schema(document, "validation-report")
        sys.stdout.write(dumps(document))
    elif len(args.files) > 1:
        print(f"{len(args.files)} files: {summarize(totals)}")
    return status
