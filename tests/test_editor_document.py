"""The document and its undo commands: one signal per change, exact undo, merged turns, files."""
from __future__ import annotations

import json
import shutil

import pytest

from crashgrab.editor.crash_and_grab.commands import (FlipTile, MoveTile, PlaceTile, Randomize, RemoveTile, ReplaceTile, RotateTile,
                             SetDirections, SetProperties, SwapTiles)
from crashgrab.editor.crash_and_grab.document import LayoutDocument, blank_layout
from crashgrab.engine.crash_and_grab.setup import random_layout
from crashgrab.engine.crash_and_grab.templates import TEMPLATES
from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.jsonio import read_json
from crashgrab.engine.formats.layout_io import load_layout
from crashgrab.engine.formats.schemas import validate
from crashgrab.engine.grid.model import Placement as P
from tests.conftest import LAYOUTS


@pytest.fixture
def document(qapp):
    layout = blank_layout("2-4").with_placements([P("1", "A", 0, 0, 0), P("2", "B", 4, 0, 90), P("3", "A", 0, 4, 0)])
    document = LayoutDocument(layout)
    yield document
    document.deleteLater()


def signals(document):
    count = []
    document.layoutChanged.connect(lambda: count.append(1))
    return count


def test_every_command_emits_one_signal_and_undoes_exactly(document):
    stack = document.undo_stack
    start = document.layout
    # Each command reads the "before" state when it is made, so make each just before pushing it.
    commands = [
        lambda: PlaceTile(document, P("4", "A", 4, 4, 0)),
        lambda: RemoveTile(document, "2"),  # from the middle: undo must put it back in its place
        lambda: MoveTile(document, (P("1", "A", 4, 0, 0),), "Move tile 1"),
        lambda: SwapTiles(document, (P("1", "A", 0, 4, 0), P("3", "A", 4, 0, 0)), "Swap tiles 1 and 3"),
        lambda: RotateTile(document, (P("4", "A", 4, 4, 90),), "Rotate tile 4"),
        lambda: FlipTile(document, (P("3", "B", 4, 0, 0),), "Flip tile 3"),
        lambda: SetDirections(document, {"north": "Stars", "east": "Sun", "south": "Asteroids", "west": "Meteor"}),
        lambda: SetProperties(document, "Test board", "notes"),
    ]
    count = signals(document)
    layouts = [start]
    for make in commands:
        before = len(count)
        command = make()
        stack.push(command)
        assert len(count) == before + 1, command.text()
        layouts.append(document.layout)
    assert document.layout.placements == (P("1", "A", 0, 4, 0), P("3", "B", 4, 0, 0), P("4", "A", 4, 4, 90))
    assert document.layout.name == "Test board"
    for expected in reversed(layouts[:-1]):
        stack.undo()
        assert document.layout == expected
    assert document.layout == start and not document.is_modified()
    for expected in layouts[1:]:
        stack.redo()
        assert document.layout == expected


def test_replace_puts_the_old_tile_back_on_undo(document):
    count = signals(document)
    document.undo_stack.push(ReplaceTile(document, "1", P("4", "B", 0, 0, 0), "Replace tile 1 with tile 4B"))
    assert document.layout.placements[0] == P("4", "B", 0, 0, 0) and len(count) == 1
    assert [p.tile for p in document.layout.placements] == ["4", "2", "3"]
    document.undo_stack.undo()
    assert document.layout.placements[0] == P("1", "A", 0, 0, 0)
    assert [p.tile for p in document.layout.placements] == ["1", "2", "3"]


