"""Issue 27, hostile input round 2: each item's reproducer, beyond the cases tests/hostile_files.py
adds to the table every command runs (a scenario on another game's layout, lone surrogates, NUL
bytes in paths, the limits of each game). Each ends in one clear line and exit 2, or a correct
result, never a traceback."""
from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.errors import InvalidFileError, UsageError, WriteError, printable, shorten_long_words, shown_path
from crashgrab.engine.formats import limits as limits_module
from crashgrab.engine.formats.atomic import write_text_atomic
from crashgrab.engine.formats.jsonio import parse_json
from crashgrab.engine.formats.layout_io import layout_from_json, load_layout
from crashgrab.engine.formats.references import CONFINE_ENV
from crashgrab.engine.games import all_systems
from crashgrab.engine.system import GameSystem
from tests.conftest import LAYOUTS, ROOT
from tests.hostile_files import CRASH_GRID_LAYOUT, CRASH_GRID_SCENARIO, GOOD_LAYOUT, SCENARIO_WITH_LAYOUT_PATH, within

SECONDS = 20
TILESET = LAYOUTS / "tilesets" / "standard.json"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    with within(SECONDS):
        code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def document(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def write(path: Path, value) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


# --- 3: another game's file -------------------------------------------------------------------
@pytest.mark.parametrize("scenario, layout, words", [
    (SCENARIO_WITH_LAYOUT_PATH, CRASH_GRID_LAYOUT, "this scenario is Crash & Grab's, but its layout is a Crash Grid arena"),
    (CRASH_GRID_SCENARIO, GOOD_LAYOUT, "this scenario is Crash Grid's, but its layout is a Crash & Grab layout"),
], ids=["Crash & Grab on an arena", "Crash Grid on a Crash & Grab layout"])
@pytest.mark.parametrize("inline", [False, True], ids=["by path", "inline"])
def test_a_scenario_on_another_games_layout_is_refused(tmp_path, capsys, scenario, layout, words, inline):
    changed = {**document(scenario), "layout": document(layout) if inline else str(layout)}
    file = write(tmp_path / "scenario.json", changed)
    code, _, err = run(["scenario", "run", str(file)], capsys)
    assert code == 2 and f"{file}: $.layout: {words}." in one_line(err)


def test_the_library_refuses_it_too_for_the_editors_playtest(tmp_path):
    """The games' own readers (the editor's playtest opens scenarios through them) check as well."""
    from crashgrab.engine.crash_and_grab.scenario_file import load_scenario

    file = write(tmp_path / "scenario.json", {**document(SCENARIO_WITH_LAYOUT_PATH), "layout": str(CRASH_GRID_LAYOUT)})
    with pytest.raises(InvalidFileError, match="but its layout is a Crash Grid arena") as caught:
        load_scenario(file)
    assert caught.value.where == "$.layout"


def test_every_game_names_its_layouts_for_the_message():
    for system in all_systems():
        assert system.layout_noun and system.layout_noun == system.layout_noun.strip()


# --- 4: lone surrogates ------------------------------------------------------------------------
@pytest.mark.parametrize("text, where", [
    ('{"name": "a\\ud800"}', "$.name"),
    ('{"name": "\\udcff"}', "$.name"),
    ('{"list": [1, {"deep": ["ok", "\\uDFFF"]}]}', "$.list[1].deep[1]"),
    ('{"a b": {"\\ud800": 1}}', '$["a b"]["\\ud800"]'),
    ('{"first": "\\udc00", "second": "\\ud800"}', "$.first"),
])
def test_a_lone_surrogate_is_refused_with_its_json_path(text, where):
    with pytest.raises(InvalidFileError, match="surrogate pair without its other half") as caught:
        parse_json(text, "f.json")
    assert caught.value.where == where


def test_a_surrogate_pair_is_one_character_and_loads(tmp_path, capsys):
    file = write(tmp_path / "emoji.json", {**document(GOOD_LAYOUT), "name": "Rocket \ud83d\ude80"})
    assert '"Rocket \\ud83d\\ude80"' in file.read_text()  # the pair as JSON escapes, as the file had it
    code, out, _ = run(["show", str(file)], capsys)
    assert code == 0 and out.startswith("Rocket \U0001F680 (template 2-4")


def test_unwritable_text_is_a_write_error_and_leaves_the_old_file(tmp_path):
    target = tmp_path / "layout.json"
    target.write_text("old")
    with pytest.raises(WriteError, match=r"holds \\ud800, which is not a character"):
        write_text_atomic(target, '{"name": "\ud800"}')
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["layout.json"]


# --- 5: NUL bytes ------------------------------------------------------------------------------
def test_a_nul_byte_in_a_path_is_one_message_from_the_library(tmp_path):
    file = write(tmp_path / "nul.json", {**document(GOOD_LAYOUT), "tileset": "tiles/\0standard.json"})
    with pytest.raises(InvalidFileError, match=r"the tile set path 'tiles/\\x00standard.json' holds a NUL byte"):
        load_layout(file)


def test_the_editors_screenshot_says_what_is_wrong_without_a_traceback(qapp, tmp_path, capsys):
    from crashgrab.editor.app import main as editor_main

    file = write(tmp_path / "nul.json", {**document(GOOD_LAYOUT), "tileset": "a\0b.json"})
    code = editor_main([str(file), "--screenshot", str(tmp_path / "out.png")])
    err = capsys.readouterr().err
    assert code == 2 and "$.tileset: the tile set path 'a\\x00b.json' holds a NUL byte" in one_line(err)
    assert not (tmp_path / "out.png").exists()


# --- 6: limits of every game -------------------------------------------------------------------
def test_every_game_with_a_rules_engine_limits_its_scenarios_steps():
    for system in all_systems():
        if type(system).run_scenario_file is GameSystem.run_scenario_file:
            continue  # no scenarios to bound
        steps = [limit for limit in system.limits if limit.format == "crash-grab-scenario"]
        assert steps, f"{system.title} declares no limit on its scenarios"
        for limit in system.limits:
            assert limit.default > 0 and limit.noun and limit.path


def test_a_scenario_over_a_limit_is_refused_before_its_schema_is_checked(tmp_path, capsys, monkeypatch):
    """540,000 tricks took 95 s of schema checking: now the count alone refuses such a file."""
    scenario = document(CRASH_GRID_SCENARIO)
    scenario.update(layout=str(CRASH_GRID_SCENARIO.parent / scenario["layout"]), tricks=scenario["tricks"] * 5_000)
    file = write(tmp_path / "long.json", scenario)

    def no_schema(*_args, **_kwargs):
        raise AssertionError("the schema was checked before the limit")
    monkeypatch.setattr("crashgrab.engine.crash_grid.scenario_io.validate", no_schema)
    code, _, err = run(["scenario", "run", str(file)], capsys)
    assert code == 2 and "$.tricks: 5,000 tricks; a scenario may have at most 4,096." in one_line(err)
    monkeypatch.setenv("CRASHGRAB_MAX_TRICKS", "many")
    code, _, err = run(["scenario", "run", str(file)], capsys)
    assert code == 2 and "CRASHGRAB_MAX_TRICKS=many is not a positive whole number" in one_line(err)


def test_a_limit_can_be_raised_and_an_illegal_trick_stops_the_run_at_once(tmp_path, capsys, monkeypatch):
    """Within the raised limit the scenario is played; the second trick (after the round's end)
    is illegal, and the tricks after it are never played."""
    from crashgrab.engine.crash_grid import scenario as grid_scenario

    scenario = document(CRASH_GRID_SCENARIO)
    scenario.update(layout=str(CRASH_GRID_SCENARIO.parent / scenario["layout"]), tricks=scenario["tricks"] * 5)
    file = write(tmp_path / "five.json", scenario)
    monkeypatch.setenv("CRASHGRAB_MAX_TRICKS", "4")
    assert "5 tricks; a scenario may have at most 4" in run(["scenario", "run", str(file)], capsys)[2]
    monkeypatch.setenv("CRASHGRAB_MAX_TRICKS", "5")
    played = []
    real_apply = grid_scenario.apply
    monkeypatch.setattr(grid_scenario, "apply", lambda state, trick: (played.append(trick), real_apply(state, trick))[1])
    code, _, err = run(["scenario", "run", str(file)], capsys)
    assert code == 2 and "$.tricks[1]: trick 2: the round is over" in one_line(err)
    assert len(played) == 2


def _many_tiles(layout: dict) -> None:
    layout.update(template=None, placements=[{"tile": str(i), "side": "A", "x": 0, "y": 0, "rotation": 0}
                                             for i in range(257)])


def _many_tile_set_tiles(layout: dict) -> None:
    tileset = document(TILESET)
    layout["tileset"] = {**tileset, "tiles": tileset["tiles"] * 19}  # 266


@pytest.mark.parametrize("base, edit, message", [
    (CRASH_GRID_LAYOUT, lambda d: d["arena"].update(width=1_000_000),
     "$.arena.width: 1,000,000 columns; a layout may have at most 64."),
    (GOOD_LAYOUT, _many_tiles, "$.placements: 257 tiles placed; a layout may have at most 256."),
    (GOOD_LAYOUT, _many_tile_set_tiles, "$.tileset.tiles: 266 tiles in the tile set; a layout may have at most 256."),
], ids=["Crash Grid arena", "Crash & Grab tiles placed", "Crash & Grab tile set"])
def test_a_layout_over_its_games_board_size_is_refused(tmp_path, capsys, base, edit, message):
    layout = document(base)
    edit(layout)
    code, _, err = run(["validate", str(write(tmp_path / "big.json", layout))], capsys)
    assert code == 2 and message in one_line(err)


def test_no_file_of_any_game_holds_more_values_than_the_cap(tmp_path, capsys, monkeypatch):
    notes = {**document(CRASH_GRID_LAYOUT), "walls": [[0, 0]] * 4_000}  # within its own limit: 12,000 values
    file = write(tmp_path / "walls.json", notes)
    monkeypatch.setattr(limits_module, "DEFAULT_MAX_VALUES", 10_000)
    code, _, err = run(["show", str(file)], capsys)
    assert code == 2 and "$: the file holds more than 10,000 values" in one_line(err)
    monkeypatch.setenv("CRASHGRAB_MAX_VALUES", "20000")
    code, _, err = run(["show", str(file)], capsys)
    assert code == 2 and "$.walls[1]: the wall at [0,0] is listed twice" in one_line(err)


@pytest.mark.parametrize("most, expected", [(5, False), (4, True)])
def test_the_value_count_is_items_and_fields(most, expected):
    assert limits_module.holds_more_values({"a": [1, 2], "b": {}, "c": None}, most) is expected  # 3 + 2 + 0 = 5


# --- 8: long values ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, kept", [
    ("Tile 'x' is not in tile set 'standard'.", True),
    ("Tile " + "'" + "x " * 150_000 + "' is not in tile set 'standard'.", False),
    ('the value "' + "y " * 150_000 + '" is not allowed', False),
    ("a word of " + "z" * 400 + " letters", False),
    ("word " * 400, False),  # no one value is long, but the message is: cut as a whole
])
def test_every_message_is_cut_to_a_readable_length(text, kept):
    shown = shorten_long_words(text)
    assert (shown == text) is kept
    assert len(shown) <= 1_000 and (kept or "characters)" in shown)


