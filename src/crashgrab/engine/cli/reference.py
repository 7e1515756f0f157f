"""`crashgrab explain CODE`, `crashgrab schema [NAME]` and `crashgrab docs [PAGE]`: the reference
a user of the installed package has without the repository, read from the shipped docs and schemas.
"""
from __future__ import annotations

import argparse
import difflib
import re
import sys
from typing import Mapping

from ..errors import UsageError
from ..games import all_systems, default_system
from ..resources import DOCS, docs_file, schema_file, schema_files
from .notes import note

FINDINGS_PAGE = "findings.md"
# "### `some-code` (warning)": one finding code's section of docs/findings.md.
CODE_HEADING = re.compile(r"^#{2,6}\s+`(?P<code>[a-z0-9-]+)`\s*(?:\((?P<severity>[a-z]+)\))?\s*$")
HEADING = re.compile(r"^#{1,6}\s")
SCHEMA_SUFFIX = ".schema.json"


def register(subparsers) -> None:
    explain = subparsers.add_parser(
        "explain", help="what a finding code means and how to fix it",
        description="Print a finding code's explanation and fix from the installed documentation "
                    f"({FINDINGS_PAGE}), for the codes of every installed game. `crashgrab explain` alone lists them.")
    explain.add_argument("code", nargs="?", metavar="CODE", help="a finding code (`crashgrab explain` lists them)")
    explain.set_defaults(run=run_explain)

    schema = subparsers.add_parser(
        "schema", help="print a file format's JSON Schema, or list them",
        description="Without NAME: the installed schemas, one a line (a game's own are named after it). "
                    "With NAME (e.g. layout-envelope, validation-report): that schema's JSON, to save beside "
                    "your files for an editor or a validator (the schemas refer to each other by file name, "
                    "so save the ones they name too). A schema's old name still prints it, and says its new one.")
    schema.add_argument("name", nargs="?", metavar="NAME", help="a schema name, with or without .schema.json")
    schema.set_defaults(run=run_schema)

    docs = subparsers.add_parser(
        "docs", help="print a page of the user guide, or list them",
        description="Without PAGE: the installed guide's pages. With PAGE (e.g. findings, scenarios, exports): "
                    "that page as Markdown text.")
    docs.add_argument("page", nargs="?", metavar="PAGE", help="a page name, with or without .md")
    docs.set_defaults(run=run_docs)


def unknown(kind: str, given: str, known: list[str], listing: str, renamed: Mapping[str, str] | None = None) -> UsageError:
    """One line: what was not found, the closest names, and how to list them all (an old name
    in `renamed` that is close is offered under its new name)."""
    renamed = renamed or {}
    # a word of a hyphenated name first ("metrics": every game's *-metrics), then names spelt alike
    whole_words = [name for name in known if given and given.lower() in name.split("-")]
    close = whole_words[:4] or difflib.get_close_matches(given, [*known, *renamed], n=3, cutoff=0.5)
    close = list(dict.fromkeys(renamed.get(name, name) for name in close))
    hint = f"Did you mean {' or '.join(close)}? " if close else ""
    return UsageError(f"{given!r} is not {kind}.", hint=f"{hint}`{listing}` lists them.")


# --- explain --------------------------------------------------------------------------------------
def finding_sections(text: str) -> dict[str, tuple[str | None, str]]:
    """code -> (severity, the section's text) for each "### `code` (severity)" heading; a
    section ends at the next heading (lines in code blocks are not headings). A code several
    games report has a section in each game's part (a "## <game>" heading): its text is all of
    them, each headed by its game's title (`part_title`)."""
    found: dict[str, list[tuple[str | None, str, str]]] = {}
    current: str | None = None
    severity: str | None = None
    part = ""
    lines: list[str] = []
    fenced = False

    def close() -> None:
        if current is not None:
            found.setdefault(current, []).append((severity, part, "\n".join(lines).strip()))

    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        heading = None if fenced else CODE_HEADING.match(line)
        if heading or (not fenced and HEADING.match(line)):
            close()
            if not heading and line.startswith("## "):
                part = line[3:].strip()
            current, severity, lines = (heading["code"], heading["severity"], []) if heading else (None, None, [])
            continue
        lines.append(line)
    close()
    sections: dict[str, tuple[str | None, str]] = {}
    for code, parts in found.items():
        if len(parts) == 1:
            sections[code] = (parts[0][0], parts[0][2])
        else:
            sections[code] = (parts[0][0], "\n\n".join(f"{part_title(name)} ({level}):\n{body}"
                                                         for level, name, body in parts))
    return sections


