"""Where the tile sheets' tiles go, in millimetres, without Qt.

Every tile at true size (its cells x the cell size), side A on front pages and side B on the
back of the same sheet, at the mirrored place so a duplex printer puts each B exactly behind
its A. Round each tile: a bleed of its paper colour, crop marks just outside the bleed and its
id and side in small print under it; tiles are packed in shelves, turned a quarter when that
fits more on the paper. The paper, the settings and the board poster (every game's) are the
studio's: `crashgrab.editor.print_pages`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from crashgrab.engine.errors import InvalidFileError
from crashgrab.engine.grid.model import Tile

from ...print_pages import (MIN_CELL_MM, PageBoxes, PrintSettings, Rect, footer_area, paper_name,
                           printable_area)


@dataclass(frozen=True)
class PrintedTile:
    tile: str
    side: str
    trim: Rect  # the cut line, on the page, in mm from the page's top-left corner
    quarter_turns: int  # 0, or 1 when the tile lies turned a quarter clockwise on the sheet


@dataclass(frozen=True)
class SheetPage:
    sheet: int  # 1-based number of the physical sheet of paper
    face: str  # "front" (side A) or "back" (side B)
    tiles: tuple[PrintedTile, ...]
    footer: Rect


@dataclass(frozen=True)
class SheetPlan:
    settings: PrintSettings
    pages: tuple[SheetPage, ...]

    @property
    def page_size(self) -> tuple[float, float]:
        return self.settings.paper_size

    @property
    def sheets(self) -> int:
        return max((page.sheet for page in self.pages), default=0)

    def boxes(self, index: int) -> PageBoxes:
        """The page's TrimBox: round every cut line of its sheet (a back page's are its front's,
        turned over, so a back page whose tiles have no side B is cut alike); the BleedBox round it."""
        page = self.pages[index]
        front = next(p for p in self.pages if p.sheet == page.sheet and p.face == "front")
        trims = [tile.trim for tile in front.tiles]
        trim = trims[0]
        for other in trims[1:]:
            trim = trim.united(other)
        if page.face == "back":
            trim = mirrored(trim, self.page_size, self.settings.duplex)
        return PageBoxes(trim, trim.inflated(self.settings.bleed_mm))


def mirrored(rect: Rect, page_size: tuple[float, float], duplex: str) -> Rect:
    """Where on the back page a rectangle of the front lies behind itself.

    Long-edge duplex turns the sheet over about its long (vertical) edge: x mirrors. Short-edge
    duplex turns it over about its short (horizontal) edge: y mirrors. Without duplex the back
    pages are printed separately and glued on, turning the sheet over left to right (as long)."""
    width, height = page_size
    if duplex == "short":
        return Rect(rect.x, height - rect.bottom, rect.w, rect.h)
    return Rect(width - rect.right, rect.y, rect.w, rect.h)


def tile_sheets(tiles: list[Tile] | tuple[Tile, ...], settings: PrintSettings) -> SheetPlan:
    """Pack the tiles onto sheets: fronts with side A, backs with side B mirrored behind them."""
    area = printable_area(settings)
    zone = settings.zone_mm
    boxes = []
    for tile in tiles:
        w, h = tile.width * settings.cell_mm, tile.height * settings.cell_mm
        fits = [turns for turns, (bw, bh) in ((0, (w, h)), (1, (h, w)))
                if bw + 2 * zone <= area.w + 1e-9 and bh + 2 * zone <= area.h + 1e-9]
        if not fits:
            raise _too_large(tile, settings, area)
        boxes.append((tile, w, h))
    # Biggest first (by the shorter side of the box), so small tiles fill the gaps.
    boxes.sort(key=lambda b: (-min(b[1], b[2]), -max(b[1], b[2]), _tile_order(b[0].id)))
    sheets: list[list[PrintedTile]] = []
    shelves: list[list[list[float]]] = []  # per sheet: [top, height, used width] of each shelf
    for tile, w, h in boxes:
        for placed_tiles, sheet_shelves in zip(sheets, shelves):  # first fit, earlier sheets first
            placed = _place_on_shelves(tile, w, h, sheet_shelves, area, zone)
            if placed is not None:
                placed_tiles.append(placed)
                break
        else:
            sheets.append([])
            shelves.append([])
            placed = _place_on_shelves(tile, w, h, shelves[-1], area, zone)
            assert placed is not None  # it fits an empty page: checked above
            sheets[-1].append(placed)
    return SheetPlan(settings, tuple(_pages(sheets, tiles, settings)))


def _tile_order(tile_id: str):
    return (0, int(tile_id), "") if tile_id.isdigit() else (1, 0, tile_id)


def _place_on_shelves(tile: Tile, w: float, h: float, shelves: list[list[float]], area: Rect,
                      zone: float) -> PrintedTile | None:
    """First fit on an open shelf (either way round), else a new shelf below, else None."""
    for shelf in shelves:
        top, height, used = shelf
        for turns, (bw, bh) in ((0, (w + 2 * zone, h + 2 * zone)), (1, (h + 2 * zone, w + 2 * zone))):
            if bh <= height + 1e-9 and used + bw <= area.w + 1e-9:
                shelf[2] += bw
                return _printed(tile, area.x + used + zone, top + zone, w, h, turns)
    top = shelves[-1][0] + shelves[-1][1] if shelves else area.y
    options = [(bh, turns, bw) for turns, (bw, bh) in ((0, (w + 2 * zone, h + 2 * zone)),
                                                        (1, (h + 2 * zone, w + 2 * zone)))
               if bw <= area.w + 1e-9 and top + bh <= area.bottom + 1e-9]
    if not options:
        return None
    bh, turns, bw = min(options)  # the lower shelf leaves more room below
    shelves.append([top, bh, bw])
    return _printed(tile, area.x + zone, top + zone, w, h, turns)


def _printed(tile: Tile, x: float, y: float, w: float, h: float, turns: int) -> PrintedTile:
    size = (w, h) if turns == 0 else (h, w)
    return PrintedTile(tile.id, "A", Rect(x, y, *size), turns)


def _pages(sheets: list[list[PrintedTile]], tiles, settings: PrintSettings) -> list[SheetPage]:
    sides = {tile.id: tile.sides for tile in tiles}
    size = settings.paper_size
    footer = footer_area(settings)
    fronts, backs = [], []
    for number, placed in enumerate(sheets, start=1):
        fronts.append(SheetPage(number, "front", tuple(placed), footer))
        back_tiles = tuple(replace(p, side="B", trim=mirrored(p.trim, size, settings.duplex))
                           for p in placed if "B" in sides[p.tile])
        backs.append(SheetPage(number, "back", back_tiles, mirrored(footer, size, settings.duplex)))
    if settings.duplex == "none":
        return fronts + backs
    return [page for pair in zip(fronts, backs) for page in pair]


def _too_large(tile: Tile, settings: PrintSettings, area: Rect) -> InvalidFileError:
    zone = 2 * settings.zone_mm
    largest = max(min((area.w - zone) / a, (area.h - zone) / b)
                  for a, b in ((tile.width, tile.height), (tile.height, tile.width)))
    largest = math.floor(largest * 10) / 10
    w, h = tile.width * settings.cell_mm, tile.height * settings.cell_mm
    hint = (f"Use --cell-mm {largest:g} or less, or larger paper." if largest >= MIN_CELL_MM
            else "Use larger paper.")
    return InvalidFileError(
        f"tile {tile.id} ({tile.width}x{tile.height} cells, {w:g} x {h:g} mm at {settings.cell_mm:g} mm a cell, "
        f"plus {settings.zone_mm:g} mm round it for bleed and crop marks) is larger than the printable area of "
        f"{paper_name(settings.paper)} "
        f"({area.w:g} x {area.h:g} mm).", hint=hint)
