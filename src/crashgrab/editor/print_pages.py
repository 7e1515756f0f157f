"""Where everything goes on print-and-play pages, in millimetres, without Qt: the paper, the
settings, and the board poster every game prints (its picture at true size across pages).

Every page keeps `PAGE_MARGIN_MM` clear at its edges (printers do not print to the edge) and
a footer strip for a 50 mm scale ruler and the page's caption. Whatever is cut out of a page
has a cut line (its trim), printing that runs `bleed_mm` past it (so a cut a little off shows
no white edge), and crop marks just outside the bleed; the PDF names the trim and the bleed
of each page as its TrimBox and BleedBox (`pdf_boxes`).

A poster: the board at true size split across pages that overlap by `POSTER_OVERLAP_MM`, so
they can be cut on their crop marks and glued, each page named by row letter and column number.
A game's own sheets (e.g. its pieces double-sided) are planned by its editor package.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from typing import Any

from crashgrab.engine.errors import UsageError
from crashgrab.engine.system import GameSystem

from .game_editor import PrintSheets

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

    def united(self, other: "Rect") -> "Rect":
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)

    def intersected(self, other: "Rect") -> "Rect":
        x, y = max(self.x, other.x), max(self.y, other.y)
        return Rect(x, y, max(0.0, min(self.right, other.right) - x), max(0.0, min(self.bottom, other.bottom) - y))


def paper_name(paper: str) -> str:
    return "A4" if paper == "a4" else paper.title()


@dataclass(frozen=True)
class PrintSettings:
    paper: str = "a4"
    cell_mm: float = DEFAULT_CELL_MM
    bleed_mm: float = DEFAULT_BLEED_MM
    duplex: str = "long"  # how double-sided sheets are printed (a poster is one-sided)

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
        """Room round a cut line for its bleed and crop marks."""
        return self.bleed_mm + MARK_GAP_MM + MARK_LENGTH_MM


def printable_area(settings: PrintSettings, landscape: bool = False) -> Rect:
    """What a page may print on: inside the margins, above the footer."""
    width, height = settings.paper_size
    if landscape:
        width, height = height, width
    return Rect(PAGE_MARGIN_MM, PAGE_MARGIN_MM, width - 2 * PAGE_MARGIN_MM, height - 2 * PAGE_MARGIN_MM - FOOTER_MM)


def footer_area(settings: PrintSettings, landscape: bool = False) -> Rect:
    width, height = settings.paper_size
    if landscape:
        width, height = height, width
    return Rect(PAGE_MARGIN_MM, height - PAGE_MARGIN_MM - FOOTER_MM, width - 2 * PAGE_MARGIN_MM, FOOTER_MM)


@dataclass(frozen=True)
class PageBoxes:
    """A page's cut line (TrimBox) and how far its printing runs past it (BleedBox), in mm from
    the page's top-left corner."""

    trim: Rect
    bleed: Rect


# --- the poster ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PosterPage:
    row: int  # 0-based
    column: int
    window: Rect  # the part of the picture shown, in picture mm (0, 0 = the picture's top-left)
    area: Rect  # where it is printed on the page, in page mm: the page's cut line

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

    def bleed_of(self, page: PosterPage) -> Rect:
        """Where the picture is printed on `page`: its cut line and the bleed round it, as far as
        the picture reaches (past the picture's own edge there is nothing to print)."""
        picture = Rect(page.area.x - page.window.x, page.area.y - page.window.y, *self.picture)
        return page.area.inflated(self.settings.bleed_mm).intersected(picture)

    def boxes(self, index: int) -> PageBoxes:
        page = self.pages[index]
        return PageBoxes(page.area, page.area.inflated(self.settings.bleed_mm))


def poster(picture_w_mm: float, picture_h_mm: float, settings: PrintSettings) -> PosterPlan:
    """Split a picture across pages, each overlapping the next by POSTER_OVERLAP_MM; the page
    orientation that needs fewer pages wins (portrait on a tie). Each page's part of the picture
    lies inside the printable area with room round it for its bleed and crop marks."""
    plans = [_poster(picture_w_mm, picture_h_mm, settings, landscape) for landscape in (False, True)]
    return min(plans, key=lambda plan: (len(plan.pages), plan.landscape))


def _poster(width: float, height: float, settings: PrintSettings, landscape: bool) -> PosterPlan:
    area = printable_area(settings, landscape).inflated(-settings.zone_mm)
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


def starting_cell_mm(system: GameSystem | None, layout: Any, sheets: PrintSheets | None) -> float:
    """The scale a print starts at: what a game keeps with its layout (a cell size saved in it),
    else the game's own true size (its picture's unit, e.g. a hex's radius), else the studio's."""
    kept = sheets.cell_mm(layout) if sheets is not None and sheets.cell_mm is not None else None
    if kept is None and system is not None:
        kept = system.picture(layout).unit_mm
    return kept or DEFAULT_CELL_MM
