"""Issue 11 in the editor: Open, drop-to-open and the tile designer's Open refuse every hostile
file with one dialog naming the file and the fault, within a time limit, and leave the current
document (unsaved edits and history included) exactly as it was."""
from __future__ import annotations

from crashgrab.editor.designer_words import designer_words

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from crashgrab.editor.crash_and_grab.commands import SetProperties
from crashgrab.editor.crash_and_grab.tile_designer import TileDesignerWindow
from tests.conftest import LAYOUTS, flush_deletes
from tests.editor_fixtures import file_mime, settings, window  # noqa: F401 (fixtures)
from tests.hostile_files import LAYOUT_CASES, SECRET, TILESET_CASES, prepare, within

SECONDS = 20


def capture_dialogs(monkeypatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(lambda _parent, title, text, *a: shown.append((title, text))))
    return shown


def check_refused(case, file, shown, title) -> None:
    assert len(shown) == 1, (case.name, shown)
    assert shown[0][0] == title
    text = shown[0][1]
    assert str(file) in text, (case.name, text)
    for word in case.words:  # said in the designer's words: no command line, no JSON path
        if not any(cli in word for cli in ("crashgrab", "--", "$.")):  # the command line's own: in the log
            assert designer_words(word) in text, (case.name, text)
    assert "crashgrab " not in text and "$." not in text and "--" not in text, (case.name, text)
    assert "Traceback" not in text and SECRET not in text and len(text) < 600


def test_open_refuses_every_hostile_layout_and_keeps_the_edited_document(window, tmp_path, monkeypatch):  # noqa: F811
    assert window.open_path(LAYOUTS / "standard-5p.json")
    window.document.undo_stack.push(SetProperties(window.document, "edited, not saved", ""))
    layout, path, index = window.document.layout, window.document.path, window.document.undo_stack.index()
    shown = capture_dialogs(monkeypatch)
    for number, case in enumerate(LAYOUT_CASES):
        with monkeypatch.context() as local:
            file = prepare(case, tmp_path / str(number), local)
            shown.clear()
            with within(SECONDS):
                assert not window.open_path(file), case.name
        check_refused(case, file, shown, "Cannot open layout")
        assert window.document.layout is layout and window.document.path == path, case.name
        assert window.document.undo_stack.index() == index and window.document.is_modified(), case.name


def test_dropping_a_hostile_file_opens_nothing(window, tmp_path, monkeypatch):  # noqa: F811
    before = window.document.layout
    shown = capture_dialogs(monkeypatch)
    for number, case in enumerate(c for c in LAYOUT_CASES if c.name in ("a FIFO", "a symlink loop", "/dev/zero")):
        file = prepare(case, tmp_path / str(number), monkeypatch)
        shown.clear()
        viewport = window.view.viewport()
        mime = file_mime(file)
        enter = QDragEnterEvent(QPoint(40, 40), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
        QApplication.sendEvent(viewport, enter)
        with within(SECONDS):
            QApplication.sendEvent(viewport, QDropEvent(QPointF(40, 40), Qt.CopyAction, mime, Qt.LeftButton,
                                                        Qt.NoModifier))
        check_refused(case, file, shown, "Cannot open layout")
        assert window.document.layout is before


def test_the_tile_designer_refuses_every_hostile_tile_set(qtbot, tmp_path, monkeypatch):
    designer = TileDesignerWindow()
    designer.show()
    qtbot.waitExposed(designer)
    try:
        before = designer.document.tileset
        shown = capture_dialogs(monkeypatch)
        for number, case in enumerate(TILESET_CASES):
            file = prepare(case, tmp_path / str(number), monkeypatch)
            shown.clear()
            with within(SECONDS):
                assert not designer.open_path(file), case.name
            check_refused(case, file, shown, "Cannot open tile set")
            assert designer.document.tileset is before, case.name
    finally:
        designer.document.undo_stack.setClean()
        designer.close()
        designer.deleteLater()
        flush_deletes()


def test_save_writes_through_a_link_and_refuses_a_pipe(window, tmp_path, monkeypatch):  # noqa: F811
    import os

    from crashgrab.engine.formats.layout_io import load_layout
    real = tmp_path / "kept" / "board.json"
    real.parent.mkdir()
    real.write_bytes((LAYOUTS / "standard-2-4p.json").read_bytes())
    link = tmp_path / "board-link.json"
    link.symlink_to(real)
    assert window.open_path(link)
    window.document.undo_stack.push(SetProperties(window.document, "renamed through the link", ""))
    assert window.save()
    assert link.is_symlink() and load_layout(real).name == "renamed through the link"
    assert sorted(p.name for p in real.parent.iterdir()) == ["board.json"]  # no temporary file
    window.document.undo_stack.push(SetProperties(window.document, "not saved", ""))
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    shown = capture_dialogs(monkeypatch)
    with within(SECONDS):
        assert not window.save_to(pipe)
    assert len(shown) == 1 and shown[0][0] == "Cannot save layout"
    assert str(pipe) in shown[0][1] and "named pipe" in shown[0][1]
    assert window.document.is_modified() and window.document.path == link


def test_export_refuses_the_layouts_own_file(window, tmp_path, monkeypatch):  # noqa: F811
    from PySide6.QtWidgets import QFileDialog
    board = tmp_path / "board.json"
    board.write_bytes((LAYOUTS / "standard-2-4p.json").read_bytes())
    assert window.open_path(board)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(board), "")))
    shown = capture_dialogs(monkeypatch)
    assert not window.export_dialog()
    assert len(shown) == 1 and "the output is the input file" in shown[0][1]
    assert board.read_bytes() == (LAYOUTS / "standard-2-4p.json").read_bytes()
