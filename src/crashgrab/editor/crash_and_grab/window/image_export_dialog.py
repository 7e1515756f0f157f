"""The editor's "Export Image…": first what to make (a PNG picture at a resolution, or an SVG drawing,
with the board's preview and the picture's size), then where to save it.

`export_image_dialog(window)` asks and writes; the drawing is `image_export`'s, which is the
editor's own board painter. The window only adds the menu action.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QLabel, QMessageBox,
                               QSpinBox, QWidget)

from crashgrab.engine.errors import CrashGrabError, InvalidFileError
from crashgrab.engine.crash_and_grab.layout import Layout

from .dialogs import board_pixmap
from ...designer_words import designer_message, show_error
from ..output.image_export import require_board, write_board_image
from ...image_size import CELL_MM, DEFAULT_DPI, MAX_DPI, MIN_DPI, PRINT_DPI, ImageGeometry, image_format

PNG_FILTER = "PNG image (*.png)"
SVG_FILTER = "SVG image (*.svg)"
FILTERS = {PNG_FILTER: ".png", SVG_FILTER: ".svg"}
DPI_KEY = "export/imageDpi"
FORMAT_KEY = "export/imageFormat"  # ".png" or ".svg": the last one chosen


class ImageResolutionDialog(QDialog):
    """What to export, asked before the file: PNG or SVG, and for a PNG the resolution, with the
    picture's pixel size and printed size as it changes. Next asks where to save it."""

    def __init__(self, geometry: ImageGeometry, dpi: int = DEFAULT_DPI, parent: QWidget | None = None,
                 preview: QPixmap | None = None, suffix: str = ".png") -> None:
        super().__init__(parent)
        self.setWindowTitle("Export Image")
        self.kind = QComboBox()  # PNG or SVG, before the file: the file dialog then offers that kind
        self.kind.addItem("PNG picture, at a resolution", ".png")
        self.kind.addItem("SVG drawing, sharp at any size", ".svg")
        self.kind.setCurrentIndex(1 if suffix == ".svg" else 0)
        self.geometry_ = geometry
        self.preview = QLabel()  # what will be drawn: the board with its markers and tile tabs
        self.preview.setAlignment(Qt.AlignCenter)
        if preview is not None:
            self.preview.setPixmap(preview)
        self.spin = QSpinBox()
        # Offer only what can be made: the largest board-size-dependent DPI, not a flat maximum.
        self.spin.setRange(MIN_DPI, geometry.max_dpi())
        self.spin.setSingleStep(50)
        self.spin.setSuffix(" dpi")
        self.spin.setValue(min(max(dpi, MIN_DPI), geometry.max_dpi()))
        self.spin.setToolTip(f"Dots per inch, {MIN_DPI} to {geometry.max_dpi()} for this board: "
                             f"150 for the screen, {PRINT_DPI} for print")
        self.size_label = QLabel()
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.Ok)
        self.ok_button.setText("Choose File…")
        form = QFormLayout(self)
        if preview is not None:
            form.addRow(self.preview)
        form.addRow("Format:", self.kind)
        form.addRow("Resolution:", self.spin)
        form.addRow("Image:", self.size_label)
        form.addRow(buttons)
        self.spin.valueChanged.connect(self._refresh)
        self.kind.currentIndexChanged.connect(self._refresh)
        self._refresh()

    def dpi(self) -> int:
        return self.spin.value()

    def suffix(self) -> str:
        """".png" or ".svg": the kind of file chosen."""
        return str(self.kind.currentData())

    def _refresh(self) -> None:
        svg = self.suffix() == ".svg"
        self.spin.setEnabled(not svg)
        if svg:
            self.size_label.setText(f"Drawn in millimetres, {self.geometry_.width_mm:g} × "
                                    f"{self.geometry_.height_mm:g} mm (one cell = {CELL_MM:g} mm)")
            return
        width, height = self.geometry_.pixel_size(self.dpi())
        printed = (f"{width} \u00d7 {height} pixels, printed {self.geometry_.width_mm:g} \u00d7 "
                   f"{self.geometry_.height_mm:g} mm (one cell = {CELL_MM:g} mm)")
        at_limit = self.dpi() == self.geometry_.max_dpi() < MAX_DPI
        self.size_label.setText(printed + ("\nThe largest PNG for this board; for more, export SVG."
                                           if at_limit else ""))


def export_image_dialog(window) -> bool:
    """Ask what to make, then for a file; write the image; True when written. `window` is the MainWindow."""
    layout = window.document.layout
    try:
        picture = require_board(layout)
    except InvalidFileError as error:
        QMessageBox.information(window, "Nothing to export", designer_message(error))
        return False
    last = str(window.settings.value(FORMAT_KEY, ".png"))
    geometry = ImageGeometry(picture.board.width, picture.board.height)
    # What to make first (format, resolution, the picture's size), then where: the file is the last question.
    dialog = ImageResolutionDialog(geometry, _saved_dpi(window.settings), window, board_pixmap(layout, 18.0),
                                   last if last in FILTERS.values() else ".png")
    try:
        if dialog.exec() != QDialog.Accepted:
            return False
        dpi, suffix = dialog.dpi(), dialog.suffix()
    finally:
        dialog.deleteLater()
    chosen_filter = PNG_FILTER if suffix == ".png" else SVG_FILTER
    other = SVG_FILTER if suffix == ".png" else PNG_FILTER
    path, chosen_filter = QFileDialog.getSaveFileName(window, "Export board image",
                                                      str(_suggested_base(window, layout)) + suffix,
                                                      f"{chosen_filter};;{other}", chosen_filter)
    if not path:
        return False
    if not Path(path).suffix:
        path += FILTERS.get(chosen_filter, suffix)
    try:
        kind = image_format(path)
    except CrashGrabError as error:
        show_error(window, "Cannot export image", error)
        return False
    try:
        write_board_image(layout, path, dpi)
    except (CrashGrabError, OSError) as error:
        show_error(window, "Cannot export image", error)
        return False
    window.settings.setValue(FORMAT_KEY, Path(path).suffix.lower())
    if kind == "png":
        window.settings.setValue(DPI_KEY, dpi)
        width, height = geometry.pixel_size(dpi)
        size = f"{width}\u00d7{height} pixels at {dpi} dpi"
    else:
        size = f"{geometry.width_mm:g}\u00d7{geometry.height_mm:g} mm"
    window.statusBar().showMessage(f"Exported the board image to {path} ({size})", 5000)
    return True


def _saved_dpi(settings) -> int:
    try:
        return int(settings.value(DPI_KEY, DEFAULT_DPI))
    except (TypeError, ValueError):
        return DEFAULT_DPI


def _suggested_base(window, layout: Layout) -> Path:
    """Beside the layout file, named after it; else the last folder used, named after the layout."""
    if window.document.path:
        return window.document.path.with_suffix("")
    folder = Path(str(window.settings.value("files/lastDirectory", str(Path.cwd()))))
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in layout.name.lower()).strip("-")
    return folder / (stem or "board")
