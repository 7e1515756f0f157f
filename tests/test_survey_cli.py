"""`crashgrab survey`: exit codes, messages, the JSON report's shape, best boards as files,
and the progress bar (only on a terminal)."""
from __future__ import annotations

import io
import json

import pytest

from crashgrab.engine.cli import build_parser, main
from crashgrab.engine.crash_and_grab.survey.cli import make_folder, request_from_args
from crashgrab.engine.crash_and_grab.survey.progress import ProgressBar, format_duration, progress_line
from crashgrab.engine.crash_and_grab.survey.runner import ALL, SAMPLE
from crashgrab.engine.crash_and_grab.validation import validate_layout
from crashgrab.engine.errors import WriteError
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.formats.schemas import validate


@pytest.mark.parametrize("arguments, message", [
    (["--players", "5", "--all", "--stop-after", "0"], "--stop-after needs at least 1 chunk, not 0"),
    (["--players", "6", "--sample", "10", "--resume"], "--resume of a sample needs its --seed"),
    (["--players", "6"], "say how many 6-saucer setups to check with --sample N"),
    (["--players", "2-4", "--sample", "0"], "--sample needs a positive number of boards, not 0"),
    (["--players", "5", "--sample", "10", "--workers", "0"], "--workers needs at least 1 process"),
    (["--players", "5", "--sample", "10", "--best", "-1"], "--best needs 0 or more boards"),
    (["--players", "2-4", "--seed", "3"], "--seed only applies to --sample N"),
    (["--players", "5", "--sample", "10", "--select", "accelerator-loop,no-such-code"],
     "no-such-code is not a code a survey counts"),
    (["--players", "5", "--sample", "10", "--select", ","], "no codes given"),
])
def test_usage_errors_exit_2_with_one_clear_line(capsys, arguments, message):
    assert main(["survey", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("crashgrab survey: ") and message in captured.err
    assert captured.err.count("\n") == 1


@pytest.mark.parametrize("arguments", [
    ["--players", "7", "--sample", "3"],
    ["--players", "2-4", "--all", "--sample", "3"],
    ["--players", "5", "--sample", "many"],
    [],
])
def test_arguments_argparse_refuses_exit_2(capsys, arguments):
    with pytest.raises(SystemExit) as stop:
        main(["survey", *arguments])
    assert stop.value.code == 2


def parse(*arguments):
    return request_from_args(build_parser().parse_args(["survey", *arguments]))


def test_2_4_surveys_every_arrangement_by_default():
    request = parse("--players", "3")
    assert (request.template, request.mode, request.board_count()) == ("2-4", ALL, 98_304)
    request = parse("--players", "2-4", "--all", "--select", "accelerator-loop, crash-site-edge")
    assert request.select == ("accelerator-loop", "crash-site-edge")


def test_a_sample_keeps_its_seed():
    request = parse("--players", "6", "--sample", "12", "--seed", "77", "--best", "2")
    assert (request.template, request.mode, request.sample, request.seed, request.best) == ("6", SAMPLE, 12, 77, 2)


def test_a_survey_writes_its_report_and_the_best_boards(tmp_path, capsys):
    report_file = tmp_path / "report.json"
    out_dir = tmp_path / "best"
    code = main(["survey", "--players", "6", "--sample", "40", "--seed", "9", "--workers", "1",
                 "-o", str(report_file), "--best", "2", "--out-dir", str(out_dir)])
    assert code == 0
    captured = capsys.readouterr()
    assert captured.err == ""                       # no terminal: no progress bar, no chatter
    assert "Boards with each finding:" in captured.out
    document = json.loads(report_file.read_text())
    validate(document, "crash-grab-survey")
    assert (document["template"], document["mode"], document["seed"], document["boards"]) == ("6", "sample", 9, 40)
    assert [item["rank"] for item in document["best"]] == [1, 2]
    for item in document["best"]:
        layout = load_layout(item["file"], strict=True)
        assert layout.template == "6" and item["file"] in captured.out
        counts = validate_layout(layout).counts()
        assert (counts["error"], counts["warning"]) == (item["errors"], item["warnings"])
    assert sorted(p.name for p in out_dir.iterdir()) == [
        f"best-0{item['rank']}-6-sample-{item['board']}.json" for item in document["best"]]


def test_without_a_seed_the_seed_is_printed(capsys):
    assert main(["survey", "--players", "5", "--sample", "3", "--workers", "1", "--best", "0"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("seed ") and err.split()[1].isdigit()


def test_out_dir_must_be_a_folder(tmp_path, capsys):
    a_file = tmp_path / "taken"
    a_file.write_text("x")
    assert main(["survey", "--players", "5", "--sample", "3", "--seed", "1", "--workers", "1",
                 "--out-dir", str(a_file)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_shows_rate_and_time_left_on_a_terminal():
    times = iter([0.0, 2.0, 4.0, 4.05, 8.0])
    stream = Terminal()
    bar = ProgressBar(1000, stream, clock=lambda: next(times))
    bar(250)    # at 2 s: 125 boards/s, 750 left -> 6 s
    bar(500)    # at 4 s
    bar(510)    # 0.05 s later: too soon to redraw
    bar(1000)   # the end is always drawn
    bar.close()
    text = stream.getvalue()
    assert "250/1,000  25% 125 boards/s 0:06 left" in text
    assert "500/1,000  50% 125 boards/s 0:04 left" in text
    assert "510/" not in text
    assert "1,000/1,000 100%" in text
    assert text.endswith("\r")


def test_progress_bar_is_quiet_when_not_a_terminal():
    stream = io.StringIO()
    bar = ProgressBar(10, stream)
    bar(5)
    bar(10)
    bar.close()
    assert stream.getvalue() == ""


@pytest.mark.parametrize("seconds, text", [(0, "0:00"), (59.6, "1:00"), (61, "1:01"), (3725, "1:02:05")])
def test_durations(seconds, text):
    assert format_duration(seconds) == text


def test_progress_line_at_the_start():
    assert progress_line(0, 98_304, 0.0) == f"[{'.' * 30}] 0/98,304   0% 0 boards/s -:-- left"


def test_an_unwritable_report_path_is_refused_before_the_survey_runs(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("crashgrab.engine.crash_and_grab.survey.cli.run_survey", lambda *a, **k: pytest.fail("the survey ran"))
    missing = tmp_path / "no-such-folder" / "report.json"
    assert main(["survey", "--players", "5", "--sample", "3", "--seed", "1", "-o", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(missing) in err and "the folder does not exist" in err


def test_an_out_dir_that_cannot_be_made_is_refused_before_the_survey_runs(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("crashgrab.engine.crash_and_grab.survey.cli.run_survey", lambda *a, **k: pytest.fail("the survey ran"))
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    assert main(["survey", "--players", "5", "--sample", "3", "--seed", "1", "--out-dir", str(blocked / "sub")]) == 2
    assert "cannot create the folder" in capsys.readouterr().err
    with pytest.raises(WriteError):
        make_folder(str(blocked / "sub"))
