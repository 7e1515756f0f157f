"""`crashgrab validate`: text and JSON output, filters, severities and exit codes."""
from __future__ import annotations

import json

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.formats.schemas import validate as validate_schema
from tests.conftest import ROOT

SHIPPED = ["layouts/standard-2-4p.json", "layouts/standard-5p.json", "layouts/standard-6p.json"]
FIXTURES = "tests/fixtures/validation"


@pytest.fixture(autouse=True)
def at_repository_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def run(capsys, *argv):
    code = main(["validate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--format", "json")
    document = json.loads(out)
    validate_schema(document, "validation-report")
    return code, document, err


def test_the_shipped_layouts_pass_with_one_line_per_finding_and_a_summary_each(capsys):
    code, out, err = run(capsys, *SHIPPED)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("layouts/standard-2-4p.json: warning accelerator-loop [3,0] The Accelerators at "
                               "[3,0] and [6,0] can bounce a saucer moving 3")
    assert "layouts/standard-2-4p.json: 4 warnings, 10 notes" in lines
    assert "layouts/standard-5p.json: 5 warnings, 10 notes" in lines
    assert "layouts/standard-6p.json: 5 warnings, 11 notes" in lines
    assert lines[-1] == "3 files: 14 warnings, 31 notes"
    assert len(lines) == (14 + 1) + (15 + 1) + (16 + 1) + 1
    # Grouped by file, in the order given.
    files = [line.split(":")[0] for line in lines[:-1]]
    assert files == sorted(files, key=SHIPPED.index)


def test_json_output_validates_against_its_schema(capsys):
    code, document, _ = run_json(capsys, *SHIPPED)
    assert code == 0
    assert [entry["file"] for entry in document["files"]] == SHIPPED
    assert all(entry["valid"] for entry in document["files"])
    first = document["files"][0]
    assert len(first["findings"]) == 14
    assert set(first["metrics"]) == {"exposure", "crash_site_moves", "accelerators"}
    assert first["metrics"]["accelerators"]["count"] == 8


def test_strict_fails_on_warnings(capsys):
    assert run(capsys, "--strict", *SHIPPED)[0] == 1


def test_ignoring_the_warning_codes_makes_strict_pass(capsys):
    code, out, _ = run(capsys, "--strict", "--ignore", "accelerator-loop,crash-site-sequence", *SHIPPED)
    assert code == 0
    assert "accelerator-loop" not in out and "crash-site-sequence" not in out
    assert "layouts/standard-2-4p.json: 10 notes" in out.splitlines()


def test_select_takes_codes_and_dash_prefixes(capsys):
    _, out, _ = run(capsys, "--select", "crash-site", SHIPPED[0])
    codes = {line.split()[2] for line in out.splitlines()[:-1]}
    assert codes == {"crash-site-sequence", "crash-site-edge"}
    _, out, _ = run(capsys, "--select", "accelerator-loop", SHIPPED[0])
    assert out.splitlines()[-1] == "layouts/standard-2-4p.json: 2 warnings"


def test_severity_can_be_raised_and_switched_off_for_a_run(capsys):
    code, document, _ = run_json(capsys, "--severity", "accelerator-loop=error", SHIPPED[0])
    assert code == 1 and document["files"][0]["valid"] is False
    severities = {f["severity"] for f in document["files"][0]["findings"] if f["code"] == "accelerator-loop"}
    assert severities == {"error"}
    code, out, _ = run(capsys, "--severity", "accelerator-edge=off,crash-site-edge=off", SHIPPED[0])
    assert code == 0 and out.splitlines()[-1] == "layouts/standard-2-4p.json: 4 warnings"


def test_the_layout_file_can_set_severities(capsys):
    code, out, _ = run(capsys, "--strict", f"{FIXTURES}/quiet.json")
    assert code == 0
    assert "accelerator-loop" not in out
    assert out.splitlines()[-1] == f"{FIXTURES}/quiet.json: 12 notes"
    # ...and the run still has the last word.
    assert run(capsys, "--strict", "--severity", "accelerator-loop=warning", f"{FIXTURES}/quiet.json")[0] == 1


@pytest.mark.parametrize("argv, message", [
    (["--select", "nonsense"], "--select: 'nonsense' is not a finding code"),
    (["--ignore", "crash-site-missing,overlapping"], "--ignore: 'overlapping' is not a finding code"),
    (["--severity", "accelerator-loop"], "is not CODE=LEVEL"),
    (["--severity", "accelerator-lop=info"], "names no finding code 'accelerator-lop'"),
    (["--severity", "accelerator-loop=fatal"], "has level 'fatal'"),
])
def test_bad_usage_exits_2_with_one_message(capsys, argv, message):
    code, out, err = run(capsys, *argv, SHIPPED[0])
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_missing_format_or_file_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["validate", "--format", "xml", SHIPPED[0]])
    assert exit_info.value.code == 2
    with pytest.raises(SystemExit) as exit_info:
        main(["validate"])
    assert exit_info.value.code == 2
    capsys.readouterr()