def test_a_long_unknown_tile_id_with_spaces_is_not_echoed_whole(tmp_path, capsys):
    layout = document(GOOD_LAYOUT)
    layout["placements"][0]["tile"] = "x " * 150_000
    file = write(tmp_path / "long-id.json", layout)
    code, out, _ = run(["validate", str(file)], capsys)
    assert code == 1 and "300,002 characters)" in out and max(len(line) for line in out.splitlines()) < 1_100
    code, _, err = run(["export", str(file)], capsys)
    assert code == 2 and len(one_line(err)) < 1_100
    code, out, _ = run(["validate", "--format", "json", str(file)], capsys)
    assert max(len(f["message"]) for f in json.loads(out)["files"][0]["findings"]) <= 1_000


def test_a_long_option_value_with_spaces_is_not_echoed_whole(capsys):
    code, _, err = run(["export", str(GOOD_LAYOUT), "--format", "tiles " * 20_000], capsys)
    assert code == 2 and "has no export format" in one_line(err) and len(one_line(err)) < 1_100
    with pytest.raises(SystemExit) as caught:  # argparse's own message for a choice
        main(["validate", str(GOOD_LAYOUT), "--format", "text " * 20_000])
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "invalid choice: 'text text" in err and "(100,002 characters)" in err
    assert len(err) < 1_500


