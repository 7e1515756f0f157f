"""Crash & Grab's print-and-play: tile sheets for duplex printing, and its board painter for
the poster every game prints (`crashgrab.editor.print_pdf`).

The sheets are planned in millimetres by `print_plan` and drawn here through the editor's own
painter (`board_painter.paint_tile_face` for a tile, `paint_board` for the poster), so the
print looks like the editor, the PNG and the SVG. The editor reaches them through
its `GameEditor` (`PRINT_SHEETS`, `paint_board`).
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.crash_and_grab.layout import Layout
from crashgrab.engine.grid.model import Tile, TileSet

from ...print_pages import PrintSettings
from ...print_pdf import GUIDE, UNITS_PER_MM, PrintJob, details, paint_crop_marks, paint_footer, prepare, units
from .. import style
from ..board_painter import paint_board, paint_tile_face
from .print_plan import SheetPage, SheetPlan, tile_sheets


class SheetJob(PrintJob):
    """Every tile of a tile set, side A on the fronts and side B behind it."""

    kind = "tile sheets"

    def __init__(self, title: str, plan: SheetPlan, tiles: dict[str, Tile]) -> None:
        self.title, self.plan, self.settings, self.tiles = title, plan, plan.settings, tiles

    def paint_page(self, painter: QPainter, index: int) -> None:
        prepare(painter)
        page = self.plan.pages[index]
        _paint_sheet_page(painter, self, page)
        caption = (f"sheet {page.sheet} of {self.plan.sheets}, {page.face}: side {'A' if page.face == 'front' else 'B'}"
                   f" - {_duplex_words(self.settings.duplex, page.face)}")
        paint_footer(painter, page.footer, f"{self.title} - {caption}", details(self.settings))


def tile_sheets_job(source: Layout | TileSet, settings: PrintSettings, title: str = "") -> SheetJob:
    """The sheets of a tile set, or of a layout's tile set."""
    tileset = source.tileset if isinstance(source, Layout) else source
    if not tileset.tiles:
        raise InvalidFileError("the tile set has no tiles, so there is nothing to print.",
                               hint="Add tiles in the tile designer first.")
    name = title or source.name or "Crash & Grab"
    return SheetJob(name, tile_sheets(tileset.tiles, settings), {tile.id: tile for tile in tileset.tiles})


def paint_poster_board(painter: QPainter, layout: Layout, cell: float) -> None:
    """The board as the editor paints it (tiles, labels, markers), `cell` painter units a cell."""
    scale = cell / style.CELL
    painter.save()
    painter.scale(scale, scale)
    paint_board(painter, layout, style.CELL, origin=QPointF(0, 0), markers=True)
    painter.restore()


def _duplex_words(duplex: str, face: str) -> str:
    if face == "front":
        return {"long": "print both sides, flip on the long edge", "short": "print both sides, flip on the short edge",
                "none": "print one side; the back pages follow the fronts"}[duplex]
    return {"long": "behind the front, long-edge flip", "short": "behind the front, short-edge flip",
            "none": "glue behind its front, turned over left to right"}[duplex]


def _paint_sheet_page(painter: QPainter, job: SheetJob, page: SheetPage) -> None:
    settings = job.settings
    for printed in page.tiles:
        tile = job.tiles[printed.tile]
        trim = units(printed.trim)
        paper = style.PAPER.get(tile.kind, style.DEFAULT_PAPER)
        bleed = settings.bleed_mm * UNITS_PER_MM
        painter.fillRect(trim.adjusted(-bleed, -bleed, bleed, bleed), paper)
        painter.save()
        painter.translate(trim.topLeft())
        if printed.quarter_turns:
            painter.translate(trim.width(), 0)
            painter.rotate(90)
        scale = settings.cell_mm * UNITS_PER_MM / style.CELL
        painter.scale(scale, scale)
        paint_tile_face(painter, tile, printed.side, 0, style.CELL, label=False)
        painter.restore()
        paint_crop_marks(painter, trim, bleed)
        _paint_tile_caption(painter, trim, f"{tile.id}{printed.side}", bleed)


def _paint_tile_caption(painter: QPainter, trim: QRectF, text: str, bleed: float) -> None:
    """The tile id and side in small print under the tile, between its crop marks."""
    painter.save()
    painter.setPen(GUIDE)
    painter.setFont(style.font(24, bold=True))  # 2.4 mm
    top = trim.bottom() + bleed + 3
    painter.drawText(QRectF(trim.left(), top, trim.width(), 30), Qt.AlignHCenter | Qt.AlignTop, text)
    painter.restore()
