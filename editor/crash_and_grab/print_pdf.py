"""Print-and-play PDF: tile sheets for duplex printing, or the board as a poster of pages.

The pages are planned in millimetres by `print_plan` and drawn here through the editor's own
painter (`board_painter.paint_tile_face` for a tile, `paint_board` for the poster), so the
print looks like the editor, the PNG and the SVG. QPdfWriter keeps shapes and text as
vectors. Drawing happens in tenths of a millimetre (one painter unit = 0.1 mm), fine enough
for Qt's whole-unit font sizes.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLineF, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.formats.atomic import write_bytes_atomic
from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.grid.model import Tile, TileSet

from . import style
from .board_painter import BoardPicture, marker_margin, paint_board, paint_tile_face, picture_of
from .image_export import gui_application
from .print_plan import (MARK_GAP_MM, MARK_LENGTH_MM, RULER_MM, PosterPage, PosterPlan, PrintSettings, Rect,
                         SheetPage, SheetPlan, poster, row_letter, tile_sheets)

UNITS_PER_MM = 10  # the painter's unit while drawing a page: 0.1 mm
PDF_RESOLUTION = 1200  # device dots per inch of the PDF's coordinate system
INK = QColor("#1d232b")
GUIDE = QColor("#6b7785")
GLUE_TINT = QColor(47, 111, 214, 28)


@dataclass(frozen=True)
class PrintJob:
    """What to print: a plan, and what its pages show."""

    title: str
    plan: SheetPlan | PosterPlan
    tiles: dict[str, Tile]
    picture: BoardPicture | None = None  # the poster's board

    @property
    def page_count(self) -> int:
        return len(self.plan.pages)

    @property
    def page_size(self) -> tuple[float, float]:
        return self.plan.page_size


def print_job(source: Layout | TileSet, settings: PrintSettings, *, as_poster: bool = False,
              title: str | None = None) -> PrintJob:
    """The job for a tile set's sheets, a layout's tile set's sheets, or a layout's poster."""
    tileset = source.tileset if isinstance(source, Layout) else source
    name = title or source.name or "Crash & Grab"
    tiles = {tile.id: tile for tile in tileset.tiles}
    if not as_poster:
        if not tileset.tiles:
            raise InvalidFileError("the tile set has no tiles, so there is nothing to print.",
                                   hint="Add tiles in the tile designer first.")
        return PrintJob(name, tile_sheets(tileset.tiles, settings), tiles)
    if not isinstance(source, Layout):
        raise InvalidFileError("a poster needs a layout (the board to print), not a tile set.",
                               hint="Give a layout file, or leave out --poster to print the tiles.")
    picture = picture_of(source)
    board = picture.board
    if board.width == 0 or board.height == 0:
        raise InvalidFileError("the layout has no tiles, so there is no board to print.", where="$.placements",
                               hint="Place at least one tile.")
    margin = marker_margin(settings.cell_mm)
    plan = poster(board.width * settings.cell_mm + 2 * margin, board.height * settings.cell_mm + 2 * margin,
                  settings)
    return PrintJob(name, plan, tiles, picture)


def pdf_bytes(job: PrintJob) -> bytes:
    gui_application()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_RESOLUTION)
    width, height = job.page_size
    portrait = (min(width, height), max(width, height))
    writer.setPageLayout(QPageLayout(QPageSize(QSizeF(*portrait), QPageSize.Millimeter, job.plan.settings.paper.upper()),
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
            paint_page(painter, job, index)
            painter.restore()
    finally:
        painter.end()
    buffer.close()
    return bytes(data)


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
        paint_page(painter, job, index)
    finally:
        painter.end()
    return image


def paint_page(painter: QPainter, job: PrintJob, index: int) -> None:
    """Page `index`, with the painter's unit = 0.1 mm and (0, 0) the page's top-left corner."""
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setRenderHint(QPainter.TextAntialiasing)
    page = job.plan.pages[index]
    if isinstance(page, SheetPage):
        _paint_sheet_page(painter, job, page)
        caption = (f"sheet {page.sheet} of {job.plan.sheets}, {page.face}: side {'A' if page.face == 'front' else 'B'}"
                   f" - {_duplex_words(job.plan.settings.duplex, page.face)}")
        footer = page.footer
    else:
        _paint_poster_page(painter, job, page)
        caption = (f"poster page {page.name} (row {row_letter(page.row)}, column {page.column + 1}) "
                   f"of {job.plan.rows} x {job.plan.columns}: trim the blank edge left and top, lay it on the "
                   "dashed line of the page before")
        footer = job.plan.footer
    settings = job.plan.settings
    _paint_footer(painter, footer, f"{job.title} - {caption}",
                  f"{settings.paper.upper() if settings.paper == 'a4' else 'Letter'}, {settings.cell_mm:g} mm a cell"
                  + (f", {settings.bleed_mm:g} mm bleed" if isinstance(page, SheetPage) else "")
                  + ". Print at 100 % (no fit to page).")


def _duplex_words(duplex: str, face: str) -> str:
    if face == "front":
        return {"long": "print both sides, flip on the long edge", "short": "print both sides, flip on the short edge",
                "none": "print one side; the back pages follow the fronts"}[duplex]
    return {"long": "behind the front, long-edge flip", "short": "behind the front, short-edge flip",
            "none": "glue behind its front, turned over left to right"}[duplex]


# --- tile sheets ---------------------------------------------------------------------------

def _paint_sheet_page(painter: QPainter, job: PrintJob, page: SheetPage) -> None:
    settings = job.plan.settings
    for printed in page.tiles:
        tile = job.tiles[printed.tile]
        trim = _units(printed.trim)
        paper = style.PAPER.get(tile.kind, style.DEFAULT_PAPER)
        painter.fillRect(trim.adjusted(*_grow(settings.bleed_mm * UNITS_PER_MM)), paper)
        painter.save()
        painter.translate(trim.topLeft())
        if printed.quarter_turns:
            painter.translate(trim.width(), 0)
            painter.rotate(90)
        scale = settings.cell_mm * UNITS_PER_MM / style.CELL
        painter.scale(scale, scale)
        paint_tile_face(painter, tile, printed.side, 0, style.CELL, label=False)
        painter.restore()
        _paint_crop_marks(painter, trim, settings.bleed_mm * UNITS_PER_MM)
        _paint_tile_caption(painter, trim, f"{tile.id}{printed.side}", settings.bleed_mm * UNITS_PER_MM)


def _grow(d: float) -> tuple[float, float, float, float]:
    return -d, -d, d, d


def _paint_crop_marks(painter: QPainter, trim: QRectF, bleed: float) -> None:
    """Short lines on the cut lines' extensions, starting just outside the bleed."""
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


