"""Print-and-play PDF for any game: the board poster from its picture, and the drawing every
printed page shares (footer with a scale ruler, crop marks, PDF output with TrimBox and BleedBox).

A `PrintJob` is pages of one size, each painted with one painter unit = 0.1 mm (fine enough
for Qt's whole-unit font sizes) and (0, 0) the page's top-left corner. The poster is one
(`poster_job`); a game's editor may add jobs of its own (`game_editor.PrintSheets`). QPdfWriter
keeps shapes and text as vectors.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLineF, QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.atomic import write_bytes_atomic
from crashgrab.engine.system import GameSystem

from . import style
from .image_size import MARGIN_CELLS
from .pdf_boxes import with_page_boxes
from .print_pages import (MARK_GAP_MM, MARK_LENGTH_MM, RULER_MM, PageBoxes, PosterPage, PosterPlan, PrintSettings,
                          Rect, paper_name, poster, row_letter)
from .qt_images import gui_application

UNITS_PER_MM = 10  # the painter's unit while drawing a page: 0.1 mm
PDF_RESOLUTION = 1200  # device dots per inch of the PDF's coordinate system
INK = QColor("#1d232b")
GUIDE = QColor("#6b7785")
GLUE_TINT = QColor(47, 111, 214, 28)

# (painter, cell) -> None: the board drawn with one cell = `cell` painter units, cell (0, 0)'s
# top-left corner at the origin, anything a game prints round it within MARGIN_CELLS cells.
BoardPainter = Callable[[QPainter, float], None]


class PrintJob(ABC):
    """What to print: pages of one size from a plan (a poster's, a game's sheets'), their cut
    lines, and how to paint each."""

    title: str
    settings: PrintSettings
    plan: Any  # a plan with `pages`, `page_size` and `boxes(index)` (print_pages.PosterPlan, a game's sheets)
    kind: str = "pages"  # what the pages are, for messages: "poster", "tile sheets" ...

    @property
    def page_count(self) -> int:
        return len(self.plan.pages)

    @property
    def page_size(self) -> tuple[float, float]:
        return self.plan.page_size

    def boxes(self, index: int) -> PageBoxes:
        """Page `index`'s cut line and bleed (the PDF's TrimBox and BleedBox)."""
        return self.plan.boxes(index)

    @abstractmethod
    def paint_page(self, painter: QPainter, index: int) -> None:
        """Page `index`, with the painter's unit = 0.1 mm and (0, 0) the page's top-left corner."""


class PosterJob(PrintJob):
    """The assembled board at true size across overlapping pages, drawn by `paint_board`."""

    kind = "poster"

    def __init__(self, title: str, plan: PosterPlan, paint_board: BoardPainter, margin_cells: float = 0.0) -> None:
        self.title, self.plan, self.settings, self.paint_board = title, plan, plan.settings, paint_board
        self.margin_cells = margin_cells  # room round the board in the picture, in cells

    def paint_page(self, painter: QPainter, index: int) -> None:
        prepare(painter)
        page = self.plan.pages[index]
        _paint_poster_page(painter, self, page)
        caption = (f"poster page {page.name} (row {row_letter(page.row)}, column {page.column + 1}) of "
                   f"{self.plan.rows} x {self.plan.columns}: cut on the crop marks; lay its left and top edges "
                   "on the dashed lines of the pages before")
        paint_footer(painter, self.plan.footer, f"{self.title} - {caption}", details(self.settings))


def poster_job(system: GameSystem, layout: Any, settings: PrintSettings, *, title: str | None = None,
               paint_board: BoardPainter | None = None, file: str | Path | None = None) -> PosterJob:
    """Any game's board as a poster: drawn by `paint_board` (a game's own painter), else from the
    game's picture (`game_views.paint_picture`). Room is left round the board for what the game
    prints beside it (its picture's `margins`); without any, the poster is cut at the board's edge."""
    picture = system.picture(layout)
    # What the cells span, which need not start at (0, 0) (a hex board lies round its centre hex).
    left, top, right, bottom = picture.extent(system.geometry)
    if not picture.cells or right <= left or bottom <= top:
        raise InvalidFileError("the layout has no cells, so there is no board to print.", file=file,
                               hint="Put something on the board first.")
    if paint_board is None:
        from .game_views import paint_picture

        def paint_board(painter: QPainter, cell: float) -> None:
            painter.translate(-left * cell, -top * cell)  # the caller restores the painter
            paint_picture(painter, system, picture, cell)
    margin_cells = MARGIN_CELLS if picture.margins else 0.0
    margin = 2 * margin_cells * settings.cell_mm
    plan = poster((right - left) * settings.cell_mm + margin, (bottom - top) * settings.cell_mm + margin, settings)
    return PosterJob(title or system.layout_name(layout) or system.title, plan, paint_board, margin_cells)


def details(settings: PrintSettings) -> str:
    return (f"{paper_name(settings.paper)}, {settings.cell_mm:g} mm a cell, {settings.bleed_mm:g} mm bleed. "
            "Print at 100 % (no fit to page).")


# --- output ----------------------------------------------------------------------------------

def pdf_bytes(job: PrintJob) -> bytes:
    """The PDF, every page with its TrimBox and BleedBox."""
    gui_application()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_RESOLUTION)
    width, height = job.page_size
    portrait = (min(width, height), max(width, height))
    writer.setPageLayout(QPageLayout(QPageSize(QSizeF(*portrait), QPageSize.Millimeter, paper_name(job.settings.paper)),
                                     QPageLayout.Landscape if width > height else QPageLayout.Portrait,
                                     QMarginsF(0, 0, 0, 0), QPageLayout.Millimeter))
    writer.setTitle(f"{job.title}: print and play")
    writer.setCreator("crashgrab")
    painter = QPainter(writer)
    try:
        for index in range(job.page_count):
            if index:
                writer.newPage()
            painter.save()
            painter.scale(PDF_RESOLUTION / 25.4 / UNITS_PER_MM, PDF_RESOLUTION / 25.4 / UNITS_PER_MM)
            job.paint_page(painter, index)
            painter.restore()
    finally:
        painter.end()
    buffer.close()
    return with_page_boxes(bytes(data), [job.boxes(index) for index in range(job.page_count)])


def write_pdf(job: PrintJob, path: str | Path) -> Path:
    """Render in memory, then write atomically: a failure leaves no half-written PDF."""
    write_bytes_atomic(path, pdf_bytes(job))
    return Path(path)


def page_image(job: PrintJob, index: int = 0, dpi: float = 60) -> QImage:
    """One page as a picture (the editor's preview): the same drawing as the PDF page."""
    gui_application()
    width, height = job.page_size
    image = QImage(round(width / 25.4 * dpi), round(height / 25.4 * dpi), QImage.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.scale(dpi / 25.4 / UNITS_PER_MM, dpi / 25.4 / UNITS_PER_MM)
        job.paint_page(painter, index)
    finally:
        painter.end()
    return image


# --- drawing every kind of page shares -------------------------------------------------------

def prepare(painter: QPainter) -> None:
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)


def units(rect: Rect) -> QRectF:
    return QRectF(rect.x * UNITS_PER_MM, rect.y * UNITS_PER_MM, rect.w * UNITS_PER_MM, rect.h * UNITS_PER_MM)


def paint_crop_marks(painter: QPainter, trim: QRectF, bleed: float) -> None:
    """Short lines on the cut lines' extensions, starting just outside the bleed (painter units)."""
    start, end = bleed + MARK_GAP_MM * UNITS_PER_MM, bleed + (MARK_GAP_MM + MARK_LENGTH_MM) * UNITS_PER_MM
    painter.save()
    painter.setPen(QPen(INK, 1.5))  # 0.15 mm
    lines = []
    for x in (trim.left(), trim.right()):
        lines += [QLineF(x, trim.top() - start, x, trim.top() - end),
                  QLineF(x, trim.bottom() + start, x, trim.bottom() + end)]
    for y in (trim.top(), trim.bottom()):
        lines += [QLineF(trim.left() - start, y, trim.left() - end, y),
                  QLineF(trim.right() + start, y, trim.right() + end, y)]
    painter.drawLines(lines)
    painter.restore()


def paint_footer(painter: QPainter, footer_mm: Rect, caption: str, details: str) -> None:
    """The 50 mm scale ruler and the page's caption, in the footer strip."""
    footer = units(footer_mm)
    painter.save()
    ruler = QRectF(footer.left(), footer.top() + 60, RULER_MM * UNITS_PER_MM, 22)
    painter.setPen(Qt.NoPen)
    for index in range(5):  # alternating 10 mm blocks read easily against a real ruler
        block = QRectF(ruler.left() + index * 100, ruler.top(), 100, ruler.height())
        painter.setBrush(INK if index % 2 == 0 else QColor("white"))
        painter.drawRect(block)
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(INK, 2))
    painter.drawRect(ruler)
    lines = [QLineF(ruler.left() + mm * UNITS_PER_MM, ruler.top() - (12 if mm % 10 == 0 else 6),
                    ruler.left() + mm * UNITS_PER_MM, ruler.top()) for mm in range(0, 51, 5)]
    painter.drawLines(lines)
    painter.setFont(style.font(20))
    for mm in range(0, 51, 10):
        painter.drawText(QRectF(ruler.left() + mm * UNITS_PER_MM - 40, ruler.top() - 40, 80, 26),
                         Qt.AlignHCenter | Qt.AlignBottom, str(mm))
    painter.drawText(QRectF(ruler.left(), ruler.bottom() + 6, ruler.width(), 30), Qt.AlignLeft | Qt.AlignTop,
                     "this bar must measure 50 mm")
    text_left = ruler.right() + 60
    text = QRectF(text_left, footer.top() + 30, footer.right() - text_left, footer.height() - 30)
    painter.setFont(style.font(24, bold=True))
    painter.drawText(text, Qt.AlignLeft | Qt.AlignTop | Qt.TextWordWrap, caption)
    painter.setFont(style.font(22))
    painter.setPen(GUIDE)
    painter.drawText(text, Qt.AlignLeft | Qt.AlignBottom | Qt.TextWordWrap, details)
    painter.restore()


# --- the poster ------------------------------------------------------------------------------

def _paint_poster_page(painter: QPainter, job: PosterJob, page: PosterPage) -> None:
    plan = job.plan
    settings = plan.settings
    area = units(page.area)
    window = units(page.window)
    cell = settings.cell_mm * UNITS_PER_MM
    painter.save()
    painter.setClipRect(units(plan.bleed_of(page)))  # the picture runs past the cut line by the bleed
    painter.translate(area.left() - window.left(), area.top() - window.top())
    margin = job.margin_cells * cell
    painter.translate(margin, margin)
    job.paint_board(painter, cell)
    painter.restore()

    overlap = plan.overlap_mm * UNITS_PER_MM
    bleed = settings.bleed_mm * UNITS_PER_MM
    painter.save()
    painter.setFont(style.font(30, bold=True))
    has_right, has_below = page.column < plan.columns - 1, page.row < plan.rows - 1
    right_name = f"{row_letter(page.row)}{page.column + 2}"
    below_name = f"{row_letter(page.row + 1)}{page.column + 1}"
    if has_right:  # the strip the next page covers: glue here, its edge on the dashed line
        strip = QRectF(area.right() - overlap, area.top(), overlap, area.height())
        painter.fillRect(strip, GLUE_TINT)
        _dashed(painter, QLineF(strip.topLeft(), strip.bottomLeft()))
        _vertical_text(painter, strip, f"glue {right_name} here, its edge on the dashed line")
    if has_below:
        strip = QRectF(area.left(), area.bottom() - overlap, area.width(), overlap)
        painter.fillRect(strip, GLUE_TINT)
        _dashed(painter, QLineF(strip.topLeft(), strip.topRight()))
        painter.setPen(INK)
        painter.drawText(strip, Qt.AlignCenter, f"glue {below_name} here, its edge on the dashed line")
    painter.restore()
    paint_crop_marks(painter, area, bleed)
    # The page's name, large, above the picture's bleed, between the top corners' crop marks.
    painter.save()
    painter.setPen(INK)
    painter.setFont(style.font(40, bold=True))
    top = area.top() - settings.zone_mm * UNITS_PER_MM
    name = f"{page.name}   (row {row_letter(page.row)}, column {page.column + 1})"
    # Centred over the picture; a narrow last column's name runs on to the right, not off the paper.
    width = max(area.width() - 160, QFontMetricsF(painter.font()).horizontalAdvance(name))
    painter.drawText(QRectF(area.left() + 80, top, width, area.top() - bleed - 5 - top),
                     Qt.AlignHCenter | Qt.AlignVCenter, name)
    painter.restore()


def _dashed(painter: QPainter, line: QLineF) -> None:
    painter.save()
    pen = QPen(INK, 2.5, Qt.DashLine)
    painter.setPen(pen)
    painter.drawLine(line)
    painter.restore()


def _vertical_text(painter: QPainter, strip: QRectF, text: str) -> None:
    painter.save()
    painter.setPen(INK)
    painter.translate(strip.center())
    painter.rotate(-90)
    painter.drawText(QRectF(-strip.height() / 2, -strip.width() / 2, strip.height(), strip.width()),
                     Qt.AlignCenter, text)
    painter.restore()