def part_title(heading: str) -> str:
    """The game a part of the findings page is about: the installed game whose title its heading
    begins, else the default game's (the page's first, general part is the studio's first game's)."""
    for system in all_systems():
        if heading and (system.title.startswith(heading) or heading.startswith(system.title)):
            return system.title
    default = default_system()
    return default.title if default is not None else heading


def documented_findings() -> dict[str, tuple[str | None, str]]:
    return finding_sections(docs_file(FINDINGS_PAGE).read_text(encoding="utf-8"))


def games_with_code() -> dict[str, list[str]]:
    """code -> the titles of the installed games that report it."""
    games: dict[str, list[str]] = {}
    for system in all_systems():
        for code in system.finding_codes:
            games.setdefault(code, []).append(system.title)
    return games


def run_explain(args: argparse.Namespace) -> int:
    sections = documented_findings()
    games = games_with_code()
    codes = sorted(set(sections) | set(games))
    if args.code is None:
        for code in codes:
            severity = sections.get(code, (None, ""))[0]
            print(f"{code}{f' ({severity})' if severity else ''}: {', '.join(games.get(code, ['every game']))}")
        return 0
    code = args.code.strip().lower()
    if code not in codes:
        raise unknown("a finding code", args.code, codes, "crashgrab explain")
    severity, body = sections.get(code, (None, ""))
    reported_by = ", ".join(games.get(code, [])) or "the command line, for every game"
    print(f"{code}{f' ({severity})' if severity else ''}: reported by {reported_by}")
    print()
    print(body or f"The installed documentation does not explain {code} yet.")
    return 0


# --- schema ---------------------------------------------------------------------------------------
def renamed_schemas() -> dict[str, str]:
    """old name -> new name, as the installed games declare them (their old files stay as aliases)."""
    return {old: new for system in all_systems() for old, new in system.renamed_schemas.items()}


def schema_names() -> list[str]:
    """The installed schemas under their current names (the aliases left at old names are not listed)."""
    renamed = renamed_schemas()
    return sorted(name for f in schema_files() if (name := f.name[:-len(SCHEMA_SUFFIX)]) not in renamed)


def run_schema(args: argparse.Namespace) -> int:
    names = schema_names()
    if args.name is None:
        for name in names:
            print(name)
        return 0
    name = args.name.strip()
    name = name[:-len(SCHEMA_SUFFIX)] if name.endswith(SCHEMA_SUFFIX) else name.removesuffix(".json")
    renamed = renamed_schemas()
    if name in renamed:  # the whole schema, as before; a note on stderr leaves stdout a schema to save
        note(f"crashgrab schema: {name!r} is now called {renamed[name]!r}; this is {renamed[name]}.")
        name = renamed[name]
    if name not in names:
        raise unknown("a schema", args.name, names, "crashgrab schema", renamed)
    sys.stdout.write(schema_file(name).read_text(encoding="utf-8"))
    return 0


# --- docs -----------------------------------------------------------------------------------------
def doc_pages() -> list[str]:
    from importlib.resources import files

    return sorted(f.name[:-3] for f in files(DOCS).iterdir() if f.name.endswith(".md"))


def run_docs(args: argparse.Namespace) -> int:
    pages = doc_pages()
    if args.page is None:
        for page in pages:
            print(page)
        return 0
    page = args.page.strip().removesuffix(".md")
    if page not in pages:
        raise unknown("a page of the guide", args.page, pages, "crashgrab docs")
    sys.stdout.write(docs_file(f"{page}.md").read_text(encoding="utf-8"))
    return 0
