"""Issues 11 and 27: mutated files of every installed game never get past the loaders as
anything but a clean CrashGrabError (or a good load). The games come from the registry: each
one's layouts (its templates, and the example files naming it) and scenarios (every example
scenario naming it) are mutated, so a new game is fuzzed as soon as it is installed and has
examples. A fixed, derandomized budget keeps it fast and repeatable in CI; set
CRASHGRAB_FUZZ_EXAMPLES=5000 locally to search longer."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crashgrab.engine.cli import main
from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.formats.jsonio import dumps, parse_json
from crashgrab.engine.formats.layout_io import layout_from_json, layout_to_json
from crashgrab.engine.formats.scenario_envelope import scenario_document
from crashgrab.engine.crash_and_grab.tileset_file import tileset_from_json
from crashgrab.engine.games import all_systems, system_for_document
from crashgrab.engine.system import GameSystem
from tests.conftest import LAYOUTS, ROOT

# Where example files lie: the shipped ones, and the tests' folders of scenarios and their layouts.
EXAMPLE_FOLDERS = [LAYOUTS, LAYOUTS / "scenarios", LAYOUTS / "tilesets", *sorted(p for p in (ROOT / "tests").iterdir() if p.is_dir()),
                   *sorted((ROOT / "tests").glob("*/layouts"))]
KIND_OF_FORMAT = {"crash-grab-layout": "layout", "crash-grab-scenario": "scenario", "crash-grab-tileset": "tileset"}


def _seed_text(file: Path, document: dict) -> str:
    """The example's text; a scenario's layout path made absolute, so a mutated copy written
    anywhere still finds it."""
    if document.get("format") == "crash-grab-scenario" and isinstance(document.get("layout"), str):
        document = {**document, "layout": str((file.parent / document["layout"]).resolve())}
        return dumps(document)
    return file.read_text(encoding="utf-8")


def discover_seeds() -> dict[str, list[tuple[str, str]]]:
    """"GAME KIND" (e.g. "crash-grid scenario") -> [(file, text)]: every example naming an installed
    game, and a layout of each game's every template (and free-form) from its system."""
    seeds: dict[str, list[tuple[str, str]]] = {}
    for system in all_systems():
        for template in [t.id for t in system.templates] + [None]:
            layout = system.new_layout(template=template)
            seeds.setdefault(f"{system.id} layout", []).append(
                (f"{system.id}-{template or 'free'}.json", dumps(layout_to_json(layout))))
    for folder in EXAMPLE_FOLDERS:
        for file in sorted(folder.glob("*.json")):
            try:
                document = parse_json(file.read_text(encoding="utf-8"), file)
            except (CrashGrabError, UnicodeDecodeError):
                continue
            kind = KIND_OF_FORMAT.get(document.get("format")) if isinstance(document, dict) else None
            if kind is None:
                continue
            game = "crash-and-grab" if kind == "tileset" else _game(document)
            if game is not None:
                seeds.setdefault(f"{game} {kind}", []).append((str(file), _seed_text(file, document)))
    return seeds


def _game(document: dict) -> str | None:
    try:
        return system_for_document(document).id
    except CrashGrabError:
        return None  # a game not installed


def load_scenario(document, file):
    system, document = scenario_document(document, file)
    return system.run_scenario_file(document, file)


SEEDS = discover_seeds()
LOADERS = {"layout": layout_from_json, "tileset": tileset_from_json, "scenario": load_scenario}
EXAMPLES = int(os.environ.get("CRASHGRAB_FUZZ_EXAMPLES", "40"))  # CI's fixed budget; raise it locally
BUDGET = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("system", all_systems(), ids=lambda s: s.id)
def test_every_installed_game_has_files_to_fuzz(system):
    assert SEEDS.get(f"{system.id} layout"), f"no layout of {system.title} to mutate"
    if type(system).run_scenario_file is not GameSystem.run_scenario_file:
        assert SEEDS.get(f"{system.id} scenario"), \
            f"{system.title} plays scenarios but has no example scenario in {', '.join(str(f) for f in EXAMPLE_FOLDERS)}"


NASTY = ["[", "]", "{", "}", '"', "\\", ",", ":", "90.0", "1.0", "NaN", "Infinity", "1e999", "-0", "null", "true",
         "\ufeff", '"format": "crash-grab-scenario"', '"format": "crash-grab-layout"', '"tileset": "/dev/zero"',
         '"layout": "/dev/zero"', "[" * 80, "9" * 5000, '"x": 1, "x": 2']

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=6)


@st.composite
def mutated_text(draw, seeds: str) -> tuple[str, str]:
    """(file, text): an example's text (of SEEDS[seeds]) with a few edits to its characters."""
    file, text = draw(st.sampled_from(SEEDS[seeds]))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "repeat"]))
        if action == "insert":
            text = text[:at] + draw(st.sampled_from(NASTY) | st.text(max_size=4)) + text[at:]
        else:
            end = min(len(text), at + draw(st.integers(1, 40)))
            text = text[:at] + (text[at:end] * 2 if action == "repeat" else "") + text[end:]
    return file, text


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, prefix + (index,))


@st.composite
def mutated_document(draw, seeds: str) -> tuple[str, object]:
    """(file, document): an example's JSON with one value replaced, removed or made a decimal."""
    file, text = draw(st.sampled_from(SEEDS[seeds]))
    document = json.loads(text)
    path = draw(st.sampled_from(list(_paths(document))[1:]))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    action = draw(st.sampled_from(["replace", "remove", "decimal"]))
    if action == "remove":
        del parent[path[-1]]
    elif action == "decimal" and isinstance(parent[path[-1]], int) and not isinstance(parent[path[-1]], bool):
        parent[path[-1]] = float(parent[path[-1]])
    else:
        parent[path[-1]] = draw(json_values)
    return file, document


def load_or_refuse(seeds: str, file: str, document) -> None:
    try:
        LOADERS[seeds.split()[-1]](document, file)
    except CrashGrabError as error:
        assert str(error) and "(None)" not in str(error)


@given(st.sampled_from(sorted(SEEDS)).flatmap(lambda seeds: st.tuples(st.just(seeds), mutated_text(seeds))))
@BUDGET
def test_mutated_text_loads_or_is_refused_cleanly(case):
    seeds, (file, text) = case
    try:
        document = parse_json(text, file)
    except CrashGrabError:
        return
    load_or_refuse(seeds, file, document)


@given(st.sampled_from(sorted(SEEDS)).flatmap(lambda seeds: st.tuples(st.just(seeds), mutated_document(seeds))))
@BUDGET
def test_mutated_documents_load_or_are_refused_cleanly(case):
    seeds, (file, document) = case
    load_or_refuse(seeds, file, document)


COMMANDS = {"layout": [["validate"], ["show"]], "scenario": [["scenario", "run"]], "tileset": []}


@given(st.sampled_from(sorted(k for k in SEEDS if COMMANDS[k.split()[-1]])).flatmap(
    lambda seeds: st.tuples(st.just(seeds), mutated_text(seeds))))
@settings(max_examples=max(1, EXAMPLES * 5 // 8), deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
def test_commands_on_mutated_files_exit_0_1_or_2(tmp_path_factory, capsys, case):
    seeds, (_, text) = case
    path = tmp_path_factory.mktemp("fuzz") / "file.json"
    path.write_text(text, encoding="utf-8")
    for command in COMMANDS[seeds.split()[-1]]:
        assert main([*command, str(path)]) in (0, 1, 2)
        assert "Traceback" not in capsys.readouterr().err
