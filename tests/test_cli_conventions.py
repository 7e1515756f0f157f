"""The command line's conventions for a user without the repository: `python -m crashgrab`, the
reference commands (explain, schema, docs) read from the installed package, --format json on
games and show, -q, and one clear line when the [editor] extra (Qt) is not installed."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from jsonschema import Draft202012Validator

from crashgrab.engine.cli import main as crashgrab
from crashgrab.engine.cli.reference import finding_sections
from crashgrab.engine.findings import FILE_CODES
from crashgrab.engine.formats.schemas import schema
from crashgrab.engine.games import all_finding_codes, all_systems
from crashgrab.engine.resources import schema_files
from tests.conftest import LAYOUTS, ROOT

OVERLAP = ROOT / "tests" / "fixtures" / "validation" / "overlap.json"  # two tiles on the same cells


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = crashgrab(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- python -m crashgrab -------------------------------------------------------------------------
def test_python_dash_m_crashgrab_is_the_command(tmp_path):
    result = subprocess.run([sys.executable, "-m", "crashgrab", "show", str(LAYOUTS / "standard-2-4p.json")],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Standard 2-4 players (template 2-4, 8x8)")


# --- explain ---------------------------------------------------------------------------------------
def test_every_installed_games_codes_are_explained_in_the_shipped_docs(capsys):
    codes = {**all_finding_codes(), **FILE_CODES}
    assert {"accelerator-loop", "territory", "invalid-file"} <= set(codes)  # both games' codes and the CLI's
    for code, severity in codes.items():
        status, out, err = run(capsys, "explain", code)
        assert status == 0 and err == "", code
        heading, _, body = out.partition("\n\n")
        assert heading.startswith(f"{code} ({severity}): reported by "), heading
        assert len(body.split()) >= 8 and "does not explain" not in body, code


@pytest.mark.parametrize(("code", "severity", "game", "words"), [
    ("accelerator-loop", "warning", "Crash & Grab", "**Fix:** move or turn a tile"),
    ("start-blocked", "error", "Crash Grid", "The square ahead of a start"),
    ("unreadable-file", "error", "the command line, for every game", ""),
])
def test_explain_prints_the_codes_section(capsys, code, severity, game, words):
    status, out, _ = run(capsys, "explain", code.upper())
    assert status == 0
    assert out.splitlines()[0] == f"{code} ({severity}): reported by {game}"
    assert words in " ".join(out.split())
    assert "###" not in out, "the section ends at the next heading"


def test_explain_an_unknown_code_names_the_close_ones(capsys):
    status, out, err = run(capsys, "explain", "acelerator-loop")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "'acelerator-loop' is not a finding code" in err
    assert "accelerator-loop" in err.split("Did you mean", 1)[1] and "`crashgrab explain` lists them" in err


def test_explain_alone_lists_every_code_with_its_games(capsys):
    status, out, _ = run(capsys, "explain")
    lines = dict(line.split(": ", 1) for line in out.splitlines())
    assert status == 0
    assert lines["accelerator-loop (warning)"] == "Crash & Grab" and lines["territory (warning)"] == "Crash Grid"


def test_a_code_section_ends_at_the_next_heading_but_not_inside_a_code_block():
    text = textwrap.dedent("""\
        ### `one` (error)
        First.
        ```sh
        # not a heading
        ```
        ### `two` (info)
        Second.
        ## Elsewhere
        Not two's.
        """)
    sections = finding_sections(text)
    assert sections == {"one": ("error", "First.\n```sh\n# not a heading\n```"), "two": ("info", "Second.")}


# --- schema and docs -------------------------------------------------------------------------------
# Crash & Grab's schemas before they carried its name; their files stay as aliases of the new ones.
OLD_NAMES = {"layout": "crash-grab-layout", "scenario": "crash-grab-scenario", "tileset": "crash-grab-tileset",
             "export": "crash-grab-export", "survey": "crash-grab-survey",
             "survey-checkpoint": "crash-grab-survey-checkpoint"}


def test_schema_lists_the_installed_schemas_under_their_current_names(capsys):
    status, out, _ = run(capsys, "schema")
    assert status == 0
    files = [f.name.removesuffix(".schema.json") for f in schema_files()]
    assert out.split() == sorted(name for name in files if name not in OLD_NAMES)   # in name order
    assert set(OLD_NAMES.values()) <= set(out.split())


def test_an_unknown_schema_name_that_is_one_word_of_several_offers_them_all(capsys):
    status, _, err = run(capsys, "schema", "metrics")
    assert status == 2
    assert ("Did you mean crash-grab-metrics or crash-grid-metrics or crash-metrics or roborally-metrics?"
            in err)


@pytest.mark.parametrize("name", ["crash-grab-layout", "crash-grab-layout.schema.json", "validation-report"])
def test_schema_prints_a_schema_by_its_name(capsys, name):
    status, out, err = run(capsys, "schema", name)
    assert status == 0 and err == ""
    assert out == (ROOT / "schemas" / f"{name.removesuffix('.schema.json')}.schema.json").read_text()


@pytest.mark.parametrize(("old", "new"), sorted(OLD_NAMES.items()))
def test_schema_an_old_name_prints_the_renamed_schema_and_says_its_name(capsys, old, new):
    for given in (old, f"{old}.schema.json"):
        status, out, err = run(capsys, "schema", given)
        assert status == 0 and out == (ROOT / "schemas" / f"{new}.schema.json").read_text()
        assert err == f"crashgrab schema: {old!r} is now called {new!r}; this is {new}.\n"
    assert run(capsys, "-q", "schema", old) == (0, (ROOT / "schemas" / f"{new}.schema.json").read_text(), "")


def test_schema_an_unknown_name_exits_2_with_close_matches(capsys):
    status, out, err = run(capsys, "schema", "scenarios")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "Did you mean crash-grab-scenario or " in err  # the old name "scenario" is closest: offered as its new name
    assert " scenario " not in err


def test_docs_prints_a_page_of_the_shipped_guide(capsys):
    status, out, _ = run(capsys, "docs")
    assert status == 0 and {"findings", "scenarios", "exports"} <= set(out.split())
    status, out, _ = run(capsys, "docs", "scenarios.md")
    assert status == 0 and out == (ROOT / "docs" / "scenarios.md").read_text()
    assert run(capsys, "docs", "senarios")[0] == 2


# --- --format json ------------------------------------------------------------------------------------
def test_games_as_json(capsys):
    status, out, _ = run(capsys, "games", "--format", "json")
    document = json.loads(out)
    Draft202012Validator(schema("games")).validate(document)
    assert status == 0
    assert [g["id"] for g in document["games"]] == [s.id for s in all_systems()]
    grab = next(g for g in document["games"] if g["id"] == "crash-and-grab")
    assert grab["players"] == [2, 3, 4, 5, 6] and grab["random_setup"] is True
    assert {"id": "6", "title": "6 saucers", "players": [6], "width": 10, "height": 10} in grab["templates"]
    assert grab["finding_codes"]["accelerator-loop"] == "warning"
    assert {"id": "tiled", "title": grab["exports"][1]["title"], "needs_output": True} in grab["exports"]


def test_show_as_json_has_the_boards_cells_features_and_text(capsys):
    text_status, text, _ = run(capsys, "show", str(LAYOUTS / "standard-2-4p.json"))
    status, out, err = run(capsys, "show", "--format", "json", str(LAYOUTS / "standard-2-4p.json"))
    document = json.loads(out)
    Draft202012Validator(schema("show")).validate(document)
    assert status == text_status == 0 and err == ""
    assert (document["game"], document["width"], document["height"], document["holes"]) == ("crash-and-grab", 8, 8, [])
    assert [document["description"], *document["text"]] == text.splitlines()
    # README's board: Crash Site 1 at [1,0], an Accelerator at [3,0], Crash Site 12 at [5,7]
    features = {(f["type"], tuple(f["cell"])): f.get("number") for f in document["features"]}
    assert features[("crash_site", (1, 0))] == 1 and ("accelerator", (3, 0)) in features
    assert features[("crash_site", (5, 7))] == 12
    assert sum(1 for kind, _ in features if kind == "crash_site") == 12
    assert document["margins"] == {"north": "Sun", "east": "Asteroids", "south": "Meteor", "west": "Stars"}


def test_show_as_json_carries_the_findings_and_exits_1(capsys):
    status, out, _ = run(capsys, "show", "--format", "json", str(OVERLAP))
    document = json.loads(out)
    Draft202012Validator(schema("show")).validate(document)
    assert status == 1 and "overlap" in {f["code"] for f in document["findings"]}


# --- -q ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [["-q", "new", "--players", "4"], ["new", "--players", "4", "-q"],
                                  ["new", "--quiet", "--players", "4"]])
def test_quiet_leaves_out_the_notes(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 0 and json.loads(out)["template"] == "2-4"
    assert err == ""


def test_without_quiet_the_seed_is_noted(capsys):
    status, _, err = run(capsys, "new", "--players", "4")
    assert status == 0 and err.startswith("seed ")


def test_quiet_keeps_findings_and_errors(capsys, tmp_path):
    status, _, err = run(capsys, "-q", "show", str(OVERLAP))
    assert status == 1 and " overlap " in err
    status, _, err = run(capsys, "-q", "show", str(tmp_path / "missing.json"))
    assert status == 2 and "missing.json" in err


def test_quiet_works_on_a_nested_command(capsys):
    status, out, _ = run(capsys, "scenario", "run", "-q", str(LAYOUTS / "scenarios" / "first-moves.json"))
    assert status == 0 and "PASS:" in out


# --- without the [editor] extra ------------------------------------------------------------------------
# A fresh interpreter in which PySide6 cannot be imported, as after `pip install crash-grab-editor`.
WITHOUT_QT = textwrap.dedent("""\
    import contextlib, io, json, sys
    class NoQt:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("PySide6", "shiboken6"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    sys.meta_path.insert(0, NoQt())
    from crashgrab.engine.cli import main
    from crashgrab.editor.app import main as editor
    results = {}
    for name, command, argv in json.loads(sys.argv[1]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = (editor if command == "editor" else main)(argv)
            except SystemExit as exit_:
                code = exit_.code
        results[name] = [code, out.getvalue(), err.getvalue()]
    print(json.dumps(results))
    """)


def test_without_qt_the_cli_works_and_drawing_says_what_to_install(tmp_path):
    layout = str(LAYOUTS / "standard-2-4p.json")
    commands = [
        ("help", "crashgrab", ["--help"]),
        ("validate", "crashgrab", ["validate", layout]),
        ("render", "crashgrab", ["render", layout, "-o", str(tmp_path / "b.png")]),
        ("print", "crashgrab", ["print", layout, "-o", str(tmp_path / "b.pdf")]),
        ("editor", "editor", [layout]),
    ]
    result = subprocess.run([sys.executable, "-c", WITHOUT_QT, json.dumps(commands)], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    results = json.loads(result.stdout)
    assert results["help"][0] == 0 and "render" in results["help"][1] and "crash-grab-editor[editor]" in results["help"][1]
    assert results["validate"][0] == 0
    for name in ("render", "print", "editor"):
        code, out, err = results[name]
        assert code == 2 and out == "", name
        assert err.count("\n") == 1 and "install crash-grab-editor[editor]" in err and "Traceback" not in err, err
    assert not (tmp_path / "b.png").exists() and not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize(("error", "words"), [
    (ModuleNotFoundError("No module named 'PySide6'", name="PySide6"),
     "this needs PySide6, which is not installed: install crash-grab-editor[editor]"),
    # what CPython raises when a compiled Qt module cannot load a system library (seen with a test extension)
    (ImportError("libEGL.so.1: cannot open shared object file: No such file or directory", name="QtGui",
                 path="/venv/lib/python3.11/site-packages/PySide6/QtGui.abi3.so"),
     "PySide6 is installed but does not load (libEGL.so.1: cannot open shared object file"),
])
def test_a_missing_or_broken_qt_is_one_line(error, words):
    from crashgrab.engine.cli.optional import missing_extra_message

    message = missing_extra_message(error)
    assert message is not None and words in message and "\n" not in message


def test_other_import_errors_are_not_blamed_on_the_extra():
    from crashgrab.engine.cli.optional import missing_extra_message

    assert missing_extra_message(ModuleNotFoundError("No module named 'numba'", name="numba")) is None
    assert missing_extra_message(ImportError("x", name="QtGui", path="/elsewhere/QtGui.so")) is None


def test_explain_of_a_code_several_games_report_gives_each_games_meaning(capsys):
    """`start-count` means one thing in Crash Grid, another in Crash! and in RoboRally: all three."""
    assert crashgrab(["explain", "start-count"]) == 0
    out = capsys.readouterr().out
    assert all(f"{game} (error):" in out for game in ("Crash Grid", "Crash!", "RoboRally: Crash and Burn"))
    assert "numbered 1, 2, 3" in out  # RoboRally's fix