def test_turns_of_one_tile_merge_and_a_full_circle_leaves_no_history(document):
    stack = document.undo_stack
    for rotation in (90, 180):
        stack.push(RotateTile(document, (P("1", "A", 0, 0, rotation),), "Rotate tile 1"))
    assert stack.count() == 1 and document.layout.placements[0].rotation == 180
    stack.push(RotateTile(document, (P("3", "A", 0, 4, 90),), "Rotate tile 3"))  # another tile: its own step
    assert stack.count() == 2
    stack.undo()
    stack.undo()
    assert document.layout.placements[0].rotation == 0
    stack.redo()
    for rotation in (270, 0):
        stack.push(RotateTile(document, (P("1", "A", 0, 0, rotation),), "Rotate tile 1"))
    assert stack.count() == 0 and not document.is_modified()  # back where it started: nothing to undo
    stack.push(FlipTile(document, (P("1", "B", 0, 0, 0),), "Flip"))
    stack.push(FlipTile(document, (P("1", "A", 0, 0, 0),), "Flip"))
    assert stack.count() == 0


def test_randomize_is_one_undoable_step(document):
    random = random_layout(document.layout.tileset, TEMPLATES["6"], 42)
    count = signals(document)
    document.undo_stack.push(Randomize(document, random, 42))
    assert document.layout is random and len(count) == 1
    assert document.undo_stack.text(0) == "Randomize (6 template, seed 42)"
    document.undo_stack.undo()
    assert document.layout.template == "2-4"


def test_modified_is_the_undo_stack_leaving_its_clean_state(document, tmp_path):
    assert not document.is_modified()
    document.undo_stack.push(RemoveTile(document, "1"))
    assert document.is_modified()
    document.save(tmp_path / "board.json")
    assert not document.is_modified() and document.path == tmp_path / "board.json"
    document.undo_stack.undo()
    assert document.is_modified()


def test_open_replaces_everything_and_clears_history(document):
    document.undo_stack.push(RemoveTile(document, "1"))
    count = signals(document)
    document.open(LAYOUTS / "standard-5p.json")
    assert document.layout == load_layout(LAYOUTS / "standard-5p.json")
    assert document.undo_stack.count() == 0 and not document.is_modified() and len(count) == 1