# --- 9: file names that are not UTF-8 -------------------------------------------------------------
def test_a_file_name_that_is_not_utf8_is_printed_escaped_on_a_strict_utf8_terminal(tmp_path, monkeypatch):
    """As with PYTHONIOENCODING=utf-8: output streams that refuse what is not UTF-8."""
    monkeypatch.chdir(tmp_path)
    name = os.fsdecode(b"caf\xff.json")  # what Python makes of the byte 0xff in a file name
    (tmp_path / name).write_bytes(GOOD_LAYOUT.read_bytes())
    for argv, expected in (
        (["validate", name], "caf\\xff.json: 4 warnings, 10 notes"),
        (["validate", name, "--format", "json"], '"file": "caf\\\\xff.json"'),
        (["examples", "--copy", os.fsdecode(b"d\xff")], "d\\xff/standard-2-4p.json"),
    ):
        out, err = io.BytesIO(), io.BytesIO()
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8", errors="strict"))
        monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(err, encoding="utf-8", errors="strict"))
        with within(SECONDS):
            code = main(argv)
        sys.stdout.flush()
        sys.stderr.flush()
        assert code == 0 and err.getvalue() == b"", err.getvalue()
        assert expected in out.getvalue().decode("utf-8"), out.getvalue()
    assert (tmp_path / os.fsdecode(b"d\xff") / "standard-2-4p.json").is_file()


