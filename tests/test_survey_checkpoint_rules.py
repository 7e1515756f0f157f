"""Issue 27, items 1 and 2: what a survey may do with the file --checkpoint names, and how it
reads a checkpoint to resume from.

1. It replaces or deletes only a survey checkpoint: another program's file is refused at the
   start (exit 2, one line) and left byte for byte as it was; a checkpoint path that is the
   report (by name, link, hard link or ./x/../) is refused; a place it could not save to is
   refused before any work; a finished survey deletes a checkpoint of its own survey only.
2. --resume reads through the safe reader: every hostile file ends in one line and exit 2,
   within a time limit, before the survey runs; a damaged tally is refused with its JSON path.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from crashgrab.engine.cli import main
from tests.hostile_files import GOOD_LAYOUT, Hostile, _fifo, _loop, _write, prepare, within

SECONDS = 20  # far above any case's real time; a hang fails instead of blocking CI
SURVEY = ["survey", "--players", "2-4", "--all", "--workers", "1"]  # 12 chunks, a quarter of a second
NOT_RUN = "crashgrab.engine.crash_and_grab.survey.cli.run_survey"
NOTES = "Shopping: milk, eggs.\nDo not delete!\n"


def run(capsys, *arguments) -> tuple[int, str, str]:
    with within(SECONDS):
        code = main([*SURVEY, *arguments])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line(err: str, *words: str) -> str:
    lines = [line for line in err.splitlines() if line]
    assert len(lines) == 1, err
    assert lines[0].startswith("crashgrab survey: ") and "Traceback" not in err, err
    for word in words:
        assert word in lines[0], err
    return lines[0]


def refuse_to_run(monkeypatch) -> None:
    monkeypatch.setattr(NOT_RUN, lambda *a, **k: pytest.fail("the survey ran"))


# --- item 1: the checkpoint path ----------------------------------------------------------

def test_another_programs_file_as_checkpoint_is_refused_and_left_byte_identical(tmp_path, capsys, monkeypatch):
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES)
    os.chmod(notes, 0o640)
    refuse_to_run(monkeypatch)
    code, out, err = run(capsys, "--checkpoint", str(notes))
    assert (code, out) == (2, "")
    one_line(err, str(notes), "is not a survey checkpoint", "--checkpoint")
    assert notes.read_text() == NOTES and oct(notes.stat().st_mode & 0o777) == oct(0o640)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # no temporary file left either


def test_a_whole_survey_given_another_programs_file_leaves_it_byte_identical(tmp_path, capsys):
    """The same as a user meets it: a real survey, through a link too; nothing is run, nothing changes."""
    layout = tmp_path / "my-board.json"
    layout.write_bytes(GOOD_LAYOUT.read_bytes())
    link = tmp_path / "link.json"
    link.symlink_to(layout)
    for checkpoint in (layout, link):
        code, _, err = run(capsys, "-o", str(tmp_path / "report.json"), "--checkpoint", str(checkpoint))
        assert code == 2
        one_line(err, "this file is not a survey checkpoint")
        assert layout.read_bytes() == GOOD_LAYOUT.read_bytes() and link.is_symlink()
    assert not (tmp_path / "report.json").exists()


def _same_name(folder: Path, report: Path) -> str:
    return str(report)


def _dot_dot(folder: Path, report: Path) -> str:
    (folder / "x").mkdir()
    return f"{folder}/x/../{report.name}"


def _symlink(folder: Path, report: Path) -> str:
    (folder / "link.json").symlink_to(report.name)
    return str(folder / "link.json")


def _hard_link(folder: Path, report: Path) -> str:
    os.link(report, folder / "hard.json")
    return str(folder / "hard.json")


@pytest.mark.parametrize("how", [_same_name, _dot_dot, _symlink, _hard_link])
def test_a_checkpoint_that_is_the_report_is_refused(tmp_path, capsys, monkeypatch, how):
    report = tmp_path / "r.json"
    report.write_text('{"an": "earlier report"}\n')
    checkpoint = how(tmp_path, report)
    refuse_to_run(monkeypatch)
    code, _, err = run(capsys, "-o", str(report), "--checkpoint", checkpoint)
    assert code == 2
    one_line(err, checkpoint, "the checkpoint is the report file")
    assert report.read_text() == '{"an": "earlier report"}\n'


def test_a_checkpoint_that_is_the_report_to_be_is_refused_too(tmp_path, capsys, monkeypatch):
    refuse_to_run(monkeypatch)
    report = tmp_path / "new.json"
    code, _, err = run(capsys, "-o", str(report), "--checkpoint", str(report))
    assert code == 2 and "the checkpoint is the report file" in one_line(err)
    assert not report.exists()


@pytest.mark.parametrize("make, words", [
    (lambda f: f / "no-such-folder" / "c.json", ("cannot write here", "the folder does not exist")),
    (lambda f: (f / "folder.json").mkdir() or f / "folder.json", ("this is a folder",)),
    (_fifo, ("a named pipe",)),
    (_loop, ("loop of symbolic links",)),
], ids=["missing folder", "a folder", "a FIFO", "a symlink loop"])
def test_a_checkpoint_place_the_survey_cannot_save_to_is_refused_before_it_runs(tmp_path, capsys, monkeypatch,
                                                                               make, words):
    checkpoint = make(tmp_path)
    refuse_to_run(monkeypatch)
    code, _, err = run(capsys, "--checkpoint", str(checkpoint))
    assert code == 2
    one_line(err, str(checkpoint), *words)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions, which root ignores")
def test_a_read_only_folder_is_refused_before_the_survey_runs(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    refuse_to_run(monkeypatch)
    monkeypatch.chdir(folder)
    try:
        code, _, err = run(capsys)  # the default checkpoint, in the current folder
    finally:
        folder.chmod(0o755)
    assert code == 2
    one_line(err, "survey-2-4-all.checkpoint.json", "cannot save the survey's progress here", "--checkpoint FILE")


def test_a_survey_of_one_chunk_never_saves_so_it_needs_no_checkpoint_place(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES)
    code, out, _ = run(capsys, "--checkpoint", str(tmp_path / "missing" / "c.json"))
    assert code == 2  # 12 chunks: the place is checked
    code = main(["survey", "--players", "2-4", "--sample", "3", "--seed", "1", "--workers", "1",
                 "--checkpoint", str(notes)])
    assert code == 0 and notes.read_text() == NOTES  # one chunk: nothing is saved, nothing deleted


def test_a_finished_survey_deletes_its_own_checkpoint_and_no_other(tmp_path, capsys):
    mine, other = tmp_path / "mine.json", tmp_path / "other.json"
    assert run(capsys, "--checkpoint", str(mine), "--stop-after", "2")[0] == 3
    assert main(["survey", "--players", "2-4", "--all", "--workers", "1", "--best", "2",
                 "--checkpoint", str(other), "--stop-after", "1"]) == 3
    capsys.readouterr()
    other_before = other.read_bytes()
    assert run(capsys, "--checkpoint", str(mine), "--resume")[0] == 0
    assert not mine.exists()
    # A checkpoint of another survey (--best 2) is a checkpoint, so the survey may replace it
    # with its own; finishing before its first save, it leaves it alone.
    assert run(capsys, "--checkpoint", str(other))[0] == 0
    assert other.read_bytes() == other_before


def test_a_linked_checkpoint_is_written_through_and_the_link_kept(tmp_path, capsys):
    target = tmp_path / "saved" / "progress.json"
    target.parent.mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert run(capsys, "--checkpoint", str(link), "--stop-after", "1")[0] == 3
    assert link.is_symlink() and json.loads(target.read_text())["chunks_done"] == 1
    assert run(capsys, "--checkpoint", str(link), "--resume")[0] == 0
    assert link.is_symlink() and not target.exists()  # the checkpoint is gone, the user's link is not


def test_a_file_put_in_place_of_the_checkpoint_meanwhile_is_not_deleted(tmp_path, capsys, monkeypatch):
    """The survey checks what it deletes when it deletes it, not only at the start."""
    checkpoint = tmp_path / "c.json"
    from crashgrab.engine.crash_and_grab.survey import cli

    real = cli.run_survey

    def survey_then_replace(*args, **kwargs):
        tally = real(*args, **kwargs)
        checkpoint.write_text(NOTES)  # someone saves their notes there while the survey ran
        return tally

    monkeypatch.setattr(cli, "run_survey", survey_then_replace)
    assert run(capsys, "--checkpoint", str(checkpoint))[0] == 0
    assert checkpoint.read_text() == NOTES


# --- item 2: reading the checkpoint on --resume ---------------------------------------------

@pytest.fixture(scope="module")
def saved_checkpoint(tmp_path_factory) -> str:
    """The text of a real checkpoint of SURVEY after 2 of its 12 chunks."""
    path = tmp_path_factory.mktemp("checkpoint") / "c.json"
    assert main([*SURVEY, "--checkpoint", str(path), "--stop-after", "2"]) == 3
    return path.read_text(encoding="utf-8")


def _edited(edit):
    def make(folder: Path, text: str) -> Path:
        document = json.loads(text)
        edit(document)
        return _write(folder, "edited.json", json.dumps(document))
    return make


def _text(change):
    return lambda folder, text: _write(folder, "changed.json", change(text))


def _code_key(document):
    document["tally"]["boards_with_code"]["no-such-code"] = 1


# (name, make(folder, checkpoint text) -> file, words, JSON path)
CHECKPOINT_CASES = [
    Hostile("a FIFO", lambda f, t: _fifo(f), ("named pipe (FIFO)",)),
    Hostile("/dev/zero", lambda f, t: Path("/dev/zero"), ("a device",)),
    Hostile("/dev/urandom", lambda f, t: Path("/dev/urandom"), ("a device",)),
    Hostile("a symlink loop", lambda f, t: _loop(f), ("loop of symbolic links",)),
    Hostile("a folder", lambda f, t: (f / "d.json").mkdir() or f / "d.json", ("a folder",)),
    Hostile("a link to nothing", lambda f, t: (f / "l.json").symlink_to(f / "gone") or f / "l.json",
            ("a link to a file that does not exist",)),
    Hostile("nested 10,000 deep", lambda f, t: _write(f, "deep.json", "[" * 10_000 + "]" * 10_000),
            ("more than 64 levels",)),
    Hostile("a 4,301-digit number", _text(lambda t: t.replace('"boards": ', '"boards": ' + "9" * 4301, 1)),
            ("too many digits",)),
    Hostile("a repeated key", _text(lambda t: t.replace('"chunks_done": 2', '"chunks_done": 2, "chunks_done": 1', 1)),
            ('"chunks_done" appears more than once',), "$.chunks_done"),
    Hostile("over the size limit", _text(lambda t: t + " " * 20_000), ("more than the limit", "CRASHGRAB_MAX_FILE_MB")),
    Hostile("not JSON", _text(lambda t: t[:100]), ("malformed JSON",)),
    Hostile("not UTF-8", lambda f, t: _write(f, "latin.json", b'{"format": "\xe9"}'), ("not a UTF-8 text file",)),
    Hostile("another program's file", lambda f, t: _write(f, "notes.txt", '{"todo": ["milk"]}'),
            ('this is not a survey checkpoint: it has no "format"',), "$"),
    Hostile("a layout", lambda f, t: GOOD_LAYOUT, ("this is a layout, not a survey checkpoint",), "$.format"),
    Hostile("a wrong type", _edited(lambda d: d.update(chunks_done="2")), ("expected integer, found a string",), "$.chunks_done"),
    Hostile("a negative count", _edited(lambda d: d["tally"]["edge_sites"][0].__setitem__(0, -1)),
            ("less than the minimum of 0",), "$.tally.edge_sites[0][0]"),
    Hostile("more chunks done than there are", _edited(lambda d: d.update(chunks_done=13)),
            ("13 chunks done of the 12",), "$.chunks_done"),
    Hostile("boards checked that do not add up", _edited(lambda d: d["tally"].update(distinct=5)),
            ("5 boards checked, but 2 chunks hold 4,096",), "$.tally.distinct"),
    Hostile("an unknown code", _edited(_code_key), ("no-such-code is not a code a survey counts",),
            "$.tally.boards_with_code"),
    Hostile("a best board out of range", _edited(lambda d: d["tally"]["best"][0].update(board=10**9)),
            ("board 1,000,000,000 is not one of this survey",), "$.tally.best[0].board"),
    Hostile("another survey's", _edited(lambda d: d["request"].update(best=2)),
            ("belongs to another survey: best 2 (now 5)",)),
]


@pytest.mark.parametrize("case", CHECKPOINT_CASES, ids=[c.name for c in CHECKPOINT_CASES])
def test_resume_refuses_every_hostile_checkpoint_in_one_line(tmp_path, capsys, monkeypatch, saved_checkpoint, case):
    file = prepare(Hostile(case.name, lambda folder: case.make(folder, saved_checkpoint), case.words, case.where),
                   tmp_path, monkeypatch)
    before = file.read_bytes() if file.is_file() and not str(file).startswith("/dev/") else None
    refuse_to_run(monkeypatch)
    code, out, err = run(capsys, "--checkpoint", str(file), "--resume")
    assert (code, out) == (2, "")
    line = one_line(err, str(file), *case.words)
    if case.where:
        assert f": {case.where}: " in line
    assert len(line) < 600
    if before is not None:
        assert file.read_bytes() == before  # a refused checkpoint is kept for the user to look at


def test_the_saved_checkpoint_itself_resumes(tmp_path, capsys, saved_checkpoint):
    """The cases above are refused for what was changed, not because the file was unusable."""
    path = _write(tmp_path, "c.json", saved_checkpoint)
    code, out, _ = run(capsys, "--checkpoint", str(path), "--resume")
    assert code == 0 and "Survey of the 8x8 board" in out and not path.exists()