def test_a_failed_open_leaves_the_document_as_it_was(document, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "crash-grab-layout",', encoding="utf-8")
    before = document.layout
    with pytest.raises(InvalidFileError):
        document.open(broken)
    assert document.layout is before and document.path is None


def test_save_as_elsewhere_repoints_a_tile_set_path(qapp, tmp_path):
    source = tmp_path / "a"
    source.mkdir()
    shutil.copy(LAYOUTS / "tilesets" / "standard.json", source / "tiles.json")
    doc = read_json(LAYOUTS / "standard-2-4p.json")
    doc["tileset"] = "tiles.json"
    (source / "board.json").write_text(json.dumps(doc), encoding="utf-8")
    document = LayoutDocument()
    document.open(source / "board.json")
    (tmp_path / "b").mkdir()
    document.save(tmp_path / "b" / "copy.json")
    assert read_json(tmp_path / "b" / "copy.json")["tileset"] == "../a/tiles.json"
    assert load_layout(tmp_path / "b" / "copy.json").placements == document.layout.placements
    document.deleteLater()


def test_export_writes_the_resolved_board_and_refuses_an_unfinished_one(qapp, tmp_path):
    document = LayoutDocument()
    document.open(LAYOUTS / "standard-6p.json")
    document.export(tmp_path / "out.json")
    exported = read_json(tmp_path / "out.json")
    validate(exported, "crash-grab-export")
    assert exported["board"] == {"width": 10, "height": 10} and len(exported["cells"]) == 12 + 13
    document.reset(blank_layout("5"))
    with pytest.raises(InvalidFileError, match="empty slot"):
        document.export(tmp_path / "empty.json")
    assert not (tmp_path / "empty.json").exists()
    document.deleteLater()


def test_quick_live_validation_reports_each_edit_at_once_with_the_references_findings(qtbot):
    from crashgrab.editor.crash_and_grab.window.live_validation import LiveValidator
    from crashgrab.engine.crash_and_grab.validation import validate_layout

    validator = LiveValidator()
    reports = []
    validator.reportReady.connect(reports.append)
    layouts = (load_layout(LAYOUTS / "standard-2-4p.json"), load_layout(LAYOUTS / "standard-6p.json"),
               blank_layout("5"))
    for count, layout in enumerate(layouts, start=1):  # validated inside request: no thread, no waiting
        validator.last_ms = 0.5  # as after a quick validation (a busy test machine may be slower)
        validator.request(layout)
        assert len(reports) == count and validator.is_current and validator.layout is layout
        assert reports[-1].findings == validate_layout(layout).findings
    validator.shutdown()
    validator.deleteLater()


def test_live_validation_of_slow_boards_runs_on_a_worker_thread_and_keeps_the_newest(qtbot, monkeypatch):
    import threading

    import crashgrab.editor.crash_and_grab.window.live_validation as live

    threads = []

    def slow(layout):
        threads.append(threading.current_thread())
        return live_validate(layout)

    live_validate = live.fast_validate_layout
    monkeypatch.setattr(live, "fast_validate_layout", slow)
    validator = live.LiveValidator()
    validator.last_ms = validator.SYNC_MS + 1  # as after a big board
    reports = []
    validator.reportReady.connect(reports.append)
    first, newest = load_layout(LAYOUTS / "standard-2-4p.json"), blank_layout("6")
    second = load_layout(LAYOUTS / "standard-6p.json")
    for layout in (first, second, newest):  # the first starts at once, the other two wait as one
        validator.request(layout)
    qtbot.waitUntil(lambda: validator.is_current, timeout=5000)
    assert len(reports) == 1 and validator.layout is newest and reports[0].board.width == 10
    assert len(threads) == 2 and threading.main_thread() not in threads
    validator.shutdown()
    validator.deleteLater()


def test_live_validation_reports_a_crashing_check_instead_of_dying(qtbot, monkeypatch):
    import crashgrab.editor.crash_and_grab.window.live_validation as live

    def broken(layout, **options):  # options: the upgrades
        raise KeyError("oops")

    monkeypatch.setattr(live, "fast_validate_layout", broken)
    validator = live.LiveValidator()
    with qtbot.waitSignal(validator.failed, timeout=5000) as failure:
        validator.request(blank_layout("2-4"))
    assert failure.args == ["Validation failed: KeyError: 'oops'"]
    validator.shutdown()
    validator.deleteLater()


def test_save_as_elsewhere_then_undo_and_redo_still_saves_a_readable_file(qapp, tmp_path):
    # The tile set is named by path; Save As into another folder must not rewrite the model
    # (undo would bring the old relative path back and the next save would point nowhere).
    from crashgrab.engine.crash_and_grab.tileset_file import save_tileset, standard_tileset
    (tmp_path / "a" / "tiles").mkdir(parents=True)
    (tmp_path / "b").mkdir()
    save_tileset(standard_tileset(), tmp_path / "a" / "tiles" / "my.json")
    board = read_json(LAYOUTS / "standard-2-4p.json")
    board["tileset"] = "tiles/my.json"
    (tmp_path / "a" / "board.json").write_text(json.dumps(board))
    document = LayoutDocument(blank_layout("2-4"))
    document.open(tmp_path / "a" / "board.json")
    shuffled = random_layout(document.layout.tileset, TEMPLATES["2-4"], 5, tileset_ref=document.layout.tileset_ref)
    document.undo_stack.push(Randomize(document, shuffled, 5))
    before_save = document.layout
    document.save(tmp_path / "b" / "board.json")
    assert document.layout == before_save and document.is_modified() is False
    document.undo_stack.undo()
    document.undo_stack.redo()
    document.save()
    assert read_json(tmp_path / "b" / "board.json")["tileset"] == "../a/tiles/my.json"
    assert load_layout(tmp_path / "b" / "board.json") == document.layout
    document.deleteLater()
