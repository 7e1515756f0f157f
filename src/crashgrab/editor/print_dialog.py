"""File > Print and Play… for any game: the print settings, a preview of the first page, and Save PDF.

The pages are the same as `crashgrab print`'s: the board poster every game prints, and the
sheets of its own a game's editor adds (`game_editor.PrintSheets`), which are then the default.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QLabel, QMainWindow, QMessageBox, QSpinBox, QVBoxLayout,
                               QWidget)

from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.formats.atomic import refuse_overwriting_input
from crashgrab.engine.system import GameSystem

from .designer_words import designer_message
from .game_editor import GameEditor
from .print_pages import DEFAULT_BLEED_MM, DUPLEX_MODES, MAX_BLEED_MM, MAX_CELL_MM, MIN_CELL_MM, PAPERS, \
    PrintSettings, paper_name, starting_cell_mm
from .print_pdf import PrintJob, page_image, poster_job, write_pdf

PREVIEW_DPI = 40
DUPLEX_WORDS = {"long": "Both sides, flip on long edge", "short": "Both sides, flip on short edge",
                "none": "One side (backs after the fronts, to glue)"}


class PrintDialog(QDialog):
    """Settings, page count and the first page of the PDF for one layout of a game."""

    def __init__(self, system: GameSystem, layout: Any, parent: QWidget | None = None, *,
                 editor: GameEditor | None = None, path: str | Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print and Play")
        self.system, self.layout_, self.path = system, layout, Path(path) if path else None
        self.sheets = editor.print_sheets if editor is not None else None
        self.paint_board = editor.paint_board if editor is not None else None
        self.job: PrintJob | None = None
        self.saved_path: str | None = None
        self.paper = QComboBox()
        for key in PAPERS:
            self.paper.addItem(paper_name(key), key)
        self.cell = QDoubleSpinBox()
        self.cell.setRange(MIN_CELL_MM, MAX_CELL_MM)
        self.cell.setSingleStep(0.5)
        self.cell.setDecimals(1)
        self.cell.setSuffix(" mm")
        self.cell.setValue(starting_cell_mm(system, layout, self.sheets))
        self.cell.setToolTip("the printed size of one board cell")
        self.bleed = QDoubleSpinBox()
        self.bleed.setRange(0, MAX_BLEED_MM)
        self.bleed.setSingleStep(0.5)
        self.bleed.setDecimals(1)
        self.bleed.setSuffix(" mm")
        self.bleed.setValue(DEFAULT_BLEED_MM)
        self.bleed.setToolTip("how far the printing runs past each cut line, so a cut a little off shows no white edge")
        self.duplex = QComboBox()
        for key in DUPLEX_MODES:
            self.duplex.addItem(DUPLEX_WORDS[key], key)
        if self.sheets is not None:
            self.poster = QCheckBox(f"Board poster (the assembled board across pages) instead of the {self.sheets.title}")
        else:  # the poster is all this game prints
            self.poster = QCheckBox("Board poster (the assembled board across pages)")
            self.poster.setChecked(True)
            self.poster.setEnabled(False)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignCenter)
        self.preview.setMinimumSize(round(215.9 / 25.4 * PREVIEW_DPI), round(297 / 25.4 * PREVIEW_DPI))
        self.preview.setStyleSheet("background: #8a96a3; padding: 6px; color: white; font-weight: bold;")
        self.preview.setWordWrap(True)
        self.page = QSpinBox()  # which page the preview shows: every page can be looked at before printing
        self.page.setRange(1, 1)
        self.page.setPrefix("Page ")
        self.page.setToolTip("the page the preview shows")
        self.page.setAccessibleName("Previewed page")
        self.buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Save).setText("Save PDF\u2026")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("Paper", self.paper)
        form.addRow("Cell size", self.cell)
        form.addRow("Bleed", self.bleed)
        form.addRow("Printing", self.duplex)
        form.addRow(self.poster)
        form.addRow(self.summary)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addStretch(1)
        shown = QVBoxLayout()
        shown.addWidget(self.preview, 1)
        shown.addWidget(self.page, 0, Qt.AlignHCenter)
        row = QHBoxLayout()
        row.addLayout(side, 1)
        row.addLayout(shown)
        outer = QVBoxLayout(self)
        outer.addLayout(row)
        outer.addWidget(self.buttons)
        for signal in (self.paper.currentIndexChanged, self.cell.valueChanged, self.bleed.valueChanged,
                       self.duplex.currentIndexChanged, self.poster.toggled):
            signal.connect(self.refresh)
        self.page.valueChanged.connect(self.show_page)
        self.refresh()

    def settings(self) -> PrintSettings:
        return PrintSettings(paper=self.paper.currentData(), cell_mm=round(self.cell.value(), 1),
                             bleed_mm=round(self.bleed.value(), 1), duplex=self.duplex.currentData())

    def make_job(self) -> PrintJob:
        settings = self.settings()
        if self.sheets is not None and not self.poster.isChecked():
            return self.sheets.job(self.layout_, settings, "")
        painter = self.paint_board
        layout = self.layout_
        return poster_job(self.system, layout, settings,
                          paint_board=None if painter is None else lambda p, cell: painter(p, layout, cell))

    def refresh(self) -> None:
        """Plan the pages again and draw the first; a plan that cannot be made says why."""
        save = self.buttons.button(QDialogButtonBox.Save)
        self.duplex.setEnabled(not self.poster.isChecked())  # a poster is printed on one side
        try:
            self.job = self.make_job()
        except CrashGrabError as error:
            self.job = None
            self.summary.setText(f"Cannot print: {designer_message(error)}")
            self.preview.setPixmap(QPixmap())  # no blank page: what to change, where the page would be
            self.preview.setText("No pages at these settings: see the reason on the left.")
            self.page.setEnabled(False)
            save.setEnabled(False)
            return
        width, height = self.job.page_size
        count = self.job.page_count
        text = f"{count} page{'s' if count != 1 else ''} of {width:g} x {height:g} mm ({self.job.kind}). "
        if self.poster.isChecked():
            findings = self.system.resolve(self.layout_).findings
            if findings:  # as `crashgrab print --poster` warns
                text += f"Printed as it is, with {len(findings)} structural finding{'s' if len(findings) != 1 else ''}. "
        self.summary.setText(text + "Preview: any page, chosen below it.")
        self.page.blockSignals(True)
        self.page.setRange(1, count)
        self.page.setSuffix(f" of {count}")
        self.page.blockSignals(False)
        self.page.setEnabled(count > 1)
        self.show_page()
        save.setEnabled(True)

    def show_page(self) -> None:
        """Draw the page the page box names (the first after a change that moved the pages)."""
        if self.job is None:
            return
        self.preview.setText("")
        self.preview.setPixmap(QPixmap.fromImage(page_image(self.job, self.page.value() - 1, PREVIEW_DPI)))

    def suggested_path(self) -> str:
        if self.path is None:
            return ""
        suffix = "-poster.pdf" if self.poster.isChecked() or self.sheets is None else ".pdf"
        return str(self.path.with_name(self.path.stem + suffix))

    def save(self) -> None:
        if self.job is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save print-and-play PDF", self.suggested_path(), "PDF (*.pdf)")
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        try:
            if self.path is not None:
                refuse_overwriting_input(path, self.path)
            write_pdf(self.job, path)
        except (CrashGrabError, OSError) as error:
            QMessageBox.critical(self, "Cannot save the PDF", str(error))
            return
        self.saved_path = path
        self.accept()


def print_and_play(window: QMainWindow, system: GameSystem, layout: Any, path: str | Path | None = None, *,
                   editor: GameEditor | None = None,
                   saved: Callable[[PrintDialog], None] | None = None) -> bool:
    """Ask, write the PDF, say so in the window's status bar; `saved(dialog)` then lets a game
    keep what it keeps of the settings (an undoable edit)."""
    if editor is None:
        from .game_views import editor_for

        editor = editor_for(system.id)
    dialog = PrintDialog(system, layout, window, editor=editor, path=path)
    if dialog.exec() != QDialog.Accepted:
        return False
    if saved is not None:
        saved(dialog)
    window.statusBar().showMessage(f"Saved the print-and-play PDF to {dialog.saved_path}", 5000)
    return True
