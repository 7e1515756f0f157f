"""Issue 27 item 11 and issue 26 item 5: a survey with worker processes, stopped the ways a
user stops it, prints no traceback and leaves no process behind.

Each survey runs in a session of its own on a terminal (a pty), as from a shell: Ctrl-C is
SIGINT to its whole process group, workers included, and every process it started belongs
to that group, so "nothing left" is "no process of the group" (looked up in /proc)."""
from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pty, process groups and /proc"),
    pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2 if hasattr(os, "sched_getaffinity") else True,
                       reason="two workers need two cores (fewer are capped to one process)"),
]
LONG_SURVEY = ["survey", "--players", "5", "--all", "--workers", "2"]  # minutes of work: never ends by itself here
RUNNING = rb"[1-9][\d,]* boards/s"  # the progress bar once a chunk is done: the workers are at work


def group_processes(group: int) -> list[str]:
    """'pid state command' of every process in the process group, zombies included."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended meanwhile
        command, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
        if int(rest[2]) == group:
            found.append(f"{entry.name} {rest[0]} {command}")
    return found


class Survey:
    """A survey on a pty in its own session; `output` is everything its processes wrote."""

    def __init__(self, tmp_path: Path, arguments: list[str]) -> None:
        import pty

        self.terminal, child = pty.openpty()
        self.process = subprocess.Popen([sys.executable, "-m", "crashgrab.engine", *arguments], cwd=tmp_path,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=child,
                                        start_new_session=True)
        os.close(child)
        self.output = b""

    def read_until(self, pattern: bytes, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.output):
            assert self._read(deadline), f"no {pattern!r} within {timeout} s: {self.output[-500:]!r}"

    def read_to_the_end(self, timeout: float = 60) -> str:
        """Everything written until the last process holding the terminal has ended."""
        deadline = time.monotonic() + timeout
        while self._read(deadline):
            pass
        assert time.monotonic() < deadline, f"still writing after {timeout} s: {self.output[-500:]!r}"
        return self.output.decode(errors="replace")

    def _read(self, deadline: float) -> bool:
        ready, _, _ = select.select([self.terminal], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return False
        try:
            data = os.read(self.terminal, 4096)
        except OSError:  # EIO: no process has the terminal open any more
            return False
        self.output += data
        return bool(data)

    def close(self) -> None:
        for line in group_processes(self.process.pid):
            try:
                os.kill(int(line.split()[0]), signal.SIGKILL)
            except OSError:
                pass
        self.process.kill()
        self.process.wait()
        os.close(self.terminal)


@pytest.fixture
def survey(tmp_path):
    started: list[Survey] = []

    def start(*arguments: str) -> Survey:
        started.append(Survey(tmp_path, list(arguments)))
        return started[-1]

    yield start
    for one in started:
        one.close()


def messages(output: str) -> list[str]:
    """The lines written besides the progress bar."""
    lines = (line.strip() for line in output.replace("\r", "\n").splitlines())
    return [line for line in lines if line and not line.startswith("[")]


def test_a_double_ctrl_c_ends_the_survey_quietly_and_leaves_nothing(survey):
    """Two Ctrl-Cs while the workers are at work (the second lands while the first stops the
    survey, or while the process ends): exit 130, one line, no traceback from any process,
    and none of them left. One run: each costs three interpreters starting."""
    run = survey(*LONG_SURVEY, "-o", "five.json")
    run.read_until(RUNNING)
    group = run.process.pid
    os.killpg(group, signal.SIGINT)
    time.sleep(0.2)
    try:
        os.killpg(group, signal.SIGINT)
    except ProcessLookupError:  # the first one had already ended it
        pass
    assert run.process.wait(timeout=120) == 130
    output = run.read_to_the_end()
    lines = messages(output)
    assert "Traceback" not in output and len(lines) == 1, output
    assert re.match(r"crashgrab survey: (interrupted at chunk|stopped at once by a second Ctrl-C)", lines[0]), output
    assert group_processes(group) == []


def test_workers_of_a_killed_survey_end_quietly(survey):
    """SIGKILL of the main process: its workers notice and end without a word (no
    BrokenPipeError tracebacks), and no process of the survey goes on."""
    run = survey(*LONG_SURVEY)
    run.read_until(RUNNING)
    group = run.process.pid
    os.kill(group, signal.SIGKILL)
    output = run.read_to_the_end()  # returns once every process that had the terminal has ended
    assert "Traceback" not in output and "Error" not in output, output
    # What remains may only be zombies, which the session's parent (here: init) reaps; a process
    # still ending (the resource tracker cleaning up after the killed pool) gets a few seconds.
    deadline = time.monotonic() + 15
    while (alive := [line for line in group_processes(group) if line.split()[1] != "Z"]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert alive == []


def test_a_finished_survey_leaves_no_process_behind(tmp_path):
    result = subprocess.Popen([sys.executable, "-m", "crashgrab.engine", "survey", "--players", "2-4", "--workers", "2"],
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    out, err = result.communicate(timeout=120)
    assert result.returncode == 0 and b"Survey of the 8x8 board" in out, err
    assert b"Traceback" not in err
    # The workers are joined and multiprocessing's resource tracker is ended and waited for,
    # so not even a zombie remains (the tracker used to outlive the survey).
    assert group_processes(result.pid) == []
