"""Issue 11: every hostile input, for every command that reads a file: exit 2, one line on
stderr naming the file and the fault, no traceback, no hang (each run has a time limit)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from crashgrab.engine.cli import main
from tests.conftest import LAYOUTS
from tests.hostile_files import GOOD_LAYOUT, LAYOUT_CASES, SCENARIO_CASES, SECRET, prepare, within

SECONDS = 20  # far above any case's real time (under a second); a hang fails instead of blocking CI

# Every command that reads a layout, as argv after the file name (OUT: an output in the test's folder).
LAYOUT_COMMANDS = {
    "validate": ["validate", "{file}"],
    "validate --format json": ["validate", "{file}", "--format", "json"],
    "show": ["show", "{file}"],
    "export": ["export", "{file}"],
    "export -o": ["export", "{file}", "-o", "{out}/out.json"],
    "export --format tiled": ["export", "{file}", "--format", "tiled", "-o", "{out}/out.tmj"],
    "render": ["render", "{file}", "-o", "{out}/out.png"],
    "print": ["print", "{file}", "-o", "{out}/out.pdf"],
}


def run_command(argv: list[str], capsys) -> tuple[int, str, str]:
    with within(SECONDS):
        code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def check_message(err: str, command: str, file, case) -> None:
    lines = [line for line in err.splitlines() if line]
    assert len(lines) == 1, err
    assert lines[0].startswith(f"crashgrab {command}: "), err
    assert str(file) in lines[0], err
    for word in case.words:
        assert word in lines[0], err
    if case.where:
        assert f": {case.where}: " in lines[0], err
    assert "Traceback" not in err and "(None)" not in err and SECRET not in err
    assert len(lines[0]) < 600  # long values are shortened


@pytest.mark.parametrize("command", LAYOUT_COMMANDS)
@pytest.mark.parametrize("case", LAYOUT_CASES, ids=[c.name for c in LAYOUT_CASES])
def test_every_command_refuses_every_hostile_layout(request, tmp_path, capsys, monkeypatch, case, command):
    if command == "print" and case.name == "a tile set":
        pytest.skip("print prints a tile set: its tile sheets (tests/test_print_pdf.py)")
    if command in ("render", "print"):
        request.getfixturevalue("qapp")
    file = prepare(case, tmp_path / "in", monkeypatch)
    out = tmp_path / "out"
    out.mkdir()
    argv = [a.format(file=file, out=out) for a in LAYOUT_COMMANDS[command]]
    code, stdout, err = run_command(argv, capsys)
    assert code == 2, err
    check_message(err, argv[0], file, case)
    assert sorted(out.iterdir()) == []  # nothing written
    if command == "validate --format json":  # the report still says what is wrong with the file
        entry = json.loads(stdout)["files"][0]
        assert entry["valid"] is False and entry["findings"][0]["code"] in ("invalid-file", "unreadable-file")


@pytest.mark.parametrize("output_format", ["text", "json"])
@pytest.mark.parametrize("case", SCENARIO_CASES, ids=[c.name for c in SCENARIO_CASES])
def test_scenario_run_refuses_every_hostile_scenario(tmp_path, capsys, monkeypatch, case, output_format):
    file = prepare(case, tmp_path, monkeypatch)
    code, out, err = run_command(["scenario", "run", str(file), "--format", output_format], capsys)
    assert code == 2, err
    check_message(err, "scenario", file, case)
    if output_format == "json":
        assert json.loads(out)["error"]["where"] == case.where


def test_a_bom_is_accepted(tmp_path, capsys):
    plain = run_command(["validate", str(GOOD_LAYOUT)], capsys)
    with_bom = tmp_path / "bom.json"
    with_bom.write_bytes(b"\xef\xbb\xbf" + GOOD_LAYOUT.read_bytes())
    code, out, err = run_command(["validate", str(with_bom)], capsys)
    assert (code, out.replace(str(with_bom), "F")) == (plain[0], plain[1].replace(str(GOOD_LAYOUT), "F"))


def test_the_size_limit_can_be_raised(tmp_path, capsys, monkeypatch):
    case = next(c for c in LAYOUT_CASES if c.name == "over the size limit")
    file = prepare(case, tmp_path, monkeypatch)
    assert run_command(["show", str(file)], capsys)[0] == 2
    monkeypatch.setenv("CRASHGRAB_MAX_FILE_MB", "1")
    assert run_command(["show", str(file)], capsys)[0] == 0
    monkeypatch.setenv("CRASHGRAB_MAX_FILE_MB", "lots")
    code, _, err = run_command(["show", str(file)], capsys)
    assert code == 2 and "CRASHGRAB_MAX_FILE_MB=lots is not a size in MiB" in err


def test_the_turn_limit_is_a_setting(capsys, monkeypatch):
    shipped = LAYOUTS / "scenarios" / "first-moves.json"  # 4 turns
    monkeypatch.setenv("CRASHGRAB_MAX_TURNS", "3")
    code, _, err = run_command(["scenario", "run", str(shipped)], capsys)
    assert code == 2 and "$.turns: 4 turns; a scenario may have at most 3." in err
    monkeypatch.setenv("CRASHGRAB_MAX_TURNS", "4")
    assert run_command(["scenario", "run", str(shipped)], capsys)[0] == 0


def test_a_real_process_neither_hangs_nor_prints_a_traceback(tmp_path):
    """The in-process table above, checked once end to end: a FIFO given to a real process."""
    os.mkfifo(tmp_path / "f.json")
    result = subprocess.run([sys.executable, "-m", "crashgrab.engine", "validate", "f.json"], capture_output=True,
                            text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 2 and "f.json: this is a named pipe (FIFO)" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("select", ["", ",,,", " , "])
def test_an_empty_select_is_an_error_not_a_pass(capsys, select):
    code, out, err = run_command(["validate", "--strict", "--select", select, str(GOOD_LAYOUT)], capsys)
    assert code == 2 and out == "" and "names no finding code" in err
    code, _, err = run_command(["survey", "--players", "2-4", "--sample", "3", "--seed", "1", "--select", select],
                               capsys)
    assert code == 2 and "no codes given" in err


def test_a_sample_too_large_to_survey_is_refused_at_once(capsys):
    code, out, err = run_command(["survey", "--players", "2-4", "--sample", "1000000000000", "--seed", "1"], capsys)
    assert code == 2 and out == "" and "--sample 1,000,000,000,000 is more than the 10,000,000" in err


def test_workers_are_capped_at_the_cores_with_a_warning(capsys, monkeypatch):
    from crashgrab.engine.crash_and_grab.survey import cli as survey
    monkeypatch.setattr(survey, "available_cores", lambda: 2)
    assert survey.worker_count(1000) == 2
    assert "warning: --workers 1000 is more than the 2 cores available; using 2." in capsys.readouterr().err
    assert (survey.worker_count(2), survey.worker_count(1), survey.worker_count(None)) == (2, 1, 2)
    assert capsys.readouterr().err == ""


def test_the_dpi_help_gives_the_real_limit_for_each_board(qapp, capsys):
    from crashgrab.editor.image_size import ImageGeometry, check_dpi
    from crashgrab.engine.errors import UsageError
    with pytest.raises(SystemExit):
        main(["render", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for side in (8, 9, 10):
        limit = ImageGeometry(side, side).max_dpi()
        assert f"{limit} for the {side}x{side} board" in help_text
        check_dpi(limit, ImageGeometry(side, side))
        with pytest.raises(UsageError):
            check_dpi(limit + 1, ImageGeometry(side, side))


@pytest.mark.parametrize("make_argv, words", [
    (lambda d: ["export", str(GOOD_LAYOUT), "-o", str(d / "x.json")], "this is a resolved export"),
    (lambda d: ["export", str(GOOD_LAYOUT), "--format", "tiled", "-o", str(d / "x.tmj")], "this is a Tiled map"),
    (lambda d: ["validate", str(GOOD_LAYOUT), "--format", "json"], "this is a validation report"),
], ids=["export", "Tiled map", "validation report"])
def test_a_file_this_program_wrote_is_named_for_what_it_is(tmp_path, capsys, make_argv, words):
    argv = make_argv(tmp_path)
    code, out, _ = run_command(argv, capsys)
    assert code == 0
    written = tmp_path / "x.json" if argv[0] == "validate" else tmp_path / argv[-1].split("/")[-1]
    if argv[0] == "validate":
        written.write_text(out)
    for command in (["validate", str(written)], ["scenario", "run", str(written)]):
        code, _, err = run_command(command, capsys)
        assert code == 2 and words in err and "unknown field" not in err and "missing field" not in err


def test_a_huge_value_in_a_finding_is_shortened(tmp_path, capsys):
    """A 200,000-character tile id shows as its first characters and its length, in text and JSON."""
    document = json.loads((LAYOUTS / "standard-2-4p.json").read_text())
    document["template"] = None
    document["tileset"] = json.loads((LAYOUTS / "tilesets" / "standard.json").read_text())
    long_id = "t" * 200_000
    document["placements"][0]["tile"] = long_id
    path = tmp_path / "long-finding.json"
    path.write_text(json.dumps(document))
    code, out, _ = run_command(["validate", str(path)], capsys)
    assert code == 1 and "characters)" in out and long_id not in out  # the quoted id: 200,002
    code, out, _ = run_command(["validate", "--format", "json", str(path)], capsys)
    messages = [f["message"] for f in json.loads(out)["files"][0]["findings"]]
    assert any("characters)" in m for m in messages) and not any(long_id in m for m in messages)
