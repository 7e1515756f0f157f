"""File > Print and Play…: the print settings, a preview of the first page, and Save PDF.

The pages are `print_pdf`'s (the same drawing as `crashgrab print`). A changed cell size is
kept in the layout's print settings, as an undoable edit, when the PDF is saved.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QLabel, QMessageBox, QVBoxLayout, QWidget)

from crashgrab.engine.errors import CrashGrabError
from crashgrab.engine.crash_and_grab.layout import Layout

from .commands import SetPrintCellSize
from .print_pdf import PrintJob, page_image, print_job, write_pdf
from .print_plan import (DEFAULT_BLEED_MM, DEFAULT_CELL_MM, DUPLEX_MODES, MAX_BLEED_MM, MAX_CELL_MM, MIN_CELL_MM,
                         PAPERS, PrintSettings)

PREVIEW_DPI = 40
DUPLEX_WORDS = {"long": "Both sides, flip on long edge", "short": "Both sides, flip on short edge",
                "none": "One side (backs after the fronts, to glue)"}


class PrintDialog(QDialog):
    def __init__(self, layout: Layout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print and Play")
        self.layout_ = layout
        self.job: PrintJob | None = None
        self.paper = QComboBox()
        for key in PAPERS:
            self.paper.addItem("A4" if key == "a4" else "Letter", key)
        self.cell = QDoubleSpinBox()
        self.cell.setRange(MIN_CELL_MM, MAX_CELL_MM)
        self.cell.setSingleStep(0.5)
        self.cell.setDecimals(1)
        self.cell.setSuffix(" mm")
        self.cell.setValue(layout.print_cell_mm or DEFAULT_CELL_MM)
        self.cell.setToolTip("the printed size of one board cell; kept with the layout when you save the PDF")
        self.bleed = QDoubleSpinBox()
        self.bleed.setRange(0, MAX_BLEED_MM)
        self.bleed.setSingleStep(0.5)
        self.bleed.setDecimals(1)
        self.bleed.setSuffix(" mm")
        self.bleed.setValue(DEFAULT_BLEED_MM)
        self.duplex = QComboBox()
        for key in DUPLEX_MODES:
            self.duplex.addItem(DUPLEX_WORDS[key], key)
        self.poster = QCheckBox("Board poster (the assembled board across pages) instead of the tiles")
        self.poster.setEnabled(bool(layout.placements))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignCenter)
        self.preview.setMinimumSize(round(215.9 / 25.4 * PREVIEW_DPI), round(297 / 25.4 * PREVIEW_DPI))
        self.preview.setStyleSheet("background: #8a96a3; padding: 6px;")
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
        row = QHBoxLayout()
        row.addLayout(side, 1)
        row.addWidget(self.preview)
        outer = QVBoxLayout(self)
        outer.addLayout(row)
        outer.addWidget(self.buttons)
        for signal in (self.paper.currentIndexChanged, self.cell.valueChanged, self.bleed.valueChanged,
                       self.duplex.currentIndexChanged, self.poster.toggled):
            signal.connect(self.refresh)
        self.refresh()

    def settings(self) -> PrintSettings:
        return PrintSettings(paper=self.paper.currentData(), cell_mm=round(self.cell.value(), 1),
                             bleed_mm=round(self.bleed.value(), 1), duplex=self.duplex.currentData())

    def refresh(self) -> None:
        """Plan the pages again and draw the first; a plan that cannot be made says why."""
        save = self.buttons.button(QDialogButtonBox.Save)
        try:
            self.job = print_job(self.layout_, self.settings(), as_poster=self.poster.isChecked())
        except CrashGrabError as error:
            self.job = None
            self.summary.setText(f"Cannot print: {error}")
            self.preview.setPixmap(QPixmap())
            save.setEnabled(False)
            return
        width, height = self.job.page_size
        count = self.job.page_count
        self.summary.setText(f"{count} page{'s' if count != 1 else ''} of {width:g} x {height:g} mm. "
                             "Preview: the first page.")
        self.preview.setPixmap(QPixmap.fromImage(page_image(self.job, 0, PREVIEW_DPI)))
        save.setEnabled(True)

    def save(self) -> None:
        if self.job is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save print-and-play PDF", "", "PDF (*.pdf)")
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        try:
            write_pdf(self.job, path)
        except (CrashGrabError, OSError) as error:
            QMessageBox.critical(self, "Cannot save the PDF", str(error))
            return
        self.saved_path = path
        self.accept()


def print_and_play_dialog(window) -> bool:
    """Ask, write the PDF, and keep a changed cell size with the layout (undoable)."""
    document = window.document
    dialog = PrintDialog(document.layout, window)
    if dialog.exec() != QDialog.Accepted:
        return False
    cell = dialog.settings().cell_mm
    if cell != (document.layout.print_cell_mm or DEFAULT_CELL_MM):
        document.undo_stack.push(SetPrintCellSize(document, cell))
    window.statusBar().showMessage(f"Saved the print-and-play PDF to {dialog.saved_path}", 5000)
    return True
