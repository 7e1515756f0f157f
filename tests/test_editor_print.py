"""File > Print and Play… in the real window: preview, PDF, and the cell size kept with the layout."""
from __future__ import annotations

import pypdf
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog

from crashgrab.editor.crash_and_grab.print_dialog import PrintDialog
from tests.conftest import LAYOUTS
from tests.editor_fixtures import settings, window  # noqa: F401  (fixtures, by name)


def test_print_and_play_writes_the_pdf_and_keeps_the_cell_size(window, tmp_path, monkeypatch, qtbot):
    assert window.open_path(LAYOUTS / "standard-2-4p.json")
    assert window.document.layout.print_cell_mm is None
    out = tmp_path / "tiles.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(tmp_path / "tiles"), "")))
    seen = {}

    def drive(dialog):
        assert dialog.summary.text().startswith("6 pages of 210 x 297 mm")  # 25 mm: 3 sheets, both sides
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
    dialog = PrintDialog(window.document.layout, window)
    try:
        dialog.cell.setValue(60)
        assert dialog.summary.text().startswith("Cannot print: tile 1 (4x4 cells")
        assert not dialog.buttons.button(QDialogButtonBox.Save).isEnabled()
        dialog.poster.setChecked(True)  # the poster has no such limit
        assert dialog.buttons.button(QDialogButtonBox.Save).isEnabled()
        assert "pages of" in dialog.summary.text()
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
