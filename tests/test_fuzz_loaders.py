"""Issue 11: mutated shipped files never get past the loaders as anything but a clean
CrashGrabError (or a good load). A fixed, derandomized budget keeps it fast and repeatable
in CI; set CRASHGRAB_FUZZ_EXAMPLES=5000 locally to search longer."""
from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crashgrab.engine.cli import main
from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.formats.jsonio import parse_json
from crashgrab.engine.formats.layout_io import layout_from_json
from crashgrab.engine.crash_and_grab.scenario_file import scenario_from_json
from crashgrab.engine.crash_and_grab.tileset_file import tileset_from_json
from tests.conftest import LAYOUTS

SHIPPED = {
    "layout": sorted(LAYOUTS.glob("*.json")),
    "tileset": [LAYOUTS / "tilesets" / "standard.json"],
    "scenario": sorted((LAYOUTS / "scenarios").glob("*.json")),
}
LOADERS = {"layout": layout_from_json, "tileset": tileset_from_json, "scenario": scenario_from_json}
EXAMPLES = int(os.environ.get("CRASHGRAB_FUZZ_EXAMPLES", "40"))  # CI's fixed budget; raise it locally
BUDGET = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

NASTY = ["[", "]", "{", "}", '"', "\\", ",", ":", "90.0", "1.0", "NaN", "Infinity", "1e999", "-0", "null", "true",
         "\ufeff", '"format": "crash-grab-scenario"', '"format": "crash-grab-layout"', '"tileset": "/dev/zero"',
         '"layout": "/dev/zero"', "[" * 80, "9" * 5000, '"x": 1, "x": 2']

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=6)


@st.composite
def mutated_text(draw, kind: str) -> tuple[str, str]:
    """(file, text): a shipped file's text with a few edits to its characters."""
    file = draw(st.sampled_from(SHIPPED[kind]))
    text = file.read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "repeat"]))
        if action == "insert":
            text = text[:at] + draw(st.sampled_from(NASTY) | st.text(max_size=4)) + text[at:]
        else:
            end = min(len(text), at + draw(st.integers(1, 40)))
            text = text[:at] + (text[at:end] * 2 if action == "repeat" else "") + text[end:]
    return str(file), text


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, prefix + (index,))


@st.composite
def mutated_document(draw, kind: str) -> tuple[str, object]:
    """(file, document): a shipped file's JSON with one value replaced, removed or made a decimal."""
    file = draw(st.sampled_from(SHIPPED[kind]))
    document = json.loads(file.read_text(encoding="utf-8"))
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
    return str(file), document


def load_or_refuse(kind: str, file: str, document) -> None:
    try:
        LOADERS[kind](document, file)
    except CrashGrabError as error:
        assert str(error) and "(None)" not in str(error)


@given(st.sampled_from(sorted(SHIPPED)).flatmap(lambda kind: st.tuples(st.just(kind), mutated_text(kind))))
@BUDGET
def test_mutated_text_loads_or_is_refused_cleanly(case):
    kind, (file, text) = case
    try:
        document = parse_json(text, file)
    except CrashGrabError:
        return
    load_or_refuse(kind, file, document)


@given(st.sampled_from(sorted(SHIPPED)).flatmap(lambda kind: st.tuples(st.just(kind), mutated_document(kind))))
@BUDGET
def test_mutated_documents_load_or_are_refused_cleanly(case):
    kind, (file, document) = case
    load_or_refuse(kind, file, document)


@given(mutated_text("layout"))
@settings(max_examples=max(1, EXAMPLES * 5 // 8), deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
def test_validate_and_show_on_mutated_layouts_exit_0_1_or_2(tmp_path_factory, case):
    _, text = case
    path = tmp_path_factory.mktemp("fuzz") / "layout.json"
    path.write_text(text, encoding="utf-8")
    for command in ("validate", "show"):
        assert main([command, str(path)]) in (0, 1, 2)
