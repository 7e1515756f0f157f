"""An interrupted survey resumes where it stopped and gives the very report of one that
never stopped; the report does not depend on the worker count. Interruptions are forced
with --stop-after (a few chunks), and once with a real Ctrl-C a few seconds into a long survey."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.crash_and_grab.survey.checkpoint import load_checkpoint, save_checkpoint
from crashgrab.engine.crash_and_grab.survey.report import report_json
from crashgrab.engine.crash_and_grab.survey.runner import ALL, SAMPLE, SurveyRequest, SurveyStopped, run_survey
from crashgrab.engine.errors import InvalidFileError


@pytest.mark.parametrize("request_", [
    SurveyRequest("2-4", ALL, best=6, chunk_size=2048),
    SurveyRequest("6", SAMPLE, sample=60, seed=4, best=3, chunk_size=7, select=("accelerator-loop",)),
])
def test_stopping_saving_loading_and_resuming_gives_the_uninterrupted_result(tmp_path, request_):
    whole = report_json(request_, run_survey(request_))
    chunks = len(request_.chunks())
    with pytest.raises(SurveyStopped) as stopped:
        run_survey(request_, stop=lambda done: done == 5)
    assert stopped.value.chunks_done == 5 and stopped.value.tally.distinct == 5 * request_.chunk_size
    path = tmp_path / "survey.checkpoint.json"
    save_checkpoint(path, request_, 5, chunks, stopped.value.tally)
    resumed = run_survey(request_, resume_from=load_checkpoint(path, request_, chunks))
    assert report_json(request_, resumed) == whole


def test_a_checkpoint_of_another_survey_is_refused(tmp_path):
    first = SurveyRequest("6", SAMPLE, sample=20, seed=4, chunk_size=5)
    with pytest.raises(SurveyStopped) as stopped:
        run_survey(first, stop=lambda done: done == 1)
    path = tmp_path / "c.json"
    save_checkpoint(path, first, 1, 4, stopped.value.tally)
    other = SurveyRequest("6", SAMPLE, sample=20, seed=5, chunk_size=5)
    with pytest.raises(InvalidFileError, match="belongs to another survey: seed 4 \\(now 5\\)"):
        load_checkpoint(path, other, 4)


def run(capsys, *arguments) -> tuple[int, str, str]:
    code = main(["survey", *arguments])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_command_stops_resumes_and_writes_the_same_report_for_any_worker_count(tmp_path, capsys):
    straight = tmp_path / "straight.json"
    assert run(capsys, "--players", "2-4", "--all", "--workers", "1", "-o", str(straight))[0] == 0
    sliced = tmp_path / "sliced.json"
    checkpoint = tmp_path / "sliced.json.checkpoint.json"
    code, out, err = run(capsys, "--players", "2-4", "--all", "--workers", "1", "-o", str(sliced), "--stop-after", "4")
    assert (code, out) == (3, "")
    assert "stopped after 4 chunks as asked at chunk 4 of 12" in err and "--resume" in err
    assert json.loads(checkpoint.read_text())["chunks_done"] == 4 and not sliced.exists()
    code, _, err = run(capsys, "--players", "2-4", "--all", "--workers", "2", "-o", str(sliced), "--resume",
                       "--stop-after", "5")
    assert code == 3 and "at chunk 9 of 12" in err
    code, out, _ = run(capsys, "--players", "2-4", "--all", "--workers", "2", "-o", str(sliced), "--resume")
    assert code == 0 and "Survey of the 8x8 board" in out
    assert sliced.read_bytes() == straight.read_bytes()
    assert not checkpoint.exists()


def test_resuming_without_a_checkpoint_says_so(tmp_path, capsys):
    code, _, err = run(capsys, "--players", "2-4", "--all", "--checkpoint", str(tmp_path / "none.json"), "--resume")
    assert code == 2 and "there is no checkpoint to resume from" in err


def read_until(fd: int, pattern: bytes, timeout: float) -> bytes:
    """What a child wrote to the terminal `fd` up to and including `pattern` (a regex)."""
    import select  # POSIX: select on a terminal

    seen, deadline = b"", time.monotonic() + timeout
    while not re.search(pattern, seen):
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"no {pattern!r} within {timeout} s; the survey wrote {seen[-300:]!r}"
        seen += os.read(fd, 4096)
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="a terminal and SIGINT for a child are POSIX")
def test_ctrl_c_saves_a_checkpoint_exits_130_and_the_run_resumes_from_it(tmp_path):
    """A real Ctrl-C (SIGINT) in the middle of a long exhaustive survey, then --resume. The
    survey's stderr is a terminal, so it draws its progress bar: the signal is sent once the
    bar shows boards done, i.e. while the survey runs, whatever the machine's speed."""
    report = tmp_path / "five.json"
    checkpoint = tmp_path / "five.json.checkpoint.json"
    command = [sys.executable, "-m", "crashgrab.engine", "survey", "--players", "5", "--all", "--workers", "1",
               "-o", str(report)]
    import pty  # POSIX only

    terminal, child_side = pty.openpty()
    survey = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=child_side, cwd=tmp_path)
    os.close(child_side)
    try:
        read_until(terminal, rb"[1-9][\d,]* boards/s", timeout=120)
        survey.send_signal(signal.SIGINT)
        assert survey.wait(timeout=120) == 130
        err = read_until(terminal, rb"--resume to go on", timeout=10).decode()
    finally:
        survey.kill()
        os.close(terminal)
    assert "interrupted at chunk" in err and "Traceback" not in err
    done = json.loads(checkpoint.read_text())["chunks_done"]
    assert done >= 1 and not report.exists()
    resumed = subprocess.run([*command, "--resume", "--stop-after", "1"], capture_output=True, text=True,
                             cwd=tmp_path, timeout=120)
    assert resumed.returncode == 3, resumed.stderr
    assert f"at chunk {done + 1:,} of" in resumed.stderr  # went on from the checkpoint, not from the start
    assert json.loads(checkpoint.read_text())["chunks_done"] == done + 1
