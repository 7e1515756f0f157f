"""Analysis drawn over the board, each a QGraphicsItem the View menu turns on and off.

They only draw what the engine computed: edge exposure from the validation metrics, the
accelerator graph and one-move reachability from `crashgrab.engine.crash_and_grab.validation.overlays`.
A selected finding's cells and a loop's route are drawn by `highlight`.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from crashgrab.engine.grid.model import Cell

from .. import style
from ..marker_painter import marker_margin, marker_rects

MAX_OFF_MOVES = 20  # 4 directions x distances 1-5
LINK_COLOUR = QColor("#5b21b6")
LOOP_COLOUR = style.SEVERITY_COLOURS["error"]
# A selected loop's route: a cerulean dashed over a dark core, so it reads apart from the graph's
# solid red and violet arrows (delta E 40+ under deuteranopia and protanopia) and from the orange
# Accelerators it joins; its steps are numbered in dark badges.
ROUTE_COLOUR = QColor("#00a0c8")
ROUTE_CORE = QColor("#0b2540")
ROUTE_DASHES = [2.2, 1.4]  # in pen widths
ORIGIN_COLOUR = QColor("#0b5a44")
# One sequential scale per overlay, each falling steadily in lightness, so every step still reads
# apart under deuteranopia and protanopia (ColorBrewer YlOrRd and BuGn). The heat map is a band
# round each cell and reachability a dotted fill: they differ in shape too, and both leave the
# printed features untouched.
EXPOSURE_SCALE = [QColor(c) for c in ("#ffffcc", "#fed976", "#feb24c", "#fd8d3c", "#f03b20", "#bd0026")]
REACH_SCALE = [QColor(c) for c in ("#00441b", "#006d2c", "#238b45", "#41ae76", "#66c2a4")]
LABEL_BACK = QColor(255, 255, 255, 235)
LABEL_INK = QColor("#1b1f24")
BAND = 0.16  # the heat map's band round a cell, of a cell; the reach dots keep inside it
COUNT_FONT = 0.26  # the heat map's counts, of a cell: 12 px (9 pt) at 100% zoom
SYMBOL_RADIUS = 0.4  # of a cell: a Crash Site's disc and ring, an Accelerator's diamond, with a hair to spare


def corner_label_rects(cell_rect: QRectF) -> list[QRectF]:
    """Room for a small number in a cell's corners, clear of a centred disc or diamond: bottom-left,
    bottom-right, top-left, top-right."""
    size = cell_rect.width()
    w, h = size * 0.24, size * 0.18  # its inner corner 0.38 of a cell from the centre; a disc reaches 0.36
    left, right = cell_rect.left() + size * 0.02, cell_rect.right() - size * 0.02 - w
    top, bottom = cell_rect.top() + size * 0.02, cell_rect.bottom() - size * 0.02 - h
    return [QRectF(x, y, w, h) for x, y in ((left, bottom), (right, bottom), (left, top), (right, top))]


def paint_number_label(painter: QPainter, rect: QRectF, text: str, font_size: float | None = None) -> None:
    painter.setPen(Qt.NoPen)
    painter.setBrush(LABEL_BACK)
    painter.drawRoundedRect(rect, rect.height() * 0.3, rect.height() * 0.3)
    painter.setPen(LABEL_INK)
    painter.setFont(style.font(font_size or rect.height() * 0.82, bold=True))
    painter.drawText(rect, Qt.AlignCenter, text)


def count_label_rect(cell_rect: QRectF, text: str, taken: list[QRectF]) -> QRectF | None:
    """Room for a heat-map count on a cell without a symbol: along its bottom, or else its top when a
    tile tab lies there; between the reach labels' top corners, clear of the cell's centre."""
    size = cell_rect.width()
    width = max(QFontMetricsF(style.font(size * COUNT_FONT, bold=True)).horizontalAdvance(text) + size * 0.14,
                size * 0.36)
    height = size * 0.3
    left = cell_rect.center().x() - width / 2
    for top in (cell_rect.bottom() - size * 0.03 - height, cell_rect.top() + size * 0.03):
        rect = QRectF(left, top, width, height)
        if not any(rect.intersects(other) for other in taken):
            return rect
    return None


def symbol_path(cell_rect: QRectF) -> QPainterPath:
    """The round room a cell's symbol takes, which the overlays' tints leave alone."""
    path = QPainterPath()
    radius = cell_rect.width() * SYMBOL_RADIUS
    path.addEllipse(cell_rect.center(), radius, radius)
    return path


def band_path(cell_rect: QRectF) -> QPainterPath:
    """The heat map's band round a cell: the cell less a rounded square inside it."""
    band = cell_rect.width() * BAND
    ring = QPainterPath()
    ring.addRect(cell_rect.adjusted(1, 1, -1, -1))
    inner = QPainterPath()
    inner.addRoundedRect(cell_rect.adjusted(band, band, -band, -band), band, band)
    return ring.subtracted(inner)