@pytest.mark.parametrize("text, shown", [
    ("plain name", "plain name"),
    ("\x1b]0;title\x07\x1b[2J", "\\x1b]0;title\\x07\\x1b[2J"),
    ("two\nlines\tand\rreturn", "two\\x0alines\\x09and\\x0dreturn"),
    ("caf" + os.fsdecode(b"\xff"), "caf\\xff"),
    ("half \ud800", "half \\ud800"),
    ("\u202eevil", "\\u202eevil"),
    ("\x9b2J", "\\x9b2J"),
    ("Rocket \U0001F680 \u00e9", "Rocket \U0001F680 \u00e9"),
])
def test_printable_escapes_what_a_terminal_would_obey(text, shown):
    assert printable(text) == shown
    assert shown_path(text) == shown


def test_printable_keeps_the_lines_of_a_report():
    assert printable("a\n\tb\x1b[2J\r", lines=True) == "a\n\tb\\x1b[2J\\x0d"


# --- 10: terminal escapes from a file --------------------------------------------------------------
ESCAPES = "\x1b]0;pwned\x07\x1b[2J"


@pytest.mark.parametrize("layout", [GOOD_LAYOUT, CRASH_GRID_LAYOUT], ids=["Crash & Grab", "Crash Grid"])
def test_show_prints_a_name_with_its_escapes_shown(tmp_path, capsys, layout):
    file = write(tmp_path / "escapes.json", {**document(layout), "name": f"Board{ESCAPES}\nfake line"})
    code, out, _ = run(["show", str(file)], capsys)
    assert code in (0, 1) and "\x1b" not in out and "\x07" not in out
    assert out.splitlines()[0].startswith("Board\\x1b]0;pwned\\x07\\x1b[2J\\x0afake line (")


@pytest.mark.parametrize("scenario", [SCENARIO_WITH_LAYOUT_PATH, CRASH_GRID_SCENARIO], ids=["Crash & Grab", "Crash Grid"])
def test_scenario_run_prints_names_and_notes_with_their_escapes_shown(tmp_path, capsys, scenario):
    changed = document(scenario)
    changed.update(name=f"Test{ESCAPES}\nPASS: forged", layout=str(scenario.parent / changed["layout"]))
    file = write(tmp_path / "escapes.json", changed)
    code, out, _ = run(["scenario", "run", str(file)], capsys)
    assert code in (0, 1) and "\x1b" not in out and "\x07" not in out
    assert f"== {file}: Test\\x1b]0;pwned\\x07\\x1b[2J\\x0aPASS: forged" in out.splitlines()[0]
    code, out, _ = run(["scenario", "run", "--format", "json", str(file)], capsys)
    assert json.loads(out)["name"] == changed["name"]  # JSON carries the text itself, escaped by JSON


