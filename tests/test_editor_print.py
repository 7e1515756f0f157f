"""File > Print and Play… in the real windows: preview, PDF, the cell size kept with a Crash & Grab
layout, and the poster of a Crash Grid arena from its own window."""
from __future__ import annotations

import pypdf
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog

from crashgrab.editor.crash_and_grab import EDITOR
from crashgrab.editor.game_views import open_board_window
from crashgrab.editor.print_dialog import PrintDialog
from crashgrab.engine.crash_grid.templates import template_layout
from crashgrab.engine.games import get_system
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)
from tests.test_game_systems import toy_installed  # noqa: F401  (a fixture, by name)


def test_print_and_play_writes_the_pdf_and_keeps_the_cell_size(window, tmp_path, monkeypatch, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    assert window.document.layout.print_cell_mm is None
    out = tmp_path / "tiles.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "tiles"), "")))
    seen = {}

    def drive(dialog):
        assert dialog.summary.text().startswith("6 pages of 210 x 297 mm (tile sheets)")  # 25 mm: 3 sheets, both sides
        first = dialog.preview.pixmap().toImage()
        assert not first.isNull() and first.width() > 100
        dialog.cell.setValue(20)
        seen["summary"] = dialog.summary.text()
        assert dialog.preview.pixmap().toImage() != first  # the preview follows the settings
        dialog.buttons.button(QDialogButtonBox.Save).click()
        return dialog.result()

    monkeypatch.setattr(PrintDialog, "exec", drive)
    window.actions["print_and_play"].trigger()
    assert seen["summary"].startswith("4 pages")
    assert len(pypdf.PdfReader(str(out)).pages) == 4
    assert window.document.layout.print_cell_mm == 20
    assert window.document.is_modified()
    window.document.undo_stack.undo()
    assert window.document.layout.print_cell_mm is None


def test_a_cell_size_too_large_for_the_paper_cannot_be_saved(window, monkeypatch):
    assert window.open_path(LAYOUTS / "standard-6p.json")
    dialog = PrintDialog(get_system("crash-and-grab"), window.document.layout, window, editor=EDITOR)
    try:
        dialog.cell.setValue(60)
        assert dialog.summary.text().startswith("Cannot print: tile 1 (4x4 cells")
        # in the dialog's words: its cell size control, not the command's option
        assert dialog.summary.text().endswith("Choose a cell size of 43.5 mm or less, or larger paper.")
        assert "--" not in dialog.summary.text()
        assert not dialog.buttons.button(QDialogButtonBox.Save).isEnabled()
        dialog.poster.setChecked(True)  # the poster has no such limit
        assert dialog.buttons.button(QDialogButtonBox.Save).isEnabled()
        assert "pages of" in dialog.summary.text() and "(poster)" in dialog.summary.text()
        assert not dialog.duplex.isEnabled()  # a poster is one-sided
    finally:
        dialog.close()


def test_cancel_changes_nothing(window, monkeypatch):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")

    def cancel(dialog):
        dialog.cell.setValue(30)
        return QDialog.Rejected

    monkeypatch.setattr(PrintDialog, "exec", cancel)
    window.actions["print_and_play"].trigger()
    assert window.document.layout.print_cell_mm is None and not window.document.is_modified()


def test_the_crash_grid_window_prints_its_arena_as_a_poster(qtbot, tmp_path, monkeypatch):
    arena = open_board_window(get_system("crash-grid"), template_layout("4"), None)
    qtbot.addWidget(arena, before_close_func=lambda w: w.document.undo_stack.setClean())
    out = tmp_path / "arena.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))
    seen = {}

    def drive(dialog):
        # The poster is all Crash Grid prints: checked, and not to be unchecked.
        assert dialog.poster.isChecked() and not dialog.poster.isEnabled()
        # 12 x 12 squares at 25 mm = 300 mm, cut at the arena's edge. A4 portrait: 190 x 263 mm printable,
        # less 8 mm round the cut line for bleed and marks = 174 x 247; 12 mm overlap:
        # ceil((300 - 12) / (174 - 12)) = 2 columns, ceil(288 / (247 - 12)) = 2 rows.
        seen["summary"] = dialog.summary.text()
        dialog.buttons.button(QDialogButtonBox.Save).click()
        return dialog.result()

    monkeypatch.setattr(PrintDialog, "exec", drive)
    assert arena.findChild(type(arena.print_action), "print_and_play") is arena.print_action
    arena.print_action.trigger()
    assert seen["summary"].startswith("4 pages of 210 x 297 mm (poster)")
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == 4
    assert "A1" in reader.pages[0].extract_text().split()
    assert f"Saved the print-and-play PDF to {out}" == arena.statusBar().currentMessage()


def test_the_read_only_view_of_a_game_without_an_editor_prints_its_poster(toy_installed, qtbot, tmp_path, monkeypatch):
    from crashgrab.editor.game_views import ReadOnlyBoardWindow
    from tests.toy_game import GAME

    system = get_system(GAME)
    window = open_board_window(system, system.new_layout(2), None)
    qtbot.addWidget(window)
    assert isinstance(window, ReadOnlyBoardWindow)
    out = tmp_path / "field.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))

    def drive(dialog):
        assert dialog.summary.text().startswith("1 page of 210 x 297 mm (poster)")  # 100 mm at 25 mm a cell
        dialog.buttons.button(QDialogButtonBox.Save).click()
        return dialog.result()

    monkeypatch.setattr(PrintDialog, "exec", drive)
    window.findChild(type(window.menuBar().actions()[0]), "print_and_play").trigger()
    assert len(pypdf.PdfReader(str(out)).pages) == 1


def test_the_crash_window_prints_its_hex_board_at_true_size(qtbot, tmp_path, monkeypatch):
    """Crash!'s own window has Print and Play (Ctrl+P, as in Crash & Grab; its Playtest is F5): the
    dialog starts at the game's true size, a hex's radius of 30 / sqrt(3) = 17.3 mm (one decimal)."""
    from crashgrab.engine.crash.templates import template_layout as crash_board

    board = open_board_window(get_system("crash"), crash_board("standard"), None)
    qtbot.addWidget(board, before_close_func=lambda w: w.document.undo_stack.setClean())
    out = tmp_path / "board.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))
    seen = {}

    def drive(dialog):
        seen["cell"] = dialog.cell.value()
        dialog.buttons.button(QDialogButtonBox.Save).click()
        return dialog.result()

    monkeypatch.setattr(PrintDialog, "exec", drive)
    assert board.print_action.shortcut().toString() == "Ctrl+P" and board.playtest_action.shortcut().toString() == "F5"
    board.print_action.trigger()
    assert seen["cell"] == 17.3
    assert len(pypdf.PdfReader(str(out)).pages) >= 1


def test_the_preview_shows_every_page_and_says_why_when_there_is_none(window):
    from PySide6.QtGui import QImage

    assert window.open_path(LAYOUTS / "standard-6p.json")
    dialog = PrintDialog(get_system("crash-and-grab"), window.document.layout, window, editor=EDITOR)
    try:
        count = dialog.job.page_count
        assert count > 1 and dialog.page.maximum() == count and dialog.page.suffix() == f" of {count}"
        first = dialog.preview.pixmap().toImage()
        dialog.page.setValue(2)  # a back: another picture than the first page's
        second = dialog.preview.pixmap().toImage()
        assert isinstance(second, QImage) and not second.isNull() and second != first
        dialog.cell.setValue(60)  # too large for A4: no pages
        assert dialog.preview.pixmap().isNull() and "No pages at these settings" in dialog.preview.text()
        assert not dialog.page.isEnabled()
        dialog.cell.setValue(20)
        assert not dialog.preview.pixmap().isNull() and dialog.preview.text() == ""
    finally:
        dialog.deleteLater()