def test_a_board_with_errors_exits_1(capsys):
    code, out, _ = run(capsys, f"{FIXTURES}/overlap.json")
    assert code == 1
    assert f"{FIXTURES}/overlap.json: error overlap [2,0] Tile 2 (placements[1]) overlaps tile 1" in out


def test_an_unreachable_part_of_a_custom_board(capsys):
    code, document, _ = run_json(capsys, f"{FIXTURES}/walled.json")
    assert code == 1
    unreachable = [f for f in document["files"][0]["findings"] if f["code"] == "unreachable"]
    assert [f["cells"] for f in unreachable] == [[[x, y] for y in range(3) for x in range(4, 7)]]


@pytest.mark.parametrize("name, code, kind, where", [
    ("malformed.json", 2, "invalid-file", None),  # a bad file: cannot be checked (README, exit codes)
    ("bad-rotation.json", 2, "invalid-file", "$.placements[0].rotation"),
    ("no-such-file.json", 2, "unreadable-file", None),
])
def test_files_that_are_not_layouts(capsys, name, code, kind, where):
    path = f"{FIXTURES}/{name}"
    exit_code, document, err = run_json(capsys, path, SHIPPED[0])
    assert exit_code == code
    entry = document["files"][0]
    assert entry["file"] == path and entry["valid"] is False and entry["metrics"] is None
    assert [f["code"] for f in entry["findings"]] == [kind]
    if where:
        assert entry["findings"][0]["details"] == {"where": where}
    assert document["files"][1]["valid"] is True  # the other file is still checked
    assert err.startswith(f"crashgrab validate: {path}") and "Traceback" not in err


def test_an_unreadable_file_wins_over_a_failing_one(capsys):
    code, out, err = run(capsys, f"{FIXTURES}/overlap.json", f"{FIXTURES}/no-such-file.json")
    assert code == 2 and "no-such-file.json" in err
    # overlap.json (tile 2 at [2,0] loses its left half to tile 1) is the 6x4 board
    #   .1.>>.  /  ..3..5  /  2.....  /  >...6.
    # errors: overlap, sites 4 and 7-12 missing; warning: the loop [3,0]-[4,0]; notes: sites
    # 1, 5, 2, 6 on the edge, Accelerators [3,0], [4,0], [0,3] on the edge, and [3,0], [4,0]
    # bounced with 4 or 5 can only crash. The file that cannot be read counts as one error.
    assert out.splitlines()[-1] == "2 files: 3 errors, 1 warning, 9 notes"


def test_the_console_script_is_registered():
    from crashgrab.engine.cli import build_parser
    args = build_parser().parse_args(["validate", "x.json"])
    assert args.files == ["x.json"] and args.format == "text" and not args.strict