# --- 12: --confine -----------------------------------------------------------------------------------
def confined_tree(tmp_path: Path) -> Path:
    """inside/ with a tile set, links in and out, a loop; outside/ with another tile set."""
    inside, outside = tmp_path / "inside", tmp_path / "outside"
    (inside / "sets").mkdir(parents=True)
    outside.mkdir()
    (inside / "sets" / "mine.json").write_bytes(TILESET.read_bytes())
    (outside / "theirs.json").write_bytes(TILESET.read_bytes())
    os.symlink(outside / "theirs.json", inside / "link-out.json")
    os.symlink(inside / "sets" / "mine.json", inside / "link-in.json")
    os.symlink(inside / "loop-b", inside / "loop-a")
    os.symlink(inside / "loop-a", inside / "loop-b")
    return inside


OUTSIDE = "leads outside"
CONFINE_CASES = [  # (the layout's "tileset", what confinement makes of it: None loads)
    ("standard", None),
    ("sets/mine.json", None),
    ("./sets/../sets/mine.json", None),
    ("link-in.json", None),
    ("../outside/theirs.json", OUTSIDE),
    ("sets/../../outside/theirs.json", OUTSIDE),
    ("link-out.json", OUTSIDE),
    ("/etc/passwd", OUTSIDE),
    ("/proc/self/environ", OUTSIDE),
    ("../../../../../../etc/passwd", OUTSIDE),
    ("loop-a/x.json", "loop of symbolic links"),
]


@pytest.mark.parametrize("ref, refused", CONFINE_CASES, ids=[c[0] for c in CONFINE_CASES])
def test_confine_keeps_every_tileset_path_inside_the_folder(tmp_path, capsys, ref, refused):
    inside = confined_tree(tmp_path)
    file = write(inside / "layout.json", {**document(GOOD_LAYOUT), "tileset": ref})
    code, _, err = run(["--confine", str(inside), "export", str(file)], capsys)
    if refused is None:
        assert code == 0, err
    else:
        assert code == 2 and f"{file}: $.tileset: " in one_line(err) and refused in err
    assert CONFINE_ENV not in os.environ  # put back as it was for the next command in this process


def test_without_confine_a_path_outside_is_read(tmp_path, capsys):
    inside = confined_tree(tmp_path)
    file = write(inside / "layout.json", {**document(GOOD_LAYOUT), "tileset": "../outside/theirs.json"})
    assert run(["export", str(file)], capsys)[0] == 0


def test_the_environment_variable_confines_a_scenarios_layout(tmp_path, capsys, monkeypatch):
    inside = confined_tree(tmp_path)
    scenario = write(inside / "s.json", {**document(SCENARIO_WITH_LAYOUT_PATH), "layout": str(GOOD_LAYOUT)})
    monkeypatch.setenv(CONFINE_ENV, str(inside))
    code, _, err = run(["scenario", "run", str(scenario)], capsys)
    assert code == 2 and f"{scenario}: $.layout: the layout path " in one_line(err) and OUTSIDE in err
    monkeypatch.setenv(CONFINE_ENV, str(ROOT))  # the repository holds the layout: allowed
    assert run(["scenario", "run", str(scenario)], capsys)[0] in (0, 1)


@pytest.mark.parametrize("folder", ["missing", "file.json"])
def test_a_confinement_that_is_not_a_folder_is_said_at_once(tmp_path, capsys, folder):
    (tmp_path / "file.json").write_text("{}")
    code, out, err = run(["--confine", str(tmp_path / folder), "validate", str(GOOD_LAYOUT)], capsys)
    assert code == 2 and out == "" and "is not a folder" in one_line(err)


def test_the_library_obeys_the_environment_variable_as_the_editor_does(tmp_path, monkeypatch):
    inside = confined_tree(tmp_path)
    file = write(inside / "layout.json", {**document(GOOD_LAYOUT), "tileset": "link-out.json"})
    monkeypatch.setenv(CONFINE_ENV, str(inside))
    with pytest.raises(InvalidFileError, match=OUTSIDE):
        layout_from_json(document(file), file)
    monkeypatch.setenv(CONFINE_ENV, str(tmp_path / "nowhere"))
    with pytest.raises(UsageError, match="is not a folder"):
        load_layout(file)
