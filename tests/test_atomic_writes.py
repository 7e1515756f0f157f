"""Issue 11: saves that lose no work. A save killed at any moment leaves the old or the new
file, and the next save removes its temporary file; writes go through symbolic links; no
command writes over its own input."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from crashgrab.engine.cli import main
from crashgrab.engine.errors import UsageError, WriteError
from crashgrab.engine.formats.atomic import (STALE_AFTER_SECONDS, check_writable, refuse_overwriting_input,
                                             write_bytes_atomic)
from tests.conftest import LAYOUTS

GOOD = LAYOUTS / "standard-2-4p.json"
WRITER = """
import sys
from crashgrab.engine.formats.atomic import write_bytes_atomic
target, size = sys.argv[1], int(sys.argv[2])
old, new = b"o" * size, b"n" * size
print("ready", flush=True)
while True:
    write_bytes_atomic(target, new)
    write_bytes_atomic(target, old)
"""


def others(folder, name):
    return sorted(p.name for p in folder.iterdir() if p.name != name)


def test_a_save_killed_at_random_moments_leaves_the_old_or_new_file_and_no_temporary_file(tmp_path):
    size = 4 * 1024 * 1024  # long enough that most kills land inside a write
    target = tmp_path / "board.json"
    target.write_bytes(b"o" * size)
    moments = random.Random(11)  # fixed: the same kill moments on every run
    left_behind = 0
    for _ in range(6):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(target), str(size)], stdout=subprocess.PIPE)
        try:
            assert writer.stdout.readline() == b"ready\n"
            time.sleep(moments.uniform(0.0, 0.08))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait(timeout=30)
            writer.stdout.close()
        assert target.read_bytes() in (b"o" * size, b"n" * size)  # whole: never half old, half new
        left_behind += len(others(tmp_path, target.name))
        write_bytes_atomic(target, b"o" * size)  # the next save cleans up after the killed one
        assert others(tmp_path, target.name) == []
    print(f"{left_behind} temporary files left by 6 killed saves, all removed")


def test_only_temporary_files_of_dead_writers_are_removed(tmp_path):
    target = tmp_path / "board.json"
    target.write_text("old")
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(finished.stdout)  # exited: its process id names no running process (barring reuse)
    stale = tmp_path / f".board.json.{dead}-abcd1234.tmp"
    alive = tmp_path / f".board.json.{os.getppid()}-abcd1234.tmp"  # a running process: maybe saving now
    old_style = tmp_path / ".board.json.k2j4h5g6.tmp"  # older versions' name: removed once old
    young_old_style = tmp_path / ".board.json.a1b2c3d4.tmp"
    other_file = tmp_path / ".other.json.1-abcd1234.tmp"
    for path in (stale, alive, old_style, young_old_style, other_file):
        path.write_text("partial")
    an_hour_ago = time.time() - STALE_AFTER_SECONDS - 60
    os.utime(old_style, (an_hour_ago, an_hour_ago))
    write_bytes_atomic(target, b"new")
    assert target.read_text() == "new"
    assert others(tmp_path, target.name) == sorted(p.name for p in (alive, young_old_style, other_file))


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    real = tmp_path / "real" / "board.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_bytes_atomic(link, b"new")
    assert link.is_symlink() and real.read_text() == "new"
    assert others(real.parent, real.name) == [] and others(tmp_path, "link.json") == ["real"]


def test_a_dangling_link_creates_its_target_and_a_loop_is_refused(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")
    write_bytes_atomic(link, b"new")
    assert link.is_symlink() and (tmp_path / "target.json").read_bytes() == b"new"
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    with pytest.raises(WriteError, match="loop of symbolic links"):
        write_bytes_atomic(tmp_path / "a.json", b"x")


@pytest.mark.parametrize("make", [os.mkfifo, os.mkdir], ids=["a FIFO", "a folder"])
def test_no_write_replaces_a_fifo_or_folder(tmp_path, make):
    path = tmp_path / "out.json"
    make(path)
    with pytest.raises(WriteError, match="not a file"):
        write_bytes_atomic(path, b"x")
    assert others(tmp_path, "out.json") == []


def test_check_writable_refuses_before_anything_runs(tmp_path):
    check_writable(tmp_path / "report.json")
    assert list(tmp_path.iterdir()) == []  # the probe leaves nothing
    with pytest.raises(WriteError, match="the folder does not exist"):
        check_writable(tmp_path / "missing" / "report.json")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as root: permissions do not stop writes")
        with pytest.raises(WriteError, match="cannot write here"):
            check_writable(locked / "report.json")
    finally:
        locked.chmod(0o700)


def test_output_equal_to_input_is_refused_by_real_path(tmp_path):
    layout = tmp_path / "board.json"
    layout.write_bytes(GOOD.read_bytes())
    (tmp_path / "same.json").symlink_to(layout)
    os.link(layout, tmp_path / "hard.json")
    for output in (layout, tmp_path / "same.json", tmp_path / "hard.json", tmp_path / "sub" / ".." / "board.json"):
        with pytest.raises(UsageError, match="the output is the input file"):
            refuse_overwriting_input(output, layout)
    refuse_overwriting_input(tmp_path / "other.json", layout)


@pytest.mark.parametrize("argv", [
    ["export", "{layout}", "-o", "{layout}"],
    ["export", "{layout}", "-o", "{link}"],
    ["export", "{layout}", "--format", "tiled", "-o", "{layout}"],
    ["export", "{tiles_png_input}", "--format", "tiled", "-o", "{tmj}"],
    ["render", "{layout}", "-o", "{link_png}"],
], ids=["export", "export through a link", "tiled map", "tiled image", "render through a link"])
def test_no_command_overwrites_its_input(request, tmp_path, capsys, argv):
    if argv[0] == "render":
        request.getfixturevalue("qapp")
    layout = tmp_path / "board.json"
    layout.write_bytes(GOOD.read_bytes())
    (tmp_path / "link.json").symlink_to(layout)
    png_input = tmp_path / "map-tiles.png"  # the tiled image's name, holding a layout
    png_input.write_bytes(GOOD.read_bytes())
    link_png = tmp_path / "link.png"
    png_layout = tmp_path / "board.png"
    png_layout.write_bytes(GOOD.read_bytes())
    link_png.symlink_to(png_layout)
    names = {"layout": layout if argv[0] != "render" else png_layout, "link": tmp_path / "link.json",
             "tiles_png_input": png_input, "tmj": tmp_path / "map.tmj", "link_png": link_png}
    before = {p: p.read_bytes() for p in (layout, png_input, png_layout)}
    assert main([a.format(**names) for a in argv]) == 2
    err = capsys.readouterr().err
    assert "the output is the input file" in err and err.count("\n") == 1
    assert {p: p.read_bytes() for p in before} == before


@pytest.mark.parametrize("step", ["os.fchmod", "os.fsync", "os.replace"])
@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()],
                         ids=["disk full", "Ctrl-C"])
def test_a_save_failing_at_any_step_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path, monkeypatch,
                                                                                     step, failure):
    target = tmp_path / "board.json"
    target.write_text("old")

    def fail(*_):
        raise failure
    monkeypatch.setattr(step, fail)
    expected = WriteError if isinstance(failure, OSError) else KeyboardInterrupt
    with pytest.raises(expected):
        write_bytes_atomic(target, b"new")
    monkeypatch.undo()
    assert target.read_text() == "old" and others(tmp_path, target.name) == []