def _paint_tile_caption(painter: QPainter, trim: QRectF, text: str, bleed: float) -> None:
    """The tile id and side in small print under the tile, between its crop marks."""
    painter.save()
    painter.setPen(GUIDE)
    painter.setFont(style.font(24, bold=True))  # 2.4 mm
    top = trim.bottom() + bleed + 3
    painter.drawText(QRectF(trim.left(), top, trim.width(), 30), Qt.AlignHCenter | Qt.AlignTop, text)
    painter.restore()


# --- poster ----------------------------------------------------------------------------------

def _paint_poster_page(painter: QPainter, job: PrintJob, page: PosterPage) -> None:
    plan = job.plan
    settings = plan.settings
    area = _units(page.area)
    window = _units(page.window)
    painter.save()
    painter.setClipRect(area)
    painter.translate(area.left() - window.left(), area.top() - window.top())
    margin = marker_margin(settings.cell_mm) * UNITS_PER_MM
    painter.translate(margin, margin)
    scale = settings.cell_mm * UNITS_PER_MM / style.CELL
    painter.scale(scale, scale)
    paint_board(painter, job.picture, style.CELL, origin=QPointF(0, 0), markers=True)
    painter.restore()

    overlap = plan.overlap_mm * UNITS_PER_MM
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
    # Trim the blank paper left of and above the picture on every page that lies on another.
    painter.setPen(QPen(INK, 1.5))
    reach = 6 * UNITS_PER_MM
    if page.column > 0:
        for y in (area.top(), area.bottom()):
            painter.drawLine(QLineF(area.left(), y - reach if y == area.top() else y + 2,
                                    area.left(), y - 2 if y == area.top() else y + reach))
    if page.row > 0:
        for x in (area.left(), area.right()):
            painter.drawLine(QLineF(x - reach if x == area.left() else x + 2, area.top(),
                                    x - 2 if x == area.left() else x + reach, area.top()))
    # The page's name, large, in the top margin; its neighbours' names at its edges.
    painter.setPen(INK)
    painter.setFont(style.font(45, bold=True))
    painter.drawText(QRectF(area.left(), area.top() - 95, area.width(), 80), Qt.AlignCenter,
                     f"{page.name}   (row {row_letter(page.row)}, column {page.column + 1})")
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


# --- footer: scale check and caption ----------------------------------------------------------

def _paint_footer(painter: QPainter, footer_mm: Rect, caption: str, details: str) -> None:
    footer = _units(footer_mm)
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


def _units(rect: Rect) -> QRectF:
    return QRectF(rect.x * UNITS_PER_MM, rect.y * UNITS_PER_MM, rect.w * UNITS_PER_MM, rect.h * UNITS_PER_MM)