def free_corner(cell_rect: QRectF, taken: list[QRectF], preference: tuple[int, ...]) -> QRectF | None:
    """The first corner (by preference) that no tile tab or other label covers, or None."""
    corners = corner_label_rects(cell_rect)
    for index in preference:
        if not any(corners[index].intersects(other) for other in taken):
            return corners[index]
    return None


def paint_scale_key(painter: QPainter, rect: QRectF, title: str, colours: list[QColor], low: str, high: str,
                    pattern: Qt.BrushStyle = Qt.SolidPattern) -> None:
    """An overlay's key outside the board: its title over a row of swatches from `low` to `high`."""
    painter.save()
    font_size = min(rect.height() * 0.3, rect.width() / 14)
    painter.setFont(style.font(font_size, bold=True))
    painter.setPen(LABEL_INK)
    title_rect = QRectF(rect.left(), rect.top(), rect.width(), font_size * 1.4)
    painter.drawText(title_rect, Qt.AlignLeft | Qt.AlignVCenter, title)
    painter.setFont(style.font(font_size * 0.9))
    low_width = painter.fontMetrics().horizontalAdvance(low) + font_size * 0.4
    high_width = painter.fontMetrics().horizontalAdvance(high) + font_size * 0.4
    swatch = min(font_size * 1.6, (rect.width() - low_width - high_width) / max(len(colours), 1))
    y = title_rect.bottom() + font_size * 0.2
    painter.drawText(QRectF(rect.left(), y, low_width, swatch), Qt.AlignLeft | Qt.AlignVCenter, low)
    x = rect.left() + low_width
    for colour in colours:
        box = QRectF(x, y, swatch, swatch)
        painter.fillRect(box, QBrush(colour, pattern))
        painter.setPen(QPen(QColor(0, 0, 0, 70), 0.8))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(box)
        x += swatch
    painter.setPen(LABEL_INK)
    painter.drawText(QRectF(x + font_size * 0.3, y, high_width, swatch), Qt.AlignLeft | Qt.AlignVCenter, high)
    painter.restore()


class _Overlay(QGraphicsItem):
    def __init__(self, width: int, height: int, cell: float) -> None:
        super().__init__()
        self.cell = cell
        self._rect = QRectF(0, 0, width * cell, height * cell)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-self.cell, -self.cell, self.cell, self.cell)

    def cell_rect(self, cell: Cell) -> QRectF:
        return QRectF(cell[0] * self.cell, cell[1] * self.cell, self.cell, self.cell)

    def cell_centre(self, cell: Cell) -> QPointF:
        return self.cell_rect(cell).center()


KEY_TITLE = "Moves of 20 that crash"  # what each cell's number counts, too


class ExposureOverlay(_Overlay):
    """Each rest cell tinted by how many of its 20 moves (4 directions x 1-5) crash: a band round the
    cell that goes under its symbol (a Crash Site keeps its round disc), and the count written on
    a cell without a symbol (a Crash Site's count is in its tool tip and the status bar)."""

    def __init__(self, width: int, height: int, cell: float, exposure_cells: Iterable[Mapping],
                 avoid: Iterable[QRectF] = (), feature_cells: Iterable[Cell] = ()) -> None:
        super().__init__(width, height, cell)
        self.off_moves: dict[Cell, int] = {(c["x"], c["y"]): c["off_moves"] for c in exposure_cells}
        self.avoid = list(avoid)  # tile tabs: no count is written under one
        self.feature_cells = set(feature_cells)
        self.labels: dict[Cell, QRectF] = {}
        for cell_, count in self.off_moves.items():
            if count and cell_ not in self.feature_cells:
                rect = count_label_rect(self.cell_rect(cell_), str(count), self.avoid)
                if rect is not None:
                    self.labels[cell_] = rect

    def band(self, cell: Cell) -> QPainterPath:
        """Where the cell's tint is painted: its band, less its symbol."""
        band = band_path(self.cell_rect(cell))
        return band.subtracted(symbol_path(self.cell_rect(cell))) if cell in self.feature_cells else band

    @staticmethod
    def colour(off_moves: int) -> QColor:
        """Pale yellow (no move crashes) to dark red (three in four or more crash)."""
        t = max(0.0, min(1.0, off_moves / (MAX_OFF_MOVES * 0.75)))
        return EXPOSURE_SCALE[round(t * (len(EXPOSURE_SCALE) - 1))]

    def key_rect(self) -> QRectF:
        north = marker_rects(self._rect, self.cell)["north"]
        return QRectF(self._rect.left(), self._rect.top() - marker_margin(self.cell) + 2,
                      north.left() - self._rect.left() - self.cell * 0.15, marker_margin(self.cell) - 6)

    def boundingRect(self) -> QRectF:
        return super().boundingRect() | self.key_rect()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        for cell, count in self.off_moves.items():
            painter.fillPath(self.band(cell), self.colour(count))
        for cell, rect in self.labels.items():
            paint_number_label(painter, rect, str(self.off_moves[cell]), self.cell * COUNT_FONT)
        paint_scale_key(painter, self.key_rect(), KEY_TITLE, EXPOSURE_SCALE, "0", "15+")


class AcceleratorOverlay(_Overlay):
    """Arrows from Accelerator to Accelerator for a move of `distance`; loops in red."""

    def __init__(self, width: int, height: int, cell: float, distance: int,
                 links: Iterable[tuple[Cell, Cell]], loop_groups: Iterable[frozenset],
                 quiet: Iterable[Cell] = ()) -> None:
        super().__init__(width, height, cell)
        self.distance = distance
        quiet = frozenset(quiet)  # a selected loop's cells: its route is drawn instead, so nothing crosses it
        self.links = [(a, b) for a, b in links if not (a in quiet and b in quiet)]
        self.loop_groups = [frozenset(g) for g in loop_groups]

    def in_loop(self, a: Cell, b: Cell) -> bool:
        return any(a in group and b in group for group in self.loop_groups)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        for group in self.loop_groups:
            for cell in group:
                painter.setPen(QPen(LOOP_COLOUR, self.cell / 14))
                painter.setBrush(Qt.NoBrush)
                painter.drawEllipse(self.cell_rect(cell).adjusted(3, 3, -3, -3))
        both_ways = {(a, b) for a, b in self.links if (b, a) in self.links}
        for a, b in self.links:
            colour = LOOP_COLOUR if self.in_loop(a, b) else LINK_COLOUR
            bend = 0.22 if (a, b) in both_ways else 0.0
            draw_arrow(painter, self.cell_centre(a), self.cell_centre(b), colour, self.cell, bend)
        painter.setPen(Qt.NoPen)


def draw_arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor, cell: float, bend: float) -> None:
    """An arrow between two cell centres, trimmed clear of their symbols; `bend` shifts it to the
    left of travel so a pair going both ways splits apart."""
    line = QLineF(start, end)
    length = line.length()
    if length == 0:
        return
    ux, uy = line.dx() / length, line.dy() / length
    nx, ny = -uy, ux
    shift = QPointF(nx, ny) * bend * cell
    trim = cell * 0.3
    a = start + QPointF(ux, uy) * trim + shift
    b = end - QPointF(ux, uy) * trim + shift
    painter.setPen(QPen(colour, cell / 16, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    painter.setBrush(Qt.NoBrush)
    painter.drawLine(QLineF(a, b))
    head = cell * 0.2
    back = b - QPointF(ux, uy) * head
    painter.setBrush(colour)
    painter.setPen(Qt.NoPen)
    painter.drawPolygon(QPolygonF([b, back + QPointF(nx, ny) * head * 0.55, back - QPointF(nx, ny) * head * 0.55]))


class ReachabilityOverlay(_Overlay):
    """Cells one card's move from `origin` reaches, shaded by the shortest card distance."""

    def __init__(self, width: int, height: int, cell: float, origin: Cell, reached: Mapping[Cell, int],
                 avoid: Iterable[QRectF] = (), feature_cells: Iterable[Cell] = (),
                 keep_clear: Iterable[QRectF] = ()) -> None:
        super().__init__(width, height, cell)
        self.origin = origin
        self.reached = dict(reached)
        self.feature_cells = set(feature_cells)  # their disc or diamond stays clear of the dots
        self.keep_clear = list(keep_clear)  # the heat map's counts: no dots over them
        # Top corners, so a number never meets the heat map's (bottom) counts; never under a tab.
        self.labels = {c: r for c in self.reached
                       if (r := free_corner(self.cell_rect(c), list(avoid), (2, 3))) is not None}

    def dotted(self, cell: Cell) -> QPainterPath:
        """Where a reached cell's dots go: inside the heat map's band (green dots on an orange band
        look alike to many), clear of the cell's symbol and of a count written on it."""
        band = self.cell * BAND
        area = QPainterPath()
        area.addRoundedRect(self.cell_rect(cell).adjusted(band, band, -band, -band), band, band)
        if cell in self.feature_cells:
            area = area.subtracted(symbol_path(self.cell_rect(cell)))
        for rect in self.keep_clear:
            if rect.intersects(self.cell_rect(cell)):
                clear = QPainterPath()
                clear.addRect(rect)
                area = area.subtracted(clear)
        return area

    @staticmethod
    def colour(distance: int) -> QColor:
        """Dark green for one move away, lighter the further."""
        return REACH_SCALE[max(0, min(distance, len(REACH_SCALE)) - 1)]

    def key_rect(self) -> QRectF:
        north = marker_rects(self._rect, self.cell)["north"]
        left = north.right() + self.cell * 0.15
        return QRectF(left, self._rect.top() - marker_margin(self.cell) + 2, self._rect.right() - left,
                      marker_margin(self.cell) - 6)

    def boundingRect(self) -> QRectF:
        return super().boundingRect() | self.key_rect()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.Antialiasing)
        for cell, distance in self.reached.items():
            painter.fillPath(self.dotted(cell), QBrush(self.colour(distance), Qt.Dense5Pattern))
        for cell, corner in self.labels.items():
            paint_number_label(painter, corner, str(self.reached[cell]))
        paint_scale_key(painter, self.key_rect(), "Reach by distance", REACH_SCALE, "1", "5",
                        Qt.Dense5Pattern)
        rect = self.cell_rect(self.origin).adjusted(2, 2, -2, -2)
        painter.setPen(QPen(ORIGIN_COLOUR, self.cell / 12, Qt.SolidLine))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)
        path = QPainterPath()  # a small saucer mark on the starting cell
        centre = rect.center()
        path.addEllipse(centre, rect.width() * 0.18, rect.width() * 0.08)
        painter.fillPath(path, ORIGIN_COLOUR)
