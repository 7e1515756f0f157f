"""Generic modules never name a game's terms (issue 12: "no generic module names Crash & Grab or
Crash Grid terms"); the import contract keeps them from importing a game, this keeps the words out.

The modules are the import-linter contract's own list in pyproject.toml, so the two cannot drift.
The terms come from the games themselves where they keep a vocabulary (ids, titles, feature
types, upgrade names, Crash & Grab's markers, tile roles and crew, Crash Grid's suits), plus a
hand list of words that live only in rulebooks. The studio's format family ("crash-grab-layout",
...) and the program's name ("crashgrab") are not game names and are allowed.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from crashgrab.engine import games
from crashgrab.engine.crash_and_grab.rules.pieces import CREW_TYPES
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.crash_and_grab.terms import FEATURE_TYPES, MARKERS
from crashgrab.engine.crash_grid.terms import SUITS

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "crashgrab"


def contract_modules(contract_name: str) -> list[str]:
    """The source modules of the import-linter contract called `contract_name` (pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = [c for c in config["tool"]["importlinter"]["contracts"] if c["name"] == contract_name]
    assert len(contracts) == 1, f"pyproject.toml has no import contract {contract_name!r}"
    return list(contracts[0]["source_modules"])


# The dotted modules that must not name a game: the engine's and the editor's generic modules.
GENERIC_MODULES: list[str] = (contract_modules("Generic modules never import a game system")
                              + contract_modules("The editor's generic modules never import a game or a game's editor"))


def module_files(module: str) -> list[Path]:
    """The source files of a dotted module: a package's every .py file, or the module's own."""
    relative = Path(*module.removeprefix("crashgrab.").split("."))
    if (SRC / relative).is_dir():
        return sorted((SRC / relative).rglob("*.py"))
    path = (SRC / relative).with_suffix(".py")
    assert path.is_file(), f"{module} is in the generic list but {path.relative_to(SRC)} does not exist"
    return [path]


# Plain words every board game uses, though one game's vocabulary has them too (Crash Grid's
# "start" and "wall" features, the "custom" tile role) or that generic code needs in plain English.
# "crash" is the family's name ("Crash board studio", "the crash family"), which the game Crash!
# takes as its id and title; its own words (junkyard ...) are still checked.
PLAIN_WORDS = {"start", "wall", "custom", "core", "crash"}

# Words of the rulebooks no game module keeps as a constant.
HAND_TERMS = (
    "saucer", "crash site", "accelerator", "probe", "crewmember", "energy cube", "direction marker",
    "core tile", "rider", "trail card", "move card", "initiative card",
)


def game_terms() -> list[str]:
    """Every game's own words: from the installed systems and the games' vocabularies, and the hand list."""
    terms: list[str] = []
    for system in games.all_systems():
        terms += [system.id, system.title, *system.upgrade_names]
        terms += [word for kind in system.feature_kinds for word in (kind.type, kind.title)]
    terms += [*FEATURE_TYPES, *MARKERS, *CREW_TYPES, *SUITS]
    terms += [role for template in TEMPLATES.values() for slot in template.slots for role in slot.roles]
    terms += HAND_TERMS
    unique = {term.lower(): term for term in terms if term.lower().strip("!") not in PLAIN_WORDS}
    return sorted(unique.values(), key=str.lower)


def term_pattern(term: str) -> str:
    """A term as a whole word in any spelling code and prose use: "Crash & Grab" matches
    crash_and_grab and "crash and grab" but not "crash-grab"; "crash site" matches CRASH_SITE;
    plurals match too."""
    words = re.findall(r"[a-z0-9]+|&", term.lower())
    joined = r"[\s_.-]*".join("(?:and|&)" if w in ("and", "&") else re.escape(w) for w in words)
    return rf"(?<![a-z0-9]){joined}(?:e?s)?(?![a-z0-9])"


TERMS = game_terms()
PATTERN = re.compile("|".join(f"(?P<t{i}>{term_pattern(t)})" for i, t in enumerate(TERMS)), re.IGNORECASE)


def game_words_in(text: str) -> list[tuple[int, str, str]]:
    """(line number, term, the text that names it) for every game term in `text`."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in PATTERN.finditer(line):
            index = int(next(name for name, value in match.groupdict().items() if value is not None)[1:])
            found.append((number, TERMS[index], match.group()))
    return found


GENERIC_FILES = sorted({path for module in GENERIC_MODULES for path in module_files(module)})


@pytest.mark.parametrize("path", GENERIC_FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_a_generic_module_names_no_games_terms(path):
    named = game_words_in(path.read_text(encoding="utf-8"))
    assert not named, "\n".join(f"{path.relative_to(SRC)}:{line}: {text!r} is {term!r}, a game's word"
                                for line, term, text in named)


def test_the_generic_list_is_the_import_contracts_and_covers_the_engines_generic_code():
    assert {"crashgrab.engine.grid", "crashgrab.engine.formats", "crashgrab.engine.cli", "crashgrab.engine.system",
            "crashgrab.engine.games"} <= set(GENERIC_MODULES)
    names = {str(p.relative_to(SRC)) for p in GENERIC_FILES}
    assert {"engine/grid/model.py", "engine/formats/migrations.py", "engine/cli/board_commands.py",
            "engine/games.py", "engine/system.py"} <= names
    assert not any(name.startswith(("engine/crash_and_grab/", "engine/crash_grid/")) for name in names)


def test_every_module_at_the_editors_top_level_is_generic_and_scanned():
    """A game's editor lives in a package of its own; whatever sits beside those packages serves
    every game, so it is in the contract's list and scanned (a new module there cannot slip by)."""
    names = {str(p.relative_to(SRC)) for p in GENERIC_FILES}
    top_level = {str(p.relative_to(SRC)) for p in (SRC / "editor").glob("*.py")}
    assert top_level - {"editor/__init__.py", "editor/__main__.py"} <= names
    assert not any(name.startswith(("editor/crash_and_grab/", "editor/crash_grid/", "editor/crash/")) for name in names)


@pytest.mark.parametrize("text, named", [
    ('DEFAULT_GAME = "crash-and-grab"', "crash-and-grab"),
    ("from ..crash_and_grab import x", "crash_and_grab"),
    ("Nothing here knows Crash & Grab's rules", "Crash & Grab"),
    ("from ..crash_grid.terms import SUITS", "crash_grid"),
    ("# a saucer bounces", "saucer"),
    ("if feature.type == CRASH_SITE:", "CRASH_SITE"),
    ("Accelerators chain", "Accelerators"),
    ("the Sun marker", "Sun"),
    ("role in ('arm5', 'centre6')", "arm5"),
    ("a player's suit: spades", "spades"),
    ("its trail cards", "trail cards"),
    ("the core tiles first", "core tiles"),
    ("holding Hyperdrive", "Hyperdrive"),
    ("the doctor's turn", "doctor"),
    ("riders crash", "riders"),
])
def test_the_scan_finds_each_kind_of_game_word(text, named):
    assert named in [found for _, _, found in game_words_in(text)]


@pytest.mark.parametrize("text", [
    '"format": "crash-grab-layout"',  # the studio's format family
    "crashgrab.engine.games",          # the program's name
    "CrashGrabError",
    "a crash or a full disk",          # the family's word for a failure, and an atomic save's
    "the core of the walk",            # plain English ("core" alone is not "core tile")
    "Sunday, starts, walls, custom tiles, a derider",
])
def test_the_studios_own_names_and_plain_words_are_allowed(text):
    assert game_words_in(text) == []
