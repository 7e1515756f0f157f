"""Where everything goes on the print-and-play pages, in millimetres, without Qt.

Two kinds of document:

- Tile sheets: every tile at true size (its cells x the cell size), side A on front pages and
  side B on the back of the same sheet, at the mirrored place so a duplex printer puts each B
  exactly behind its A. Round each tile: a bleed of its paper colour, crop marks just outside
  the bleed and its id and side in small print under it; tiles are packed in shelves, turned
  a quarter when that fits more on the paper.
- A poster: the assembled board (as the editor draws it, markers included) at true size,
  split across pages that overlap so they can be trimmed and glued, each page named by row
  letter and column number.

Every page keeps `PAGE_MARGIN_MM` clear at its edges (printers do not print to the edge) and
a footer strip for a 50 mm scale ruler and the page's caption.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from crashgrab.engine.errors import InvalidFileError, UsageError
from crashgrab.engine.grid.model import Tile

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # portrait width x height, mm
DUPLEX_MODES = ("long", "short", "none")
DEFAULT_CELL_MM = 25.0
DEFAULT_BLEED_MM = 3.0
MIN_CELL_MM, MAX_CELL_MM = 5.0, 100.0
MAX_BLEED_MM = 10.0
PAGE_MARGIN_MM = 10.0
FOOTER_MM = 14.0
MARK_GAP_MM = 1.0  # between the bleed and the start of a crop mark
MARK_LENGTH_MM = 4.0
POSTER_OVERLAP_MM = 12.0
RULER_MM = 50.0


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inflated(self, d: float) -> "Rect":
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def contains(self, other: "Rect", tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.bottom <= self.bottom + tolerance)

    def overlaps(self, other: "Rect") -> bool:
        return (self.x < other.right - 1e-6 and other.x < self.right - 1e-6
                and self.y < other.bottom - 1e-6 and other.y < self.bottom - 1e-6)


@dataclass(frozen=True)
class PrintSettings:
    paper: str = "a4"
    cell_mm: float = DEFAULT_CELL_MM
    bleed_mm: float = DEFAULT_BLEED_MM
    duplex: str = "long"

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise UsageError(f"unknown paper {self.paper!r}.", hint=f"Use one of: {', '.join(PAPERS)}.")
        if not MIN_CELL_MM <= self.cell_mm <= MAX_CELL_MM:
            raise UsageError(f"a cell of {self.cell_mm:g} mm is outside {MIN_CELL_MM:g}-{MAX_CELL_MM:g} mm.",
                             hint="Choose a cell size in that range (25 mm is the default).")
        if not 0 <= self.bleed_mm <= MAX_BLEED_MM:
            raise UsageError(f"a bleed of {self.bleed_mm:g} mm is outside 0-{MAX_BLEED_MM:g} mm.",
                             hint="3 mm is usual.")
        if self.duplex not in DUPLEX_MODES:
            raise UsageError(f"unknown duplex mode {self.duplex!r}.", hint="Use long, short or none.")

    @property
    def paper_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def zone_mm(self) -> float:
        """Room round a tile's cut line for its bleed, crop marks and label."""
        return self.bleed_mm + MARK_GAP_MM + MARK_LENGTH_MM


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


def printable_area(settings: PrintSettings, landscape: bool = False) -> Rect:
    """Where tiles or the poster go on a front page: inside the margins, above the footer."""
    width, height = settings.paper_size
    if landscape:
        width, height = height, width
    return Rect(PAGE_MARGIN_MM, PAGE_MARGIN_MM, width - 2 * PAGE_MARGIN_MM, height - 2 * PAGE_MARGIN_MM - FOOTER_MM)


def footer_area(settings: PrintSettings, landscape: bool = False) -> Rect:
    width, height = settings.paper_size
    if landscape:
        width, height = height, width
    return Rect(PAGE_MARGIN_MM, height - PAGE_MARGIN_MM - FOOTER_MM, width - 2 * PAGE_MARGIN_MM, FOOTER_MM)


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
        f"{settings.paper.upper() if settings.paper == 'a4' else settings.paper.title()} "
        f"({area.w:g} x {area.h:g} mm).", hint=hint)


# --- the poster ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PosterPage:
    row: int  # 0-based
    column: int
    window: Rect  # the part of the picture shown, in picture mm (0, 0 = the picture's top-left)
    area: Rect  # where it is printed on the page, in page mm

    @property
    def name(self) -> str:
        return f"{row_letter(self.row)}{self.column + 1}"


@dataclass(frozen=True)
class PosterPlan:
    settings: PrintSettings
    landscape: bool
    picture: tuple[float, float]  # the whole picture's size, mm
    rows: int
    columns: int
    pages: tuple[PosterPage, ...]
    overlap_mm: float = POSTER_OVERLAP_MM

    @property
    def page_size(self) -> tuple[float, float]:
        width, height = self.settings.paper_size
        return (height, width) if self.landscape else (width, height)

    @property
    def footer(self) -> Rect:
        return footer_area(self.settings, self.landscape)


def poster(picture_w_mm: float, picture_h_mm: float, settings: PrintSettings) -> PosterPlan:
    """Split a picture across pages, each overlapping the next by POSTER_OVERLAP_MM; the page
    orientation that needs fewer pages wins (portrait on a tie)."""
    plans = [_poster(picture_w_mm, picture_h_mm, settings, landscape) for landscape in (False, True)]
    return min(plans, key=lambda plan: (len(plan.pages), plan.landscape))


def _poster(width: float, height: float, settings: PrintSettings, landscape: bool) -> PosterPlan:
    area = printable_area(settings, landscape)
    overlap = POSTER_OVERLAP_MM
    columns = _count(width, area.w, overlap)
    rows = _count(height, area.h, overlap)
    pages = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * (area.w - overlap), row * (area.h - overlap)
            window = Rect(x, y, min(area.w, width - x), min(area.h, height - y))
            pages.append(PosterPage(row, column, window, Rect(area.x, area.y, window.w, window.h)))
    return PosterPlan(settings, landscape, (width, height), rows, columns, tuple(pages))


def _count(length: float, span: float, overlap: float) -> int:
    if length <= span + 1e-9:
        return 1
    return math.ceil((length - overlap) / (span - overlap) - 1e-9)


def row_letter(row: int) -> str:
    """Row names of a poster: A, B, ... Z, AA, AB, ..."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters
