"""A command imports what it uses: the modules a fresh interpreter has loaded after a command.

Behaviour, not timing (docs/performance.md has the times): `crashgrab --version` loads no game
and no schema library; `crashgrab validate` of a valid file checks by the fast path, without
numpy, numba, networkx, the rules engine, jsonschema or Qt; `--reference` builds the networkx graph.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata

import pytest

from crashgrab.engine.cli import ALL, COMMAND_MODULE, build_parser, command_named, main
from crashgrab.engine.entry_points import entry_points
from tests.conftest import LAYOUTS, ROOT

PROBE = """
import contextlib, io, json, sys
from crashgrab.engine.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        code = main(json.loads(sys.argv[1]))
    except SystemExit as end:  # --version
        code = end.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

NUMERIC = ("numpy", "numba", "llvmlite")
QT = ("PySide6", "shiboken6")
NETWORKX = ("networkx",)
RULES = ("crashgrab.engine.crash_and_grab.rules",)
GAMES = ("crashgrab.engine.crash_and_grab", "crashgrab.engine.crash_grid")
SCHEMAS = ("jsonschema", "referencing")
BOARD = str(LAYOUTS / "standard-6p.json")


def loaded(arguments: list[str]) -> tuple[int, set[str]]:
    result = subprocess.run([sys.executable, "-c", PROBE, json.dumps(arguments)], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    report = json.loads(result.stdout.splitlines()[-1])
    return report["code"], set(report["modules"])


def under(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


@pytest.mark.parametrize("arguments, code, absent, present", [
    (["--version"], 0, NUMERIC + QT + NETWORKX + RULES + GAMES + SCHEMAS + ("importlib.metadata",), ()),
    (["validate", BOARD], 0, NUMERIC + QT + NETWORKX + RULES + SCHEMAS + ("importlib.metadata",),
     ("crashgrab.engine.crash_and_grab.validation.fast",)),
    # The reference is there when asked for: the probe sees what a command loads.
    (["validate", "--reference", BOARD], 0, NUMERIC + QT + RULES, NETWORKX),
    # The fast path assumes no upgrade cards: with one, the reference checks.
    (["validate", "--upgrades", "Hyperdrive", BOARD], 0, NUMERIC + QT, NETWORKX),
    (["explain", "accelerator-loop"], 0, NUMERIC + QT + NETWORKX + RULES + SCHEMAS, ()),
    # Help builds every command's options, the survey's of each game too, but runs none of them.
    (["--help"], 0, NUMERIC + QT + NETWORKX + RULES + SCHEMAS, ()),
    (["survey", "--help"], 0, NUMERIC + QT + NETWORKX + RULES + SCHEMAS, ()),
], ids=["version", "validate", "validate-reference", "validate-upgrades", "explain", "help", "survey-help"])
def test_a_command_in_a_fresh_interpreter_loads_only_what_it_uses(arguments, code, absent, present):
    exit_code, modules = loaded(arguments)
    assert exit_code == code
    assert under(modules, absent) == []
    for package in present:
        assert under(modules, (package,)), f"{package} not loaded by {arguments}"


def test_a_file_that_is_not_valid_is_judged_and_worded_by_jsonschema(tmp_path):
    document = json.loads((LAYOUTS / "standard-6p.json").read_text(encoding="utf-8"))
    document["placements"][0]["rotation"] = 90.0
    board = tmp_path / "decimal.json"
    board.write_text(json.dumps(document), encoding="utf-8")
    exit_code, modules = loaded(["validate", str(board)])
    assert exit_code == 2
    assert under(modules, ("jsonschema",)) and not under(modules, NUMERIC + QT + NETWORKX)


@pytest.mark.parametrize("argv, command", [
    ([], None),
    (["--version"], None),
    (["-q", "--version"], None),
    (["validate", "x.json"], "validate"),
    (["-q", "validate", "x.json"], "validate"),
    (["--quiet", "show", "x.json"], "show"),
    (["--confine", "validate", "show", "x.json"], "show"),  # "validate" is --confine's folder
    (["--confine=here", "survey", "--players", "2-4"], "survey"),
    (["no-such-command"], "no-such-command"),
    # Left to argparse with every parser built: help, abbreviations, the end of options.
    (["--help"], ALL),
    (["-h", "validate"], ALL),
    (["--conf", "here", "show"], ALL),
    (["--", "validate"], ALL),
])
def test_the_command_a_command_line_names(argv, command):
    assert command_named(argv) == command


def subcommands(parser) -> set[str]:
    return set(next(a for a in parser._actions if a.dest == "command").choices)


def test_a_named_command_builds_only_its_own_module_s_parsers():
    everything = subcommands(build_parser())
    # Every built-in command is listed with its module (the others come from entry points).
    assert set(COMMAND_MODULE) == everything - {e.name for e in entry_points(group="crashgrab.commands")}
    assert subcommands(build_parser("validate")) == {"validate"}
    assert subcommands(build_parser("show")) == {"games", "new", "show", "export"}
    assert subcommands(build_parser(None)) == set()
    assert subcommands(build_parser("no-such-command")) == everything  # for argparse's list of choices


def test_an_unknown_command_is_told_with_every_command_listed(capsys):
    with pytest.raises(SystemExit) as end:
        main(["no-such-command"])
    assert end.value.code == 2
    error = capsys.readouterr().err
    for name in COMMAND_MODULE:
        assert repr(name) in error


@pytest.mark.parametrize("layout", ["standard-2-4p.json", "standard-5p.json", "standard-6p.json"])
def test_validate_reports_the_same_by_the_fast_path_and_the_reference(layout, capsys):
    reports = []
    for extra in ([], ["--reference"]):
        code = main(["validate", "--format", "json", *extra, str(LAYOUTS / layout)])
        reports.append((code, json.loads(capsys.readouterr().out)))
    assert reports[0] == reports[1]
    assert reports[0][1]["files"][0]["findings"]  # the shipped boards have findings to compare


@pytest.mark.parametrize("group", ["crashgrab.games", "crashgrab.commands", "crashgrab.editors", "console_scripts"])
def test_entry_points_are_read_as_importlib_metadata_reads_them(group):
    ours = entry_points(group=group)
    assert [(e.name, e.value) for e in ours] == [(e.name, e.value) for e in metadata.entry_points(group=group)]
    assert ours or group == "crashgrab.editors"  # this package declares games, commands and scripts


def test_an_entry_point_loads_what_it_names():
    games = {e.name: e.load() for e in entry_points(group="crashgrab.games")}
    assert games["crash-and-grab"].id == "crash-and-grab"
    assert games["crash-grid"].id == "crash-grid"


def test_a_command_of_another_package_that_does_not_load_is_told_with_the_commands_that_do(monkeypatch, capsys):
    import crashgrab.engine.cli as cli

    class Broken:
        name, value = "render", "no_such_module_anywhere:register"

        def load(self):
            raise ImportError("no Qt", name="PySide6")

    monkeypatch.setattr(cli, "entry_points", lambda group: [Broken()])
    with pytest.raises(SystemExit) as end:
        main(["render", "board.json", "-o", "board.png"])
    assert end.value.code == 2
    error = capsys.readouterr().err
    assert "invalid choice: 'render'" in error and "'validate'" in error


def test_the_editors_window_loads_no_networkx_numpy_or_numba_until_an_overlay_asks():
    """Crash & Grab's window validates by the fast path: the move graph's networkx (and the
    survey's numpy and numba) load only when an overlay or an upgrade needs the reference."""
    probe = ("import sys, json\n"
             "from crashgrab.editor.crash_and_grab.window.main_window import MainWindow\n"
             "print(json.dumps(sorted(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    modules = set(json.loads(result.stdout.splitlines()[-1]))
    assert under(modules, NETWORKX + NUMERIC) == []
